import { createFileRoute } from '@tanstack/react-router';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { SpotTradeRoute } from '../trade/TradeRoute';

/** `/spot/{symbol}` (and `/{lang}/spot/{symbol}`): the spot trading screen; default `/spot/BTCUSDT`. */
export const Route = createFileRoute('/spot/$symbol')({
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: ({ params }) => loadTradeInstrument('spot', params.symbol),
  component: SpotTradeRoute,
});
