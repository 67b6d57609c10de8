import type { MathsDecimalValue } from './maths-decimal';

/**
 * An exact decimal `n / 10^scale` on BigInt: the position book's per-tick arithmetic. Sums and products are exact,
 * and {@link divideRounded} rounds a quotient to 50 significant digits half-up before rounding it to the shown
 * places, exactly as the contract's decimal.js (precision 50, half-up) would, at a fraction of the cost.
 */
export interface Exact {
  n: bigint;
  scale: number;
}

const POW10: bigint[] = [1n];

/** 10^k as a BigInt, k ≥ 0. */
export function pow10(k: number): bigint {
  for (let i = POW10.length; i <= k; i += 1) POW10.push(POW10[i - 1] * 10n);
  return POW10[k];
}

export const EXACT_ZERO: Exact = { n: 0n, scale: 0 };

/** The exact value of a decimal.js value (which always holds a finite decimal). */
export function exactOf(value: MathsDecimalValue): Exact {
  const text = value.toFixed();
  const point = text.indexOf('.');
  if (point < 0) return { n: BigInt(text), scale: 0 };
  return { n: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

function align(a: Exact, b: Exact): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.n, b.n, a.scale];
  return a.scale > b.scale ? [a.n, b.n * pow10(a.scale - b.scale), a.scale] : [a.n * pow10(b.scale - a.scale), b.n, b.scale];
}

export function plus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { n: x + y, scale };
}

export function minus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = align(a, b);
  return { n: x - y, scale };
}

export function times(a: Exact, b: Exact): Exact {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

/** `x / y` rounded half-up (ties away from zero), for y > 0. */
function divideHalfUp(x: bigint, y: bigint): bigint {
  const q = x / y;
  const r = x % y;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= y ? (x < 0n ? q - 1n : q + 1n) : q;
}

/** Decimal digits of |x| (x ≠ 0), without printing it in decimal, which costs far more than the arithmetic here. */
function digits(x: bigint): number {
  const magnitude = x < 0n ? -x : x;
  // |x| ≥ 16^(h−1), so it has at least ⌊4(h−1)·log10 2⌋ + 1 digits, and at most a digit or two more.
  const hex = magnitude.toString(16).length;
  let count = Math.floor(4 * (hex - 1) * Math.LOG10E * Math.LN2 - 1e-9) + 1;
  while (magnitude >= pow10(count)) count += 1;
  return count;
}

/** The value rounded half-up to `places` decimals, as an integer count of 10^-places. */
export function roundTo(value: Exact, places: number): bigint {
  if (value.scale <= places) return value.n * pow10(places - value.scale);
  return divideHalfUp(value.n, pow10(value.scale - places));
}

/** `numerator / denominator` as decimal.js computes it at precision 50: rounded half-up to 50 significant digits. */
export function divide50(numerator: Exact, denominator: Exact): Exact {
  let x = numerator.n * pow10(denominator.scale);
  let y = denominator.n * pow10(numerator.scale);
  if (y < 0n) {
    x = -x;
    y = -y;
  }
  if (x === 0n) return EXACT_ZERO;
  // m: the exponent of the quotient's leading digit.
  let m = digits(x) - digits(y);
  const ax = x < 0n ? -x : x;
  if (m >= 0 ? ax < y * pow10(m) : ax * pow10(-m) < y) m -= 1;
  // Fifty significant digits end at 10^(m − 49): the quotient to that many decimals (negative: tens, hundreds…).
  const kept = 49 - m;
  return kept >= 0 ? { n: divideHalfUp(x * pow10(kept), y), scale: kept } : { n: divideHalfUp(x, y * pow10(-kept)) * pow10(-kept), scale: 0 };
}

/**
 * `numerator / denominator` at precision 50 (see {@link divide50}), then rounded half-up to `places` decimals: an
 * integer count of 10^-places. The denominator must not be zero.
 */
export function divideRounded(numerator: Exact, denominator: Exact, places: number): bigint {
  return roundTo(divide50(numerator, denominator), places);
}

/** A count of 10^-places printed fixed-point; zero never carries a sign. */
export function formatScaled(count: bigint, places: number): string {
  const negative = count < 0n;
  const text = (negative ? -count : count).toString();
  if (places === 0) return negative ? `-${text}` : text;
  const padded = text.length <= places ? '0'.repeat(places - text.length + 1) + text : text;
  const fixed = `${padded.slice(0, -places)}.${padded.slice(-places)}`;
  return negative ? `-${fixed}` : fixed;
}

/** Digits before the point of a decimal.js value (0 for |x| < 1). */
export function integerDigits(value: MathsDecimalValue): number {
  return value.isZero() ? 0 : Math.max(0, value.e + 1);
}
