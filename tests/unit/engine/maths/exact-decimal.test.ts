import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divide50,
  divideRounded,
  divideToText,
  estimatedQuotientText,
  estimatedText,
  exactOf,
  formatScaled,
  minus,
  plus,
  readPlain,
  roundedFloatText,
  roundedText,
  roundTo,
  times,
} from '../../../../engine/maths/exact-decimal';
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
        expect(formatScaled(roundTo(exact(text), places), places)).toBe(
          toFixedString(new MathsDecimal(text), places, HALF_UP),
        );
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
    expect(formatScaled(divideRounded(exact('1'), exact('3'), 55), 55)).toBe(
      toFixedString(new MathsDecimal(1).div(3), 55, HALF_UP),
    );
    // A quotient of 0.0049999…(60 nines) rounds up at 50 digits to 0.005, then to 0.01 at two places.
    const numerator = `0.00${'4'.padEnd(61, '9')}`;
    expect(toFixedString(new MathsDecimal(numerator).div(1), 2, HALF_UP)).toBe('0.01');
    expect(formatScaled(divideRounded(exact(numerator), exact('1'), 2), 2)).toBe('0.01');
    expect(formatScaled(divideRounded(exact('-7'), exact('-2'), 0), 0)).toBe('4');
    expect(formatScaled(divideRounded(exact('7'), exact('-2'), 0), 0)).toBe('-4');
  });
});

/** A decimal text whose quotient by `divisor` lies within 10^-gap (relative) of a half-up tie at `places`. */
const nearTie = fc
  .record({
    count: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    places: fc.integer({ min: 0, max: 6 }),
    divisor: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    divisorScale: fc.integer({ min: 0, max: 8 }),
    gap: fc.integer({ min: 8, max: 70 }),
    nudge: fc.integer({ min: -3, max: 3 }),
    isNegative: fc.boolean(),
  })
  .map(({ count, places, divisor, divisorScale, gap, nudge, isNegative }) => {
    const Wide = MathsDecimal.clone({ precision: 200 });
    const tie = new Wide(count.toString()).plus(0.5).div(new Wide(10).pow(places));
    const value = tie.times(new Wide(1).plus(new Wide(nudge).times(new Wide(10).pow(-gap))));
    const divisorText = formatScaled(divisor, divisorScale);
    // At most 60 significant digits, as the maths' inputs allow.
    const numerator = value.times(divisorText).toSignificantDigits(60).toFixed();
    return { numerator: isNegative ? `-${numerator}` : numerator, divisor: divisorText, places };
  });

describe('divide50', () => {
  it('is the quotient decimal.js gives at precision 50', () => {
    fc.assert(
      fc.property(decimalText, nonZeroText, (a, b) => {
        const quotient = divide50(exact(a), exact(b));
        expect(new MathsDecimal(formatScaled(quotient.n, quotient.scale)).eq(new MathsDecimal(a).div(b))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('divideRounded', () => {
  it('rounds quotients a hair either side of a tie as decimal.js does, 50-digit rounding first', () => {
    fc.assert(
      fc.property(nearTie, ({ numerator, divisor, places }) => {
        const expected = toFixedString(new MathsDecimal(numerator).div(divisor), places, HALF_UP);
        expect(formatScaled(divideRounded(exact(numerator), exact(divisor), places), places)).toBe(expected);
        expect(divideToText(exact(numerator), exact(divisor), places)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('estimatedText', () => {
  it('answers only what it can tell, and then exactly as decimal.js does (one or two divisions)', () => {
    fc.assert(
      fc.property(nearTie, fc.option(nonZeroText, { nil: undefined }), ({ numerator, divisor, places }, second) => {
        const first = new MathsDecimal(numerator).div(divisor);
        const expected = toFixedString(second === undefined ? first : first.div(second), places, HALF_UP);
        const text = estimatedText(
          exact(numerator),
          exact(divisor),
          second === undefined ? null : exact(second),
          places,
        );
        if (text !== null) expect(text).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves an exact tie, and a quotient within 1e-13 of one, to the exact division', () => {
    expect(estimatedText(exact('1'), exact('8'), null, 2)).toBeNull();
    expect(estimatedText(exact('-0.125000000000001'), exact('1'), null, 2)).toBeNull();
    expect(estimatedText(exact('0.1251'), exact('1'), null, 2)).toBe('0.13');
    expect(estimatedText(exact('-0.1249'), exact('1'), null, 2)).toBe('-0.12');
    expect(estimatedText(exact('-0.001'), exact('1'), null, 2)).toBe('0.00');
  });

  it('leaves to the exact division what a float cannot hold', () => {
    expect(estimatedText(exact('1'), exact('3'), null, 30)).toBeNull();
    expect(estimatedQuotientText(1, 0, Number.POSITIVE_INFINITY, 0, 2)).toBeNull();
    expect(estimatedQuotientText(1, 0, 0, 0, 2)).toBeNull();
    // Past 5·10^12 counts the float's fraction no longer tells a tie apart.
    expect(estimatedQuotientText(1e13 + 1, 0, 1, 0, 0)).toBeNull();
  });
});

describe('roundedText', () => {
  it('rounds and prints as roundTo and formatScaled do, without dividing', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 12 }), (text, places) => {
        expect(roundedText(exact(text), places)).toBe(formatScaled(roundTo(exact(text), places), places));
      }),
    );
    expect(roundedText(exact('-0.005'), 2)).toBe('-0.01');
    expect(roundedText(exact('-0.0049'), 2)).toBe('0.00');
    expect(roundedText(exact('9.995'), 2)).toBe('10.00');
  });
});

describe('roundedFloatText', () => {
  it('gives roundedText for every integer a float holds exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 8 }),
        (n, scale, places) => {
          const text = roundedFloatText(n, scale, places);
          if (text !== null) expect(text).toBe(roundedText({ n: BigInt(n), scale }, places));
        },
      ),
      { numRuns: 3000 },
    );
    expect(roundedFloatText(-5, 3, 2)).toBe('-0.01');
    expect(roundedFloatText(-4, 3, 2)).toBe('0.00');
    expect(roundedFloatText(2 ** 52, 0, 2)).toBeNull();
  });
});

describe('readPlain', () => {
  it('reads a plain decimal exactly, with its sizes as decimal.js counts them', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,18}(\.\d{1,18})?$/), (text) => {
        const plain = readPlain(text);
        const value = new MathsDecimal(text);
        expect(plain).not.toBeNull();
        expect(new MathsDecimal(formatScaled(plain?.n ?? 0n, plain?.scale ?? 0)).eq(value)).toBe(true);
        expect(plain?.places).toBe(value.decimalPlaces());
        expect(plain?.integerDigits).toBe(value.isZero() ? 0 : Math.max(0, value.e + 1));
        if (plain && plain.n < 2n ** 53n) expect(plain.float).toBe(Number(plain.n));
      }),
    );
    expect(readPlain('0068000.50')).toMatchObject({
      n: 6800050n,
      scale: 2,
      integerDigits: 5,
      places: 1,
      isCanonical: false,
    });
    expect(readPlain('68000.5')).toMatchObject({ isCanonical: true });
    expect(readPlain('0.5')).toMatchObject({ isCanonical: true });
  });

  it('leaves signs, exponents, blanks and odd or long text to the checked decimal reader', () => {
    for (const text of [
      '',
      '-1',
      '+1',
      '1e5',
      ' 1',
      '1 ',
      '1.',
      '.5',
      '1..2',
      '1,5',
      '0x10',
      'NaN',
      '１２',
      '9'.repeat(41),
    ])
      expect(readPlain(text)).toBeNull();
  });
});
