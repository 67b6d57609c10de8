import { Link, Outlet } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import './asset.css';

const TABS = [
  { to: '/asset', label: 'asset.nav.overview' },
  { to: '/asset/spot', label: 'asset.nav.spot' },
  { to: '/asset/futures', label: 'asset.nav.futures' },
  { to: '/asset/margin', label: 'asset.nav.margin' },
  // The records of every account (transactions, spot orders, order history) start here too.
  { to: '/transac', label: 'asset.records.nav' },
] as const;

/** The asset area: its title, the account tabs (exact paths, spec §2.1) and the chosen account's page. */
export function AssetArea() {
  const t = useT();
  return (
    <section className="asset" aria-labelledby="asset-title">
      <h1 id="asset-title" className="asset__title">
        {t('asset.title')}
      </h1>
      <nav className="asset__tabs" aria-label={t('asset.nav.label')}>
        {TABS.map(({ to, label }) => (
          <Link
            key={to}
            to={to}
            className="asset__tab"
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page' }}
          >
            {t(label)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
