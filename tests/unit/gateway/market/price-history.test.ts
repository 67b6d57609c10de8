import { describe, expect, it } from 'vitest';
import { type DayStats, PriceHistory } from '../../../../gateway/market/price-history';
import { createRandom } from '../../../../gateway/market/random';

/** The 24 h figures by a plain scan of every candle: what `stats()` must always equal. */
function scanned(history: PriceHistory): DayStats {
  const candles = history.minuteCandles();
  const first = candles[0];
  const midnight = Math.floor(candles[candles.length - 1].start / 86_400_000) * 86_400_000;
  const stats: DayStats = {
    open: first.open,
    high: first.high,
    low: first.low,
    openUtc: first.open,
    baseVolume: 0n,
    quoteVolume: 0n,
  };
  let found = false;
  for (const candle of candles) {
    stats.high = Math.max(stats.high, candle.high);
    stats.low = Math.min(stats.low, candle.low);
    stats.baseVolume += candle.baseVolume;
    stats.quoteVolume += candle.quoteVolume;
    if (!found && candle.start >= midnight) {
      stats.openUtc = candle.open;
      found = true;
    }
  }
  return stats;
}

describe('PriceHistory.stats', () => {
  it('equals a full scan after every record, across minute rolls, gaps, UTC midnight and the 24 h window', () => {
    const rng = createRandom(7);
    const history = new PriceHistory();
    // Starts 3 minutes before a UTC midnight, two days long, with steps of 0.2 s to 1 min and now and then 7 min.
    let ts = Date.UTC(2026, 10, 23) - 3 * 60_000;
    let price = 100_000;
    for (let i = 0; i < 6000; i += 1) {
      ts += rng.int(200, i % 500 === 0 ? 420_000 : 60_000);
      price = Math.max(1, price + rng.int(-40, 40));
      history.record(ts, price, BigInt(rng.int(0, 5)), BigInt(rng.int(0, 500)));
      expect(history.stats()).toEqual(scanned(history));
    }
    expect(history.minuteCandles()).toHaveLength(1440);
  });

  it('reads a single candle', () => {
    const history = new PriceHistory();
    history.record(1_000, 5, 2n, 10n);
    history.record(2_000, 7, 1n, 7n);
    expect(history.stats()).toEqual({ open: 5, high: 7, low: 5, openUtc: 5, baseVolume: 3n, quoteVolume: 17n });
  });
});
