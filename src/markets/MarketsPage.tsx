import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { MAX_FAVOURITES } from '../../engine/rules/favourites';
import { localeEntryOf } from '../../engine/rules/locales';
import { type MarketSortColumn, nextMarketSort, parseMarketSort, sortMarketRows } from '../../engine/rules/market-sort';
import { i18nState, type Translate, useT } from '../i18n/i18n';
import { toggleFavouriteMarket, useFavourites } from '../settings/favourites';
import { AfterFirstCommit } from '../ui/PageTransition';
import { markPageShown } from '../ui/page-shown';
import { StateView } from '../ui/StateView';
import { toast } from '../ui/toast';
import { MarketsTable } from './MarketsTable';
import { TradeShortcut } from './TradeShortcut';
import { type ListedMarket, type MarketListView, type MarketsTab, useMarketList } from './use-market-list';
import './markets.css';

const TABS: { tab: MarketsTab; label: 'markets.tabSpot' | 'markets.tabFutures' | 'markets.tabFavourites' }[] = [
  { tab: 'favourites', label: 'markets.tabFavourites' },
  { tab: 'spot', label: 'markets.tabSpot' },
  { tab: 'futures', label: 'markets.tabFutures' },
];

function failureText(
  view: Pick<MarketListView, 'isOffline' | 'failure' | 'isCached' | 'updatedText'>,
  t: Translate,
): string {
  if (view.isCached && view.updatedText) return t('markets.offlineAsOf', { time: view.updatedText });
  if (view.isOffline) return t('error.offline');
  if (view.failure === 'worker-timeout') return t('error.workerTimeout');
  if (view.failure === 'worker-failed') return t('error.workerFailed');
  if (view.failure === 'network') return t('error.network');
  return t('markets.error');
}

/** The home page: every instrument with last price and 24 h change, spot and USDT-M futures, and the favourites. */
export function MarketsPage() {
  const t = useT();
  const { tab = 'spot', q = '', sort: sortParam, dir } = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const { locale } = useSnapshot(i18nState);
  const entry = localeEntryOf(locale);
  const view = useMarketList(tab, entry.intl);
  const favourites = useFavourites();
  const query = useDeferredValue(q.trim().toUpperCase());
  const sort = useMemo(() => parseMarketSort(sortParam, dir), [sortParam, dir]);
  const rows = useMemo(
    () =>
      sortMarketRows(
        view.rows.filter(({ row }) => row.symbol.includes(query) || row.base.includes(query)),
        sort,
        (market) => market.row,
      ),
    [view.rows, query, sort],
  );
  const onSort = (column: MarketSortColumn) => {
    const next = nextMarketSort(sort, column);
    void navigate({
      search: (prev) => ({ ...prev, sort: next?.column, dir: next?.dir }),
      replace: true,
    });
  };
  const onToggleFavourite = ({ kind, row }: ListedMarket) => {
    const result = toggleFavouriteMarket(kind, row.symbol);
    if (!result.ok && result.reason === 'full') toast.warning(t('markets.favouritesFull', { max: MAX_FAVOURITES }));
  };
  const isEmptyFavourites = tab === 'favourites' && favourites.length === 0;
  const isSettled = view.status !== 'loading';
  useEffect(() => {
    // Prices (or why there are none) are on screen: background work may start.
    if (isSettled) markPageShown();
  }, [isSettled]);

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
        <TradeShortcut />
        <nav className="markets__tabs" aria-label={t('markets.title')}>
          {TABS.map(({ tab: id, label }) => (
            <Link
              key={id}
              to="/"
              search={(prev) => ({ ...prev, tab: id === 'spot' ? undefined : id })}
              // Exact: the router would also take the spot tab (no tab) for current on every other tab.
              activeOptions={{ exact: true }}
              aria-current={tab === id ? 'page' : undefined}
              className="markets__tab"
            >
              {t(label)}
            </Link>
          ))}
        </nav>
        {view.status === 'ready' && (view.stale || view.isOffline) && (
          <p className="markets__stale" role="status">
            {failureText(view, t)}
          </p>
        )}
        {isEmptyFavourites && <StateView state="empty" message={t('markets.favouritesEmpty')} />}
        {!isEmptyFavourites && view.status === 'loading' && <StateView state="loading" message={t('common.loading')} />}
        {!isEmptyFavourites && view.status === 'error' && (
          <StateView state={view.isOffline ? 'offline' : 'error'} message={failureText(view, t)} onRetry={view.retry} />
        )}
        {!isEmptyFavourites && view.status === 'ready' && rows.length === 0 && (
          <StateView state="empty" message={t('markets.empty')} />
        )}
        {view.status === 'ready' && rows.length > 0 && (
          <MarketsTable
            rows={rows}
            updatedText={view.updatedText}
            sort={sort}
            onSort={onSort}
            favourites={favourites}
            onToggleFavourite={onToggleFavourite}
            isFutures={tab === 'futures'}
          />
        )}
      </AfterFirstCommit>
    </section>
  );
}
