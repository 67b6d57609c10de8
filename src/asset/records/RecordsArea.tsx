import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import '../asset.css';
import './records.css';

const TABS = [
  { to: '/transac', label: 'asset.records.transac' },
  { to: '/record/exchange', label: 'asset.records.exchange' },
  { to: '/history', label: 'asset.records.history' },
] as const;

/** The records' frame: their title, the tabs between the three lists, the list. */
export function RecordsArea({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="asset records" aria-labelledby="records-title">
      <h1 id="records-title" className="asset__title">
        {title}
      </h1>
      <nav className="asset__tabs" aria-label={t('asset.records.nav')}>
        <Link to="/asset" className="asset__tab">
          {t('asset.title')}
        </Link>
        {TABS.map(({ to, label }) => (
          <Link key={to} to={to} className="asset__tab" activeProps={{ 'aria-current': 'page' }}>
            {t(label)}
          </Link>
        ))}
      </nav>
      {children}
    </section>
  );
}
