/**
 * The local order book of the `books` channel (market-data contract, "Order book maintenance"): a snapshot replaces
 * it, each update is merged by price and then proven by `seq` and the checksum over the first 25 levels. Prices and
 * sizes stay the strings the stream sent; a book that is known to be wrong is never readable.
 */
import { type BookLevel, bookChecksum } from './book-checksum';

import { type BookMessage, BookInputError, checkBookMessage } from './book-message';
import { BookSideLevels } from './book-side';
import { decimalDifference, sizeSign } from './price-text';

/** The two sides of a book, named as on the wire. */
export type BookSide = 'bids' | 'asks';

/**
 * Where the book stands: `live` is the only state with readable levels; `empty` before the first snapshot; the
 * others say why the book was dropped, and each lasts until the next snapshot.
 */
export type BookStatus = 'empty' | 'live' | 'gap' | 'checksum-mismatch' | 'rejected';

/**
 * What one message did, for the caller to act on: `ok` (applied), `stale` (an old `seq`, ignored, book unchanged),
 * `awaiting-snapshot` (an update while there is no live book, ignored), and `gap`, `checksum-mismatch`, `rejected`
 * (malformed message): the book is dropped, so resubscribe for a fresh snapshot.
 */
export type BookApplyResult = 'ok' | 'stale' | 'awaiting-snapshot' | 'gap' | 'checksum-mismatch' | 'rejected';

/** Figures a screen or a bench can show about one book's stream. */
export interface BookCounters {
  snapshots: number;
  updates: number;
  stale: number;
  gaps: number;
  checksumMismatches: number;
  rejected: number;
}

const NO_LEVELS: readonly BookLevel[] = Object.freeze([]);

/**
 * A local order book maintained from the `books` channel (market-data contract, "Order book maintenance"):
 * snapshots replace it, updates merge by exact price, every message is proven by `seq` and checksum, and on any
 * doubt the book drops its levels until the next snapshot.
 */
export class OrderBook {
  private readonly bids = new BookSideLevels(-1);
  private readonly asks = new BookSideLevels(1);
  private readonly scratch: string[] = [];
  private currentStatus: BookStatus = 'empty';
  private lastSeq: number | null = null;
  private lastError: string | null = null;
  private readonly tally: BookCounters = {
    snapshots: 0,
    updates: 0,
    stale: 0,
    gaps: 0,
    checksumMismatches: 0,
    rejected: 0,
  };

  /** Where the book stands; only `live` has readable levels. */
  get status(): BookStatus {
    return this.currentStatus;
  }

  /** True when the book has levels that can be shown. */
  get isLive(): boolean {
    return this.currentStatus === 'live';
  }

  /** The `seq` of the last message applied, or null when the book is not live. */
  get seq(): number | null {
    return this.currentStatus === 'live' ? this.lastSeq : null;
  }

  /** Why the last rejected message was refused (names the field and value), or null. */
  get error(): string | null {
    return this.lastError;
  }

  /** A copy of the counters, cloneable to the UI. */
  counters(): BookCounters {
    return { ...this.tally };
  }

  /** Replaces the whole book with a snapshot; levels of size zero are ignored and a checksum, when sent, is verified. */
  applySnapshot(value: unknown): BookApplyResult {
    let message: BookMessage;
    try {
      message = checkBookMessage(value, 'snapshot', this.scratch);
    } catch (error) {
      return this.reject(error);
    }
    this.bids.replace(message.bids, this.scratch, 0);
    this.asks.replace(message.asks, this.scratch, message.bids.length);
    this.tally.snapshots += 1;
    if (message.checksum !== undefined && bookChecksum(this.bids.levels, this.asks.levels) !== message.checksum) {
      return this.drop('checksum-mismatch');
    }
    this.lastSeq = message.seq;
    this.lastError = null;
    this.currentStatus = 'live';
    return 'ok';
  }

  /** Merges one update; the result says whether it was applied, ignored, or cost the book (resubscribe then). */
  applyUpdate(value: unknown): BookApplyResult {
    if (this.currentStatus !== 'live' || this.lastSeq === null) return 'awaiting-snapshot';
    let message: BookMessage;
    try {
      message = checkBookMessage(value, 'update', this.scratch);
    } catch (error) {
      return this.reject(error);
    }
    if (message.seq <= this.lastSeq) {
      this.tally.stale += 1;
      return 'stale';
    }
    if (message.seq !== this.lastSeq + 1) return this.drop('gap');
    const { bids, asks } = message;
    const canons = this.scratch;
    for (let i = 0; i < bids.length; i += 1) {
      const level = bids[i];
      this.bids.merge(level[0], canons[i], level[1], sizeSign(level[1]) === 0);
    }
    const offset = bids.length;
    for (let i = 0; i < asks.length; i += 1) {
      const level = asks[i];
      this.asks.merge(level[0], canons[offset + i], level[1], sizeSign(level[1]) === 0);
    }
    if (bookChecksum(this.bids.levels, this.asks.levels) !== message.checksum) return this.drop('checksum-mismatch');
    this.lastSeq = message.seq;
    this.tally.updates += 1;
    return 'ok';
  }

  /** Forgets the book (unsubscribe, reconnect): back to `empty`, counters kept. */
  reset(): void {
    this.bids.clear();
    this.asks.clear();
    this.lastSeq = null;
    this.lastError = null;
    this.currentStatus = 'empty';
  }

  /** The first `count` levels of a side as received, best first; empty unless the book is live. */
  top(side: BookSide, count: number): BookLevel[] {
    if (this.currentStatus !== 'live') return [];
    return (side === 'bids' ? this.bids : this.asks).levels.slice(0, Math.max(0, count));
  }

  /**
   * A side's levels, best first, without copying (per-frame grouping reads only the rows it shows); empty unless the
   * book is live. The array is the book's own: read it now, never keep or change it, as the next message changes it.
   */
  levels(side: BookSide): readonly BookLevel[] {
    if (this.currentStatus !== 'live') return NO_LEVELS;
    return (side === 'bids' ? this.bids : this.asks).levels;
  }

  /** How many levels a side holds; zero unless the book is live. */
  depth(side: BookSide): number {
    return this.currentStatus === 'live' ? (side === 'bids' ? this.bids : this.asks).levels.length : 0;
  }

  /** The best level of a side (highest bid, lowest ask), or null. */
  best(side: BookSide): BookLevel | null {
    if (this.currentStatus !== 'live') return null;
    return (side === 'bids' ? this.bids : this.asks).levels[0] ?? null;
  }

  /** Best ask minus best bid, exact, with the decimals of the more precise price; null without both sides. */
  spread(): string | null {
    const bid = this.best('bids');
    const ask = this.best('asks');
    return bid && ask ? decimalDifference(ask[0], bid[0]) : null;
  }

  private reject(error: unknown): BookApplyResult {
    if (!(error instanceof BookInputError)) throw error;
    this.tally.rejected += 1;
    this.drop('rejected');
    this.lastError = error.message;
    return 'rejected';
  }

  private drop(reason: 'gap' | 'checksum-mismatch' | 'rejected'): BookApplyResult {
    if (reason === 'gap') this.tally.gaps += 1;
    if (reason === 'checksum-mismatch') this.tally.checksumMismatches += 1;
    this.bids.clear();
    this.asks.clear();
    this.lastSeq = null;
    this.lastError = null;
    this.currentStatus = reason;
    return reason;
  }
}
