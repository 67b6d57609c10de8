import { Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { contractView, futuresTickerView, spotSymbolView, spotTickerView } from './exchange-views';
import type { InstrumentSpec } from './instruments';
import type { MarketSimulator } from './simulator';
import { futuresReferenceRoutes } from './futures-reference-routes';
import { marketFundingRoutes } from './market-funding-routes';
import { marketHistoryRoutes } from './market-history-routes';
import { pickInstruments, requireProductType, simulatedLine } from './market-input';
import { marketSnapshotRoutes } from './market-snapshot-routes';
import { publicV2Routes } from './public-v2-routes';

/**
 * The public market REST snapshots of the market-data contract: spot symbols and tickers, futures contracts and
 * tickers, plus the depth, candle and recent-trade snapshots of {@link marketSnapshotRoutes}, the funding history
 * and margin tiers of {@link marketFundingRoutes}, the trade and candle history of {@link marketHistoryRoutes}, one
 * perpetual's ticker, prices, funding and open interest of {@link futuresReferenceRoutes}, and the server time, coins
 * and margin pairs a client library loads at start of {@link publicV2Routes}.
 */
export function marketRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.get('/api/v2/spot/public/symbols', (c) =>
    replyMarketOk(c, pickInstruments(c, simulator, 'SPOT').map(spotSymbolView)),
  );
  routes.get('/api/v2/spot/market/tickers', (c) =>
    replyMarketOk(c, tickersOf(simulator, pickInstruments(c, simulator, 'SPOT')).map(spotTickerView)),
  );
  routes.get('/api/v2/mix/market/contracts', (c) => {
    const line = simulatedLine(requireProductType(c));
    return replyMarketOk(c, (line ? pickInstruments(c, simulator, line) : []).map(contractView));
  });
  routes.get('/api/v2/mix/market/tickers', (c) => {
    const line = simulatedLine(requireProductType(c));
    return replyMarketOk(c, tickersOf(simulator, line ? simulator.listInstruments(line) : []).map(futuresTickerView));
  });
  routes.route('/', marketSnapshotRoutes(simulator));
  routes.route('/', marketFundingRoutes(simulator));
  routes.route('/', marketHistoryRoutes(simulator));
  routes.route('/', futuresReferenceRoutes(simulator));
  routes.route('/', publicV2Routes(simulator));
  return routes;
}

function tickersOf(simulator: MarketSimulator, specs: InstrumentSpec[]) {
  return specs.map((spec) => simulator.getTicker(spec.instType, spec.symbol)!);
}
