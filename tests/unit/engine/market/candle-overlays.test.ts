/** The chart's overlays as a screen gets them through TradeFeed: computed with each paced candle part, never more often. */
import { describe, expect, it } from 'vitest';
import { exponentialAverages, movingAverages } from '../../../../engine/market/chart-indicators';
import { PACE_SLACK_MS, PAGE_CANDLES_MS } from '../../../../engine/market/page-pacing';
import { candle, liveFeed, VIEW } from './trade-feed-support';

const MINUTE = 60_000;
const close = (i: number) => (100 + ((i * 37) % 23) / 10).toFixed(1);

describe('candle overlays', () => {
  it('come with the history, computed once over all its bars', () => {
    const now = 0;
    const { push, frame } = liveFeed({ view: { ...VIEW, candleChannel: 'candle1m' }, now: () => now });
    const closes = Array.from({ length: 30 }, (_, i) => close(i));
    push(
      'candle1m',
      'snapshot',
      closes.map((c, i) => candle((i + 1) * MINUTE, '100', '200', '50', c)),
    );
    const bars = frame()?.candles?.bars ?? [];
    expect(bars).toHaveLength(30);
    const numbers = closes.map(Number);
    expect(bars.map((b) => b.ma7 ?? Number.NaN)).toEqual(movingAverages(numbers, 7));
    expect(bars.map((b) => b.ma25 ?? Number.NaN)).toEqual(movingAverages(numbers, 25));
    expect(bars.map((b) => b.ema20 ?? Number.NaN)).toEqual(exponentialAverages(numbers, 20));
  });

  it('ride the live bar, which reaches the page at most once per PAGE_CANDLES_MS under a flood of pushes', () => {
    let now = 0;
    const { push, frame } = liveFeed({ view: { ...VIEW, candleChannel: 'candle1m' }, now: () => now });
    const closes = Array.from({ length: 30 }, (_, i) => close(i));
    push(
      'candle1m',
      'snapshot',
      closes.map((c, i) => candle((i + 1) * MINUTE, '100', '200', '50', c)),
    );
    frame();
    // Ten seconds of a push every 50 ms (20 a second, twenty times the stream's pace); a new bar opens every 2 s.
    const sentAt: number[] = [];
    for (let step = 1; step <= 200; step += 1) {
      now = step * 50;
      if (step % 40 === 0) closes.push(close(closes.length));
      else closes[closes.length - 1] = close(step);
      push('candle1m', 'update', [candle(closes.length * MINUTE, '100', '200', '50', closes.at(-1)!)]);
      const part = frame()?.candles;
      if (!part) continue;
      sentAt.push(now);
      const last = part.bars.at(-1)!;
      const numbers = closes.map(Number);
      expect(last.close).toBe(numbers.at(-1));
      expect(last.ma7).toBe(movingAverages(numbers, 7).at(-1));
      expect(last.ma25).toBe(movingAverages(numbers, 25).at(-1));
      expect(last.ema20).toBe(exponentialAverages(numbers, 20).at(-1));
    }
    // Never more often than the pacing allows, and never starved: 10 s hold some 13 parts.
    for (let i = 1; i < sentAt.length; i += 1) {
      expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(PAGE_CANDLES_MS - PACE_SLACK_MS);
    }
    expect(sentAt.length).toBeLessThanOrEqual(Math.ceil(10_000 / (PAGE_CANDLES_MS - PACE_SLACK_MS)));
    expect(sentAt.length).toBeGreaterThanOrEqual(10);
  });
});
