/**
 * The one owner of the trading screen's pacing (ARCHITECTURE "at most one display-ready frame per animation frame";
 * README, trading screens): how often each part of a feed's frames reaches the page, when the marks go to the maths
 * worker, and when the page shows its accessible copies of the painted panels (their pacers, on the page's side, are
 * in `panel-copy-pacing.ts` and take their rules and intervals from here). The feed, the market worker and the page
 * ask this module; the clock and the timers are always passed in.
 */
import { createFrameScheduler, type FrameScheduler } from './frame-scheduler';
import { type PacerClock, PartPacer } from './part-pacer';
import type { BookView, TradeRowView } from './trade-frame';

/**
 * While a painter draws the book or the tape, the page still gets it (an accessible table, and the tests' view),
 * but at most this often; the book at once when it starts or stops being shown or changes its grouping. The copies
 * are words for a listener, who takes longer than two seconds to hear a few rows read out, and each refresh lays
 * out every row again, however hidden.
 */
export const PAGE_BOOK_MS = 2000;

/**
 * The chart's live bar goes to the page at most this often (a new history at once): drawing the chart is the
 * page's costliest work. Shorter than the stream's one push a second, so each push goes with its own message (a
 * longer interval would hold every other push back by up to a second), while two pushes close together make one
 * redraw: at most one live bar per push, about one a second.
 */
export const PAGE_CANDLES_MS = 750;

/**
 * The ticker's figures go to the page at most this often (the first at once, and a new language at once): each
 * change is a render, layout and paint of the header (and of the positions' figures, through the marks that go with
 * it), and twice a second is as often as anyone reads a price in a header; the painted panels show every tick.
 */
export const PAGE_TICKER_MS = 500;

/**
 * How long after its interval a due part waits for a fresh message before it goes as the last one left it, so a
 * part goes with its own push rather than on the beat of the book's frames, up to one push old.
 */
export const PACE_GRACE_MS = 100;

/**
 * How early a paced part may go: a frame and a little more, because the interval runs from the frame that sent the
 * last part, up to a frame after its message came.
 */
export const PACE_SLACK_MS = 20;

/**
 * How early the painted panels' copies may go when a ticker frame goes to the page anyway: half a ticker interval,
 * so they ride every fourth ticker frame and the page lays out no frame for them alone. A due live bar takes a
 * ticker along this early too ({@link CANDLE_RIDE_MS}).
 */
export const PAGE_ALIGN_MS = PAGE_TICKER_MS / 2;

/**
 * While the book and the tape are painted in the worker, the page's frames are only the paced parts, and each one
 * is a main-thread frame (style, layout, paint, commit) whatever it carries. So a due live bar rides a ticker frame:
 * it takes along a ticker due within {@link PAGE_ALIGN_MS}, or waits for the next one, and goes alone only when no
 * ticker frame came this long after it was due (a market whose figures stand still). The page then lays out one
 * frame for both, and draws the chart in it, instead of a frame for each.
 */
export const CANDLE_RIDE_MS = PAGE_TICKER_MS + PACE_GRACE_MS;

/**
 * Marks go to the maths worker at most this often, the newest per symbol (the first at once): each message is a
 * recompute of every position there and a rows delta to the page, for figures no one reads faster than a few times
 * a second.
 */
export const MARKS_EVERY_MS = 250;

/**
 * While a trading screen's ticker frames flow, its marks wait this long for the next one before they go on their
 * own: two ticker intervals, so a ticker frame that comes up to the grace after its interval still finds them.
 */
export const MARKS_FALLBACK_MS = 2 * PAGE_TICKER_MS;

/** Whether a book change must reach the page at once: the book starts or stops being shown, or changes grouping. */
export function isBookChangeUrgent(next: BookView | null, shown: BookView | null): boolean {
  return next === null || shown === null || next.status !== shown.status || next.step !== shown.step;
}

/** Whether the tape's copy must reach the page at once: the tape starts or empties. */
export function isTapeChangeUrgent(next: readonly TradeRowView[], shown: readonly TradeRowView[]): boolean {
  return (next.length === 0) !== (shown.length === 0);
}

/** Whether a sink's answer is a promise to wait for (a Comlink call, a port's answer) rather than a plain value. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The clocks a feed's pacing runs on: a steady clock and timers, and the animation-frame clock. */
export interface FeedPacingClock extends PacerClock {
  requestFrame(callback: () => void): unknown;
}

/**
 * The pacing of one feed's frames to the page: one flush per animation frame, the ticker, the live bar and the
 * painted panels' copies each at their interval, a page still busy with the last frame sent no queue, and a due
 * paced part sent from its own message once the panels are painted in the worker.
 */
