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

// Sums align the scales in place rather than through a tuple: a tick adds thousands of these.
export function plus(a: Exact, b: Exact): Exact {
  if (a.scale === b.scale) return { n: a.n + b.n, scale: a.scale };
  return a.scale > b.scale
    ? { n: a.n + b.n * pow10(a.scale - b.scale), scale: a.scale }
    : { n: a.n * pow10(b.scale - a.scale) + b.n, scale: b.scale };
}

export function minus(a: Exact, b: Exact): Exact {
  if (a.scale === b.scale) return { n: a.n - b.n, scale: a.scale };
  return a.scale > b.scale
    ? { n: a.n - b.n * pow10(a.scale - b.scale), scale: a.scale }
    : { n: a.n * pow10(b.scale - a.scale) - b.n, scale: b.scale };
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

/** Significant digits decimal.js keeps in a quotient (the contract's precision). */
const PRECISION = 50;

/** The quotient's leading digit exponent, found by division: the slow, general way (huge or tiny operands). */
function divide50ByDigits(x: bigint, y: bigint): Exact {
  let m = digits(x) - digits(y);
  const ax = x < 0n ? -x : x;
  if (m >= 0 ? ax < y * pow10(m) : ax * pow10(-m) < y) m -= 1;
  // Fifty significant digits end at 10^(m − 49): the quotient to that many decimals (negative: tens, hundreds…).
  const kept = PRECISION - 1 - m;
  return kept >= 0
    ? { n: divideHalfUp(x * pow10(kept), y), scale: kept }
    : { n: divideHalfUp(x, y * pow10(-kept)) * pow10(-kept), scale: 0 };
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
  const negative = x < 0n;
  const ax = negative ? -x : x;
  // A float estimate of the quotient's size picks a scale that leaves at least 51 digits in the truncated quotient;
  // the 51st digit then decides half-up (whatever follows it only matters for exact ties, which round up too).
  const estimate = Math.log10(Number(ax)) - Math.log10(Number(y));
  if (!Number.isFinite(estimate)) return divide50ByDigits(x, y);
  const kept = Math.max(0, PRECISION + 2 - Math.floor(estimate));
  const quotient = ((ax * pow10(kept)) / y).toString();
  if (quotient.length <= PRECISION) return divide50ByDigits(x, y);
  const dropped = quotient.length - PRECISION;
  let n = BigInt(quotient.slice(0, PRECISION));
  if (quotient.charCodeAt(PRECISION) >= 53) n += 1n;
  let scale = kept - dropped;
  if (scale < 0) {
    n *= pow10(-scale);
    scale = 0;
  }
  return { n: negative ? -n : n, scale };
}

/**
 * `numerator / denominator` at precision 50 (see {@link divide50}), then rounded half-up to `places` decimals: an
 * integer count of 10^-places. The denominator must not be zero.
 *
 * One division does both roundings: with Q and r the truncated quotient and remainder at `places`, the 50-digit
 * rounding can only change the outcome when the quotient lies just under a tie, within half a unit of its 50th
 * digit, which a product of the remainder tells (below).
 */
export function divideRounded(numerator: Exact, denominator: Exact, places: number): bigint {
  const negative = numerator.n < 0n !== denominator.n < 0n;
  const x = (numerator.n < 0n ? -numerator.n : numerator.n) * pow10(denominator.scale + places);
  const y = (denominator.n < 0n ? -denominator.n : denominator.n) * pow10(numerator.scale);
  const q = x / y;
  const r = x - q * y;
  if (r === 0n) return negative ? -q : q;
  // Below 2^53 a float holds q exactly and prints it faster than BigInt does.
  const size = q === 0n ? 0 : q <= 9_007_199_254_740_991n ? String(Number(q)).length : q.toString().length;
  // The 50 digits end at or before the shown places: that rounding alone decides, and decimal.js's is the general one.
  if (size >= PRECISION) return roundTo(divide50(numerator, denominator), places);
  // The 50-digit rounding stops k digits below the last shown one; it lifts |q| onto the tie Q + ½ exactly when
  // the remainder's shortfall from half of y is at most half a unit of that digit: (y − 2r)·10^k ≤ y. (For Q = 0
  // a remainder past 0.1 puts the leading digit right under the shown places, so k = 50; below 0.1 nothing rounds up.)
  const twice = r * 2n;
  const isUp = twice >= y || (y - twice) * pow10(PRECISION - size) <= y;
  const rounded = isUp ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** `numerator / denominator` at precision 50, rounded half-up to `places` and printed fixed-point (see {@link divideRounded}). */
export function divideToText(numerator: Exact, denominator: Exact, places: number): string {
  return (
    estimatedText(numerator, denominator, null, places) ??
    formatScaled(divideRounded(numerator, denominator, places), places)
  );
}

/** Powers of ten a float holds exactly (read from their literals, which parse correctly rounded). */
export const FLOAT_POW10: number[] = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * How far a float estimate may be from the exact quotient, relative to it, with a wide margin: each float step
 * (a BigInt conversion, a product, a quotient, a power of ten) is off by at most half an ulp, 2^-53 relative, and an
 * estimate takes at most eight, so ~1e-15 in all; decimal.js's 50-digit roundings move a quotient by 1e-49 at most.
 */
const ESTIMATE_SLACK = 1e-13;

/**
 * `numerator / first` (and then `/ second`), as decimal.js divides at precision 50 (each quotient rounded to 50
 * digits), rounded half-up to `places` and printed; or null when a float estimate cannot tell it.
 *
 * Half-up rounding to a whole count of 10^-places only depends on which side of a tie (k + ½) the value lies:
 * an estimate off by at most ε (the slack above, which also covers the 50-digit roundings) gives the exact answer
 * whenever its fraction is farther than ε from ½. Near a tie, or out of a float's range, the caller divides exactly.
 */
export function estimatedText(numerator: Exact, first: Exact, second: Exact | null, places: number): string | null {
  const divisor = second === null ? Number(first.n) : Number(first.n) * Number(second.n);
  return estimatedQuotientText(
    Number(numerator.n),
    numerator.scale,
    divisor,
    first.scale + (second?.scale ?? 0),
    places,
  );
}

/** One more in the last digit of a string of decimal digits (`"199"` → `"200"`, `"99"` → `"100"`). */
function incremented(digitText: string): string {
  let i = digitText.length - 1;
  while (i >= 0 && digitText.charCodeAt(i) === 57) i -= 1;
  if (i < 0) return `1${'0'.repeat(digitText.length)}`;
  return (
    digitText.slice(0, i) + String.fromCharCode(digitText.charCodeAt(i) + 1) + '0'.repeat(digitText.length - 1 - i)
  );
}

/**
 * The value rounded half-up to `places` and printed fixed-point, as `formatScaled(roundTo(value, places), places)`
 * but on the printed digits: half-up needs only the first digit dropped, so no division is made.
 */
export function roundedText(value: Exact, places: number): string {
  if (value.scale <= places) return formatScaled(value.n * pow10(places - value.scale), places);
  const negative = value.n < 0n;
  const text = (negative ? -value.n : value.n).toString();
  const cut = text.length - (value.scale - places);
  let kept: string;
  if (cut <= 0) kept = cut === 0 && text.charCodeAt(0) >= 53 ? '1' : '0';
  else kept = text.charCodeAt(cut) >= 53 ? incremented(text.slice(0, cut)) : text.slice(0, cut);
  return pointed(kept, places, negative && kept !== '0');
}

/** Digits of a count of 10^-places (no sign, no leading zeros) with the point put in; zero never carries a sign. */
function pointed(text: string, places: number, negative: boolean): string {
  if (places === 0) return negative ? `-${text}` : text;
  const padded = text.length <= places ? '0'.repeat(places - text.length + 1) + text : text;
  const fixed = `${padded.slice(0, -places)}.${padded.slice(-places)}`;
  return negative ? `-${fixed}` : fixed;
}

/** A plain decimal read straight from its text, with the sizes the 50-digit guard of the position book needs. */
export interface PlainDecimal extends Exact {
  /** Digits before the point, leading zeros left out (0 for a value below 1). */
  integerDigits: number;
  /** Decimals without trailing zeros, as decimal.js counts `decimalPlaces()`. */
  places: number;
  /** `n` as a float: exact while |n| < 2^53 ({@link FLOAT_EXACT_LIMIT}). */
  float: number;
  /** True when the text is the value printed to `scale` places (no leading zeros), so it can be shown as it came. */
  isCanonical: boolean;
}

/** Longest text read directly: short enough that no exponent check of the input rules can apply. */
const PLAIN_MAX_LENGTH = 40;

/**
 * The exact value of a short unsigned plain decimal (`"68000.5"`, `"0.0012"`), or null for anything else (signs,
 * exponents, blanks, long or odd text), which the caller reads through decimal.js and its input checks instead.
 */
export function readPlain(text: string): PlainDecimal | null {
  const length = text.length;
  if (length === 0 || length > PLAIN_MAX_LENGTH) return null;
  let point = -1;
  let lead = 0;
  let trailing = 0;
  let float = 0;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      if (point >= 0 || i === 0 || i === length - 1) return null;
      point = i;
      continue;
    }
    if (code < 48 || code > 57) return null;
    if (point < 0 && code === 48 && lead === i) lead += 1;
    trailing = code === 48 ? trailing + 1 : 0;
    float = float * 10 + (code - 48);
  }
  const whole = point < 0 ? length : point;
  const scale = point < 0 ? 0 : length - point - 1;
  // Every digit sum stays exact below 2^53; longer numbers are read by BigInt from their digits.
  const n =
    float < FLOAT_EXACT_LIMIT ? BigInt(float) : BigInt(point < 0 ? text : text.slice(0, point) + text.slice(point + 1));
  return {
    n,
    scale,
    integerDigits: whole - lead,
    places: Math.max(0, scale - trailing),
    float,
    isCanonical: lead === 0 || (lead === 1 && whole === 1),
  };
}

