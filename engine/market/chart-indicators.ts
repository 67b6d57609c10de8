/**
 * The chart's overlays (issue 18 point 7): simple and exponential moving averages of the candles' closes. These are
 * display figures, drawn as lines, so they are numbers like the bars they are drawn over; money stays a string
 * everywhere it is read as money.
 */
import type { CandleBar } from './trade-frame';

/** The short and long simple averages and the exponential one the chart draws: MA(7), MA(25), EMA(20). */
export const SHORT_MA_PERIOD = 7;
export const LONG_MA_PERIOD = 25;
export const EMA_PERIOD = 20;

function spanMean(values: readonly number[], from: number, to: number): number {
  // Summed afresh over each span, in order, so an amended last value leaves no drift behind it.
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += values[i]!;
  return sum / (to - from);
}

/** The simple moving average of `values` over `period` at each index; NaN until `period` values exist. */
export function movingAverages(values: readonly number[], period: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i += 1)
    out.push(i + 1 < period ? Number.NaN : spanMean(values, i + 1 - period, i + 1));
  return out;
}

/**
 * The exponential moving average of `values` over `period` (weight 2 / (period + 1)) at each index: NaN before
 * `period` values, seeded with their simple mean, as exchanges' charts do.
 */
export function exponentialAverages(values: readonly number[], period: number): number[] {
  const k = 2 / (period + 1);
  const out: number[] = [];
  let previous = Number.NaN;
  for (let i = 0; i < values.length; i += 1) {
    if (i + 1 < period) out.push(Number.NaN);
    else if (i + 1 === period) out.push(spanMean(values, 0, period));
    else out.push(previous + k * (values[i]! - previous));
    previous = out[i]!;
  }
  return out;
}

/** An average fed one value at a time, whose newest value may still change (the live candle). */
export interface AverageTrack {
  /** A new newest value; returns the average there (NaN while too few). */
  append(value: number): number;
  /** The newest value changed; returns the average there. */
  amend(value: number): number;
}

/** {@link movingAverages} one value at a time: equal to the batch figure at every step. */
export function movingAverageTrack(period: number): AverageTrack {
  const recent: number[] = [];
  const current = () => (recent.length < period ? Number.NaN : spanMean(recent, 0, period));
  return {
    append(value) {
      recent.push(value);
      if (recent.length > period) recent.shift();
      return current();
    },
    amend(value) {
      if (recent.length === 0) return this.append(value);
      recent[recent.length - 1] = value;
      return current();
    },
  };
}

/** {@link exponentialAverages} one value at a time: equal to the batch figure at every step. */
export function exponentialAverageTrack(period: number): AverageTrack {
  const k = 2 / (period + 1);
  const seed: number[] = [];
  let count = 0;
  /** The average through the value before the newest one. */
  let before = Number.NaN;
  let latest = Number.NaN;
  const compute = (value: number) => {
    if (count < period) latest = Number.NaN;
    else if (count === period) latest = spanMean(seed, 0, period);
    else latest = before + k * (value - before);
    return latest;
  };
  return {
    append(value) {
      before = latest;
      count += 1;
      if (count <= period) seed.push(value);
      return compute(value);
    },
    amend(value) {
      if (count === 0) return this.append(value);
      if (count <= period) seed[count - 1] = value;
      return compute(value);
    },
  };
}

/** A candle with the overlays' values at its close, each absent while too few candles came before it. */
export type IndicatorBar = CandleBar;

function withIndicators(bar: CandleBar, ma7: number, ma25: number, ema20: number): IndicatorBar {
  const out: IndicatorBar = { ...bar };
  if (!Number.isNaN(ma7)) out.ma7 = ma7;
  if (!Number.isNaN(ma25)) out.ma25 = ma25;
  if (!Number.isNaN(ema20)) out.ema20 = ema20;
  return out;
}

/**
 * The overlays of one candle series, kept as the series grows: a history is computed once when it loads, and each
 * live part after it costs a few additions per bar, so the figures cost nothing per stream message.
 */
export class CandleIndicators {
  private short = movingAverageTrack(SHORT_MA_PERIOD);
  private long = movingAverageTrack(LONG_MA_PERIOD);
  private ema = exponentialAverageTrack(EMA_PERIOD);
  private lastTime: number | null = null;

  /** Starts over on a history (oldest first); returns its bars with their overlay values. */
  load(bars: readonly CandleBar[]): IndicatorBar[] {
    this.short = movingAverageTrack(SHORT_MA_PERIOD);
    this.long = movingAverageTrack(LONG_MA_PERIOD);
    this.ema = exponentialAverageTrack(EMA_PERIOD);
    this.lastTime = null;
    return bars.map((bar) => this.next(bar));
  }

  /** A bar at the newest time amends it, a later one is appended; an older one gets no overlay values. */
  next(bar: CandleBar): IndicatorBar {
    if (this.lastTime !== null && bar.time < this.lastTime) return { ...bar };
    const isAmend = this.lastTime === bar.time;
    this.lastTime = bar.time;
    const step = (track: AverageTrack) => (isAmend ? track.amend(bar.close) : track.append(bar.close));
    return withIndicators(bar, step(this.short), step(this.long), step(this.ema));
  }
}