export class FeedPacer {
  private readonly scheduler: FrameScheduler;
  private readonly book: PartPacer;
  private readonly tape: PartPacer;
  private readonly candles: PartPacer;
  private readonly ticker: PartPacer;
  /** True until the page has had a ticker (and again after a language change): the next one goes at once. */
  private isTickerUrgent = true;
  /** Paced parts whose message came since the last frame was weighed: a due part goes with its message, fresh. */
  private readonly isFresh = { ticker: false, candles: false };
  private isInFlight = false;
  private isFlushWanted = false;
  private frames = 0;
  /** A frame went to the page since the last flush (from a paced part's own message); the flush sends none. */
  private hasSentSinceFlush = false;
  private soonTimer: unknown = null;
  /** When the live bar held for a ticker frame became due, and the wake-up that sends it alone. */
  private candleDueAt: number | null = null;
  private candleRideTimer: unknown = null;

  /** `flush` runs once per animation frame after {@link schedule}; `send` sends what is due and says whether a frame went. */
  constructor(
    private readonly clock: FeedPacingClock,
    flush: () => void,
    private readonly send: () => boolean,
  ) {
    this.scheduler = createFrameScheduler(clock.requestFrame, flush);
    const wake = () => this.scheduler.schedule();
    // Paced parts leave with the first message after their interval (fresh data, the shortest update-to-paint); a
    // wake-up PACE_GRACE_MS later sends a held part only when the stream has gone quiet.
    this.book = new PartPacer(PAGE_BOOK_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.tape = new PartPacer(PAGE_BOOK_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.candles = new PartPacer(PAGE_CANDLES_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
    this.ticker = new PartPacer(PAGE_TICKER_MS, clock, wake, PACE_GRACE_MS, PACE_SLACK_MS);
  }

  /** Asks for a flush on the next animation frame (once, however often it is asked). */
  schedule(): void {
    this.scheduler.schedule();
  }

  /**
   * A ticker or candle message came. Once the worker paints the book and the tape, the page's frames are only these
   * paced parts, so a due one goes from its own message (after a zero timeout, so pushes that came together make one
   * frame) instead of waiting for the next flush, which then sends nothing: still one frame per animation frame.
   */
  pacedPartCame(part: 'ticker' | 'candles', isPaintedHere: boolean): void {
    this.isFresh[part] = true;
    if (!isPaintedHere) {
      this.scheduler.schedule();
      return;
    }
    this.soonTimer ??= this.clock.setTimeout(() => {
      this.soonTimer = null;
      if (!this.send()) return;
      this.hasSentSinceFlush = true;
      this.scheduler.schedule();
    }, 0);
  }

  /** Whether this flush sends the page a frame: not when a paced part went since the last one (it flushes next frame). */
  isFlushSending(): boolean {
    if (!this.hasSentSinceFlush) return true;
    this.hasSentSinceFlush = false;
    this.scheduler.schedule();
    return false;
  }

  /**
   * Whether a frame may go now: a page still busy with the last frame gets no other while frames carry the book or
   * the tape at frame rate. With both painted in the worker its frames are few and paced, and waiting for its answer
   * would only make their figures older.
   */
  mayEmit(isPaintedHere: boolean): boolean {
    if (this.isInFlight && !isPaintedHere) {
      this.isFlushWanted = true;
      return false;
    }
    return true;
  }

  /**
   * Whether the changed ticker goes in this frame; with `isCandleWaiting` (a due live bar rides the next ticker
   * frame), up to {@link PAGE_ALIGN_MS} early. Early or not, a ticker goes with its own message (fresh figures).
   */
  admitTicker(isCandleWaiting = false): boolean {
    return this.ticker.admit({
      isUrgent: this.isTickerUrgent,
      isFresh: this.isFresh.ticker,
      earlyMs: isCandleWaiting ? PAGE_ALIGN_MS : 0,
    });
  }

  /** The page has had a ticker: the next one waits its turn. */
  tickerTaken(): void {
    this.isTickerUrgent = false;
  }

  /** A new language: the next ticker goes at once. */
  urgeTicker(): void {
    this.isTickerUrgent = true;
  }

  /** How early the painted panels' copies may go in this frame: a ticker frame takes those nearly due. */
  copyEarlyMs(hasTicker: boolean): number {
    return hasTicker ? PAGE_ALIGN_MS : 0;
  }

  /** Whether the page gets its copy of the painted book in this frame. */
  admitBookCopy(pending: BookView, lastCopy: BookView | null, earlyMs: number): boolean {
    return this.book.admit({ isUrgent: isBookChangeUrgent(pending, lastCopy), earlyMs });
  }

  /** Whether the page gets its copy of the painted tape in this frame. */
  admitTapeCopy(earlyMs: number): boolean {
    return this.tape.admit({ earlyMs });
  }

  /** Whether the live bar is due (its interval is over): with the panels painted here, it then waits for a ticker frame. */
  isCandleDue(): boolean {
    return this.candles.isDue();
  }

  /**
   * Whether the chart's news goes in this frame; a new history (`isReset`) at once. With the panels painted here
   * (`ride`), a due live bar goes only with a ticker frame, or alone once it has waited {@link CANDLE_RIDE_MS}.
   */
  admitCandles(isReset: boolean, ride?: { hasTicker: boolean }): boolean {
    if (isReset || ride === undefined) {
      const isAdmitted = this.candles.admit({ isUrgent: isReset, isFresh: this.isFresh.candles });
      if (isAdmitted) this.stopCandleRide();
      return isAdmitted;
    }
    if (!this.candles.isDue()) return this.candles.admit({ isFresh: true });
    const now = this.clock.now();
    this.candleDueAt ??= now;
    if (ride.hasTicker || now - this.candleDueAt >= CANDLE_RIDE_MS - PACE_SLACK_MS) {
      this.stopCandleRide();
      return this.candles.admit({ isFresh: true, earlyMs: PAGE_ALIGN_MS });
    }
    this.candleRideTimer ??= this.clock.setTimeout(
      () => {
        this.candleRideTimer = null;
        this.scheduler.schedule();
      },
      CANDLE_RIDE_MS - (now - this.candleDueAt),
    );
    return false;
  }

  private stopCandleRide(): void {
    this.candleDueAt = null;
    if (this.candleRideTimer !== null) this.clock.clearTimeout(this.candleRideTimer);
    this.candleRideTimer = null;
  }

  /** The frame's parts have been weighed: the next messages are the fresh ones. */
  weighed(): void {
    this.isFresh.ticker = false;
    this.isFresh.candles = false;
  }

  /** A painter took or gave back the book: its next copy goes at once. */
  resetBookCopies(): void {
    this.book.reset();
  }

  /** A painter took or gave back the tape: its next copy goes at once. */
  resetTapeCopies(): void {
    this.tape.reset();
  }

  /**
   * A frame went to the page; when `delivered` is a promise (a Comlink call), the next frame may wait for it. An
   * answer to an older frame while a newer one is out does not end the wait.
   */
  emitted(delivered: unknown): void {
    this.frames += 1;
    if (!isThenable(delivered)) return;
    this.isInFlight = true;
    const serial = this.frames;
    const done = () => {
      if (serial !== this.frames) return;
      this.isInFlight = false;
      if (!this.isFlushWanted) return;
      this.isFlushWanted = false;
      this.scheduler.schedule();
    };
    delivered.then(done, done);
  }

  /** Stops every timer and the frame clock; nothing is sent after this. */
  cancel(): void {
    this.scheduler.cancel();
    if (this.soonTimer !== null) this.clock.clearTimeout(this.soonTimer);
    this.soonTimer = null;
    this.stopCandleRide();
    this.book.cancel();
    this.tape.cancel();
    this.candles.cancel();
    this.ticker.cancel();
  }
}

/**
 * When gathered marks go to the maths worker: at most every {@link MARKS_EVERY_MS}; while a trading screen's ticker
 * frames flow, with those frames instead, so the maths worker's rows reach the page a few ms after the ticker and
 * the page lays out one frame for both.
 */
export class MarkPacer {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private lastPageTickerAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  /** `send` hands the gathered marks over. */
  constructor(
    private readonly clock: PacerClock,
    private readonly send: () => void,
  ) {}

  /** New marks were gathered: send them now or when their turn comes. */
  marksCame(): void {
    if (this.timer !== null) return;
    const now = this.clock.now();
    const every = now - this.lastPageTickerAt < MARKS_FALLBACK_MS ? MARKS_FALLBACK_MS : MARKS_EVERY_MS;
    const wait = every - (now - this.lastSentAt);
    if (wait <= 0) this.sendNow();
    else this.timer = this.clock.setTimeout(() => this.sendNow(), wait);
  }

  /** A ticker frame is going to a trading screen: the marks waiting for their turn go with it. */
  pageTickerSent(): void {
    this.lastPageTickerAt = this.clock.now();
    if (this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.sendNow();
  }

  /** Drops a pending send. */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private sendNow(): void {
    this.timer = null;
    this.lastSentAt = this.clock.now();
    this.send();
  }
}
