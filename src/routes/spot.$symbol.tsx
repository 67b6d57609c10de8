import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { rootRoute } from './__root';

/** `/spot/{symbol}` (and `/{lang}/spot/{symbol}`): the spot trading screen; default `/spot/BTCUSDT`. */
export const spotTradeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/spot/$symbol',
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: async ({ params }) =>
    (await Promise.all([loadTradeInstrument('spot', params.symbol), loadTexts('trade')]))[0],
  component: lazyRouteComponent(() => import('./-trade/TradeRoute'), 'SpotTradeRoute'),
});
