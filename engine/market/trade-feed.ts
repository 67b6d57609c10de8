/**
 * The trading screen's market feed for one instrument (market-data contract, WebSocket and "Order book
 * maintenance"): it subscribes `ticker`, `books`, `trade` and the chosen candle channel on a shared stream and turns
 * what it keeps into display-ready {@link TradeFrame}s, at most one per animation frame, each part null when
 * unchanged. Book keeping is {@link FeedState}, frame building {@link FrameBuilder}, pacing {@link FeedPacer}; this
 * class joins them and the painters. Stream, clocks and timers are injected, so the same class runs in the market
 * worker, on the main thread (benchmark switch), and in Node tests.
 */
import type { DepthView } from './book-depth';
import { FeedState, type FeedStream } from './feed-state';
import { FrameBuilder } from './frame-builder';
import { FeedPacer, isThenable } from './page-pacing';
import { checkFeedMeta, checkFeedTarget, checkFeedView, type FeedMeta, type TradeFeedMeta } from './trade-feed-input';
import type { BookView, FeedCounters, TradeFeedTarget, TradeFeedView, TradeFrame, TradeRowView } from './trade-frame';

/** The feed's surroundings: the stream, the clocks, where frames go, and timers for pacing and the resync back-off. */
export interface TradeFeedDeps {
  stream: FeedStream;
  /** Runs a callback on the next animation frame (see `frameClock`). */
  requestFrame(callback: () => void): unknown;
  /**
   * Receives each frame. When it returns a promise (a Comlink call to the page), the next frame may wait for it, so a
   * busy page is never sent a queue of frames: changes keep merging into the one that follows.
   */
  emit(frame: TradeFrame): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on any steady clock, for pacing what the page receives. */
  now(): number;
}

/**
 * Paints each new book straight from the feed (the market worker's OffscreenCanvas), frame by frame and never held
 * back by a busy page; `latestTs` is the newest stream time the book reflects, or 0 when no message moved it since
 * the last paint (a new grouping, for example).
 */
export type BookPainter = (book: BookView, latestTs: number) => void;

/** Paints the tape the same way: each new trades part (a reset, or new rows for the top), newest first. */
export type TapePainter = (trades: { reset: boolean; rows: TradeRowView[] }, latestTs: number) => void;

/**
 * Receives the book's cumulative depth (the depth chart) at most once per animation frame while the book moves. When
 * it returns a promise (the page's answer), the next depth waits for it, so a busy page is never sent a queue.
 */
export type DepthSink = (depth: DepthView) => unknown;

/** Tuning of a feed. */
export interface TradeFeedOptions {
  /** Trades kept on the tape (default 50, what the stream's first push sends). */
  tradeRows?: number;
}

/** Trades kept on the tape unless told otherwise. */
export const DEFAULT_TRADE_ROWS = 50;
/** Most trades a tape may keep. */
export const MAX_TRADE_ROWS = 500;

/**
 * One trading screen's feed (market-data contract): owns its subscriptions and market state and emits
 * {@link TradeFrame}s through the injected frame clock. Call {@link TradeFeed.close} when the screen goes away.
 */
