import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/futures/usdt/{symbol}` (and with a language prefix): the USDT-M futures screen; default `/futures/usdt/BTCUSDT`. */
export const futuresTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/futures/usdt/$symbol',
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: ({ params }) => loadTradeInstrument('futures', params.symbol),
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'FuturesTradeRoute'),
});
