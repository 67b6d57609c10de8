import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MaintenanceMarginRateInput, type MarginTier, maintenanceMarginRate } from '../../../../engine/maths';
import knownAnswers from '../../../fixtures/maths-known-answers.json';
import { decimalText, Exact, expectMathsError, HOSTILE_DECIMALS } from './support';

const vectors = knownAnswers.maintenanceMarginRate as unknown as Array<{
  name: string;
  input: MaintenanceMarginRateInput;
  expected: string;
}>;

const TIERS: MarginTier[] = [
  ['0', '50', '0.004', '125'],
  ['50', '200', '0.005', '100'],
  ['200', '500', '0.01', '50'],
  ['500', '1000', '0.025', '20'],
];
const BASE: MaintenanceMarginRateInput = {
  marginMode: 1,
  side: 1,
  longOpenCount: '10',
  shortOpenCount: '0',
  tiers: TIERS,
};

describe('maintenanceMarginRate', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))('matches the known answer: %s', (_name, vector) => {
    expect(maintenanceMarginRate(vector.input)).toBe(vector.expected);
  });

  it('gives the tier of the worked example: 0.5 in the first tier pays 0.004', () => {
    expect(maintenanceMarginRate({ ...BASE, longOpenCount: '0.5' })).toBe('0.004');
  });
});

describe('maintenanceMarginRate properties', () => {
  it('picks the lowest tier whose maxSize holds the size, or the last tier beyond the table', () => {
    fc.assert(
      fc.property(
        decimalText(1500, 4),
        decimalText(1500, 4),
        fc.constantFrom(1, 2),
        fc.constantFrom(1, 2),
        (longCount, shortCount, marginMode, side) => {
          const rate = maintenanceMarginRate({
            marginMode,
            side,
            longOpenCount: longCount,
            shortOpenCount: shortCount,
            tiers: TIERS,
          });
          const size =
            marginMode === 1 ? new Exact(side === 1 ? longCount : shortCount) : new Exact(longCount).plus(shortCount);
          const index = TIERS.findIndex((tier) => tier[2] === rate);
          expect(index).toBeGreaterThanOrEqual(0);
          if (index < TIERS.length - 1) expect(size.lte(TIERS[index][1])).toBe(true);
          if (index > 0) expect(size.gt(TIERS[index - 1][1])).toBe(true);
        },
      ),
    );
  });

  it('does not depend on the order of the table', () => {
    fc.assert(
      fc.property(decimalText(1500, 2), fc.shuffledSubarray(TIERS, { minLength: TIERS.length }), (size, shuffled) => {
        expect(maintenanceMarginRate({ ...BASE, longOpenCount: size, tiers: shuffled })).toBe(
          maintenanceMarginRate({ ...BASE, longOpenCount: size }),
        );
      }),
    );
  });
});

describe('maintenanceMarginRate input checks', () => {
  it.each(HOSTILE_DECIMALS)('rejects %s as a size', (_label, value, code) => {
    expectMathsError(() => maintenanceMarginRate({ ...BASE, shortOpenCount: value as string }), 'shortOpenCount', code);
  });

  it('rejects a negative size', () => {
    expectMathsError(() => maintenanceMarginRate({ ...BASE, longOpenCount: '-1' }), 'longOpenCount', 'maths.negative');
  });

  it.each([
    ['marginMode', 3],
    ['side', 0],
    ['side', 'long'],
  ] as const)('rejects %s %j', (field, value) => {
    expectMathsError(() => maintenanceMarginRate({ ...BASE, [field]: value }), field, 'maths.bad-enum');
  });

  it('rejects an empty or missing table', () => {
    expectMathsError(() => maintenanceMarginRate({ ...BASE, tiers: [] }), 'tiers', 'maths.bad-shape');
    expectMathsError(() => maintenanceMarginRate({ ...BASE, tiers: undefined as never }), 'tiers', 'maths.bad-shape');
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: { 0: TIERS[0] } as never }),
      'tiers',
      'maths.bad-shape',
    );
  });

  it('rejects a tier that is not four values', () => {
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [TIERS[0], ['50', '200', '0.005'] as never] }),
      'tiers[1]',
      'maths.bad-shape',
    );
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [{ minSize: 0 } as never] }),
      'tiers[0]',
      'maths.bad-shape',
    );
  });

  it('rejects a tier whose maxSize is not above its minSize', () => {
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [TIERS[0], ['200', '50', '0.005', '100']] }),
      'tiers[1].maxSize',
      'maths.out-of-range',
    );
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [['10', '10', '0.005', '100']] }),
      'tiers[0].maxSize',
      'maths.out-of-range',
    );
  });

  it('rejects overlapping tiers, which would make the rate ambiguous', () => {
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [TIERS[1], ['0', '60', '0.004', '125']] }),
      'tiers[0].minSize',
      'maths.out-of-range',
    );
  });

  it('rejects a rate outside [0, 1) and a leverage that is not positive', () => {
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [['0', '50', '1', '125']] }),
      'tiers[0].mmr',
      'maths.out-of-range',
    );
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [['0', '50', '-0.1', '125']] }),
      'tiers[0].mmr',
      'maths.negative',
    );
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [['0', '50', '0.004', '0']] }),
      'tiers[0].maxLeverage',
      'maths.out-of-range',
    );
    expectMathsError(
      () => maintenanceMarginRate({ ...BASE, tiers: [['0', 'x', '0.004', '10']] }),
      'tiers[0].maxSize',
      'maths.not-a-number',
    );
  });
});