export class TradeFeed {
  readonly target: TradeFeedTarget;
  private readonly meta: FeedMeta;
  private readonly state: FeedState;
  private readonly frames: FrameBuilder;
  private readonly pacing: FeedPacer;
  private view: TradeFeedView;
  // Painters, and what the page has yet to get while they draw (its copies, paced).
  private bookPainter: BookPainter | null = null;
  private tapePainter: TapePainter | null = null;
  /** The data time of the book and the tape when their painters last drew them. */
  private paintedBookTs = 0;
  private paintedTapeTs = 0;
  private pageBook: BookView | null = null;
  private lastPageBook: BookView | null = null;
  private isPageTapeDirty = false;
  // The depth chart's sink, whether the book moved since it last got the depth, and whether it owes an answer.
  private depthSink: DepthSink | null = null;
  private isDepthDirty = false;
  private isDepthAwaited = false;
  private isClosed = false;

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
    this.frames = new FrameBuilder(this.meta, this.view);
    this.pacing = new FeedPacer(deps, this.flush, () => !this.isClosed && this.sendPageFrame());
    this.state = new FeedState(this.target, tradeRows, this.view.candleChannel, {
      stream: deps.stream,
      setTimeout: deps.setTimeout,
      clearTimeout: deps.clearTimeout,
      now: () => deps.now(),
      changed: () => this.stateChanged(),
      pacedPartCame: (part) => this.pacing.pacedPartCame(part, this.isPaintedHere()),
    });
    this.pacing.schedule();
  }

  /** A copy of the counters (the frames carry them too). */
  counters(): FeedCounters {
    return { ...this.state.tally };
  }

  /** Changes grouping, depth, language or chart interval; switching the interval resubscribes only the candle channel. */
  setView(value: TradeFeedView): void {
    if (this.isClosed) return;
    const view = checkFeedView(value, this.meta);
    const previous = this.view;
    const { state } = this;
    this.view = view;
    if (view.intl !== previous.intl) {
      this.frames.setLanguage(view.intl);
      // Every figure on screen is in the old language: send the tape whole, and the rest is compared anew.
      state.isTradesReset = true;
      state.isTickerDirty = state.ticker !== null;
      this.pacing.urgeTicker();
      state.isBookDirty = true;
      this.isDepthDirty = true;
    }
    if (view.groupStep !== previous.groupStep || view.depthRows !== previous.depthRows) {
      this.frames.setGrouping(view.groupStep, view.depthRows);
      state.isBookDirty = true;
    }
    state.setCandleChannel(view.candleChannel);
    this.pacing.schedule();
  }

  /**
   * Hands the book to a painter (or takes it back with null): from the next frame the painter gets every new book,
   * and the page's frames carry it only as its copy's pacing allows (`PAGE_BOOK_MS`).
   */
  setBookPainter(painter: BookPainter | null): void {
    if (this.isClosed) return;
    this.bookPainter = painter;
    this.frames.forgetBook();
    this.pageBook = null;
    this.lastPageBook = null;
    this.pacing.resetBookCopies();
    this.state.isBookDirty = true;
    this.pacing.schedule();
  }

  /** Hands the tape to a painter (or takes it back with null), as {@link setBookPainter} does the book. */
  setTapePainter(painter: TapePainter | null): void {
    if (this.isClosed) return;
    this.tapePainter = painter;
    this.pacing.resetTapeCopies();
    this.isPageTapeDirty = false;
    this.state.isTradesReset = true;
    this.pacing.schedule();
  }

  /**
   * Hands the book's cumulative depth to a sink (or stops with null): it gets the depth at once and then at most once
   * per animation frame in which the book moved, each after the sink's answer to the last one.
   */
  setDepthSink(sink: DepthSink | null): void {
    if (this.isClosed) return;
    this.depthSink = sink;
    this.isDepthAwaited = false;
    this.isDepthDirty = sink !== null;
    if (sink !== null) this.pacing.schedule();
  }

  /** Unsubscribes everything and sends no more frames; safe to call twice. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.pacing.cancel();
    this.state.close();
  }

  /** Whether both the book and the tape are painted here, so the page's frames carry only paced parts. */
  private isPaintedHere(): boolean {
    return this.bookPainter !== null && this.tapePainter !== null;
  }

  /** Something in the market state changed: a flush is due, and a new depth when the book moved. */
  private stateChanged(): void {
    // The hook may run while the state is still being built (a stream that answers a subscription at once).
    if (this.state === undefined || this.state.isBookDirty) this.isDepthDirty = true;
    this.pacing.schedule();
  }

  private readonly flush = (): void => {
    if (this.isClosed) return;
    this.paintPanels();
    this.sendDepth();
    if (this.pacing.isFlushSending()) this.sendPageFrame();
  };

  /** The painters never wait for the page. */
  private paintPanels(): void {
    const { state } = this;
    if (this.bookPainter !== null && state.isBookDirty) {
      const painted = this.bookPart();
      if (painted !== null) {
        const ts = state.dataTs.book > this.paintedBookTs ? state.dataTs.book : 0;
        this.paintedBookTs = state.dataTs.book;
        this.bookPainter(painted, ts);
        this.pageBook = painted;
      }
    }
    if (this.tapePainter !== null && (state.isTradesReset || state.newTrades > 0)) {
      const ts = state.dataTs.trades > this.paintedTapeTs ? state.dataTs.trades : 0;
      this.paintedTapeTs = state.dataTs.trades;
      this.tapePainter(this.tradesPart(), ts);
      this.isPageTapeDirty = true;
    }
  }

  /** Gives the depth sink the book's depth when it moved and the sink is not still answering the last one. */
  private sendDepth(): void {
    const sink = this.depthSink;
    if (sink === null || !this.isDepthDirty || this.isDepthAwaited) return;
    this.isDepthDirty = false;
    const answer = sink(this.frames.depth(this.state.book));
    if (!isThenable(answer)) return;
    this.isDepthAwaited = true;
    const answered = () => {
      // A sink replaced or taken away meanwhile owes nothing.
      if (this.depthSink !== sink || this.isClosed) return;
      this.isDepthAwaited = false;
      if (this.isDepthDirty) this.pacing.schedule();
    };
    answer.then(answered, answered);
  }

  /** Sends the page what is due; true when a frame went. */
  private sendPageFrame(): boolean {
    const { state, pacing, frames } = this;
    const isPaintedHere = this.isPaintedHere();
    if (!pacing.mayEmit(isPaintedHere)) return false;
    // With the panels painted here, a due live bar rides a ticker frame (CANDLE_RIDE_MS), taking a nearly due one along.
    const isCandleWaiting =
      isPaintedHere && state.candles.hasNews && !state.candles.isResetPending && pacing.isCandleDue();
    const ticker = state.isTickerDirty && pacing.admitTicker(isCandleWaiting) ? this.tickerPart() : null;
    // A ticker frame goes to the page anyway: the painted panels' copies, due within a ticker interval, go with it.
    const early = pacing.copyEarlyMs(ticker !== null);
    const book = this.bookPainter !== null ? this.takePageBook(early) : state.isBookDirty ? this.bookPart() : null;
    const trades =
      this.tapePainter !== null
        ? this.takePageTape(early)
        : state.isTradesReset || state.newTrades > 0
          ? this.tradesPart()
          : null;
    const candles =
      state.candles.hasNews &&
      pacing.admitCandles(state.candles.isResetPending, isPaintedHere ? { hasTicker: ticker !== null } : undefined)
        ? state.candles.take()
        : null;
    pacing.weighed();
    const hasNews = book !== null || trades !== null || ticker !== null || candles !== null;
    if (!hasNews && !state.isConnectionDirty && !state.isCountersDirty) return false;
    state.isBookDirty = false;
    state.isConnectionDirty = false;
    state.isCountersDirty = false;
    state.tally.frames += 1;
    const { dataTs } = state;
    const frame: TradeFrame = {
      n: state.tally.frames,
      connection: state.connection,
      book,
      trades,
      ticker,
      candles,
      // The copies of painted panels are the page's accessible text, never painted: their painters are timed instead.
      latestTs: Math.max(
        book !== null && this.bookPainter === null ? frames.sent('book', dataTs.book) : 0,
        trades !== null && this.tapePainter === null ? frames.sent('trades', dataTs.trades) : 0,
        ticker !== null ? frames.sent('ticker', dataTs.ticker) : 0,
        candles !== null ? frames.sent('candles', dataTs.candles) : 0,
      ),
      counters: { ...state.tally },
      ack: !isPaintedHere,
    };
    pacing.emitted(this.deps.emit(frame));
    return true;
  }

  /** The painted book the page has not had yet, when its copy is due; else null (its pacer wakes the feed for it). */
  private takePageBook(earlyMs: number): BookView | null {
    const pending = this.pageBook;
    if (pending === null) return null;
    if (!this.pacing.admitBookCopy(pending, this.lastPageBook, earlyMs)) return null;
    this.pageBook = null;
    this.lastPageBook = pending;
    return pending;
  }

  /** The whole tape for the page, when a painter draws it and the page is due a copy; else null. */
  private takePageTape(earlyMs: number): { reset: boolean; rows: TradeRowView[] } | null {
    if (!this.isPageTapeDirty || !this.pacing.admitTapeCopy(earlyMs)) return null;
    this.isPageTapeDirty = false;
    return { reset: true, rows: this.frames.tradeRows(this.state.trades, this.state.trades.length) };
  }

  private bookPart(): BookView | null {
    this.state.isBookDirty = false;
    return this.frames.book(this.state.book);
  }

  private tradesPart(): { reset: boolean; rows: TradeRowView[] } {
    const { state } = this;
    const isReset = state.isTradesReset || state.newTrades >= state.trades.length;
    const count = isReset ? state.trades.length : state.newTrades;
    state.isTradesReset = false;
    state.newTrades = 0;
    return { reset: isReset, rows: this.frames.tradeRows(state.trades, count) };
  }

  private tickerPart() {
    this.state.isTickerDirty = false;
    this.pacing.tickerTaken();
    return this.frames.ticker(this.state.ticker);
  }
}
