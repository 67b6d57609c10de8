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
const HOUR_MS = 3_600_000;
/** Hour candles kept before the minute window: 101 days, so the 1D chart always shows more than 90. */
export const HOUR_HISTORY_LIMIT = 101 * 24;

/**
 * Keeps the last 24 hours of minute candles for one instrument (source of 24 h ticker fields and of candles), and
 * before them hour candles: seeded back-history, then every minute that leaves the window folded into its hour, so an
 * hour candle is always the merge of its minutes (and an hour partly in the window merges with the minutes left there).
 */
export class PriceHistory {
  private readonly candles: MinuteCandle[] = [];
  private hours: MinuteCandle[] = [];
  /** Builds the seeded back-history on first read: most markets' long history is never asked for. */
  private pendingHours: (() => readonly MinuteCandle[]) | undefined;
  /**
   * The 24 h figures of every candle but the newest, kept until the minute rolls: only the newest candle changes
   * between rolls, and a ticker is built for every instrument on every step (14 instruments × 20 steps a second in
   * the bench), where a scan of 1,440 candles each time was the simulator's largest cost.
   */
  private closed: {
    newestStart: number;
    high: number;
    low: number;
    baseVolume: bigint;
    quoteVolume: bigint;
    openUtc: number | null;
  } | null = null;

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
      if (excess > 0) this.foldIntoHours(this.candles.splice(0, excess));
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
    if (this.closed?.newestStart !== last.start) this.closed = this.closedStats(last.start);
    const closed = this.closed;
    // The newest candle always starts on or after its own UTC midnight, so it opens the day when no older one does.
    return {
      open: first.open,
      high: Math.max(closed.high, last.high),
      low: Math.min(closed.low, last.low),
      openUtc: closed.openUtc ?? last.open,
      baseVolume: closed.baseVolume + last.baseVolume,
      quoteVolume: closed.quoteVolume + last.quoteVolume,
    };
  }

  /** The figures of every candle before the newest (which starts at `newestStart`). */
  private closedStats(newestStart: number): NonNullable<PriceHistory['closed']> {
    const midnight = Math.floor(newestStart / DAY_MS) * DAY_MS;
    const stats = {
      newestStart,
      high: Number.NEGATIVE_INFINITY,
      low: Number.POSITIVE_INFINITY,
      baseVolume: 0n,
      quoteVolume: 0n,
      openUtc: null as number | null,
    };
    for (let i = 0; i < this.candles.length - 1; i += 1) {
      const candle = this.candles[i];
      if (candle.high > stats.high) stats.high = candle.high;
      if (candle.low < stats.low) stats.low = candle.low;
      stats.baseVolume += candle.baseVolume;
      stats.quoteVolume += candle.quoteVolume;
      if (stats.openUtc === null && candle.start >= midnight) stats.openUtc = candle.open;
    }
    return stats;
  }

  /** The minute candles, oldest first (read-only view). */
  minuteCandles(): readonly MinuteCandle[] {
    return this.candles;
  }

  /** The hour candles before the minute window, oldest first (read-only view; the newest may be partial). */
  hourCandles(): readonly MinuteCandle[] {
    if (this.pendingHours) {
      // The seeded hours all end before the first minute, so they go before any hour folded in since.
      const seeded = this.pendingHours();
      this.pendingHours = undefined;
      this.hours = [...seeded, ...this.hours].slice(-HOUR_HISTORY_LIMIT);
    }
    return this.hours;
  }

  /**
   * Sets the back-history: hour candles (oldest first, on hour boundaries) that end where the first minute starts,
   * built by `build` on the first read of the hours (it must give the same candles whenever it is called).
   */
  seedHours(build: () => readonly MinuteCandle[]): void {
    this.hours = [];
    this.pendingHours = build;
  }

  /** Merges minutes that left the window into their hour candles, oldest first, and drops hours past the limit. */
  private foldIntoHours(minutes: readonly MinuteCandle[]): void {
    for (const minute of minutes) {
      const start = Math.floor(minute.start / HOUR_MS) * HOUR_MS;
      const hour = this.hours[this.hours.length - 1];
      if (!hour || hour.start < start) {
        this.hours.push({ ...minute, start });
        continue;
      }
      if (hour.start > start) continue;
      if (minute.high > hour.high) hour.high = minute.high;
      if (minute.low < hour.low) hour.low = minute.low;
      hour.close = minute.close;
      hour.baseVolume += minute.baseVolume;
      hour.quoteVolume += minute.quoteVolume;
    }
    const excess = this.hours.length - HOUR_HISTORY_LIMIT;
    if (excess > 0) this.hours.splice(0, excess);
  }
}
