import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { SpotTradeRoute } from '../trade/TradeRoute';

/** `/spot/{symbol}` (and `/{lang}/spot/{symbol}`): the spot trading screen; default `/spot/BTCUSDT`. */
export const Route = createFileRoute('/spot/$symbol')({
  staticData: { title: 'title.spot' },
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: async ({ params }) =>
    (await Promise.all([loadTradeInstrument('spot', params.symbol), loadTexts('trade')]))[0],
  component: SpotTradeRoute,
});
