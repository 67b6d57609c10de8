/**
 * The book keeping of one trading screen's feed (market-data contract, WebSocket and "Order book maintenance"): its
 * subscriptions on the shared stream, the order book with its `seq` and checksum proof and resync, the trades tape,
 * the ticker, the K-lines, the connection and the counters, and what changed since the last frame.
 */
import { CandleSeries } from './candle-series';
import { BOOK_STALE_MS, feedConnection, LIVENESS_CHECK_MS, SNAPSHOT_WAIT_MS } from './feed-liveness';
import { type BookApplyResult, OrderBook } from './order-book';
import { readTicker, readTrade, type StreamTicker } from './stream-rows';
import { type FeedConnection, type FeedCounters, type TradeFeedTarget, zeroCounters } from './trade-frame';
import { TradesRing } from './trades-ring';
import type { ChannelArg, ChannelPush, SessionState } from './ws-session';

/** What a feed needs of the shared stream; {@link MarketSession} is one. */
export interface FeedStream {
  readonly state: SessionState;
  subscribe(arg: ChannelArg, listener: (push: ChannelPush) => void): () => void;
  resubscribe(arg: ChannelArg): void;
  /** Asks the stream to prove the socket lives (`ping`), reconnecting when it does not answer. */
  probe(): void;
  onState(listener: (state: SessionState) => void): () => void;
}

/** The parts of the stream a feed times on their own (see {@link FeedState.dataTs}). */
export type FeedPartName = 'book' | 'trades' | 'ticker' | 'candles';

/** What the book keeping tells its feed: something changed, or a paced part's message came. */
export interface FeedStateHooks {
  stream: FeedStream;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on any steady clock, read by the liveness check only. */
  now(): number;
  changed(): void;
  pacedPartCame(part: 'ticker' | 'candles'): void;
}

/** Delay before the second resubscribe in a row; it doubles up to {@link MAX_RESYNC_DELAY_MS}. */
const RESYNC_DELAY_MS = 250;
const MAX_RESYNC_DELAY_MS = 8000;

/**
 * Keeps one screen's market state from the stream (market-data contract): a book that failed its `seq` or checksum
 * proof is hidden and subscribed again for a fresh snapshot, backing off when snapshots keep failing; a malformed
 * push is counted and dropped. Call {@link FeedState.close} when the screen goes away.
 */
export class FeedState {
  readonly book = new OrderBook();
  readonly trades: TradesRing;
  readonly candles: CandleSeries;
  ticker: StreamTicker | null = null;
  connection: FeedConnection = 'connecting';
  // What changed since the last frame.
  isConnectionDirty = true;
  isBookDirty = true;
  isTickerDirty = false;
  isTradesReset = false;
  newTrades = 0;
  isCountersDirty = false;
  /**
   * Each part's newest stream time: the `ts` of the newest message its state reflects. A frame's `latestTs` is the
   * newest among the parts it carries that the stream moved on since the page last had them.
   */
  readonly dataTs = { book: 0, trades: 0, ticker: 0, candles: 0 };
  readonly tally: Required<FeedCounters> = zeroCounters();
  private readonly isFutures: boolean;
  private readonly booksArg: ChannelArg;
  private readonly unsubscribes: (() => void)[] = [];
  private readonly stopState: () => void;
  private unsubscribeCandles: (() => void) | null = null;
  private candleChannel: string | null;
  private hasBeenOpen: boolean;
  // Book resync: one resubscribe at a time, backing off when snapshots keep failing.
  private isAwaitingSnapshot = false;
  /** When the snapshot now awaited was asked for (the socket's opening subscribes too). */
  private snapshotAskedAt = 0;
  private failedResyncs = 0;
  private resyncTimer: unknown = null;
  private isClosed = false;
  // Liveness: proven book messages are counted; a timer compares the count every LIVENESS_CHECK_MS.
  private bookProofs = 0;
  private bookProofsSeen = 0;
  private lastProofAt = 0;
  private livenessTimer: unknown = null;
  /** A snapshot was proven since the socket (re)opened: only then is the screen live. */
  isBookFresh = false;
  /** The book stopped moving while the socket looked open: shown greyed until a fresh snapshot. */
  isStale = false;
  /** The screen was live once: before a fresh snapshot it says `reconnecting`, not `connecting`. */
  hasBeenLive = false;

  constructor(
    private readonly target: TradeFeedTarget,
    tradeRows: number,
    candleChannel: string | null,
    private readonly hooks: FeedStateHooks,
  ) {
    this.trades = new TradesRing(tradeRows);
    this.isFutures = target.instType !== 'SPOT';
    this.candleChannel = candleChannel;
    this.candles = new CandleSeries(candleChannel ?? '');
    const { stream } = hooks;
    this.booksArg = this.arg('books');
    this.stopState = stream.onState(this.onState);
    this.unsubscribes.push(
      stream.subscribe(this.arg('ticker'), this.onTicker),
      stream.subscribe(this.booksArg, this.onBooks),
      stream.subscribe(this.arg('trade'), this.onTrades),
    );
    if (candleChannel) this.unsubscribeCandles = stream.subscribe(this.arg(candleChannel), this.onCandles);
    this.hasBeenOpen = stream.state === 'open';
    this.lastProofAt = hooks.now();
    this.connection = this.connectionNow;
    this.scheduleLiveness();
  }

