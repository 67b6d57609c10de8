import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/spot/{symbol}` (and `/{lang}/spot/{symbol}`): the spot trading screen; default `/spot/BTCUSDT`. */
export const spotTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/spot/$symbol',
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: ({ params }) => loadTradeInstrument('spot', params.symbol),
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'SpotTradeRoute'),
});
