import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { TradeMarginPage } from '../in-app/TradeMarginPage';

/** `/trade-margin` (spec §2.1, in-app): margin trading's place until it exists. */
export const Route = createFileRoute('/trade-margin')({
  staticData: { title: 'title.margin' },
  loader: () => loadTexts('app'),
  component: TradeMarginPage,
});
