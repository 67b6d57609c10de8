/**
 * The trading screen's market feed for one instrument (market-data contract, WebSocket and "Order book
 * maintenance"): it subscribes `ticker`, `books`, `trade` and the chosen candle channel on a shared stream, keeps the
 * order book, the trades tape, the ticker and the K-lines, and turns them into display-ready {@link TradeFrame}s, at
 * most one per animation frame, each part null when unchanged. A book that failed its `seq` or checksum proof is
 * hidden (`resyncing`) and subscribed again for a fresh snapshot; a malformed push is counted and dropped.
 * Stream, frame clock and timers are injected, so the same class runs in the market worker, on the main thread
 * (benchmark switch), and in Node tests.
 */
import { decimalSign } from '../format/decimal-string';
import { CandleSeries } from './candle-series';
import { createFeedFormat, type FeedFormat } from './feed-format';
import { createFrameScheduler, type FrameScheduler } from './frame-scheduler';
import { PartPacer } from './part-pacer';
import { type BookApplyResult, OrderBook } from './order-book';
import { type GroupedLevel, groupBook } from './price-grouping';
import { readTicker, readTrade, type StreamTicker } from './stream-rows';
import { checkFeedMeta, checkFeedTarget, checkFeedView, type FeedMeta, type TradeFeedMeta } from './trade-feed-input';
import type {
  BookRowView,
  BookView,
  FeedConnection,
  FeedCounters,
  TickerView,
  TradeFeedTarget,
  TradeFeedView,
  TradeFrame,
  TradeRowView,
} from './trade-frame';
import { TradesRing } from './trades-ring';
import type { ChannelArg, ChannelPush, SessionState } from './ws-session';

/** What a feed needs of the shared stream; {@link MarketSession} is one. */
export interface FeedStream {
  readonly state: SessionState;
  subscribe(arg: ChannelArg, listener: (push: ChannelPush) => void): () => void;
  resubscribe(arg: ChannelArg): void;
  onState(listener: (state: SessionState) => void): () => void;
}

/** The feed's surroundings: the stream, the frame clock, where frames go, and timers for the resync back-off. */
export interface TradeFeedDeps {
  stream: FeedStream;
  /** Runs a callback on the next animation frame (see `frameClock`). */
  requestFrame(callback: () => void): unknown;
  /**
   * Receives each frame. When it returns a promise (a Comlink call to the page), the next frame waits for it, so a
   * busy page is never sent a queue of frames: changes keep merging into the one that follows.
   */
  emit(frame: TradeFrame): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on any steady clock (default `Date.now`), for pacing the book the page receives under a painter. */
  now?(): number;
}

/** The parts of the stream a feed times on their own (see `TradeFeed.dataTs`). */
type FeedPartName = 'book' | 'trades' | 'ticker' | 'candles';

/**
 * Paints each new book straight from the feed (the market worker's OffscreenCanvas), frame by frame and never held
 * back by a busy page; `latestTs` is the newest stream time the book reflects, or 0 when no message moved it since
 * the last paint (a new grouping, for example).
 */
export type BookPainter = (book: BookView, latestTs: number) => void;

/** Paints the tape the same way: each new trades part (a reset, or new rows for the top), newest first. */
export type TapePainter = (trades: { reset: boolean; rows: TradeRowView[] }, latestTs: number) => void;

/**
 * While a painter draws the book or the tape, the page still gets it (an accessible table, and the tests' view),
 * but at most this often; the book at once when it starts or stops being shown or changes its grouping. The copies
 * are words for a listener, who takes longer than two seconds to hear a few rows read out; each refresh lays out
 * every row again, however hidden, and halving the rate to this cut the trading page's busy time by a tenth.
 */
export const PAGE_BOOK_MS = 2000;

/**
 * The chart's live bar goes to the page at most this often (a new history at once): drawing the chart is the
 * page's costliest work (a redraw of every pane). The stream pushes the minute candle about once a second; the
 * interval is shorter than that, so each push goes with its own message rather than on the interval's beat with
 * the last one, while two pushes close together (a minute's turn) make one redraw.
 */
