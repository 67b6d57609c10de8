import { describe, expect, it } from 'vitest';
import { aggregateCandles, FUTURES_GRANULARITIES, historyCandles } from '../../../../gateway/market/candles';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { T0 } from '../support';

const DAY = 86_400_000;

describe('a perpetual follows its spot pair', () => {
  it('keeps |perp last − spot last| / spot within 0.3 % and |mark − index| small over two hours of steps', () => {
    const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT', 'BCHUSDT'];
    const instruments = DEFAULT_INSTRUMENTS.filter((spec) => symbols.includes(spec.symbol));
    const sim = new MarketSimulator({ seed: 2024, nowMs: T0, instruments });
    let worstGap = 0;
    let worstMark = 0;
    for (let i = 1; i <= 7200; i += 1) {
      sim.step(T0 + i * 1000);
      // After a warm-up of five minutes, every fifth second.
      if (i < 300 || i % 5 !== 0) continue;
      for (const symbol of symbols) {
        const spot = Number(sim.getTicker('SPOT', symbol)!.lastPr);
        const perp = sim.getTicker('USDT-FUTURES', symbol)!;
        worstGap = Math.max(worstGap, Math.abs(Number(perp.lastPr) - spot) / spot);
        worstMark = Math.max(worstMark, Math.abs(Number(perp.markPrice) - Number(perp.indexPrice)) / spot);
        // The index is the spot pair's price, on the perpetual's tick grid.
        expect(Math.abs(Number(perp.indexPrice) - spot) / spot).toBeLessThan(0.0002);
      }
    }
    expect(worstGap).toBeGreaterThan(0);
    expect(worstGap).toBeLessThanOrEqual(0.003);
    expect(worstMark).toBeLessThanOrEqual(0.002);
  }, 60_000);
});

describe('candle history', () => {
  const sim = new MarketSimulator({ seed: 5, nowMs: T0 });
  for (let i = 1; i <= 400; i += 1) sim.step(T0 + i * 250);
  const g = FUTURES_GRANULARITIES;

  for (const [instType, symbol] of [
    ['SPOT', 'BTCUSDT'],
    ['USDT-FUTURES', 'ETHUSDT'],
    ['SPOT', 'USDTBRL'],
  ] as const) {
    const history = sim.getCandleHistory(instType, symbol)!;
    const hours = historyCandles(history, g['1H']!);

    it(`${instType} ${symbol}: 1D covers at least 90 days and 4H at least 30`, () => {
      const days = historyCandles(history, g['1D']!);
      const fours = historyCandles(history, g['4H']!);
      expect(T0 - days[0]!.start).toBeGreaterThanOrEqual(90 * DAY);
      expect(days.length).toBeGreaterThanOrEqual(91);
      expect(T0 - fours[0]!.start).toBeGreaterThanOrEqual(30 * DAY);
      for (const candle of [...days, ...fours]) {
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      }
    });

    it(`${instType} ${symbol}: an hour is the merge of its minutes, 4H, 1D and 1Dutc the merge of their hours`, () => {
      const minuteHours = aggregateCandles(history.minutes, g['1H']!);
      // Every hour whose 60 minutes are all stored equals their merge.
      const whole = minuteHours.filter(
        (hour) =>
          history.minutes.filter((m) => m.start >= hour.start && m.start < hour.start + 3_600_000).length === 60,
      );
      expect(whole.length).toBeGreaterThanOrEqual(22);
      for (const hour of whole) expect(hours.find((h) => h.start === hour.start)).toEqual(hour);
      for (const name of ['4H', '1D', '1Dutc', '12H'] as const) {
        expect(aggregateCandles(hours, g[name]!), name).toEqual(historyCandles(history, g[name]!));
      }
      // Consecutive hours are an hour apart, without a gap, over the whole history.
      for (let i = 1; i < hours.length; i += 1) expect(hours[i]!.start - hours[i - 1]!.start).toBe(3_600_000);
    });
  }
});
