import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loadTradeInstrument, readTradeSymbol, tradeSearch } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/futures/usdt/{symbol}` (and with a language prefix): the USDT-M futures screen; default `/futures/usdt/BTCUSDT`. */
export const futuresTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/futures/usdt/$symbol',
  params: {
    parse: ({ symbol }) => {
      const parsed = readTradeSymbol(symbol);
      if (!parsed) throw notFound();
      return { symbol: parsed };
    },
    stringify: ({ symbol }) => ({ symbol }),
  },
  validateSearch: tradeSearch,
  loader: ({ params }) => loadTradeInstrument('futures', params.symbol),
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'FuturesTradeRoute'),
});