export const PAGE_CANDLES_MS = 750;

/**
 * The ticker's figures go to the page at most this often (the first at once, and a new language at once): they
 * are text to read, each change a render, layout and paint of the header on the page (and, through the marks that go
 * with them, of the positions' figures), and twice a second is as often as anyone reads a price in a header, while
 * the book and the tape, painted by the market worker, show every tick. A due ticker goes with the next push (ten a
 * second from the stream), so the page gets about one push in five, each as it comes.
 */
export const PAGE_TICKER_MS = 500;

/**
 * How long after its interval a due part waits for a fresh message before it goes as the last one left it. The
 * book's frames pass the interval's end at frame rate: without this wait the ticker went on the interval's beat,
 * up to one push (100 ms) old.
 */
export const PACE_GRACE_MS = 100;

/**
 * How early a paced part may go: a frame and a little more. The interval is measured from the frame that sent the
 * last part, up to a frame after its message came, so a push on the interval's beat would otherwise be held.
 */
export const PACE_SLACK_MS = 20;

/**
 * How early the painted panels' copies for the page (the book's and the tape's accessible text) may go when a ticker
 * frame goes to the page anyway: half a ticker interval, so they ride every fourth ticker frame (every two seconds,
 * as PAGE_BOOK_MS has it) and the page lays out no frame for them alone. The chart's live bar is not held for this: it
 * is painted, and stays fresh.
 */
export const PAGE_ALIGN_MS = PAGE_TICKER_MS / 2;

/** Whether a book change must reach the page at once: the book starts or stops being shown, or changes grouping. */
export function isBookChangeUrgent(next: BookView | null, shown: BookView | null): boolean {
  return next === null || shown === null || next.status !== shown.status || next.step !== shown.step;
}

/** Tuning of a feed. */
export interface TradeFeedOptions {
  /** Trades kept on the tape (default 50, what the stream's first push sends). */
  tradeRows?: number;
}

/** Trades kept on the tape unless told otherwise. */
export const DEFAULT_TRADE_ROWS = 50;
/** Most trades a tape may keep. */
export const MAX_TRADE_ROWS = 500;
/** Delay before the second resubscribe in a row; it doubles up to {@link MAX_RESYNC_DELAY_MS}. */
const RESYNC_DELAY_MS = 250;
const MAX_RESYNC_DELAY_MS = 8000;

const CONNECTION: Record<SessionState, FeedConnection> = {
  connecting: 'connecting',
  open: 'live',
  reconnecting: 'reconnecting',
  closed: 'offline',
};

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function sameRows(a: readonly BookRowView[], b: readonly BookRowView[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i];
    const y = b[i];
    if (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2] || x[3] !== y[3]) return false;
  }
  return true;
}

function sameBook(a: BookView, b: BookView | null): boolean {
  return (
    b !== null &&
    a.status === b.status &&
    a.spread === b.spread &&
    a.step === b.step &&
    sameRows(a.bids, b.bids) &&
    sameRows(a.asks, b.asks)
  );
}

