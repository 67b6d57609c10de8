import { CandleIndicators } from './chart-indicators';
import { readCandle } from './stream-rows';
import type { CandleBar, CandleView } from './trade-frame';

/** Most bars a series keeps (the stream's first push sends 200). */
export const MAX_CANDLE_BARS = 1000;

/**
 * The K-line state of one candle channel for the chart (market-data contract, `candle*` channels): a snapshot
 * replaces the history and is sent whole (`reset`), an update changes the live bar or opens the next one and only
 * those bars are sent. A bar older than the newest is dropped: a chart can only extend or amend its last bar.
 */
export class CandleSeries {
  private bars: CandleBar[] = [];
  private pending: CandleBar[] = [];
  private isReset = false;
  private currentChannel: string;
  /** The overlays, computed only for what is taken: a history once, then each paced live part (at most once a second). */
  private readonly indicators = new CandleIndicators();

  constructor(channel: string) {
    this.currentChannel = channel;
  }

  /** The candle channel this series holds. */
  get channel(): string {
    return this.currentChannel;
  }

  /** True when {@link take} has something to send. */
  get hasChanges(): boolean {
    return this.isReset || this.pending.length > 0;
  }

  /** Forgets every bar and starts over on `channel`: the next frame clears the chart. */
  reset(channel: string): void {
    this.currentChannel = channel;
    this.bars = [];
    this.pending = [];
    this.isReset = true;
  }

  /** Applies one push's rows; returns how many rows were malformed or out of order (dropped). */
  apply(action: 'snapshot' | 'update', rows: readonly unknown[]): number {
    return action === 'snapshot' ? this.replace(rows) : this.update(rows);
  }

  /** True when the next part clears the chart (a new channel or a fresh history). */
  get isResetPending(): boolean {
    return this.isReset;
  }

  /** True when a part is waiting to be taken. */
  get hasNews(): boolean {
    return this.isReset || this.pending.length > 0;
  }

  /** The chart part for the next frame (whole history after a reset, else the changed bars), or null; then clears it. */
  take(): CandleView | null {
    if (this.isReset) {
      this.isReset = false;
      this.pending = [];
      return { channel: this.currentChannel, reset: true, bars: this.indicators.load(this.bars) };
    }
    if (this.pending.length === 0) return null;
    const bars = this.pending.map((bar) => this.indicators.next(bar));
    this.pending = [];
    return { channel: this.currentChannel, reset: false, bars };
  }

  private replace(rows: readonly unknown[]): number {
    let dropped = 0;
    const bars: CandleBar[] = [];
    for (const row of rows) {
      const bar = readCandle(row);
      if (bar) bars.push(bar);
      else dropped += 1;
    }
    bars.sort((a, b) => a.time - b.time);
    // Repeated times: the later row wins, as an update would.
    const unique: CandleBar[] = [];
    for (const bar of bars) {
      if (unique.length > 0 && unique[unique.length - 1].time === bar.time) unique[unique.length - 1] = bar;
      else unique.push(bar);
    }
    this.bars = unique.length > MAX_CANDLE_BARS ? unique.slice(unique.length - MAX_CANDLE_BARS) : unique;
    this.pending = [];
    this.isReset = true;
    return dropped;
  }

  private update(rows: readonly unknown[]): number {
    let dropped = 0;
    for (const row of rows) {
      const bar = readCandle(row);
      const last = this.bars[this.bars.length - 1];
      if (!bar || (last && bar.time < last.time)) {
        dropped += 1;
        continue;
      }
      if (last && bar.time === last.time) this.bars[this.bars.length - 1] = bar;
      else {
        this.bars.push(bar);
        if (this.bars.length > MAX_CANDLE_BARS) this.bars.shift();
      }
      if (this.isReset) continue;
      const pendingLast = this.pending[this.pending.length - 1];
      if (pendingLast && pendingLast.time === bar.time) this.pending[this.pending.length - 1] = bar;
      else this.pending.push(bar);
    }
    return dropped;
  }
}
