/** TradeFeed with painters: every book and trade painted at once, the page's copies paced (engine page-pacing). */
import { describe, expect, it } from 'vitest';
import {
  CANDLE_RIDE_MS,
  PACE_GRACE_MS,
  PAGE_ALIGN_MS,
  PAGE_BOOK_MS,
  PAGE_TICKER_MS,
} from '../../../../engine/market/page-pacing';
import type { BookView } from '../../../../engine/market/trade-frame';
import { VIEW, liveFeed, spotTicker, trade, candle } from './trade-feed-support';

describe('TradeFeed book painter', () => {
  function paintedFeed() {
    let now = 0;
    const harness = liveFeed({ now: () => now });
    const painted: { book: BookView; latestTs: number }[] = [];
    harness.feed.setBookPainter((book, latestTs) => painted.push({ book, latestTs }));
    return { ...harness, painted, advance: (ms: number) => (now += ms) };
  }

  it('paints every new book at once, and gives the page the first one too', () => {
    const { frame, painted } = paintedFeed();
    const next = frame();
    expect(painted).toHaveLength(1);
    expect(painted[0].book.bids[0][0]).toBe('100.5');
    expect(next?.book).toBe(painted[0].book);
  });

  it('paces the book the page gets to one per PAGE_BOOK_MS, and delivers the last one when the interval is up', () => {
    const { server, push, frame, painted, advance, timers } = paintedFeed();
    frame();
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    const second = frame();
    expect(painted).toHaveLength(2);
    expect(painted[1].latestTs).toBe(2000);
    expect(second?.book ?? null).toBeNull();
    // The page frame does not carry the painted book's time either.
    expect(second?.latestTs ?? 0).toBe(0);
    push('books', 'update', [server.update({ bids: [['100.5', '4.0000']] })], 2100);
    frame();
    expect(painted).toHaveLength(3);
    advance(PAGE_BOOK_MS);
    timers.fire(PAGE_BOOK_MS + PACE_GRACE_MS);
    const due = frame();
    expect(due?.book?.bids[0][1]).toBe('4.0000');
    expect(painted).toHaveLength(3);
    // The page's copy is accessible text, never painted: it does not time the frame (the painter is timed instead).
    expect(due?.latestTs ?? 0).toBe(0);
  });

  it("sends the page's copy of the book with a ticker frame when it is due within a ticker interval", () => {
    const { server, push, frame, advance } = paintedFeed();
    expect(frame()?.book).not.toBeNull();
    advance(PAGE_BOOK_MS - PAGE_ALIGN_MS - 50);
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    // Not due yet, and no other reason for a frame: it waits.
    expect(frame()?.book ?? null).toBeNull();
    advance(100);
    push('books', 'update', [server.update({ bids: [['100.5', '4.0000']] })], 2100);
    push('ticker', 'snapshot', [spotTicker()], 2100);
    const both = frame();
    expect(both?.ticker).not.toBeNull();
    expect(both?.book?.bids[0][1]).toBe('4.0000');
  });

  it("does not hold a paced frame for the page's answer to the last one once the book and the tape are painted", () => {
    let now = 0;
    const harness = liveFeed({ now: () => now, emit: () => new Promise<void>(() => undefined) });
    harness.feed.setBookPainter(() => undefined);
    harness.feed.setTapePainter(() => undefined);
    harness.frame();
    harness.push('ticker', 'snapshot', [spotTicker()], 5000);
    expect(harness.frame()?.ticker).not.toBeNull();
    // The page never answers; the next ticker still goes when its interval is up.
    now += PAGE_TICKER_MS;
    harness.push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 5250);
    expect(harness.frame()?.ticker?.lastRaw).toBe('100.8');
  });

  it('once the book and the tape are painted, sends a due ticker from its own message, one frame for pushes that came together', () => {
    let now = 0;
    const view = { ...VIEW, candleChannel: 'candle1m' };
    const { feed, push, frame, frames, timers, clock } = liveFeed({ now: () => now, view });
    feed.setBookPainter(() => undefined);
    feed.setTapePainter(() => undefined);
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    frame();
    now += 1000;
    const before = frames.length;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 6000);
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.9')], 6000);
    // Out before the next animation frame, both parts in one frame.
    timers.fire(0);
    expect(frames.length).toBe(before + 1);
    expect(frames.at(-1)).toMatchObject({ ticker: { lastRaw: '100.8' }, candles: { reset: false }, latestTs: 6000 });
    // That animation frame's flush sends the page nothing more, even with a change due.
    feed.setView({ ...view, intl: 'de-DE' });
    clock.tick();
    expect(frames.length).toBe(before + 1);
    expect(frame()?.ticker?.last).toBe('100,8');
  });

  it('times a page frame by the parts it carries, not by a ticker its pacer held back', () => {
    const { push, frame, advance } = paintedFeed();
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    // The first ticker goes at once.
    expect(frame()?.latestTs).toBe(5000);
    advance(50);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 5100);
    push('trade', 'update', [trade(1, '100', '1', 'buy', 5050)], 5050);
    const next = frame();
    expect(next?.ticker ?? null).toBeNull();
    expect(next?.trades?.rows).toHaveLength(1);
    expect(next?.latestTs).toBe(5050);
  });

  it('gives no stream time to a frame that only re-sends what the page had (a language change)', () => {
    const { feed, push, frame } = paintedFeed();
    frame();
    push('ticker', 'snapshot', [spotTicker()], 5000);
    expect(frame()?.latestTs).toBe(5000);
    feed.setView({ ...VIEW, intl: 'fr' });
    const resent = frame();
    expect(resent?.ticker?.last).toBe('100,6');
    expect(resent?.latestTs).toBe(0);
  });

  it('tells the page at once when the book stops being shown, and paints nothing stale', () => {
    const { server, push, frame, painted } = paintedFeed();
    frame();
    const gap = server.update({ asks: [['100.6', '1.0000']] });
    (gap as { seq: number }).seq += 5;
    push('books', 'update', [gap]);
    const next = frame();
    expect(painted.at(-1)?.book.status).toBe('resyncing');
    expect(painted.at(-1)?.book.bids).toEqual([]);
    expect(next?.book?.status).toBe('resyncing');
  });

  it('paints while the page is still busy with the previous frame', () => {
    let release: () => void = () => undefined;
    const harness = liveFeed({ emit: () => new Promise<void>((resolve) => (release = resolve)) });
    const painted: BookView[] = [];
    harness.feed.setBookPainter((book) => painted.push(book));
    harness.frame();
    harness.push('books', 'update', [harness.server.update({ bids: [['100.5', '5.0000']] })]);
    harness.frame();
    harness.push('books', 'update', [harness.server.update({ bids: [['100.5', '6.0000']] })]);
    harness.frame();
    expect(painted.map((b) => b.bids[0][1])).toEqual(['1.0000', '5.0000', '6.0000']);
    release();
  });

  it('gives every book back to the page frames once the painter is taken away', () => {
    const { feed, server, push, frame } = paintedFeed();
    frame();
    feed.setBookPainter(null);
    expect(frame()?.book?.bids[0][0]).toBe('100.5');
    push('books', 'update', [server.update({ bids: [['100.5', '7.0000']] })]);
    expect(frame()?.book?.bids[0][1]).toBe('7.0000');
  });
});

