import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { MARGIN_TIERS, maxLeverageFor } from '../../../../gateway/market/margin-tiers';

const perpetuals = DEFAULT_INSTRUMENTS.filter((spec) => spec.instType === 'USDT-FUTURES');

describe('MARGIN_TIERS', () => {
  it("has a table of its own for every simulated perpetual, starting at the instrument's maximum leverage", () => {
    for (const spec of perpetuals) {
      const tiers = MARGIN_TIERS[spec.symbol];
      expect(tiers, spec.symbol).toBeDefined();
      expect(String(tiers![0]![3]), spec.symbol).toBe(spec.maxLever);
      expect(maxLeverageFor(spec.symbol, 1n, spec.volumePlace), spec.symbol).toBe(Number(spec.maxLever));
    }
  });

  it('runs each table from zero without gaps, with leverage falling and the rate rising, each rate below 1 / leverage', () => {
    for (const [symbol, tiers] of Object.entries(MARGIN_TIERS)) {
      expect(String(tiers[0]![0]), symbol).toBe('0');
      for (const [index, [minSize, maxSize, mmr, leverage]] of tiers.entries()) {
        const at = `${symbol}[${index}]`;
        expect(new Decimal(String(minSize)).lt(String(maxSize)), at).toBe(true);
        // A position must reach its maintenance margin before it has lost all of its initial margin.
        expect(new Decimal(String(mmr)).lt(new Decimal(1).div(String(leverage))), at).toBe(true);
        if (index === 0) continue;
        const [, previousMax, previousMmr, previousLeverage] = tiers[index - 1]!;
        expect(String(minSize), at).toBe(String(previousMax));
        expect(new Decimal(String(mmr)).gt(String(previousMmr)), at).toBe(true);
        expect(new Decimal(String(leverage)).lt(String(previousLeverage)), at).toBe(true);
      }
    }
  });

  it("breaks the minor perpetuals' first tier at about ETHUSDT's value (within a factor of 1.5 at the start prices)", () => {
    const firstTierValue = (symbol: string) => {
      const spec = perpetuals.find((candidate) => candidate.symbol === symbol)!;
      return new Decimal(String(MARGIN_TIERS[symbol]![0]![1])).times(spec.startPrice);
    };
    const eth = firstTierValue('ETHUSDT');
    for (const spec of perpetuals.filter((candidate) => !['BTCUSDT', 'ETHUSDT'].includes(candidate.symbol))) {
      const ratio = firstTierValue(spec.symbol).div(eth).toNumber();
      expect(ratio, spec.symbol).toBeGreaterThan(1 / 1.5);
      expect(ratio, spec.symbol).toBeLessThan(1.5);
    }
  });
});
