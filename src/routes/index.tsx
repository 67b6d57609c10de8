import { createRoute } from '@tanstack/react-router';
import type { MarketKind } from '../../engine/market/market-rows';
import { loadTexts } from '../i18n/i18n';
import { PageTransition } from '../ui/PageTransition';
import { MarketsPage } from './-markets/MarketsPage';
import { rootRoute } from './__root';

/**
 * Search params of the markets page, validated: anything unknown falls back to the spot tab. Spot is the default
 * and never written in the URL: a search the router would canonicalize differently from the address typed makes it
 * replace the address on the first render, and that second navigation costs a whole extra load and render pass.
 */
export interface MarketsSearch {
  tab?: Exclude<MarketKind, 'spot'>;
  q?: string;
}

/** `/` (and `/{lang}/`): the markets page. */
export const marketsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): MarketsSearch => ({
    ...(search.tab === 'futures' ? { tab: 'futures' as const } : {}),
    ...(typeof search.q === 'string' && search.q.length <= 20 ? { q: search.q } : {}),
  }),
  loader: () => loadTexts('markets'),
  // The home page ships in the first chunk: it is what nearly every visit paints first.
  component: MarketsRoute,
});

function MarketsRoute() {
  return (
    <PageTransition>
      <MarketsPage />
    </PageTransition>
  );
}
