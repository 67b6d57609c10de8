/**
 * Price and size texts of the `books` channel (market-data contract, "Order book maintenance": prices and sizes stay
 * the strings received): their canonical form, an exact order between prices, and the exact spread of two prices.
 */

/** Longest price or size string accepted; anything longer is hostile, not a market figure. */
export const MAX_DECIMAL_LENGTH = 64;
/** Significant digits up to which a price's double is a faithful sort key (see {@link priceKey}). */
const EXACT_KEY_DIGITS = 15;

const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * The canonical text of a positive plain decimal (`"0100.50"` → `"100.5"`): prices that differ only in leading or
 * trailing zeros share it. Null when the text is anything else (sign, exponent, blanks, zero, too long).
 */
export function canonicalPrice(text: string): string | null {
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_LENGTH) return null;
  let dot = -1;
  let firstNonZero = -1;
  let lastNonZero = -1;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0 || i === 0 || i === length - 1) return null;
      dot = i;
    } else if (c < ZERO || c > NINE) {
      return null;
    } else if (c !== ZERO) {
      if (firstNonZero < 0) firstNonZero = i;
      lastNonZero = i;
    }
  }
  if (firstNonZero < 0) return null;
  const integerEnd = dot < 0 ? length : dot;
  // Keep one "0" before the point of a price below 1; drop the fraction's trailing zeros, and the point with them.
  const start = firstNonZero < integerEnd ? firstNonZero : integerEnd - 1;
  const end = dot < 0 ? length : lastNonZero > dot ? lastNonZero + 1 : dot;
  return start === 0 && end === length ? text : text.slice(start, end);
}

/** -1 when the text is not a non-negative plain decimal, 0 for a zero size, 1 for a positive one. */
export function sizeSign(text: string): -1 | 0 | 1 {
  const length = text.length;
  if (length === 0 || length > MAX_DECIMAL_LENGTH) return -1;
  let dot = -1;
  let sign: 0 | 1 = 0;
  for (let i = 0; i < length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0 || i === 0 || i === length - 1) return -1;
      dot = i;
    } else if (c < ZERO || c > NINE) {
      return -1;
    } else if (c !== ZERO) {
      sign = 1;
    }
  }
  return sign;
}

/**
 * A numeric sort key for a canonical price, or NaN when it might not be faithful. Number() rounds a decimal of at
 * most 20 significant digits correctly (ECMAScript StringToNumber), rounding is monotonic, and two distinct decimals
 * of at most 15 significant digits never round to the same double; so for such prices, keys compare exactly as the
 * prices do. NaN compares neither way, which sends the comparison to the exact text comparison.
 */
export function priceKey(canonical: string): number {
  let digits = canonical.length;
  if (canonical.charCodeAt(0) === ZERO) {
    // "0.000123": the zeros before the first non-zero digit are not significant.
    let i = 2;
    while (canonical.charCodeAt(i) === ZERO) i += 1;
    digits -= i;
  } else if (canonical.includes('.')) {
    digits -= 1;
  }
  return digits <= EXACT_KEY_DIGITS ? Number(canonical) : Number.NaN;
}

/** Orders two canonical prices exactly: the longer integer part is larger; with equal lengths text order is numeric order. */
function compareCanonical(a: string, b: string): number {
  if (a === b) return 0;
  const pointA = a.indexOf('.');
  const pointB = b.indexOf('.');
  const integerA = pointA < 0 ? a.length : pointA;
  const integerB = pointB < 0 ? b.length : pointB;
  if (integerA !== integerB) return integerA < integerB ? -1 : 1;
  // Canonical fractions have no trailing zeros, so a fraction that is a prefix of another is the smaller one.
  return a < b ? -1 : 1;
}

/** Orders two prices by their keys, and by their exact text when a key is not faithful. */
export function comparePrices(keyA: number, canonA: string, keyB: number, canonB: string): number {
  if (keyA < keyB) return -1;
  if (keyA > keyB) return 1;
  if (keyA === keyB) return 0;
  return compareCanonical(canonA, canonB);
}

/** The exact difference `ask − bid` of two positive plain decimals, with the larger number of decimals of the two. */
export function decimalDifference(ask: string, bid: string): string {
  const pointAsk = ask.indexOf('.');
  const pointBid = bid.indexOf('.');
  const placesAsk = pointAsk < 0 ? 0 : ask.length - pointAsk - 1;
  const placesBid = pointBid < 0 ? 0 : bid.length - pointBid - 1;
  const places = Math.max(placesAsk, placesBid);
  const units = (text: string, point: number, own: number) =>
    BigInt((point < 0 ? text : text.slice(0, point) + text.slice(point + 1)) + '0'.repeat(places - own));
  const difference = units(ask, pointAsk, placesAsk) - units(bid, pointBid, placesBid);
  const negative = difference < 0n;
  const digits = (negative ? -difference : difference).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}
