import type { MinuteCandle } from './price-history';
import type { Random } from './random';

export const HOUR_MS = 3_600_000;
/** Days of hour candles generated before the last 24 h of minutes: the 1D chart shows at least 90 days. */
export const BACK_HISTORY_DAYS = 100;
/** Points of the random walk within one generated hour (every 15 minutes), from which its high and low are taken. */
const POINTS_PER_HOUR = 4;
/** How long the back-history's walk takes to drift most of the way back to the start price: weeks, so it trends. */
const BACK_REVERSION_SECONDS = 20 * 86_400;

/** What a back-history walk needs to know of its instrument, in integer price ticks and volume units. */
export interface BackHistoryWalk {
  /** The price the walk ends at (the live market starts from it). */
  anchor: number;
  /** Tick size in price units. */
  tick: number;
  /** Volatility in basis points per square root of a second (already scaled). */
  volatilityBps: number;
  /** Base volume of one generated hour: a random size around it, on the lot. */
  hourVolume: (rng: Random) => number;
}

/**
 * Seeded hour candles for the `hours` hours before `endMs` (an hour boundary), oldest first, ending at `anchor`: a
 * mean-reverting random walk drawn backwards from the anchor (a random walk read backwards is one too), sampled every
 * 15 minutes; each hour opens where the one before closed. Volumes are in base units, quote volume base × close.
 */
export function backHistoryHours(rng: Random, walk: BackHistoryWalk, endMs: number, hours: number): MinuteCandle[] {
  const { anchor, tick } = walk;
  const dt = HOUR_MS / 1000 / POINTS_PER_HOUR;
  const sigma = (walk.volatilityBps / 10_000) * Math.sqrt(dt);
  const pull = Math.min(1, dt / BACK_REVERSION_SECONDS);
  const floor = Math.max(tick, Math.round(anchor / 10 / tick) * tick);
  const points = new Float64Array(hours * POINTS_PER_HOUR + 1);
  let price = anchor;
  points[points.length - 1] = price;
  for (let i = points.length - 2; i >= 0; i -= 1) {
    // A cheaper near-normal step than rng.normal (three uniforms, scaled to unit variance): 100 days × 24 markets.
    const normal = (rng.next() + rng.next() + rng.next() - 1.5) * 2;
    const next = price + (anchor - price) * pull + sigma * price * normal;
    price = Math.max(floor, Math.round(next / tick) * tick);
    points[i] = price;
  }
  const candles: MinuteCandle[] = [];
  for (let h = 0; h < hours; h += 1) {
    const from = h * POINTS_PER_HOUR;
    let high = points[from];
    let low = high;
    for (let i = from + 1; i <= from + POINTS_PER_HOUR; i += 1) {
      high = Math.max(high, points[i]);
      low = Math.min(low, points[i]);
    }
    const close = points[from + POINTS_PER_HOUR];
    const base = BigInt(walk.hourVolume(rng));
    candles.push({
      start: endMs - (hours - h) * HOUR_MS,
      open: points[from],
      high,
      low,
      close,
      baseVolume: base,
      quoteVolume: base * BigInt(close),
    });
  }
  return candles;
}

/**
 * A perpetual's hour candles from its index's (the spot pair's): each price mapped by `toPerpetual` (the spot price in
 * the perpetual's ticks times one plus that hour's basis, which is monotonic, so high stays high and low low), with
 * the perpetual's own volumes.
 */
export function followedHours(
  index: readonly MinuteCandle[],
  toPerpetual: (spotUnits: number, hour: number) => number,
  hourVolume: () => number,
): MinuteCandle[] {
  return index.map((candle, hour) => {
    const close = toPerpetual(candle.close, hour);
    const base = BigInt(hourVolume());
    return {
      start: candle.start,
      open: toPerpetual(candle.open, hour),
      high: toPerpetual(candle.high, hour),
      low: toPerpetual(candle.low, hour),
      close,
      baseVolume: base,
      quoteVolume: base * BigInt(close),
    };
  });
}
