import { describe, expect, it } from 'vitest';
import {
  FeedPacer,
  isBookChangeUrgent,
  isTapeChangeUrgent,
  MARKS_EVERY_MS,
  MARKS_FALLBACK_MS,
  MarkPacer,
  PACE_GRACE_MS,
  PAGE_ALIGN_MS,
  PAGE_BOOK_MS,
  PAGE_TICKER_MS,
} from '../../../../engine/market/page-pacing';
import { CopyBatch, PanelCopyPacer } from '../../../../engine/market/panel-copy-pacing';
import type { BookView, TradeRowView } from '../../../../engine/market/trade-frame';

/** A clock and timers the test moves by hand: `advance` fires every timer that falls due, in order. */
function manualClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const frames: (() => void)[] = [];
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number): unknown => {
      const id = next;
      next += 1;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle: unknown) => {
      timers.delete(handle as number);
    },
    requestFrame: (callback: () => void) => {
      frames.push(callback);
    },
    /** Runs the animation frames queued so far. */
    frame() {
      for (const callback of frames.splice(0)) callback();
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

const book = (status: BookView['status'], step = '0.1'): BookView => ({ status, bids: [], asks: [], spread: '', step });
const trade: TradeRowView = { id: '1', price: '1', size: '1', time: '00:00:00', side: 'buy' };

describe('isBookChangeUrgent', () => {
  it('is urgent when the book starts or stops being shown, or changes status or grouping', () => {
    expect(isBookChangeUrgent(null, book('live'))).toBe(true);
    expect(isBookChangeUrgent(book('live'), null)).toBe(true);
    expect(isBookChangeUrgent(book('resyncing'), book('live'))).toBe(true);
    expect(isBookChangeUrgent(book('live', '1'), book('live', '0.1'))).toBe(true);
    expect(isBookChangeUrgent(book('live'), book('live'))).toBe(false);
  });
});

describe('isTapeChangeUrgent', () => {
  it('is urgent only when the tape starts or empties', () => {
    expect(isTapeChangeUrgent([trade], [])).toBe(true);
    expect(isTapeChangeUrgent([], [trade])).toBe(true);
    expect(isTapeChangeUrgent([trade, trade], [trade])).toBe(false);
  });
});

describe('FeedPacer', () => {
  function pacer() {
    const clock = manualClock();
    let flushes = 0;
    let sends = 0;
    let sendResult = true;
    const feed = new FeedPacer(
      clock,
      () => {
        flushes += 1;
      },
      () => {
        sends += 1;
        return sendResult;
      },
    );
    return {
      clock,
      feed,
      flushes: () => flushes,
      sends: () => sends,
      failSends: () => {
        sendResult = false;
      },
    };
  }

  it('flushes once per animation frame however often it is asked', () => {
    const p = pacer();
    for (let i = 0; i < 10; i += 1) p.feed.schedule();
    p.clock.frame();
    expect(p.flushes()).toBe(1);
  });

  it('sends the first ticker at once, then at most once per PAGE_TICKER_MS, and a new language at once', () => {
    const p = pacer();
    expect(p.feed.admitTicker()).toBe(true);
    p.feed.tickerTaken();
    p.clock.advance(100);
    expect(p.feed.admitTicker()).toBe(false);
    p.feed.urgeTicker();
    expect(p.feed.admitTicker()).toBe(true);
    p.feed.tickerTaken();
    p.clock.advance(PAGE_TICKER_MS);
    p.feed.pacedPartCame('ticker', false);
    expect(p.feed.admitTicker()).toBe(true);
  });

  it('lets the painted panels ride a ticker frame up to PAGE_ALIGN_MS early', () => {
    const p = pacer();
    expect(p.feed.copyEarlyMs(true)).toBe(PAGE_ALIGN_MS);
    expect(p.feed.copyEarlyMs(false)).toBe(0);
    expect(p.feed.admitTapeCopy(0)).toBe(true);
    p.clock.advance(PAGE_BOOK_MS - PAGE_ALIGN_MS);
    expect(p.feed.admitTapeCopy(0)).toBe(false);
    expect(p.feed.admitTapeCopy(PAGE_ALIGN_MS)).toBe(true);
  });

  it("sends the page's book copy at once when it is urgent, else once per PAGE_BOOK_MS, and wakes the feed for the last one", () => {
    const p = pacer();
    expect(p.feed.admitBookCopy(book('live'), null, 0)).toBe(true);
    p.clock.advance(10);
    expect(p.feed.admitBookCopy(book('live'), book('live'), 0)).toBe(false);
    expect(p.feed.admitBookCopy(book('resyncing'), book('live'), 0)).toBe(true);
    p.clock.advance(10);
    expect(p.feed.admitBookCopy(book('resyncing'), book('resyncing'), 0)).toBe(false);
    p.clock.advance(PAGE_BOOK_MS + PACE_GRACE_MS);
    p.clock.frame();
    expect(p.flushes()).toBe(1);
    p.feed.resetBookCopies();
    expect(p.feed.admitBookCopy(book('live'), book('live'), 0)).toBe(true);
  });

  it('holds the next frame for a busy page unless the panels are painted here, and flushes when the page answers', async () => {
    const p = pacer();
    let answer = () => {};
    p.feed.emitted(new Promise<void>((resolve) => (answer = resolve)));
    expect(p.feed.mayEmit(true)).toBe(true);
    expect(p.feed.mayEmit(false)).toBe(false);
    answer();
    await Promise.resolve();
    await Promise.resolve();
    p.clock.frame();
    expect(p.flushes()).toBe(1);
    expect(p.feed.mayEmit(false)).toBe(true);
  });

  it('ignores the answer to an older frame while a newer one is out', async () => {
    const p = pacer();
    let first = () => {};
    p.feed.emitted(new Promise<void>((resolve) => (first = resolve)));
    p.feed.emitted(new Promise<void>(() => undefined));
    first();
    await Promise.resolve();
    await Promise.resolve();
    expect(p.feed.mayEmit(false)).toBe(false);
  });

  it('once the panels are painted here, sends a paced part from its own message, one send for pushes that came together', () => {
    const p = pacer();
    p.feed.pacedPartCame('ticker', true);
    p.feed.pacedPartCame('candles', true);
    expect(p.sends()).toBe(0);
    p.clock.advance(0);
    expect(p.sends()).toBe(1);
    // The flush that follows sends nothing, and asks for the next frame.
    expect(p.feed.isFlushSending()).toBe(false);
    expect(p.feed.isFlushSending()).toBe(true);
  });

  it('sends nothing after cancel', () => {
    const p = pacer();
    p.feed.pacedPartCame('ticker', true);
    p.feed.schedule();
    p.feed.cancel();
    p.clock.advance(PAGE_BOOK_MS * 2);
    p.clock.frame();
    expect(p.sends()).toBe(0);
    expect(p.flushes()).toBe(0);
  });
});

describe('MarkPacer', () => {
  function marks() {
    const clock = manualClock();
    const sentAt: number[] = [];
    const pacer = new MarkPacer(clock, () => sentAt.push(clock.now()));
    return { clock, pacer, sentAt };
  }

  it('sends the first marks at once, then at most every MARKS_EVERY_MS', () => {
    const m = marks();
    m.clock.advance(1000);
    m.pacer.marksCame();
    m.clock.advance(50);
    m.pacer.marksCame();
    m.pacer.marksCame();
    m.clock.advance(MARKS_EVERY_MS);
    expect(m.sentAt).toEqual([1000, 1000 + MARKS_EVERY_MS]);
  });

  it('while ticker frames flow, sends waiting marks with the next ticker frame', () => {
    const m = marks();
    m.clock.advance(1000);
    m.pacer.marksCame();
    m.pacer.pageTickerSent();
    m.clock.advance(300);
    m.pacer.marksCame();
    // Past MARKS_EVERY_MS, but the marks now wait for the screen's ticker frame.
    m.clock.advance(100);
    expect(m.sentAt).toEqual([1000]);
    m.pacer.pageTickerSent();
    expect(m.sentAt).toEqual([1000, 1400]);
  });

  it('sends on its own after MARKS_FALLBACK_MS when no ticker frame comes', () => {
    const m = marks();
    m.clock.advance(1000);
    m.pacer.marksCame();
    m.clock.advance(100);
    m.pacer.pageTickerSent();
    m.clock.advance(100);
    m.pacer.marksCame();
    m.clock.advance(MARKS_FALLBACK_MS);
    expect(m.sentAt).toEqual([1000, 1000 + MARKS_FALLBACK_MS]);
    m.pacer.marksCame();
    m.pacer.cancel();
    m.clock.advance(MARKS_FALLBACK_MS * 2);
    expect(m.sentAt).toHaveLength(2);
  });
});

describe('PanelCopyPacer', () => {
  function panel(isPacedByFeed: boolean) {
    const clock = manualClock();
    const deferred: (() => void)[] = [];
    const batch = new CopyBatch((run) => deferred.push(run));
    let current: BookView | null = book('live');
    const shown: (BookView | null)[] = [];
    const pacer = new PanelCopyPacer({
      panel: 'book',
      read: () => current,
      show: (value) => shown.push(value),
      isPacedByFeed,
      clock,
      batch,
    });
    return {
      clock,
      batch,
      pacer,
      shown,
      /** The end of the task that brought the copies. */
      endTask() {
        for (const run of deferred.splice(0)) run();
      },
      set(value: BookView | null) {
        current = value;
        pacer.changed();
      },
    };
  }

  it('shows an urgent change at once and a calm one at most once per PAGE_BOOK_MS', () => {
    const p = panel(false);
    p.clock.advance(5000);
    p.set(book('live'));
    // The first calm change after a long quiet is due at once (the timer's wait is zero).
    p.clock.advance(0);
    expect(p.shown).toHaveLength(1);
    p.set(book('live'));
    p.clock.advance(PAGE_BOOK_MS - 1);
    expect(p.shown).toHaveLength(1);
    p.clock.advance(1);
    expect(p.shown).toHaveLength(2);
    p.set(book('resyncing'));
    expect(p.shown).toHaveLength(3);
  });

  it('shows copies the worker paces together, once the task that brought them is done, never from a timer', () => {
    const book1 = panel(true);
    const other: BookView[] = [];
    book1.batch.add(() => other.push(book('live')));
    book1.set(book('live'));
    book1.set(book('live'));
    expect(book1.shown).toHaveLength(0);
    expect(book1.clock.pending()).toBe(0);
    book1.endTask();
    expect(book1.shown).toHaveLength(1);
    expect(other).toHaveLength(1);
    // The next batch is a new one.
    book1.set(book('live'));
    book1.endTask();
    expect(book1.shown).toHaveLength(2);
    expect(other).toHaveLength(1);
  });

  it('drops what is pending when the panel goes away', () => {
    const p = panel(false);
    p.set(book('live'));
    p.pacer.close();
    p.clock.advance(PAGE_BOOK_MS * 2);
    expect(p.shown).toHaveLength(0);
    expect(p.clock.pending()).toBe(0);
  });
});
