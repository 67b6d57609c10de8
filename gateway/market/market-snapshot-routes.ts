import { type Context, Hono } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { FUTURES_GRANULARITIES, type Granularity, historyCandles, SPOT_GRANULARITIES } from './candles';
import { formatStep, mergeLevels } from './depth-merge';
import { type CandleLayout, candleRow, futuresFillView, spotFillView } from './exchange-views';
import type { InstrumentSpec } from './instruments';
import type { BookLevel } from './market-types';
import type { MarketSimulator } from './simulator';
import {
  badParameter,
  choiceParameter,
  integerParameter,
  missingParameter,
  queryValue,
  requireInstrument,
  requireProductType,
  simulatedLine,
  timeParameter,
} from './market-input';

const SPOT_STEPS = ['step0', 'step1', 'step2', 'step3', 'step4', 'step5'] as const;
const FUTURES_SCALES = ['scale0', 'scale1', 'scale2', 'scale3'] as const;
/** Fixed depth gears of `merge-depth`; "max" is every level the book has. */
const FUTURES_DEPTH_LIMITS = ['1', '5', '15', '50', '100', 'max'] as const;
const KLINE_TYPES = ['MARKET'] as const;
const SPOT_DEPTH_MAX = 150;
const CANDLE_LIMIT_MAX = 1000;
const SPOT_FILLS_MAX = 500;
const FUTURES_FILLS_MAX = 100;

/**
 * REST snapshots for first paint and views without a stream (market-data contract, REST): spot `orderbook`, `candles`
 * and `fills`, futures `merge-depth`, `candles` and `fills`, in the public v2 API's shapes and envelope.
 */
export function marketSnapshotRoutes(simulator: MarketSimulator): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get('/api/v2/spot/market/orderbook', (c) => {
    const spec = requireInstrument(c, simulator, 'SPOT');
    const step = SPOT_STEPS.indexOf(choiceParameter(c, 'type', SPOT_STEPS, 'step0'));
    const limit = integerParameter(c, 'limit', { min: 1, max: SPOT_DEPTH_MAX, fallback: SPOT_DEPTH_MAX });
    const book = depth(simulator, spec, step, limit);
    return replyMarketOk(c, { asks: book.asks, bids: book.bids, ts: book.ts });
  });

  routes.get('/api/v2/mix/market/merge-depth', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    const precision = choiceParameter(c, 'precision', FUTURES_SCALES, 'scale0');
    const scale = FUTURES_SCALES.indexOf(precision);
    const gear = choiceParameter(c, 'limit', FUTURES_DEPTH_LIMITS, '100');
    const book = depth(simulator, spec, scale, gear === 'max' ? Number.POSITIVE_INFINITY : Number(gear));
    return replyMarketOk(c, {
      asks: book.asks,
      bids: book.bids,
      ts: book.ts,
      scale: formatStep(book.stepUnits, spec.pricePlace),
      precision,
      // "YES" when no coarser merge exists above the one returned.
      isMaxPrecision: scale === FUTURES_SCALES.length - 1 ? 'YES' : 'NO',
    });
  });

  routes.get('/api/v2/spot/market/candles', (c) => {
    const spec = requireInstrument(c, simulator, 'SPOT');
    return replyMarketOk(c, candles(c, simulator, spec, SPOT_GRANULARITIES, 'spot-rest'));
  });

  routes.get('/api/v2/mix/market/candles', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    choiceParameter(c, 'kLineType', KLINE_TYPES, 'MARKET');
    return replyMarketOk(c, candles(c, simulator, spec, FUTURES_GRANULARITIES, 'futures-rest'));
  });

  routes.get('/api/v2/spot/market/fills', (c) => {
    const spec = requireInstrument(c, simulator, 'SPOT');
    const limit = integerParameter(c, 'limit', { min: 1, max: SPOT_FILLS_MAX, fallback: 100 });
    const trades = simulator.getTrades(spec.instType, spec.symbol, limit) ?? [];
    return replyMarketOk(
      c,
      trades.map((trade) => spotFillView(spec.symbol, trade)),
    );
  });

  routes.get('/api/v2/mix/market/fills', (c) => {
    const spec = requireInstrument(c, simulator, simulatedLine(requireProductType(c)));
    const limit = integerParameter(c, 'limit', { min: 1, max: FUTURES_FILLS_MAX, fallback: 100 });
    const trades = simulator.getTrades(spec.instType, spec.symbol, limit) ?? [];
    return replyMarketOk(
      c,
      trades.map((trade) => futuresFillView(spec.symbol, trade)),
    );
  });

  return routes;
}

/** The book's best `limit` levels per side, merged into steps of tick × 10^`merge` (0 = unmerged). */
function depth(simulator: MarketSimulator, spec: InstrumentSpec, merge: number, limit: number) {
  const stepUnits = spec.priceEndStep * 10 ** merge;
  // Merging needs the whole book: a merged level may gather many raw ones.
  const book = simulator.getBook(spec.instType, spec.symbol, merge === 0 ? limit : Number.POSITIVE_INFINITY)!;
  const side = (levels: BookLevel[], isBid: boolean) =>
    merge === 0
      ? levels
      : mergeLevels(levels, { isBid, stepUnits, pricePlace: spec.pricePlace, volumePlace: spec.volumePlace }).slice(
          0,
          limit,
        );
  return { asks: side(book.asks, false), bids: side(book.bids, true), ts: String(book.ts), stepUnits };
}

/**
 * Candles for a `granularity`, `startTime`, `endTime` and `limit` query (at most `limitMax`, 1000 for the recent
 * candles, 200 for the history ones): the newest `limit` in range, oldest first.
 */
export function candles(
  c: Context<GatewayEnv>,
  simulator: MarketSimulator,
  spec: InstrumentSpec,
  granularities: Readonly<Record<string, Granularity>>,
  layout: CandleLayout,
  limitMax = CANDLE_LIMIT_MAX,
): string[][] {
  const name = queryValue(c, 'granularity');
  if (name === undefined) throw missingParameter('granularity');
  // Case matters here: "1m" is a minute and "1M" a month.
  const granularity = Object.hasOwn(granularities, name) ? granularities[name] : undefined;
  if (!granularity) throw badParameter('granularity', `must be one of ${Object.keys(granularities).join(', ')}`);
  const startTime = timeParameter(c, 'startTime') ?? 0;
  const endTime = timeParameter(c, 'endTime') ?? Number.POSITIVE_INFINITY;
  if (startTime > endTime) throw badParameter('startTime', 'must not be after endTime');
  const limit = integerParameter(c, 'limit', { min: 1, max: limitMax, fallback: 100 });
  const history = simulator.getCandleHistory(spec.instType, spec.symbol) ?? { hours: [], minutes: [] };
  const inRange = historyCandles(history, granularity).filter(
    (candle) => candle.start >= startTime && candle.start <= endTime,
  );
  return inRange.slice(-limit).map((candle) => candleRow(spec, candle, layout));
}