function sameTicker(a: TickerView, b: TickerView | null): boolean {
  if (b === null) return false;
  for (const key of Object.keys(a) as (keyof TickerView)[]) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * One trading screen's feed (market-data contract): owns its subscriptions and market state and emits
 * {@link TradeFrame}s through the injected frame clock. Call {@link TradeFeed.close} when the screen goes away.
 */
export class TradeFeed {
  readonly target: TradeFeedTarget;
  private readonly meta: FeedMeta;
  private readonly isFutures: boolean;
  private readonly tickStep: string;
  private readonly args: { ticker: ChannelArg; books: ChannelArg; trade: ChannelArg };
  private readonly book = new OrderBook();
  private readonly trades: TradesRing;
  private readonly candles: CandleSeries;
  private readonly scheduler: FrameScheduler;
  private readonly unsubscribes: (() => void)[] = [];
  private readonly stopState: () => void;
  private view: TradeFeedView;
  private format: FeedFormat;
  private step: string;
  private ticker: StreamTicker | null = null;
  private unsubscribeCandles: (() => void) | null = null;
  private connection: FeedConnection = 'connecting';
  private hasBeenOpen = false;
  // What changed since the last frame.
  private isConnectionDirty = true;
  private isBookDirty = true;
  private isTickerDirty = false;
  private isTradesReset = false;
  private newTrades = 0;
  private isCountersDirty = false;
  /**
   * Each part's newest stream time: the `ts` of the newest message its state reflects, and what it was when the
   * page last had that part. A frame's `latestTs` is the newest among the parts it carries that the stream moved
   * on since (a part held back by its pacer is not in the frame, so its messages do not time the frame).
   */
  private readonly dataTs = { book: 0, trades: 0, ticker: 0, candles: 0 };
  private readonly sentTs = { book: 0, trades: 0, ticker: 0, candles: 0 };
  /** Paced parts whose message came since the last frame was weighed: a due part goes with its message, fresh. */
  private readonly isFresh = { ticker: false, candles: false };
  private lastBook: BookView | null = null;
  private lastTicker: TickerView | null = null;
  // Painters, and what the page has yet to get while they draw (paced by PAGE_BOOK_MS).
  private bookPainter: BookPainter | null = null;
  private tapePainter: TapePainter | null = null;
  /** The data time of the book and the tape when their painters last drew them. */
  private paintedBookTs = 0;
  private paintedTapeTs = 0;
  private pageBook: BookView | null = null;
  private lastPageBook: BookView | null = null;
  private isPageTapeDirty = false;
  private readonly bookPacer: PartPacer;
  private readonly tapePacer: PartPacer;
  private readonly candlePacer: PartPacer;
  private readonly tickerPacer: PartPacer;
  /** True until the page has had a ticker (and again after a language change): the next one goes at once. */
  private isTickerUrgent = true;
  // Book resync: one resubscribe at a time, backing off when snapshots keep failing.
  private isAwaitingSnapshot = false;
  private failedResyncs = 0;
  private resyncTimer: unknown = null;
  // Frame delivery.
  private isInFlight = false;
  private isFlushWanted = false;
  /** A frame went to the page since the last flush (from a paced part's own message); the flush sends none. */
  private hasSentSinceFlush = false;
  /** The zero timeout that sends a paced part from its message (see `sendPacedPart`). */
  private soonTimer: unknown = null;
  private isClosed = false;
  private readonly tally: Required<FeedCounters> = {
    messages: 0,
    bookUpdates: 0,
    gaps: 0,
    checksumMismatches: 0,
    resyncs: 0,
    reconnects: 0,
    dropped: 0,
    frames: 0,
  };

  constructor(
    target: TradeFeedTarget,
    view: TradeFeedView,
    meta: TradeFeedMeta,
    private readonly deps: TradeFeedDeps,
    options: TradeFeedOptions = {},
  ) {
    this.target = checkFeedTarget(target);
    this.meta = checkFeedMeta(meta);
    this.view = checkFeedView(view, this.meta);
    const tradeRows = options.tradeRows ?? DEFAULT_TRADE_ROWS;
    if (!Number.isInteger(tradeRows) || tradeRows < 1 || tradeRows > MAX_TRADE_ROWS) {
      throw new TypeError(`tradeRows must be a whole number from 1 to ${MAX_TRADE_ROWS}, got ${String(tradeRows)}`);
    }
    this.trades = new TradesRing(tradeRows);
    this.isFutures = this.target.instType !== 'SPOT';
    this.tickStep = this.meta.priceStep;
    this.step = this.view.groupStep ?? this.tickStep;
    this.format = createFeedFormat(this.view.intl, this.meta.pricePlace, this.meta.volumePlace);
    this.candles = new CandleSeries(this.view.candleChannel ?? '');
    const { instType, symbol: instId } = this.target;
    this.args = {
      ticker: { instType, channel: 'ticker', instId },
      books: { instType, channel: 'books', instId },
      trade: { instType, channel: 'trade', instId },
    };
    this.scheduler = createFrameScheduler(deps.requestFrame, this.flush);
    const clock = { now: deps.now ?? Date.now, setTimeout: deps.setTimeout, clearTimeout: deps.clearTimeout };
    const wake = () => this.scheduler.schedule();
    // Paced parts leave with the first message after their interval (fresh data, the shortest update-to-paint);
    // a wake-up PACE_GRACE_MS later sends a held part only when the stream has gone quiet.
    this.bookPacer = new PartPacer(PAGE_BOOK_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.tapePacer = new PartPacer(PAGE_BOOK_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.candlePacer = new PartPacer(PAGE_CANDLES_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.tickerPacer = new PartPacer(PAGE_TICKER_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.stopState = deps.stream.onState(this.onState);
    this.unsubscribes.push(
      deps.stream.subscribe(this.args.ticker, this.onTicker),
      deps.stream.subscribe(this.args.books, this.onBooks),
      deps.stream.subscribe(this.args.trade, this.onTrades),
    );
    if (this.view.candleChannel)
      this.unsubscribeCandles = deps.stream.subscribe(this.candleArg(this.view.candleChannel), this.onCandles);
    this.connection = CONNECTION[deps.stream.state];
    this.hasBeenOpen = deps.stream.state === 'open';
    this.scheduler.schedule();
  }

  /** A copy of the counters (the frames carry them too). */
  counters(): FeedCounters {
    return { ...this.tally };
  }

  /** Changes grouping, depth, language or chart interval; switching the interval resubscribes only the candle channel. */
  setView(value: TradeFeedView): void {
    if (this.isClosed) return;
    const view = checkFeedView(value, this.meta);
    const previous = this.view;
    this.view = view;
    if (view.intl !== previous.intl) {
      this.format = createFeedFormat(view.intl, this.meta.pricePlace, this.meta.volumePlace);
      // Every figure on screen is in the old language: send the tape whole, and the rest is compared anew.
      this.isTradesReset = true;
      this.isTickerDirty = this.ticker !== null;
      this.isTickerUrgent = true;
      this.isBookDirty = true;
    }
    if (view.groupStep !== previous.groupStep || view.depthRows !== previous.depthRows) {
      this.step = view.groupStep ?? this.tickStep;
      this.isBookDirty = true;
    }
    if (view.candleChannel !== previous.candleChannel) {
      this.unsubscribeCandles?.();
      this.unsubscribeCandles = null;
      this.candles.reset(view.candleChannel ?? '');
      if (view.candleChannel)
        this.unsubscribeCandles = this.deps.stream.subscribe(this.candleArg(view.candleChannel), this.onCandles);
    }
    this.scheduler.schedule();
  }

  /**
   * Hands the book to a painter (or takes it back with null): from the next frame the painter gets every new book,
   * and the page's frames carry it only as {@link PAGE_BOOK_MS} allows.
   */
  setBookPainter(painter: BookPainter | null): void {
    if (this.isClosed) return;
    this.bookPainter = painter;
    this.lastBook = null;
    this.pageBook = null;
    this.lastPageBook = null;
    this.bookPacer.reset();
    this.isBookDirty = true;
    this.scheduler.schedule();
  }

  /** Hands the tape to a painter (or takes it back with null), as {@link setBookPainter} does the book. */
  setTapePainter(painter: TapePainter | null): void {
    if (this.isClosed) return;
    this.tapePainter = painter;
    this.tapePacer.reset();
    this.isPageTapeDirty = false;
    this.isTradesReset = true;
    this.scheduler.schedule();
  }

  /** Unsubscribes everything and sends no more frames; safe to call twice. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.scheduler.cancel();
    this.clearResyncTimer();
    if (this.soonTimer !== null) this.deps.clearTimeout(this.soonTimer);
    this.soonTimer = null;
    this.bookPacer.cancel();
    this.tapePacer.cancel();
    this.candlePacer.cancel();
    this.tickerPacer.cancel();
    this.stopState();
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes.length = 0;
    this.unsubscribeCandles?.();
    this.unsubscribeCandles = null;
  }

  private candleArg(channel: string): ChannelArg {
    return { instType: this.target.instType, channel, instId: this.target.symbol };
  }

  /** Records that `part`'s state now reflects a message of stream time `ts`. */
  private touch(part: FeedPartName, ts: number): void {
    if (ts > this.dataTs[part]) this.dataTs[part] = ts;
  }

  /** The stream time `part` brings to a frame that carries it at data time `ts`: 0 when the page already had it. */
  private sent(part: FeedPartName, ts: number): number {
    if (ts <= this.sentTs[part]) return 0;
    this.sentTs[part] = ts;
    return ts;
  }

  private readonly onState = (state: SessionState): void => {
    if (this.isClosed) return;
    if (state === 'open') {
      if (this.hasBeenOpen) {
        this.tally.reconnects += 1;
        this.isCountersDirty = true;
      }
      this.hasBeenOpen = true;
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
    const connection = CONNECTION[state];
    if (connection !== this.connection) {
      this.connection = connection;
      this.isConnectionDirty = true;
    }
    this.scheduler.schedule();
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
    }
    this.scheduler.schedule();
  };

  /** Acts on one book result; false when the book was dropped (the rest of the push cannot apply). */
  private onBookResult(result: BookApplyResult, isSnapshot: boolean, ts: number): boolean {
    switch (result) {
      case 'ok':
        this.isBookDirty = true;
        this.touch('book', ts);
        if (!isSnapshot) {
          this.tally.bookUpdates += 1;
          // An update proven on top of a snapshot: the resync worked, the next failure starts without delay.
          this.failedResyncs = 0;
        }
        return true;
      case 'stale':
      case 'awaiting-snapshot':
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
      this.deps.stream.resubscribe(this.args.books);
      return;
    }
    const delay = Math.min(RESYNC_DELAY_MS * 2 ** (this.failedResyncs - 2), MAX_RESYNC_DELAY_MS);
    this.clearResyncTimer();
    this.resyncTimer = this.deps.setTimeout(() => {
      this.resyncTimer = null;
      if (!this.isClosed && this.isAwaitingSnapshot) this.deps.stream.resubscribe(this.args.books);
    }, delay);
  }

  private clearResyncTimer(): void {
    if (this.resyncTimer === null) return;
    this.deps.clearTimeout(this.resyncTimer);
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
      this.scheduler.schedule();
      return;
    }
    this.ticker = ticker;
    this.isTickerDirty = true;
    this.touch('ticker', push.ts);
    this.isFresh.ticker = true;
    this.sendPacedPart();
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
    this.scheduler.schedule();
  };

  private readonly onCandles = (push: ChannelPush): void => {
    if (this.isClosed || push.arg.channel !== this.view.candleChannel) return;
    this.tally.messages += 1;
    const dropped = this.candles.apply(push.action, push.data);
    if (dropped > 0) {
      this.tally.dropped += dropped;
      this.isCountersDirty = true;
    }
    if (dropped < push.data.length) {
      this.touch('candles', push.ts);
      this.isFresh.candles = true;
      this.sendPacedPart();
    } else this.scheduler.schedule();
  };

  /**
   * A ticker or candle push once the worker paints the book and the tape: the page's frames are then only these
   * paced parts, so a due one goes to the page from its own message (after a zero timeout, so pushes that came
   * together make one frame) instead of waiting up to a frame for the next flush. That flush sends the page
   * nothing, so the page still gets at most one frame per animation frame.
   */
  private sendPacedPart(): void {
    if (this.bookPainter === null || this.tapePainter === null) {
      this.scheduler.schedule();
      return;
    }
    this.soonTimer ??= this.deps.setTimeout(() => {
      this.soonTimer = null;
      if (this.isClosed || !this.sendPageFrame()) return;
      this.hasSentSinceFlush = true;
      this.scheduler.schedule();
    }, 0);
  }

  private readonly flush = (): void => {
    if (this.isClosed) return;
    this.paintPanels();
    if (!this.hasSentSinceFlush) {
      this.sendPageFrame();
      return;
    }
    // A paced part went to the page since the last flush: anything else for it goes on the next frame.
    this.hasSentSinceFlush = false;
    this.scheduler.schedule();
  };

  /** The painters never wait for the page. */
  private paintPanels(): void {
    if (this.bookPainter !== null && this.isBookDirty) {
      const painted = this.bookPart();
      if (painted !== null) {
        const ts = this.dataTs.book > this.paintedBookTs ? this.dataTs.book : 0;
        this.paintedBookTs = this.dataTs.book;
        this.bookPainter(painted, ts);
        this.pageBook = painted;
      }
    }
    if (this.tapePainter !== null && (this.isTradesReset || this.newTrades > 0)) {
      const ts = this.dataTs.trades > this.paintedTapeTs ? this.dataTs.trades : 0;
      this.paintedTapeTs = this.dataTs.trades;
      this.tapePainter(this.tradesPart(), ts);
      this.isPageTapeDirty = true;
    }
  }

  /** Sends the page what is due; true when a frame went. */
  private sendPageFrame(): boolean {
    // A page still busy with the last frame gets no other while frames carry the book or the tape at frame rate.
    // With both painted here, its frames are few and paced: waiting for its answer only made their figures older.
    if (this.isInFlight && (this.bookPainter === null || this.tapePainter === null)) {
      this.isFlushWanted = true;
      return false;
    }
    const { isFresh } = this;
    const ticker =
      this.isTickerDirty && this.tickerPacer.admit({ isUrgent: this.isTickerUrgent, isFresh: isFresh.ticker })
        ? this.tickerPart()
        : null;
    // A ticker frame goes to the page anyway: the painted panels' copies, due within a ticker interval, go with it.
    const early = ticker !== null ? PAGE_ALIGN_MS : 0;
    const book = this.bookPainter !== null ? this.takePageBook(early) : this.isBookDirty ? this.bookPart() : null;
    const trades =
      this.tapePainter !== null
        ? this.takePageTape(early)
        : this.isTradesReset || this.newTrades > 0
          ? this.tradesPart()
          : null;
    const candles =
      this.candles.hasNews &&
      this.candlePacer.admit({ isUrgent: this.candles.isResetPending, isFresh: isFresh.candles })
        ? this.candles.take()
        : null;
    isFresh.ticker = false;
    isFresh.candles = false;
    const hasNews = book !== null || trades !== null || ticker !== null || candles !== null;
    if (!hasNews && !this.isConnectionDirty && !this.isCountersDirty) return false;
    this.isBookDirty = false;
    this.isConnectionDirty = false;
    this.isCountersDirty = false;
    this.tally.frames += 1;
    const frame: TradeFrame = {
      n: this.tally.frames,
      connection: this.connection,
      book,
      trades,
      ticker,
      candles,
      // The copies of painted panels are the page's accessible text, never painted: their painters are timed instead.
      latestTs: Math.max(
        book !== null && this.bookPainter === null ? this.sent('book', this.dataTs.book) : 0,
        trades !== null && this.tapePainter === null ? this.sent('trades', this.dataTs.trades) : 0,
        ticker !== null ? this.sent('ticker', this.dataTs.ticker) : 0,
        candles !== null ? this.sent('candles', this.dataTs.candles) : 0,
      ),
      counters: { ...this.tally },
    };
    const delivered = this.deps.emit(frame);
    if (!isThenable(delivered)) return true;
    this.isInFlight = true;
    const serial = this.tally.frames;
    const done = () => {
      // An answer to an older frame while a newer one is out does not end the wait.
      if (serial !== this.tally.frames) return;
      this.isInFlight = false;
      if (!this.isFlushWanted) return;
      this.isFlushWanted = false;
      this.scheduler.schedule();
    };
    delivered.then(done, done);
    return true;
  }

  /** The painted book the page has not had yet, when it is due (see {@link PAGE_BOOK_MS}); else null, with a timer for it. */
  private takePageBook(earlyMs: number): BookView | null {
    const pending = this.pageBook;
    if (pending === null) return null;
    if (!this.bookPacer.admit({ isUrgent: isBookChangeUrgent(pending, this.lastPageBook), earlyMs })) return null;
    this.pageBook = null;
    this.lastPageBook = pending;
    return pending;
  }

  /** The whole tape for the page, when a painter draws it and the page is due a copy; else null. */
  private takePageTape(earlyMs: number): { reset: boolean; rows: TradeRowView[] } | null {
    if (!this.isPageTapeDirty || !this.tapePacer.admit({ earlyMs })) return null;
    this.isPageTapeDirty = false;
    return { reset: true, rows: this.tradeRows(this.trades.length) };
  }

  private bookPart(): BookView | null {
    this.isBookDirty = false;
    let view: BookView = { status: 'resyncing', bids: [], asks: [], spread: '', step: this.step };
    if (this.book.isLive) {
      const grouped = groupBook(this.book.levels('bids'), this.book.levels('asks'), this.step, this.view.depthRows);
      const spread = this.book.spread();
      view = {
        status: 'live',
        bids: this.rows(grouped.bids),
        asks: this.rows(grouped.asks),
        spread: spread === null ? '' : this.format.price(spread),
        step: this.step,
      };
    }
    if (sameBook(view, this.lastBook)) return null;
    this.lastBook = view;
    return view;
  }

  private rows(levels: readonly GroupedLevel[]): BookRowView[] {
    const { format } = this;
    const rows: BookRowView[] = new Array(levels.length);
    for (let i = 0; i < levels.length; i += 1) {
      const level = levels[i];
      rows[i] = [format.price(level.price), format.size(level.size), format.size(level.total), level.share];
    }
    return rows;
  }

  private tradesPart(): { reset: boolean; rows: TradeRowView[] } {
    const isReset = this.isTradesReset || this.newTrades >= this.trades.length;
    const count = isReset ? this.trades.length : this.newTrades;
    this.isTradesReset = false;
    this.newTrades = 0;
    return { reset: isReset, rows: this.tradeRows(count) };
  }

  /** The newest `count` trades, formatted, newest first. */
  private tradeRows(count: number): TradeRowView[] {
    const rows: TradeRowView[] = new Array(count);
    const { format } = this;
    for (let i = 0; i < count; i += 1) {
      const trade = this.trades.at(i)!;
      rows[i] = {
        id: trade.id,
        price: format.price(trade.price),
        size: format.size(trade.size),
        time: format.time(trade.ts),
        side: trade.side,
      };
    }
    return rows;
  }

  private tickerPart(): TickerView | null {
    this.isTickerDirty = false;
    this.isTickerUrgent = false;
    const ticker = this.ticker;
    if (!ticker) return null;
    const { format } = this;
    const view: TickerView = {
      last: format.price(ticker.lastPr),
      lastRaw: ticker.lastPr,
      change24h: format.change(ticker.change24h),
      direction: decimalSign(ticker.change24h),
      high24h: format.price(ticker.high24h),
      low24h: format.price(ticker.low24h),
      volume24h: format.compact(ticker.baseVolume),
      turnover24h: format.compact(ticker.quoteVolume),
    };
    if (ticker.futures) {
      const { markPrice, indexPrice, fundingRate, nextFundingTime } = ticker.futures;
      view.markPrice = format.price(markPrice);
      view.markRaw = markPrice;
      view.indexPrice = format.price(indexPrice);
      view.fundingRate = format.funding(fundingRate);
      view.nextFundingTime = nextFundingTime;
    }
    if (sameTicker(view, this.lastTicker)) return null;
    this.lastTicker = view;
    return view;
  }
}
