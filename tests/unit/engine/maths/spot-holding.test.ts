import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SpotHoldingInput, type SpotHoldingMetrics, spotHoldingMetrics } from '../../../../engine/maths';
import knownAnswers from '../../../fixtures/maths-known-answers.json';
import {
  decimalText,
  Exact,
  expectFixed,
  expectMathsError,
  HOSTILE_DECIMALS,
  positiveDecimalText,
  scaled,
} from './support';

const vectors = knownAnswers.spotHoldingMetrics as unknown as Array<{
  name: string;
  input: SpotHoldingInput;
  expected: SpotHoldingMetrics;
}>;

describe('spotHoldingMetrics', () => {
  it('gives the contract example: buy 3, market 2.9, hold 3, precision 4 → -0.3000 and -3.34', () => {
    // ROI (2.9/3 − 1)·100 = −3.333…, floored toward −∞ to −3.34 (rounding would give −3.33).
    expect(spotHoldingMetrics({ buyPrice: '3', marketPrice: '2.9', holdCount: '3', quotePrecision: 4 })).toEqual({
      profit: '-0.3000',
      roiPercent: '-3.34',
    });
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('matches the known answer: %s', (_name, vector) => {
    expect(spotHoldingMetrics(vector.input)).toEqual(vector.expected);
  });

  it('does not change the maths with trackingType or pricePlace', () => {
    const base = { buyPrice: '3', marketPrice: '3.3', holdCount: '3' };
    expect(spotHoldingMetrics({ ...base, trackingType: 1, pricePlace: 8 })).toEqual(
      spotHoldingMetrics({ ...base, trackingType: 0, pricePlace: 0 }),
    );
  });
});

describe('spotHoldingMetrics properties', () => {
  it('floors the ROI: never above the exact value and less than 0.01 below it', () => {
    fc.assert(
      fc.property(
        positiveDecimalText(100000, 8),
        decimalText(100000, 8),
        positiveDecimalText(1000, 4),
        (buyPrice, marketPrice, holdCount) => {
          const { roiPercent } = spotHoldingMetrics({ buyPrice, marketPrice, holdCount });
          const exact = new Exact(marketPrice).div(buyPrice).minus(1).times(100);
          const shown = new Exact(roiPercent);
          expect(shown.lte(exact)).toBe(true);
          expect(exact.minus(shown).lt('0.01')).toBe(true);
        },
      ),
    );
  });

  it('rounds profit ties away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 100000 }),
        fc.boolean(),
        (units, quotePrecision, buy, isLoss) => {
          const tie = scaled(units * 10n + 5n, quotePrecision + 1);
          // Buying above the market by the tie loses it; buying below gains it.
          const buyPrice = isLoss ? new Exact(buy).plus(tie).toFixed() : String(buy);
          const marketPrice = isLoss ? String(buy) : new Exact(buy).plus(tie).toFixed();
          const { profit } = spotHoldingMetrics({ buyPrice, marketPrice, holdCount: '1', quotePrecision });
          expect(profit).toBe(scaled(units + 1n, quotePrecision, isLoss));
        },
      ),
    );
  });

  it('always prints fixed-point strings with the asked decimals and never a negative zero', () => {
    fc.assert(
      fc.property(
        decimalText(100000, 8),
        decimalText(100000, 8),
        decimalText(1000, 6),
        fc.integer({ min: 0, max: 18 }),
        (buyPrice, marketPrice, holdCount, quotePrecision) => {
          const result = spotHoldingMetrics({ buyPrice, marketPrice, holdCount, quotePrecision });
          expectFixed(result.profit, quotePrecision);
          expectFixed(result.roiPercent, 2);
        },
      ),
    );
  });
});

describe('spotHoldingMetrics input checks', () => {
  const base = { buyPrice: '3', marketPrice: '2.9', holdCount: '3' };

  it.each(HOSTILE_DECIMALS)('rejects %s as the market price', (_label, marketPrice, code) => {
    expectMathsError(() => spotHoldingMetrics({ ...base, marketPrice: marketPrice as string }), 'marketPrice', code);
  });

  it('rejects negative prices and quantities', () => {
    expectMathsError(() => spotHoldingMetrics({ ...base, buyPrice: '-3' }), 'buyPrice', 'maths.negative');
    expectMathsError(() => spotHoldingMetrics({ ...base, holdCount: -1 }), 'holdCount', 'maths.negative');
    expectMathsError(
      () => spotHoldingMetrics({ ...base, holdCount: undefined, buyDealCount: '-1' }),
      'buyDealCount',
      'maths.negative',
    );
  });

  it('names the quantity that was read when it is garbage', () => {
    expectMathsError(
      () => spotHoldingMetrics({ ...base, holdCount: null, buyDealCount: null, dealCount: 'abc' }),
      'dealCount',
      'maths.not-a-number',
    );
    // A blank string is present, so it does not fall through to the next quantity.
    expectMathsError(
      () => spotHoldingMetrics({ ...base, holdCount: '', buyDealCount: '4' }),
      'holdCount',
      'maths.missing',
    );
  });

  it('rejects a holding with no quantity at all', () => {
    expectMathsError(() => spotHoldingMetrics({ buyPrice: '3', marketPrice: '2.9' }), 'holdCount', 'maths.missing');
  });

  it.each([19, -1, 0.5, 'x'])('rejects quotePrecision %j', (quotePrecision) => {
    expectMathsError(
      () => spotHoldingMetrics({ ...base, quotePrecision }),
      'quotePrecision',
      quotePrecision === 'x' ? 'maths.not-a-number' : 'maths.out-of-range',
    );
  });
});
