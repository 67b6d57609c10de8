import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { type MarketSortColumn, parseMarketSort, type SortDirection } from '../../engine/rules/market-sort';
import { PageTransition } from '../ui/PageTransition';
import { MarketsPage } from '../markets/MarketsPage';

/**
 * Search params of the markets page, validated: anything unknown falls back to the spot tab. Spot is the default
 * and never written in the URL: a search the router would canonicalize differently from the address typed makes it
 * replace the address on the first render, and that second navigation costs a whole extra load and render pass.
 */
export interface MarketsSearch {
  tab?: 'futures' | 'favourites';
  q?: string;
  /** The sorted column and its direction; absent, the market's own order. */
  sort?: MarketSortColumn;
  dir?: SortDirection;
}

function sortSearch(search: Record<string, unknown>): Pick<MarketsSearch, 'sort' | 'dir'> {
  const sort = parseMarketSort(search.sort, search.dir);
  return sort ? { sort: sort.column, dir: sort.dir } : {};
}

/** `/` (and `/{lang}/`): the markets page. */
export const Route = createFileRoute('/')({
  staticData: { title: 'title.markets' },
  validateSearch: (search: Record<string, unknown>): MarketsSearch => ({
    ...(search.tab === 'futures' || search.tab === 'favourites' ? { tab: search.tab } : {}),
    ...(typeof search.q === 'string' && search.q.length <= 20 ? { q: search.q } : {}),
    ...sortSearch(search),
  }),
  loader: () => loadTexts('markets'),
  // The page is a chunk of its own like every other: in the first chunk it cost the asset and trading pages (and the
  // app's webviews) 2 KB gzip before their first render, while the markets page stays 13 KB under its budget without
  // it and paints its heading from the static shell anyway.
  component: MarketsRoute,
});

function MarketsRoute() {
  return (
    <PageTransition>
      <MarketsPage />
    </PageTransition>
  );
}
