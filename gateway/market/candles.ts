import type { MinuteCandle } from './price-history';

/** How a candle period is cut: its length and the clock offset its boundaries are aligned to. */
export interface Granularity {
  /** The period's length; for calendar months, the longest one (31 days), and `month` is set. */
  intervalMs: number;
  /** Boundaries fall at UTC midnight minus this offset (8 h: Hong Kong time, the venue's default for 6H and longer). */
  offsetMs: number;
  /** Calendar months: each candle starts on the 1st at 00:00 of the offset's clock, whatever the month's length. */
  month?: true;
}

/** One candle in integer price ticks and volume units (same scales as {@link MinuteCandle}). */
export type Candle = MinuteCandle;

/** An instrument's stored history: hour candles (about 100 days) and, after them, the minute candles of the last 24 h. */
export interface CandleHistory {
  hours: readonly MinuteCandle[];
  minutes: readonly MinuteCandle[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Candles of 6 hours and longer without the `utc` suffix start at 00:00 UTC+8, as the public API cuts them. */
const LOCAL_OFFSET = 8 * HOUR;
const WEEK = 7 * DAY;
/**
 * Week candles start on Monday 00:00 UTC+8, as the day candles start at 00:00 UTC+8. The epoch fell on a Thursday, so
 * a Monday starts 4 days after a multiple of 7 days; the offset that puts boundaries there is 3 days and 8 hours.
 */
const WEEK_OFFSET = 3 * DAY + LOCAL_OFFSET;

/** Monday 00:00 UTC: four days after the epoch's Thursday, so the week offset is 3 days. */
const WEEK_OFFSET_UTC = 3 * DAY;

function period(intervalMs: number, offsetMs = LOCAL_OFFSET): Granularity {
  // An offset that is a whole number of periods changes nothing; keep 0 there so bucket arithmetic stays obvious.
  return { intervalMs, offsetMs: offsetMs % intervalMs };
}

/** Calendar months starting at 00:00 UTC+8 on the 1st, or at 00:00 UTC with offset 0. */
function calendarMonth(offsetMs = LOCAL_OFFSET): Granularity {
  return { intervalMs: 31 * DAY, offsetMs, month: true };
}

/** Candle channels of the public stream (`candle1m` … `candle1D`, `candle1W`, plus the UTC-aligned variants) and their periods. */
export const STREAM_CANDLE_CHANNELS: Readonly<Record<string, Granularity>> = {
  candle1m: period(MINUTE),
  candle5m: period(5 * MINUTE),
  candle15m: period(15 * MINUTE),
  candle30m: period(30 * MINUTE),
  candle1H: period(HOUR),
  candle4H: period(4 * HOUR),
  candle6H: period(6 * HOUR),
  candle12H: period(12 * HOUR),
  candle1D: period(DAY),
  candle1W: period(WEEK, WEEK_OFFSET),
  candle6Hutc: period(6 * HOUR, 0),
  candle12Hutc: period(12 * HOUR, 0),
  candle1Dutc: period(DAY, 0),
};

/** `granularity` values of `GET /api/v2/spot/market/candles` (below an hour: the last 24 h; from an hour: ~100 days). */
export const SPOT_GRANULARITIES: Readonly<Record<string, Granularity>> = {
  '1min': period(MINUTE),
  '3min': period(3 * MINUTE),
  '5min': period(5 * MINUTE),
  '15min': period(15 * MINUTE),
  '30min': period(30 * MINUTE),
  '1h': period(HOUR),
  '4h': period(4 * HOUR),
  '6h': period(6 * HOUR),
  '12h': period(12 * HOUR),
  '1day': period(DAY),
  '3day': period(3 * DAY),
  '1week': period(WEEK, WEEK_OFFSET),
  '1M': calendarMonth(),
  '6Hutc': period(6 * HOUR, 0),
  '12Hutc': period(12 * HOUR, 0),
  '1Dutc': period(DAY, 0),
  '3Dutc': period(3 * DAY, 0),
  '1Wutc': period(WEEK, WEEK_OFFSET_UTC),
  '1Mutc': calendarMonth(0),
};

/** `granularity` values of `GET /api/v2/mix/market/candles` (below an hour: the last 24 h; from an hour: ~100 days). */
export const FUTURES_GRANULARITIES: Readonly<Record<string, Granularity>> = {
  '1m': period(MINUTE),
  '3m': period(3 * MINUTE),
  '5m': period(5 * MINUTE),
  '15m': period(15 * MINUTE),
  '30m': period(30 * MINUTE),
  '1H': period(HOUR),
  '2H': period(2 * HOUR),
  '4H': period(4 * HOUR),
  '6H': period(6 * HOUR),
  '12H': period(12 * HOUR),
  '1D': period(DAY),
  '3D': period(3 * DAY),
  '1W': period(WEEK, WEEK_OFFSET),
  '1M': calendarMonth(),
  '6Hutc': period(6 * HOUR, 0),
  '12Hutc': period(12 * HOUR, 0),
  '1Dutc': period(DAY, 0),
  '3Dutc': period(3 * DAY, 0),
  '1Wutc': period(WEEK, WEEK_OFFSET_UTC),
  '1Mutc': calendarMonth(0),
};

/** The start of the period of `granularity` that contains `ts`. */
export function periodStart(ts: number, granularity: Granularity): number {
  const { intervalMs, offsetMs } = granularity;
  if (granularity.month) {
    const local = new Date(ts + offsetMs);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMs;
  }
  return Math.floor((ts + offsetMs) / intervalMs) * intervalMs - offsetMs;
}

/** Whether candles of `granularity` are whole hours (so the hour candles before the minute window make them too). */
export function spansHours(granularity: Granularity): boolean {
  return granularity.intervalMs % HOUR === 0 && granularity.offsetMs % HOUR === 0;
}

/** Every candle of `granularity` the history can make, oldest first: from the hours too when the period is whole hours. */
export function historyCandles(history: CandleHistory, granularity: Granularity): Candle[] {
  const source = spansHours(granularity) ? [...history.hours, ...history.minutes] : history.minutes;
  return aggregateCandles(source, granularity);
}

/**
 * Merges finer candles (oldest first, each within one period of `granularity`: minutes, or hours for whole-hour
 * periods) into candles of `granularity`, oldest first: open of the first, close of the last, the extremes, the sums.
 */
export function aggregateCandles(minutes: readonly MinuteCandle[], granularity: Granularity): Candle[] {
  const candles: Candle[] = [];
  let current: Candle | undefined;
  for (const minute of minutes) {
    const start = periodStart(minute.start, granularity);
    if (!current || current.start !== start) {
      current = { ...minute, start };
      candles.push(current);
      continue;
    }
    if (minute.high > current.high) current.high = minute.high;
    if (minute.low < current.low) current.low = minute.low;
    current.close = minute.close;
    current.baseVolume += minute.baseVolume;
    current.quoteVolume += minute.quoteVolume;
  }
  return candles;
}

/**
 * The newest `count` candles of `granularity` (oldest first), reading only the tail of the history: the minutes, then
 * for whole-hour periods the hours before them.
 */
export function latestCandles(history: CandleHistory, granularity: Granularity, count: number): Candle[] {
  const { minutes } = history;
  const hours = spansHours(granularity) ? history.hours : [];
  const total = hours.length + minutes.length;
  if (count <= 0 || total === 0) return [];
  const at = (i: number) => (i < hours.length ? hours[i]! : minutes[i - hours.length]!);
  let periods = 0;
  let from = total;
  let lastStart: number | undefined;
  while (from > 0) {
    const start = periodStart(at(from - 1).start, granularity);
    if (start !== lastStart) {
      if (periods === count) break;
      periods += 1;
      lastStart = start;
    }
    from -= 1;
  }
  const tail = from < hours.length ? [...hours.slice(from), ...minutes] : minutes.slice(from - hours.length);
  return aggregateCandles(tail, granularity);
}