  private get connectionNow(): FeedConnection {
    return feedConnection(this.hooks.stream.state, this);
  }

  private updateConnection(): void {
    const connection = this.connectionNow;
    if (connection === 'live') this.hasBeenLive = true;
    if (connection === this.connection) return;
    this.connection = connection;
    this.isConnectionDirty = true;
  }

  private scheduleLiveness(): void {
    this.livenessTimer = this.hooks.setTimeout(() => {
      this.livenessTimer = null;
      if (this.isClosed) return;
      this.checkLiveness();
      this.scheduleLiveness();
    }, LIVENESS_CHECK_MS);
  }

  /**
   * The liveness rule: on an open socket, a book proven by no message for {@link BOOK_STALE_MS} greys the screen
   * (when a book was shown), asks for a fresh snapshot (unless a resync waits out its back-off) and has the stream
   * ping its socket; the next try follows after another {@link BOOK_STALE_MS}.
   */
  private checkLiveness(): void {
    const now = this.hooks.now();
    if (this.bookProofs !== this.bookProofsSeen || this.hooks.stream.state !== 'open') {
      this.bookProofsSeen = this.bookProofs;
      this.lastProofAt = now;
      return;
    }
    if (now - this.lastProofAt < BOOK_STALE_MS) return;
    this.lastProofAt = now;
    if (this.isBookFresh && !this.isStale) {
      this.isStale = true;
      this.isBookDirty = true;
      this.updateConnection();
      this.hooks.changed();
    }
    // A resync waiting out its back-off keeps its turn; any other wait for a snapshot has lasted too long (its
    // snapshot was lost on a stalled stream), so ask again.
    if (this.resyncTimer === null) this.askSnapshotAgain();
    this.hooks.stream.probe();
  }

  /** Switches the chart interval: resubscribes only the candle channel and resets the chart. */
  setCandleChannel(channel: string | null): void {
    if (channel === this.candleChannel) return;
    this.candleChannel = channel;
    this.unsubscribeCandles?.();
    this.unsubscribeCandles = null;
    this.candles.reset(channel ?? '');
    if (channel) this.unsubscribeCandles = this.hooks.stream.subscribe(this.arg(channel), this.onCandles);
  }

  /** Unsubscribes everything and stops the resync timer; safe to call twice. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.clearResyncTimer();
    if (this.livenessTimer !== null) this.hooks.clearTimeout(this.livenessTimer);
    this.livenessTimer = null;
    this.stopState();
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes.length = 0;
    this.unsubscribeCandles?.();
    this.unsubscribeCandles = null;
  }

  private arg(channel: string): ChannelArg {
    return { instType: this.target.instType, channel, instId: this.target.symbol };
  }

  /** Records that `part`'s state now reflects a message of stream time `ts`. */
  private touch(part: FeedPartName, ts: number): void {
    if (ts > this.dataTs[part]) this.dataTs[part] = ts;
  }

  private readonly onState = (state: SessionState): void => {
    if (this.isClosed) return;
    if (state === 'open') {
      if (this.hasBeenOpen) {
        this.tally.reconnects += 1;
        this.isCountersDirty = true;
      }
      this.hasBeenOpen = true;
      this.lastProofAt = this.hooks.now();
      // The session subscribes every channel on the new socket: its first `books` message is to be a snapshot.
      this.isAwaitingSnapshot = true;
      this.snapshotAskedAt = this.lastProofAt;
    } else {
      // Without a connection nothing proves the book: hide it; the session resubscribes on reconnect and the first
      // `books` message then is a fresh snapshot.
      if (this.book.status !== 'empty') {
        this.book.reset();
        this.isBookDirty = true;
      }
      this.isAwaitingSnapshot = false;
      this.failedResyncs = 0;
      this.clearResyncTimer();
    }
    // Whatever the socket did, the screen is live again only with a fresh snapshot on the new one.
    this.isBookFresh = false;
    this.isStale = false;
    this.updateConnection();
    this.hooks.changed();
  };

  private readonly onBooks = (push: ChannelPush): void => {
    if (this.isClosed) return;
    this.tally.messages += 1;
    const isSnapshot = push.action === 'snapshot';
    const rows = push.data;
    if (rows.length === 0) {
      // Nothing to merge and nothing lost: a malformed push, not a reason to drop a proven book.
      this.tally.dropped += 1;
      this.isCountersDirty = true;
    }
    for (let i = 0; i < rows.length; i += 1) {
      if (isSnapshot) this.isAwaitingSnapshot = false;
      const result = isSnapshot ? this.book.applySnapshot(rows[i]) : this.book.applyUpdate(rows[i]);
      if (!this.onBookResult(result, isSnapshot, push.ts)) break;
      if (isSnapshot && result === 'ok' && (!this.isBookFresh || this.isStale)) {
        this.isBookFresh = true;
        this.isStale = false;
        this.updateConnection();
      }
    }
    this.hooks.changed();
  };

