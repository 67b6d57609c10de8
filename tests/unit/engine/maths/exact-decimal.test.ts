import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, exactOf, formatScaled, minus, plus, roundTo, times } from '../../../../engine/maths/exact-decimal';
import { HALF_UP, MathsDecimal, toFixedString } from '../../../../engine/maths/maths-decimal';

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
  .map(([n, scale]) => formatScaled(n, scale));
const nonZeroText = decimalText.filter((text) => !new MathsDecimal(text).isZero());
const exact = (text: string) => exactOf(new MathsDecimal(text));

describe('exact decimals', () => {
  it('reads and prints decimal.js values without losing a digit', () => {
    expect(formatScaled(exact('-0.000120').n, exact('-0.000120').scale)).toBe('-0.00012');
    expect(exact('1e-30')).toEqual({ n: 1n, scale: 30 });
    expect(exact('12300')).toEqual({ n: 12300n, scale: 0 });
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(new MathsDecimal(formatScaled(exact(text).n, exact(text).scale)).eq(text)).toBe(true);
      }),
    );
  });

  it('adds, subtracts and multiplies exactly (where decimal.js at 50 digits would round a long product)', () => {
    const Wide = MathsDecimal.clone({ precision: 200 });
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const [x, y] = [new Wide(a), new Wide(b)];
        const show = (value: { n: bigint; scale: number }) => new Wide(formatScaled(value.n, value.scale));
        expect(show(plus(exact(a), exact(b))).eq(x.plus(y))).toBe(true);
        expect(show(minus(exact(a), exact(b))).eq(x.minus(y))).toBe(true);
        expect(show(times(exact(a), exact(b))).eq(x.times(y))).toBe(true);
      }),
    );
  });

  it('rounds half-up, ties away from zero, like the contract', () => {
    expect(formatScaled(roundTo(exact('-0.125'), 2), 2)).toBe('-0.13');
    expect(formatScaled(roundTo(exact('0.125'), 2), 2)).toBe('0.13');
    expect(formatScaled(roundTo(exact('-0.004'), 2), 2)).toBe('0.00');
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 12 }), (text, places) => {
        expect(formatScaled(roundTo(exact(text), places), places)).toBe(toFixedString(new MathsDecimal(text), places, HALF_UP));
      }),
    );
  });

  it('divides as decimal.js does at precision 50, then rounds to the shown places', () => {
    fc.assert(
      fc.property(decimalText, nonZeroText, fc.integer({ min: 0, max: 18 }), (a, b, places) => {
        const expected = toFixedString(new MathsDecimal(a).div(b), places, HALF_UP);
        expect(formatScaled(divideRounded(exact(a), exact(b), places), places)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps decimal.js double rounding where the 50th digit decides a tie', () => {
    // 1/3 · 3 is not 1 here: the quotient 0.333…(50 threes) is what decimal.js rounds to places.
    expect(formatScaled(divideRounded(exact('1'), exact('3'), 55), 55)).toBe(toFixedString(new MathsDecimal(1).div(3), 55, HALF_UP));
    // A quotient of 0.0049999…(60 nines) rounds up at 50 digits to 0.005, then to 0.01 at two places.
    const numerator = `0.00${'4'.padEnd(61, '9')}`;
    expect(toFixedString(new MathsDecimal(numerator).div(1), 2, HALF_UP)).toBe('0.01');
    expect(formatScaled(divideRounded(exact(numerator), exact('1'), 2), 2)).toBe('0.01');
    expect(formatScaled(divideRounded(exact('-7'), exact('-2'), 0), 0)).toBe('4');
    expect(formatScaled(divideRounded(exact('7'), exact('-2'), 0), 0)).toBe('-4');
  });
});
