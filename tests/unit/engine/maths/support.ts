import Decimal from 'decimal.js';
import fc from 'fast-check';
import { expect } from 'vitest';
import { type MathsErrorCode, MathsInputError } from '../../../../engine/maths';

/** A decimal independent of the engine's clone, with more digits, to check the engine against. */
export const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });

/** Runs `run` and checks it threw a MathsInputError with this field and code, and a message naming the field. */
export function expectMathsError(run: () => unknown, field: string, code: MathsErrorCode): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MathsInputError);
  expect(caught).toMatchObject({ field, code });
  expect((caught as Error).message).toContain(field);
}

/** Hostile values any decimal input must refuse, with the code each one gets. */
export const HOSTILE_DECIMALS: ReadonlyArray<[label: string, value: unknown, code: MathsErrorCode]> = [
  ['an empty string', '', 'maths.missing'],
  ['a blank string', ' ', 'maths.missing'],
  ['undefined', undefined, 'maths.missing'],
  ['null', null, 'maths.missing'],
  ['a word', 'abc', 'maths.not-a-number'],
  ['a comma decimal', '1,5', 'maths.not-a-number'],
  ['a hex literal', '0x10', 'maths.not-a-number'],
  ['the string Infinity', 'Infinity', 'maths.not-a-number'],
  ['a number with a unit', '12 USDT', 'maths.not-a-number'],
  ['NaN', Number.NaN, 'maths.not-a-number'],
  ['Infinity', Number.POSITIVE_INFINITY, 'maths.not-a-number'],
  ['-Infinity', Number.NEGATIVE_INFINITY, 'maths.not-a-number'],
  ['an object', { value: '1' }, 'maths.not-a-number'],
  ['an array', ['1'], 'maths.not-a-number'],
  ['a boolean', true, 'maths.not-a-number'],
  ['a bigint', 10n, 'maths.not-a-number'],
  ['a huge exponent', '1e999', 'maths.out-of-range'],
  ['a tiny exponent', '1e-999', 'maths.out-of-range'],
  ['an exponent past decimal.js limits', '1e99999999999999999999', 'maths.out-of-range'],
  ['an exponent that would underflow to zero', '1e-99999999999999999999', 'maths.out-of-range'],
  ['a zero with a huge exponent', '0e-99999', 'maths.out-of-range'],
  ['a 100-character string', '1'.repeat(100), 'maths.out-of-range'],
  ['a 65-character decimal', `0.${'1'.repeat(63)}`, 'maths.out-of-range'],
  ['a tiny float', 1e-300, 'maths.out-of-range'],
];

/** Plain decimal strings from 0 up to `maxInteger`, with up to `maxPlaces` decimals. */
export function decimalText(maxInteger: number, maxPlaces: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: maxInteger }),
      fc.integer({ min: 0, max: 10 ** maxPlaces - 1 }),
      fc.integer({ min: 0, max: maxPlaces }),
    )
    .map(([whole, fraction, places]) =>
      places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(maxPlaces, '0').slice(0, places)}`,
    );
}

/** Like {@link decimalText} but never zero. */
export function positiveDecimalText(maxInteger: number, maxPlaces: number): fc.Arbitrary<string> {
  return decimalText(maxInteger, maxPlaces).filter((text) => /[1-9]/.test(text));
}

/** `units · 10^-places` printed fixed-point, with an optional minus sign. */
export function scaled(units: bigint, places: number, isNegative = false): string {
  const digits = units.toString().padStart(places + 1, '0');
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return isNegative && units !== 0n ? `-${body}` : body;
}

/** Checks an output is fixed-point with exactly `places` decimals and is not a negative zero. */
export function expectFixed(text: string, places: number): void {
  expect(text).toMatch(/^-?\d+(\.\d+)?$/);
  expect(text.includes('.') ? text.split('.')[1].length : 0).toBe(places);
  expect(/^-0(\.0+)?$/.test(text)).toBe(false);
}

/** The negation of a fixed-point output, as the engine would print it. */
export function negated(text: string): string {
  if (!/[1-9]/.test(text)) return text;
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}
