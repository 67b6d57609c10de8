const MINUS = 45;
const ZERO = 48;

/** Adds one unit in the last place to a string of digits (`"199"` → `"200"`, `"99"` → `"100"`). */
function incrementDigits(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - i - 1);
}

/**
 * A plain decimal string at exactly `places` decimals, rounded half away from zero on the string itself
 * (`"1.005", 2` → `"1.01"`, `"3", 2` → `"3.00"`, `"0100.5", 0` → `"101"`), so a price is shown at its instrument's
 * places without a binary float ever touching it (ARCHITECTURE principle 4). The input must be a plain decimal.
 */
export function toFixedPlaces(value: string, places: number): string {
  const isNegative = value.charCodeAt(0) === MINUS;
  const start = isNegative ? 1 : 0;
  const point = value.indexOf('.', start);
  const integerEnd = point < 0 ? value.length : point;
  const fractionLength = point < 0 ? 0 : value.length - point - 1;
  // The common case on the hot path: already at the instrument's places, no leading zeros.
  const hasLeadingZero = integerEnd - start > 1 && value.charCodeAt(start) === ZERO;
  if (fractionLength === places && !hasLeadingZero && !isNegative) return value;
  let integer = value.slice(start, integerEnd);
  let fraction = point < 0 ? '' : value.slice(point + 1);
  if (fraction.length > places) {
    const roundUp = fraction.charCodeAt(places) - ZERO >= 5;
    const kept = integer + fraction.slice(0, places);
    const digits = roundUp ? incrementDigits(kept) : kept;
    integer = digits.slice(0, digits.length - places);
    fraction = digits.slice(digits.length - places);
  } else if (fraction.length < places) {
    fraction += '0'.repeat(places - fraction.length);
  }
  let first = 0;
  while (first < integer.length - 1 && integer.charCodeAt(first) === ZERO) first += 1;
  integer = integer.slice(first) || '0';
  const body = places > 0 ? `${integer}.${fraction}` : integer;
  // "-0.00" is not a figure anyone should read.
  return isNegative && /[1-9]/.test(body) ? `-${body}` : body;
}
