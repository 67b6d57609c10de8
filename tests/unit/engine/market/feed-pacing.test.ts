/** The feed's pacing (engine page-pacing) as a screen sees it through TradeFeed: ticker and live bar intervals, one frame per clock tick, a busy page. */
import { describe, expect, it } from 'vitest';
import { PACE_GRACE_MS, PACE_SLACK_MS, PAGE_CANDLES_MS, PAGE_TICKER_MS } from '../../../../engine/market/page-pacing';
import { VIEW, liveFeed, spotTicker, trade, candle } from './trade-feed-support';

describe('TradeFeed ticker', () => {
  it('sends the ticker at most once per PAGE_TICKER_MS: the first at once, the last change never left behind, a new language at once', () => {
    let now = 0;
    const { feed, push, frame, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()?.ticker?.last).toBe('100.6');
    now += 50;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.65' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    now += 50;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.75' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    // Nothing else arrives: the wake-up when the interval is over sends the newest figures.
    now = PAGE_TICKER_MS + PACE_GRACE_MS;
    timers.fire(PAGE_TICKER_MS + PACE_GRACE_MS);
    expect(frame()?.ticker?.last).toBe('100.8');
    now += 10;
    feed.setView({ ...VIEW, intl: 'de-DE' });
    expect(frame()?.ticker?.last).toBe('100,8');
  });

  it('sends a held ticker with the first message after the interval, fresh, before its wake-up is due', () => {
    let now = 0;
    const { push, frame, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    frame();
    now += 100;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.65' })]);
    expect(frame()?.ticker ?? null).toBeNull();
    // The interval is over and a newer ticker arrives before the wake-up: it goes at once, with its own figures.
    now = PAGE_TICKER_MS + 20;
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.95' })]);
    expect(frame()?.ticker?.last).toBe('101.0');
    // Nothing was left for the wake-up to send.
    timers.fire(PAGE_TICKER_MS + PACE_GRACE_MS);
    expect(frame()?.ticker ?? null).toBeNull();
  });

  it('holds a due ticker for its next push while the book moves at frame rate, so the page never gets one a push old', () => {
    let now = 0;
    const { push, frame, server, timers } = liveFeed({ now: () => now });
    push('ticker', 'snapshot', [spotTicker()]);
    frame();
    // Pushes every 100 ms; the book moves every 16 ms, each move a frame that weighs the held ticker.
    const pushes: [number, string][] = [];
    const sent: [number, string][] = [];
    let price = 100.6;
    for (now = 16; now <= PAGE_TICKER_MS + 200 && sent.length === 0; now += 16) {
      if (now % 100 < 16) {
        price += 0.1;
        pushes.push([now, price.toFixed(1)]);
        push('ticker', 'snapshot', [spotTicker({ lastPr: price.toFixed(1) })]);
      }
      push('books', 'update', [server.update({ bids: [['100.1', String(now)]] })]);
      const last = frame()?.ticker?.last;
      if (last) sent.push([now, last]);
    }
    // The frames after the interval's end leave the last push where it is; the first push after it goes at once.
    const firstDue = pushes.find(([at]) => at >= PAGE_TICKER_MS);
    expect(sent).toEqual([firstDue]);
    expect(timers.timers.size).toBeGreaterThan(0);
  });
});

describe('TradeFeed candles', () => {
  const view = { ...VIEW, candleChannel: 'candle1m' };

  it('sends the live bar at most once a second, the last change never left behind, and a new history at once', () => {
    let now = 0;
    const { push, frame, timers } = liveFeed({ view, now: () => now });
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    expect(frame()?.candles?.reset).toBe(true);
    now += 50;
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.9')]);
    expect(frame()?.candles ?? null).toBeNull();
    now += 50;
    push('candle1m', 'update', [candle(60_000, '1', '2', '1', '1.8')]);
    expect(frame()?.candles ?? null).toBeNull();
    // Nothing else arrives: the wake-up when the interval is over sends the held bar.
    now = PAGE_CANDLES_MS + PACE_GRACE_MS;
    timers.fire(PAGE_CANDLES_MS + PACE_GRACE_MS);
    expect(frame()?.candles?.bars.at(-1)?.close).toBe(1.8);
    now += 10;
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '1.5')]);
    expect(frame()?.candles).toMatchObject({ reset: true });
  });
});

