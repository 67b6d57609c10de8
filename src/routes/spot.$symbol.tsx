import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadTradeInstrument, readTradeSymbol, tradeSearch } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/spot/{symbol}` (and `/{lang}/spot/{symbol}`): the spot trading screen; default `/spot/BTCUSDT`. */
export const spotTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/spot/$symbol',
  params: {
    parse: ({ symbol }) => {
      const parsed = readTradeSymbol(symbol);
      if (!parsed) throw notFound();
      return { symbol: parsed };
    },
    stringify: ({ symbol }) => ({ symbol }),
  },
  validateSearch: tradeSearch,
  loader: ({ params }) => loadTradeInstrument('spot', params.symbol),
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'SpotTradeRoute'),
});