/** Every integer of smaller magnitude is a float exactly, and so are sums and products that stay below it. */
export const FLOAT_EXACT_LIMIT = 2 ** 53;

/**
 * The whole number nearest to |value| (half-up) from an estimate within {@link ESTIMATE_SLACK} of it, or NaN when
 * the estimate lies too near a tie (k + ½) to tell, or is not finite. Integers are no boundary of half-up rounding:
 * an estimate just past one gives the same answer as the value just short of it.
 */
function decidedCount(estimate: number): number {
  const magnitude = Math.abs(estimate);
  const whole = Math.floor(magnitude);
  const fraction = magnitude - whole;
  // NaN and infinities fail this comparison too.
  if (!(Math.abs(fraction - 0.5) > magnitude * ESTIMATE_SLACK)) return Number.NaN;
  return fraction > 0.5 ? whole + 1 : whole;
}

/** Decimal places up to which a count's decimals are printed from a table ("." and the padded digits). */
const TABLE_PLACES = 3;
const FRACTIONS: string[][] = [];

/** The decimals of a count at `places` ≤ TABLE_PLACES, point included: ".05" for 5 at two places. */
function fractionText(fraction: number, places: number): string {
  let table = FRACTIONS[places];
  if (!table) {
    table = Array.from({ length: 10 ** places }, (_, k) => `.${String(k).padStart(places, '0')}`);
    FRACTIONS[places] = table;
  }
  return table[fraction];
}

