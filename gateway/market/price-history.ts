/** One minute of trading for one instrument, in integer price ticks and volume units. */
export interface MinuteCandle {
  /** Start of the minute, ms since the epoch. */
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base volume in 10^-volumePlace units. */
  baseVolume: bigint;
  /** Quote volume in 10^-(pricePlace+volumePlace) units. */
  quoteVolume: bigint;
}

/** Rolling 24-hour statistics derived from the minute candles. */
export interface DayStats {
  open: number;
  high: number;
  low: number;
  openUtc: number;
  baseVolume: bigint;
  quoteVolume: bigint;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WINDOW_MINUTES = 1440;

/** Keeps the last 24 hours of minute candles for one instrument (source of 24 h ticker fields and, later, candles). */
export class PriceHistory {
  private readonly candles: MinuteCandle[] = [];

  /** Records a price (and optionally traded volume) at a time; rolls minutes forward as needed. */
  record(ts: number, price: number, baseVolume = 0n, quoteVolume = 0n): void {
    const start = Math.floor(ts / MINUTE_MS) * MINUTE_MS;
    let current = this.candles[this.candles.length - 1];
    if (!current || current.start < start) {
      // Minutes without a step are flat candles at the previous close, so the 24 h open stays exact.
      const first = current ? Math.max(current.start + MINUTE_MS, start - (WINDOW_MINUTES - 1) * MINUTE_MS) : start;
      for (let t = first; t <= start; t += MINUTE_MS) {
        const open = t === start || !current ? price : current.close;
        current = { start: t, open, high: open, low: open, close: open, baseVolume: 0n, quoteVolume: 0n };
        this.candles.push(current);
      }
      const excess = this.candles.length - WINDOW_MINUTES;
      if (excess > 0) this.candles.splice(0, excess);
    }
    current = current!;
    if (price > current.high) current.high = price;
    if (price < current.low) current.low = price;
    current.close = price;
    current.baseVolume += baseVolume;
    current.quoteVolume += quoteVolume;
  }

  /** 24-hour open, high, low, UTC-midnight open and volumes as of the newest candle. */
  stats(): DayStats {
    const first = this.candles[0];
    if (!first) throw new Error('No price recorded yet');
    const last = this.candles[this.candles.length - 1]!;
    const midnight = Math.floor(last.start / DAY_MS) * DAY_MS;
    const stats: DayStats = { open: first.open, high: first.high, low: first.low, openUtc: first.open, baseVolume: 0n, quoteVolume: 0n };
    let foundMidnight = false;
    for (const candle of this.candles) {
      if (candle.high > stats.high) stats.high = candle.high;
      if (candle.low < stats.low) stats.low = candle.low;
      stats.baseVolume += candle.baseVolume;
      stats.quoteVolume += candle.quoteVolume;
      if (!foundMidnight && candle.start >= midnight) {
        stats.openUtc = candle.open;
        foundMidnight = true;
      }
    }
    return stats;
  }

  /** The minute candles, oldest first (read-only view). */
  minuteCandles(): readonly MinuteCandle[] {
    return this.candles;
  }
}
