import Decimal from 'decimal.js';

/**
 * The decimal type of the maths contract (contracts/maths.md): 50 significant digits, half-up rounding.
 * A private clone, so no other module's `Decimal.set` can change how money rounds here.
 */
export const MathsDecimal = Decimal.clone({
  precision: 50,
  // decimal.js ROUND_HALF_UP rounds ties away from zero, which is what the contract means by "half-up" for losses too.
  rounding: Decimal.ROUND_HALF_UP,
  // Never switch to exponent notation: every output string is plain fixed-point.
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

/** A value of the maths decimal type. */
export type MathsDecimalValue = Decimal;

/** Half-up (ties away from zero) rounding mode of the maths contract. */
export const HALF_UP = Decimal.ROUND_HALF_UP;
/** Rounding toward −∞, used for the spot ROI (spec §3: ROI percent is floored). */
export const FLOOR = Decimal.ROUND_FLOOR;

/** Rounds a value to `places` decimals and prints it fixed-point, never as a negative zero (contracts/maths.md). */
export function toFixedString(value: MathsDecimalValue, places: number, rounding: Decimal.Rounding): string {
  const text = value.toFixed(places, rounding);
  // -0.001 rounds to a negative zero, which decimal.js prints as "-0.00"; a person must see "0.00".
  return text.charCodeAt(0) === 45 && NEGATIVE_ZERO.test(text) ? text.slice(1) : text;
}

const NEGATIVE_ZERO = /^-0(\.0*)?$/;
