import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { AppTradeRoute } from '../in-app/AppTradeRoute';
import { appSymbolSearch, DEFAULT_APP_SYMBOL } from '../in-app/in-app-search';
import { loadTradeInstrument } from '../trade/trade-route';

/** `/trade-spot?symbol=` (spec §2.1, in-app): compact spot trading; default BTCUSDT. */
export const Route = createFileRoute('/trade-spot')({
  staticData: { title: 'title.spot' },
  validateSearch: appSymbolSearch,
  // The root route passes every query key through: the symbol is read again here, not taken as merged.
  loaderDeps: ({ search }) => ({ symbol: appSymbolSearch(search).symbol ?? DEFAULT_APP_SYMBOL }),
  loader: async ({ deps }) =>
    (await Promise.all([loadTradeInstrument('spot', deps.symbol), loadTexts('trade'), loadTexts('app')]))[0],
  component: () => <AppTradeRoute from="/trade-spot" />,
});