  /** Acts on one book result; false when the book was dropped (the rest of the push cannot apply). */
  private onBookResult(result: BookApplyResult, isSnapshot: boolean, ts: number): boolean {
    switch (result) {
      case 'ok':
        this.bookProofs += 1;
        this.isBookDirty = true;
        this.touch('book', ts);
        if (!isSnapshot) {
          this.tally.bookUpdates += 1;
          // An update proven on top of a snapshot: the resync worked, the next failure starts without delay.
          this.failedResyncs = 0;
        }
        return true;
      case 'awaiting-snapshot':
        // Only read the clock off the hot path: on an update that cannot apply, never on a live book's.
        if (
          !isSnapshot &&
          this.isAwaitingSnapshot &&
          this.resyncTimer === null &&
          this.hooks.now() - this.snapshotAskedAt >= SNAPSHOT_WAIT_MS
        )
          this.askSnapshotAgain();
        return true;
      case 'stale':
        return true;
      case 'gap':
        this.tally.gaps += 1;
        break;
      case 'checksum-mismatch':
        this.tally.checksumMismatches += 1;
        break;
      case 'rejected':
        this.tally.dropped += 1;
        break;
    }
    this.resync();
    return false;
  }

  /** Hides the book and asks for a fresh snapshot (contract: resubscribe), at once the first time, then backing off. */
  private resync(): void {
    // The book has already dropped its levels (OrderBook never keeps a book it cannot prove).
    this.isBookDirty = true;
    this.isCountersDirty = true;
    if (this.isAwaitingSnapshot) return;
    this.isAwaitingSnapshot = true;
    this.tally.resyncs += 1;
    this.failedResyncs += 1;
    if (this.failedResyncs <= 1) {
      this.snapshotAskedAt = this.hooks.now();
      this.hooks.stream.resubscribe(this.booksArg);
      return;
    }
    const delay = Math.min(RESYNC_DELAY_MS * 2 ** (this.failedResyncs - 2), MAX_RESYNC_DELAY_MS);
    this.clearResyncTimer();
    this.resyncTimer = this.hooks.setTimeout(() => {
      this.resyncTimer = null;
      if (this.isClosed || !this.isAwaitingSnapshot) return;
      this.snapshotAskedAt = this.hooks.now();
      this.hooks.stream.resubscribe(this.booksArg);
    }, delay);
  }

  /** Resubscribes `books` for a fresh snapshot outside the resync back-off (liveness, a lost snapshot); counted. */
  private askSnapshotAgain(): void {
    this.isAwaitingSnapshot = true;
    this.snapshotAskedAt = this.hooks.now();
    this.tally.resyncs += 1;
    this.isCountersDirty = true;
    this.hooks.stream.resubscribe(this.booksArg);
  }

  private clearResyncTimer(): void {
    if (this.resyncTimer === null) return;
    this.hooks.clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
  }

  private readonly onTicker = (push: ChannelPush): void => {
    if (this.isClosed) return;
    this.tally.messages += 1;
    const ticker =
      push.data.length > 0 ? readTicker(push.data[push.data.length - 1], this.target.symbol, this.isFutures) : null;
    if (!ticker) {
      this.tally.dropped += 1;
      this.isCountersDirty = true;
      this.hooks.changed();
      return;
    }
    this.ticker = ticker;
    this.isTickerDirty = true;
    this.touch('ticker', push.ts);
    this.hooks.pacedPartCame('ticker');
  };

  private readonly onTrades = (push: ChannelPush): void => {
    if (this.isClosed) return;
    this.tally.messages += 1;
    if (push.action === 'snapshot') {
      this.trades.clear();
      this.isTradesReset = true;
      this.newTrades = 0;
    }
    const rows = push.data;
    let dropped = 0;
    // Rows come newest first; the ring takes them oldest first.
    for (let i = rows.length - 1; i >= 0; i -= 1) {
      const trade = readTrade(rows[i]);
      if (!trade) dropped += 1;
      else if (this.trades.push(trade)) this.newTrades += 1;
    }
    if (dropped > 0) {
      this.tally.dropped += dropped;
      this.isCountersDirty = true;
    }
    if (dropped < rows.length) this.touch('trades', push.ts);
    this.hooks.changed();
  };

  private readonly onCandles = (push: ChannelPush): void => {
    if (this.isClosed || push.arg.channel !== this.candleChannel) return;
    this.tally.messages += 1;
    const dropped = this.candles.apply(push.action, push.data);
    if (dropped > 0) {
      this.tally.dropped += dropped;
      this.isCountersDirty = true;
    }
    if (dropped < push.data.length) {
      this.touch('candles', push.ts);
      this.hooks.pacedPartCame('candles');
    } else this.hooks.changed();
  };
}
