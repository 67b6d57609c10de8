/** Digits the integer part of an amount or price field may hold (spec §5). */
export const MAX_INTEGER_DIGITS = 20;

const FULL_WIDTH_PERIOD = /\uff0e/g;
const NOT_DIGIT_DOT_OR_SPACE = /[^0-9. ]/g;
const LEADING_ZEROS = /^0{2,}/;
const ZERO_DECIMAL = /^0(\.0*)?$/;

/** True when a decimal text is zero however many places it shows ("0", "0.", "0.00"); false for anything else. */
export function isZeroDecimal(text: string): boolean {
  return ZERO_DECIMAL.test(text);
}

/**
 * Cleans what a person typed into an amount or price field, in the order of spec §5: a full-width period becomes
 * `.`; everything but digits, dots and spaces goes; two or more leading zeros become one `0`; only the first dot
 * stays; the integer part keeps at most 20 digits; the decimals keep at most `decimals` digits (the instrument's tick
 * or lot precision). With `decimals` 0 the dot goes too. Runs on every keystroke, so "0." and "12." stay as typed.
 * Fields read other scripts and the locale's symbols first (numeric-input-typing.ts), then apply this rule.
 */
export function sanitizeNumericInput(typed: string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a whole number ≥ 0');
  const cleaned = String(typed)
    .replace(FULL_WIDTH_PERIOD, '.')
    .replace(NOT_DIGIT_DOT_OR_SPACE, '')
    .replace(LEADING_ZEROS, '0');
  const dot = cleaned.indexOf('.');
  const integer = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const fraction = dot < 0 ? null : cleaned.slice(dot + 1).replaceAll('.', '');
  const limited = limitDigits(integer, MAX_INTEGER_DIGITS);
  if (fraction === null || decimals === 0) return limited;
  return `${limited}.${limitDigits(fraction, decimals)}`;
}

/** Keeps the first `count` digits of a part, with any spaces between them (spaces are kept, not counted). */
function limitDigits(part: string, count: number): string {
  let digits = 0;
  let end = 0;
  for (; end < part.length; end += 1) {
    if (part[end] === ' ') continue;
    if (digits === count) break;
    digits += 1;
  }
  return part.slice(0, end);
}

/**
 * The value of a sanitized field for validation and for the request: spaces removed, a bare leading dot read as
 * `0.` and a trailing dot dropped; null while there is no number yet ("", ".").
 */
export function numericValue(sanitized: string): string | null {
  let compact = sanitized.replaceAll(' ', '');
  if (compact.endsWith('.')) compact = compact.slice(0, -1);
  if (compact.startsWith('.')) compact = `0${compact}`;
  return /^\d+(\.\d+)?$/.test(compact) ? compact : null;
}