describe('TradeFeed tape painter', () => {
  it('paints every trades part at once, and gives the page the whole tape at most once per PAGE_BOOK_MS', () => {
    let now = 0;
    const { feed, push, frame, timers } = liveFeed({ now: () => now });
    const painted: { reset: boolean; ids: string[]; latestTs: number }[] = [];
    feed.setTapePainter((part, latestTs) =>
      painted.push({ reset: part.reset, ids: part.rows.map((r) => r.id), latestTs }),
    );
    push('trade', 'snapshot', [trade(2, '100.5', '0.1', 'buy', 900), trade(1, '100.4', '0.2', 'sell', 800)], 900);
    const first = frame();
    expect(painted).toEqual([{ reset: true, ids: ['2', '1'], latestTs: 900 }]);
    expect(first?.trades).toMatchObject({ reset: true });
    expect(first?.trades?.rows.map((r) => r.id)).toEqual(['2', '1']);
    now += 100;
    push('trade', 'update', [trade(3, '100.6', '0.3', 'buy', 1000)], 1000);
    const second = frame();
    expect(painted.at(-1)).toEqual({ reset: false, ids: ['3'], latestTs: 1000 });
    expect(second?.trades ?? null).toBeNull();
    now = PAGE_BOOK_MS;
    timers.fire(PAGE_BOOK_MS + PACE_GRACE_MS);
    const due = frame();
    expect(due?.trades).toMatchObject({ reset: true });
    expect(due?.trades?.rows.map((r) => r.id)).toEqual(['3', '2', '1']);
  });

  it('repaints the whole tape when it is handed over, and gives the page every part once it is taken back', () => {
    const { feed, push, frame } = liveFeed();
    push('trade', 'snapshot', [trade(1, '100.4', '0.2', 'sell', 800)]);
    frame();
    const painted: boolean[] = [];
    feed.setTapePainter((part) => painted.push(part.reset));
    frame();
    expect(painted).toEqual([true]);
    feed.setTapePainter(null);
    push('trade', 'update', [trade(2, '100.5', '0.1', 'buy', 900)]);
    const next = frame();
    expect(next?.trades?.rows.map((r) => r.id)).toEqual(['2', '1']);
  });
});

