import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { appSymbolSearch, DEFAULT_APP_SYMBOL } from '../in-app/in-app-search';
import { TradeInfoPage } from '../in-app/TradeInfoPage';

/** `/trade-info?symbol=` (spec §2.1, in-app): a perpetual's contract information; default BTCUSDT. */
export const Route = createFileRoute('/trade-info')({
  staticData: { title: 'title.contractInfo' },
  validateSearch: appSymbolSearch,
  // The root route passes every query key through: the symbol is read again here, not taken as merged.
  loaderDeps: ({ search }) => ({ symbol: appSymbolSearch(search).symbol ?? DEFAULT_APP_SYMBOL }),
  loader: () => Promise.all([loadTexts('trade'), loadTexts('app')]),
  component: TradeInfoPage,
});
