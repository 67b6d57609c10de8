import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  FUTURES_GRANULARITIES,
  historyCandles,
  periodStart,
  SPOT_GRANULARITIES,
} from '../../../../gateway/market/candles';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { T0 } from '../support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The sizes a v2 client library asks for beyond the chart's own (ccxt's bitget: 2H, 3D, 1W and 1M in their UTC and
// UTC+8 forms), each the merge of the finer candles it spans.
describe('candle sizes of the v2 client libraries', () => {
  const sim = new MarketSimulator({ seed: 5, nowMs: T0 });
  for (let i = 1; i <= 200; i += 1) sim.step(T0 + i * 250);
  const history = sim.getCandleHistory('USDT-FUTURES', 'BTCUSDT')!;

  it('are served under the names each market uses', () => {
    for (const name of ['3day', '1M', '3Dutc', '1Wutc', '1Mutc']) expect(SPOT_GRANULARITIES[name]).toBeDefined();
    for (const name of ['2H', '3D', '1M', '3Dutc', '1Wutc', '1Mutc']) expect(FUTURES_GRANULARITIES[name]).toBeDefined();
    // "1m" is a minute, "1M" a month.
    expect(FUTURES_GRANULARITIES['1m']!.intervalMs).toBe(60_000);
    expect(FUTURES_GRANULARITIES['1M']!.month).toBe(true);
  });

  it('months start on the 1st at 00:00 UTC+8 (1M) or 00:00 UTC (1Mutc), whatever their length', () => {
    const local = FUTURES_GRANULARITIES['1M']!;
    const utc = FUTURES_GRANULARITIES['1Mutc']!;
    // 2026-03-01 03:00 UTC is already March at UTC+8 (11:00) and at UTC.
    expect(periodStart(Date.UTC(2026, 2, 1, 3), local)).toBe(Date.UTC(2026, 1, 28, 16));
    expect(periodStart(Date.UTC(2026, 2, 1, 3), utc)).toBe(Date.UTC(2026, 2, 1));
    // 2026-02-28 17:00 UTC is March 1st 01:00 at UTC+8, still February at UTC.
    expect(periodStart(Date.UTC(2026, 1, 28, 17), local)).toBe(Date.UTC(2026, 1, 28, 16));
    expect(periodStart(Date.UTC(2026, 1, 28, 17), utc)).toBe(Date.UTC(2026, 1, 1));
    // A 31-day and a 30-day month, and a leap February.
    expect(periodStart(Date.UTC(2026, 0, 31, 23), utc)).toBe(Date.UTC(2026, 0, 1));
    expect(periodStart(Date.UTC(2026, 3, 30, 23), utc)).toBe(Date.UTC(2026, 3, 1));
    expect(periodStart(Date.UTC(2028, 1, 29, 12), utc)).toBe(Date.UTC(2028, 1, 1));
  });

  it('UTC weeks start on Monday 00:00 UTC', () => {
    const week = FUTURES_GRANULARITIES['1Wutc']!;
    // Wednesday 2026-11-25 lies in the week from Monday 2026-11-23 00:00 UTC; Sunday 23:59 is the week before.
    expect(periodStart(Date.UTC(2026, 10, 25, 12), week)).toBe(Date.UTC(2026, 10, 23));
    expect(periodStart(Date.UTC(2026, 10, 22, 23, 59), week)).toBe(Date.UTC(2026, 10, 16));
    for (const candle of historyCandles(history, week)) expect(new Date(candle.start).getUTCDay()).toBe(1);
  });

  for (const [name, finer] of [
    ['2H', '1H'],
    ['3D', '1D'],
    ['3Dutc', '1Dutc'],
    ['1Wutc', '1Dutc'],
    ['1M', '1D'],
    ['1Mutc', '1Dutc'],
  ] as const) {
    it(`${name} candles are the merge of their ${finer} candles`, () => {
      const coarse = historyCandles(history, FUTURES_GRANULARITIES[name]!);
      const parts = historyCandles(history, FUTURES_GRANULARITIES[finer]!);
      expect(coarse.length).toBeGreaterThan(1);
      expect(aggregateCandles(parts, FUTURES_GRANULARITIES[name]!)).toEqual(coarse);
      // Each candle's start is its own period's start, and the next one begins after it.
      for (const [i, candle] of coarse.entries()) {
        expect(periodStart(candle.start, FUTURES_GRANULARITIES[name]!)).toBe(candle.start);
        if (i > 0) expect(candle.start).toBeGreaterThan(coarse[i - 1]!.start);
      }
    });
  }

  it('about 100 days of history make 3 or 4 months and 33 or 34 three-day candles', () => {
    const months = historyCandles(history, FUTURES_GRANULARITIES['1Mutc']!);
    expect(months.length).toBeGreaterThanOrEqual(4);
    expect(months.length).toBeLessThanOrEqual(5);
    const span = history.hours.length > 0 ? T0 - history.hours[0]!.start : 0;
    expect(historyCandles(history, FUTURES_GRANULARITIES['3Dutc']!).length).toBeGreaterThanOrEqual(
      Math.floor(span / (3 * DAY)),
    );
  });
});
