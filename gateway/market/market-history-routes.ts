import { type Context, Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { FUTURES_GRANULARITIES, SPOT_GRANULARITIES } from './candles';
import { futuresFillView, spotFillView } from './exchange-views';
import type { InstrumentSpec } from './instruments';
import type { TradeTick } from './market-types';
import type { MarketSimulator } from './simulator';
import {
  badParameter,
  integerParameter,
  missingParameter,
  queryValue,
  requireInstrument,
  requireProductType,
  simulatedLine,
  timeParameter,
} from './market-input';
import { candles } from './market-snapshot-routes';

const FILLS_HISTORY_DEFAULT = 500;
const FILLS_HISTORY_MAX = 1000;
const HISTORY_CANDLES_MAX = 200;
const TRADE_ID = /^\d{1,20}$/;

/**
 * The history endpoints client libraries page through, in the public v2 API's shapes and envelope: spot and futures
 * `fills-history` (the public trades the simulator keeps, newest first, by `startTime`, `endTime` and `idLessThan`)
 * and `history-candles` (the candles of `…/candles`, at most 200 a page; spot requires `endTime`).
 */
export function marketHistoryRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get('/api/v2/spot/market/fills-history', (c) => {
    const spec = requireInstrument(c, simulator, 'SPOT');
    // This endpoint names the side "Buy" or "Sell" where the recent fills say "buy" or "sell".
    return replyMarketOk(
      c,
      pastTrades(c, simulator, spec).map((trade) => ({
        ...spotFillView(spec.symbol, trade),
        side: titleCase(trade.side),
      })),
    );
  });

  routes.get('/api/v2/mix/market/fills-history', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    return replyMarketOk(
      c,
      pastTrades(c, simulator, spec).map((trade) => futuresFillView(spec.symbol, trade)),
    );
  });

  routes.get('/api/v2/spot/market/history-candles', (c) => {
    const spec = requireInstrument(c, simulator, 'SPOT');
    if (queryValue(c, 'endTime') === undefined) throw missingParameter('endTime');
    return replyMarketOk(c, candles(c, simulator, spec, SPOT_GRANULARITIES, 'spot-rest', HISTORY_CANDLES_MAX));
  });

  routes.get('/api/v2/mix/market/history-candles', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    return replyMarketOk(c, candles(c, simulator, spec, FUTURES_GRANULARITIES, 'futures-rest', HISTORY_CANDLES_MAX));
  });

  return routes;
}

/** The kept trades of `spec` matching `startTime`, `endTime` (inclusive) and `idLessThan`, newest first, at most `limit`. */
function pastTrades(c: Context<GatewayEnv>, simulator: MarketSimulator, spec: InstrumentSpec): TradeTick[] {
  const limit = integerParameter(c, 'limit', { min: 1, max: FILLS_HISTORY_MAX, fallback: FILLS_HISTORY_DEFAULT });
  const startTime = timeParameter(c, 'startTime') ?? 0;
  const endTime = timeParameter(c, 'endTime') ?? Number.POSITIVE_INFINITY;
  if (startTime > endTime) throw badParameter('startTime', 'must not be after endTime');
  const below = queryValue(c, 'idLessThan');
  if (below !== undefined && !TRADE_ID.test(below)) throw badParameter('idLessThan', 'must be a trade id');
  // Trade ids are decimal integers that grow with time; BigInt keeps ids past 2^53 exact.
  const ceiling = below === undefined ? undefined : BigInt(below);
  const trades = simulator.getTrades(spec.instType, spec.symbol, Number.POSITIVE_INFINITY) ?? [];
  return trades
    .filter((trade) => {
      const ts = Number(trade.ts);
      return ts >= startTime && ts <= endTime && (ceiling === undefined || BigInt(trade.tradeId) < ceiling);
    })
    .slice(0, limit);
}

/** "buy" → "Buy". */
function titleCase(side: string): string {
  return side.charAt(0).toUpperCase() + side.slice(1);
}
