import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import type { MarketKind } from '../../engine/market/market-rows';
import { localeEntryOf } from '../../engine/rules/locales';
import { i18nState, type Translate, useT } from '../i18n/i18n';
import { AfterFirstCommit } from '../ui/PageTransition';
import { StateView } from '../ui/StateView';
import { MarketsTable } from './MarketsTable';
import { type MarketsView, useMarkets } from './use-markets';
import './markets.css';

const TABS: { kind: MarketKind; label: 'markets.tabSpot' | 'markets.tabFutures' }[] = [
  { kind: 'spot', label: 'markets.tabSpot' },
  { kind: 'futures', label: 'markets.tabFutures' },
];

function failureText(view: MarketsView, t: Translate): string {
  if (view.isOffline) return t('error.offline');
  if (view.failure === 'worker-timeout') return t('error.workerTimeout');
  if (view.failure === 'worker-failed') return t('error.workerFailed');
  if (view.failure === 'network') return t('error.network');
  return t('markets.error');
}

/** The home page: every instrument with last price and 24 h change, spot and USDT-M futures. */
export function MarketsPage() {
  const t = useT();
  const { tab = 'spot', q = '' } = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const { locale } = useSnapshot(i18nState);
  const entry = localeEntryOf(locale);
  const view = useMarkets(tab, entry.intl);
  const query = useDeferredValue(q.trim().toUpperCase());
  const rows = view.frame?.rows.filter((row) => row.symbol.includes(query) || row.base.includes(query)) ?? [];

  return (
    <section className="markets" aria-labelledby="markets-title">
      <div className="markets__head">
        <h1 id="markets-title">{t('markets.title')}</h1>
        <AfterFirstCommit>
          <input
            type="search"
            className="markets__search"
            value={q}
            maxLength={20}
            placeholder={t('markets.search')}
            aria-label={t('markets.search')}
            onChange={(e) =>
              void navigate({ search: (prev) => ({ ...prev, q: e.target.value || undefined }), replace: true })
            }
          />
        </AfterFirstCommit>
      </div>
      <AfterFirstCommit>
        <nav className="markets__tabs" aria-label={t('markets.title')}>
          {TABS.map(({ kind, label }) => (
            <Link
              key={kind}
              to="/"
              search={(prev) => ({ ...prev, tab: kind === 'spot' ? undefined : kind })}
              aria-current={tab === kind ? 'page' : undefined}
              className="markets__tab"
            >
              {t(label)}
            </Link>
          ))}
        </nav>
        {view.status === 'ready' && view.frame && (view.frame.stale || view.isOffline) && (
          <p className="markets__stale" role="status">
            {failureText(view, t)}
          </p>
        )}
        {view.status === 'loading' && <StateView state="loading" message={t('common.loading')} />}
        {view.status === 'error' && (
          <StateView state={view.isOffline ? 'offline' : 'error'} message={failureText(view, t)} onRetry={view.retry} />
        )}
        {view.status === 'ready' && view.frame && rows.length === 0 && (
          <StateView state="empty" message={t('markets.empty')} />
        )}
        {view.status === 'ready' && view.frame && rows.length > 0 && (
          <MarketsTable rows={rows} updatedText={view.frame.updatedText} />
        )}
      </AfterFirstCommit>
    </section>
  );
}
