import { createRoute } from '@tanstack/react-router';
import type { MarketKind } from '../../engine/market/market-rows';
import { PageTransition } from '../ui/PageTransition';
import { MarketsPage } from './-markets/MarketsPage';
import { rootRoute } from './__root';

/** Search params of the markets page, validated: anything unknown falls back to the spot tab. */
export interface MarketsSearch {
  tab: MarketKind;
  q?: string;
}

/** `/` (and `/{lang}/`): the markets page. */
export const marketsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): MarketsSearch => ({
    tab: search.tab === 'futures' ? 'futures' : 'spot',
    ...(typeof search.q === 'string' && search.q.length <= 20 ? { q: search.q } : {}),
  }),
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
