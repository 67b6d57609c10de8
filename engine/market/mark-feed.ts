import { isDecimalString } from '../format/decimal-string';
import type { ChannelPush } from './ws-session';

/** What the maths worker's feed port takes (workers/maths.api.ts `MarkMessage`). */
export interface MarkFeedMessage {
  type: 'marks';
  marks: Record<string, string>;
  indexPrices: Record<string, string>;
  /** Stream time of the newest ticker in the message. */
  ts: number;
}

/**
 * Collects mark and index prices from futures ticker pushes until the market worker hands them to the maths worker
 * (paced there), newest value per symbol; the main thread is never in between. A malformed price is skipped, never sent.
 */
export class MarkCollector {
  private marks: Record<string, string> = Object.create(null);
  private indexPrices: Record<string, string> = Object.create(null);
  private ts = 0;
  private hasAny = false;

  /** Takes a `ticker` push of a futures instrument; returns whether it carried a usable mark. */
  add(push: ChannelPush): boolean {
    if (push.arg.channel !== 'ticker' || push.arg.instType === 'SPOT') return false;
    let used = false;
    for (const row of push.data) {
      if (row === null || typeof row !== 'object') continue;
      const { markPrice, indexPrice } = row as Record<string, unknown>;
      const symbol = push.arg.instId;
      if (isDecimalString(markPrice) && Number(markPrice) > 0) {
        this.marks[symbol] = markPrice;
        used = true;
      }
      if (isDecimalString(indexPrice) && Number(indexPrice) > 0) this.indexPrices[symbol] = indexPrice;
    }
    if (used) {
      this.hasAny = true;
      this.ts = Math.max(this.ts, push.ts);
    }
    return used;
  }

  /** The marks gathered since the last call, or null when none came. */
  take(): MarkFeedMessage | null {
    if (!this.hasAny) return null;
    const message: MarkFeedMessage = { type: 'marks', marks: this.marks, indexPrices: this.indexPrices, ts: this.ts };
    this.marks = Object.create(null);
    this.indexPrices = Object.create(null);
    this.hasAny = false;
    return message;
  }
}