describe('TradeFeed live bar riding a ticker frame (panels painted)', () => {
  function riding() {
    let now = 0;
    const view = { ...VIEW, candleChannel: 'candle1m' };
    const harness = liveFeed({ now: () => now, view });
    harness.feed.setBookPainter(() => undefined);
    harness.feed.setTapePainter(() => undefined);
    harness.frame();
    harness.push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    harness.push('ticker', 'snapshot', [spotTicker()], 1);
    // A new history and the first ticker go at once, together.
    expect(harness.frame()).toMatchObject({ candles: { reset: true }, ticker: { lastRaw: '100.55' } });
    return { ...harness, at: (ms: number) => (now = ms) };
  }

  it('holds a due live bar for the next ticker frame, and sends both in one frame', () => {
    const { push, frame, frames, at } = riding();
    at(1000);
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.9')], 1000);
    // Due, but no ticker changed: the bar waits rather than making a page frame of its own.
    expect(frame()?.candles ?? null).toBeNull();
    at(1100);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.8' })], 1100);
    const both = frame();
    expect(both).toMatchObject({ ticker: { lastRaw: '100.8' }, candles: { reset: false } });
    expect(both?.candles?.bars.at(-1)?.close).toBe(1.9);
    expect(frames.filter((f) => f.candles !== null)).toHaveLength(2);
  });

  it('takes along a fresh ticker up to PAGE_ALIGN_MS before its interval is over, never a stale one', () => {
    const { push, frame, at } = riding();
    const lastTicker = PAGE_TICKER_MS + 300;
    at(lastTicker);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.7' })], lastTicker);
    expect(frame()?.ticker?.lastRaw).toBe('100.7');
    // A ticker change soon after is held by the ticker's own interval.
    at(lastTicker + 50);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.9' })], lastTicker + 50);
    expect(frame()).toBeUndefined();
    // A due bar comes within PAGE_ALIGN_MS of that interval's end: the held ticker is a message old, so the bar waits…
    at(lastTicker + PAGE_TICKER_MS - PAGE_ALIGN_MS);
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.7')], lastTicker + 200);
    expect(frame()?.candles ?? null).toBeNull();
    // …for the next ticker message, still early, and both go in one frame.
    at(lastTicker + PAGE_TICKER_MS - PAGE_ALIGN_MS + 20);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '101.1' })], lastTicker + 270);
    expect(frame()).toMatchObject({
      ticker: { lastRaw: '101.1' },
      candles: { reset: false },
      latestTs: lastTicker + 270,
    });
  });

  it('sends a due live bar alone after CANDLE_RIDE_MS when no ticker frame comes', () => {
    const { push, frame, timers, clock, frames, at } = riding();
    at(1000);
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.6')], 1000);
    expect(frame()?.candles ?? null).toBeNull();
    at(1000 + CANDLE_RIDE_MS - 100);
    timers.fire(CANDLE_RIDE_MS - 100);
    clock.tick();
    expect(frames.at(-1)?.candles?.bars.at(-1)?.close).not.toBe(1.6);
    at(1000 + CANDLE_RIDE_MS);
    timers.fire(CANDLE_RIDE_MS);
    clock.tick();
    expect(frames.at(-1)).toMatchObject({ ticker: null, candles: { reset: false } });
    expect(frames.at(-1)?.candles?.bars.at(-1)?.close).toBe(1.6);
  });
});
