import { describe, expect, it } from 'vitest';
import {
  CandleIndicators,
  exponentialAverages,
  exponentialAverageTrack,
  movingAverages,
  movingAverageTrack,
} from '../../../../engine/market/chart-indicators';
import type { CandleBar } from '../../../../engine/market/trade-frame';

const closes = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

describe('movingAverages', () => {
  it('gives the mean of the last period values, NaN before there are enough', () => {
    const out = movingAverages(closes, 3);
    expect(out.slice(0, 2).every(Number.isNaN)).toBe(true);
    expect(out.slice(2)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(movingAverages([2, 4, 9], 3)).toEqual([Number.NaN, Number.NaN, 5]);
  });

  it('is NaN everywhere when the series is shorter than the period', () => {
    expect(movingAverages([1, 2], 7).every(Number.isNaN)).toBe(true);
  });
});

describe('exponentialAverages', () => {
  it('seeds with the simple mean, then weighs each value by 2 / (period + 1)', () => {
    // Period 3: k = 0.5. Seed mean(2, 4, 6) = 4; then 4 + 0.5·(8 − 4) = 6; 6 + 0.5·(2 − 6) = 4.
    const out = exponentialAverages([2, 4, 6, 8, 2], 3);
    expect(out.slice(0, 2).every(Number.isNaN)).toBe(true);
    expect(out.slice(2)).toEqual([4, 6, 4]);
  });

  it('stays at a constant series', () => {
    expect(exponentialAverages(Array(30).fill(7), 20).slice(19)).toEqual(Array(11).fill(7));
  });
});

describe('average tracks', () => {
  // A seeded walk with repeats, so the live value is amended several times before the next one starts.
  const values: number[] = [];
  let x = 100;
  for (let i = 0; i < 120; i += 1) {
    x += ((i * 7919) % 13) - 6 + 0.37;
    values.push(Math.round(x * 100) / 100);
  }

  for (const [name, batch, track] of [
    ['MA(7)', movingAverages(values, 7), movingAverageTrack(7)],
    ['MA(25)', movingAverages(values, 25), movingAverageTrack(25)],
    ['EMA(20)', exponentialAverages(values, 20), exponentialAverageTrack(20)],
  ] as const) {
    it(`${name}: one value at a time, each amended twice first, equals the batch figure at every step`, () => {
      const out: number[] = [];
      for (let i = 0; i < values.length; i += 1) {
        // The live value moves before it settles: first a wrong one, then another, then the real one.
        track.append(values[i]! + 50);
        track.amend(values[i]! - 3);
        out.push(track.amend(values[i]!));
      }
      expect(out).toEqual(batch);
    });
  }
});

describe('CandleIndicators', () => {
  const bar = (i: number, close: number): CandleBar => ({
    time: 1000 + i * 60,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  });

  it('gives a history its overlays, then amends and extends them with live bars as a batch would', () => {
    const history = Array.from({ length: 30 }, (_, i) => bar(i, 100 + i));
    const indicators = new CandleIndicators();
    const loaded = indicators.load(history);
    expect(loaded[5]?.ma7).toBeUndefined();
    expect(loaded[6]?.ma7).toBe(103);
    expect(loaded[23]?.ma25).toBeUndefined();
    expect(loaded[24]?.ma25).toBe(112);
    expect(loaded[18]?.ema20).toBeUndefined();
    expect(loaded[19]?.ema20).toBe(109.5);
    // The bars themselves are untouched.
    expect(history[29]).not.toHaveProperty('ma7');

    // The last bar moves, then the next one opens.
    const amended = indicators.next(bar(29, 200));
    const opened = indicators.next(bar(30, 90));
    const closes = [...history.slice(0, 29).map((b) => b.close), 200, 90];
    expect(amended.ma7).toBe(movingAverages(closes, 7)[29]);
    expect(opened.ma7).toBe(movingAverages(closes, 7)[30]);
    expect(opened.ma25).toBe(movingAverages(closes, 25)[30]);
    expect(opened.ema20).toBe(exponentialAverages(closes, 20)[30]);
  });

  it('gives a late bar of the past no overlay and keeps its figures', () => {
    const indicators = new CandleIndicators();
    indicators.load(Array.from({ length: 10 }, (_, i) => bar(i, 10)));
    expect(indicators.next(bar(2, 1))).not.toHaveProperty('ma7');
    expect(indicators.next(bar(10, 10)).ma7).toBe(10);
  });
});
