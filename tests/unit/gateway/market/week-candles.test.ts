import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  FUTURES_GRANULARITIES,
  historyCandles,
  latestCandles,
  periodStart,
  SPOT_GRANULARITIES,
  STREAM_CANDLE_CHANNELS,
} from '../../../../gateway/market/candles';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { T0 } from '../support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('week candles', () => {
  const sim = new MarketSimulator({ seed: 11, nowMs: T0 });
  for (let i = 1; i <= 200; i += 1) sim.step(T0 + i * 250);

  it('are the same period on the stream (candle1W), spot REST (1week) and futures REST (1W)', () => {
    expect(STREAM_CANDLE_CHANNELS.candle1W).toEqual(SPOT_GRANULARITIES['1week']);
    expect(FUTURES_GRANULARITIES['1W']).toEqual(SPOT_GRANULARITIES['1week']);
    expect(STREAM_CANDLE_CHANNELS.candle1W!.intervalMs).toBe(7 * DAY);
  });

  it('start on Monday 00:00 UTC+8, on a day candle boundary', () => {
    const week = STREAM_CANDLE_CHANNELS.candle1W!;
    // Wednesday 2026-11-25 12:00 UTC lies in the week that began Monday 2026-11-23 00:00 UTC+8 (Sunday 16:00 UTC).
    expect(periodStart(Date.UTC(2026, 10, 25, 12), week)).toBe(Date.UTC(2026, 10, 22, 16));
    // Sunday 2026-11-22 15:59 UTC is still the week before; 16:00 UTC is the new one.
    expect(periodStart(Date.UTC(2026, 10, 22, 15, 59), week)).toBe(Date.UTC(2026, 10, 15, 16));
    expect(periodStart(Date.UTC(2026, 10, 22, 16), week)).toBe(Date.UTC(2026, 10, 22, 16));
    for (const start of historyCandles(sim.getCandleHistory('SPOT', 'BTCUSDT')!, week).map((c) => c.start)) {
      expect(new Date(start + 8 * HOUR).getUTCDay()).toBe(1);
      expect(periodStart(start, STREAM_CANDLE_CHANNELS.candle1D!)).toBe(start);
    }
  });

  for (const [instType, symbol] of [
    ['SPOT', 'BTCUSDT'],
    ['USDT-FUTURES', 'ETHUSDT'],
  ] as const) {
    it(`${instType} ${symbol}: each week is the merge of its day candles`, () => {
      const history = sim.getCandleHistory(instType, symbol)!;
      const days = historyCandles(history, FUTURES_GRANULARITIES['1D']!);
      const weeks = historyCandles(history, FUTURES_GRANULARITIES['1W']!);
      // About 100 days of history: some 14 weeks.
      expect(weeks.length).toBeGreaterThanOrEqual(13);
      expect(aggregateCandles(days, FUTURES_GRANULARITIES['1W']!)).toEqual(weeks);
      // A known answer for one whole week: open of Monday, close of Sunday, the extremes and the sums of its days.
      const week = weeks[weeks.length - 2]!;
      const own = days.filter((day) => day.start >= week.start && day.start < week.start + 7 * DAY);
      expect(own).toHaveLength(7);
      expect(week.open).toBe(own[0]!.open);
      expect(week.close).toBe(own[6]!.close);
      expect(week.high).toBe(Math.max(...own.map((d) => d.high)));
      expect(week.low).toBe(Math.min(...own.map((d) => d.low)));
      expect(week.baseVolume).toBe(own.reduce((sum, d) => sum + d.baseVolume, 0n));
      expect(week.quoteVolume).toBe(own.reduce((sum, d) => sum + d.quoteVolume, 0n));
      // The stream's newest weeks are the same as the REST history's.
      expect(latestCandles(history, STREAM_CANDLE_CHANNELS.candle1W!, 3)).toEqual(weeks.slice(-3));
    });
  }
});
