import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { loadTradeInstrument, tradeSearch, tradeSymbolParams } from '../trade/trade-route';
import { FuturesTradeRoute } from '../trade/TradeRoute';

/** `/futures/usdt/{symbol}` (and with a language prefix): the USDT-M futures screen; default `/futures/usdt/BTCUSDT`. */
export const Route = createFileRoute('/futures/usdt/$symbol')({
  staticData: { title: 'title.futures' },
  params: tradeSymbolParams,
  validateSearch: tradeSearch,
  loader: async ({ params }) =>
    (await Promise.all([loadTradeInstrument('futures', params.symbol), loadTexts('trade')]))[0],
  component: FuturesTradeRoute,
});