/** A whole count below 2^53 of 10^-places, printed fixed-point; small counts print fastest as themselves. */
function countText(count: number, places: number, negative: boolean): string {
  const sign = negative && count !== 0 ? '-' : '';
  if (places > 0 && places <= TABLE_PLACES && count < 2 ** 31) {
    // As small integers (not boxed floats), the parts print without the general float-to-text routine.
    const unit = FLOAT_POW10[places];
    const whole = Math.floor(count / unit);
    return sign + String(whole | 0) + fractionText((count - whole * unit) | 0, places);
  }
  let digitText: string;
  if (count < 2 ** 31) {
    digitText = String(count | 0);
  } else {
    const high = Math.floor(count / 1e9);
    digitText = String(high | 0) + String((count - high * 1e9) | 0).padStart(9, '0');
  }
  return pointed(digitText, places, sign !== '');
}

/**
 * `(numerator · 10^-numeratorScale) / (denominator · 10^-denominatorScale)`, as decimal.js divides at precision 50,
 * rounded half-up to `places` and printed, from float operands that are each at most three roundings off the exact
 * ones; or null when the float estimate cannot tell (see {@link estimatedText}).
 */
export function estimatedQuotientText(
  numerator: number,
  numeratorScale: number,
  denominator: number,
  denominatorScale: number,
  places: number,
): string | null {
  const exponent = denominatorScale - numeratorScale + places;
  if (exponent > 22 || exponent < -22 || !Number.isFinite(denominator) || denominator === 0) return null;
  const ratio = numerator / denominator;
  const count = decidedCount(exponent >= 0 ? ratio * FLOAT_POW10[exponent] : ratio / FLOAT_POW10[-exponent]);
  return Number.isNaN(count) ? null : countText(count, places, numerator < 0 !== denominator < 0);
}

/**
 * `value · 10^-scale`, where `value` is an integer float below 2^53 (so exact), rounded half-up to `places` and
 * printed: {@link roundedText} without BigInt. Null when the places are too far apart for exact float steps.
 */
export function roundedFloatText(value: number, scale: number, places: number): string | null {
  const magnitude = Math.abs(value);
  let count: number;
  if (scale <= places) {
    if (places - scale > 22) return null;
    count = magnitude * FLOAT_POW10[places - scale];
    if (count >= FLOAT_EXACT_LIMIT) return null;
  } else {
    if (scale - places > 22) return null;
    const unit = FLOAT_POW10[scale - places];
    // The remainder and the quotient of an exact multiple are exact in floats.
    const rest = magnitude % unit;
    count = (magnitude - rest) / unit;
    if (rest * 2 >= unit) count += 1;
  }
  return countText(count, places, value < 0);
}

/** A count of 10^-places printed fixed-point; zero never carries a sign. */
export function formatScaled(count: bigint, places: number): string {
  const negative = count < 0n;
  return pointed((negative ? -count : count).toString(), places, negative);
}

/** Digits before the point of a decimal.js value (0 for |x| < 1). */
export function integerDigits(value: MathsDecimalValue): number {
  return value.isZero() ? 0 : Math.max(0, value.e + 1);
}
