import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import type { MarketKind } from '../../engine/market/market-rows';
import { PageTransition } from '../ui/PageTransition';
import { MarketsPage } from '../markets/MarketsPage';

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
export const Route = createFileRoute('/')({
  staticData: { title: 'title.markets' },
  validateSearch: (search: Record<string, unknown>): MarketsSearch => ({
    ...(search.tab === 'futures' ? { tab: 'futures' as const } : {}),
    ...(typeof search.q === 'string' && search.q.length <= 20 ? { q: search.q } : {}),
  }),
  loader: () => loadTexts('markets'),
  // The home page ships in the first chunk, not split off: it is what nearly every visit paints first.
  codeSplitGroupings: [],
  component: MarketsRoute,
});

function MarketsRoute() {
  return (
    <PageTransition>
      <MarketsPage />
    </PageTransition>
  );
}