describe('TradeFeed candles, a minute of pushes', () => {
  it('sends at most one live bar per push, never two within the interval, pushes jittered or bunched', () => {
    let now = 0;
    const view = { ...VIEW, candleChannel: 'candle1m' };
    const { push, frame, timers } = liveFeed({ view, now: () => now });
    push('candle1m', 'snapshot', [candle(60_000, '1', '2', '1', '2')]);
    frame();
    const sentAt: number[] = [];
    const take = () => {
      if (frame()?.candles) sentAt.push(now);
    };
    // Timers run at their own due times (the fake timers hold delays; their due time is when they were first seen).
    const due = new Map<number, number>();
    const runUntil = (until: number) => {
      for (;;) {
        for (const [id, timer] of timers.timers) if (!due.has(id)) due.set(id, now + timer.ms);
        let first: [number, number] | null = null;
        for (const [id, at] of due) {
          if (!timers.timers.has(id)) due.delete(id);
          else if (at <= until && (first === null || at < first[1])) first = [id, at];
        }
        if (first === null) break;
        const timer = timers.timers.get(first[0])!;
        timers.timers.delete(first[0]);
        due.delete(first[0]);
        now = Math.max(now, first[1]);
        timer.callback();
        take();
      }
      now = until;
    };
    // Pushes about once a second with ±150 ms jitter, and every tenth second a second push 40 ms after the first.
    for (let i = 0; i < 60; i += 1) {
      const at = 1000 * (i + 1) + ((i * 97) % 300) - 150;
      runUntil(at);
      push('candle1m', 'update', [candle(60_000, '1', '2', '1', String(1 + i / 100))]);
      take();
      if (i % 10 === 0) {
        runUntil(at + 40);
        push('candle1m', 'update', [candle(60_000, '1', '2', '1', String(1.005 + i / 100))]);
        take();
      }
    }
    runUntil(62_000);
    // 66 pushes in 60 s (six of them 40 ms after another): never more live bars than pushes, never two within the
    // interval (with this jitter a held push can go 850 ms after the one before).
    expect(sentAt.length).toBeGreaterThan(40);
    expect(sentAt.length).toBeLessThanOrEqual(66);
    const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PAGE_CANDLES_MS - PACE_SLACK_MS);
  });
});

describe('TradeFeed frames', () => {
  it('sends at most one frame per clock tick however many messages arrive', () => {
    const { server, push, frames, clock, frame } = liveFeed();
    const before = frames.length;
    for (let i = 0; i < 500; i += 1) {
      push('books', 'update', [server.update({ bids: [['100.5', `${1 + (i % 7)}.0000`]] })]);
      push('trade', 'update', [trade(1000 + i, '100.5', '0.1', 'buy', 5000 + i)]);
    }
    expect(clock.pending).toBe(1);
    const one = frame();
    expect(frames.length).toBe(before + 1);
    expect(one?.book?.bids[0][1]).toBe(`${1 + (499 % 7)}.0000`);
    expect(one?.trades?.rows).toHaveLength(50);
    expect(one?.counters.bookUpdates).toBe(500);
    expect(frame()).toBeUndefined();
  });

  it('numbers frames from 1 and reports the newest push time it reflects', () => {
    const { first, push, frame } = liveFeed();
    expect(first?.n).toBe(1);
    push('ticker', 'snapshot', [spotTicker()], 5000);
    push('trade', 'update', [trade(1, '100', '1', 'buy', 1)], 7000);
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.7' })], 6000);
    const next = frame();
    expect(next?.n).toBe(2);
    expect(next?.latestTs).toBe(7000);
    expect(next?.counters.frames).toBe(2);
  });

  it('holds the next frame until the page has taken the previous one', async () => {
    let release: () => void = () => undefined;
    const { push, frame, frames } = liveFeed({ emit: () => new Promise<void>((resolve) => (release = resolve)) });
    push('ticker', 'snapshot', [spotTicker()]);
    expect(frame()).toBeUndefined();
    push('ticker', 'snapshot', [spotTicker({ lastPr: '100.9' })]);
    frame();
    const count = frames.length;
    release();
    await Promise.resolve();
    await Promise.resolve();
    const next = frame();
    expect(frames.length).toBe(count + 1);
    expect(next?.ticker?.last).toBe('100.9');
  });
});
