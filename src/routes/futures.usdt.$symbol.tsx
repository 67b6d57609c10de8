import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/futures/usdt/{symbol}` (and with a language prefix): the USDT-M futures screen; default `/futures/usdt/BTCUSDT`. */
export const futuresTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/futures/usdt/$symbol',
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: async ({ params }) =>
    (await Promise.all([loadTradeInstrument('futures', params.symbol), loadTexts('trade')]))[0],
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'FuturesTradeRoute'),
});
