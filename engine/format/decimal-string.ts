const DECIMAL = /^-?\d+(\.\d+)?$/;

/** True for a plain decimal string as the market API sends money (`"0.5000"`, `"-12"`); no exponents, no blanks. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && DECIMAL.test(value);
}

/** The sign of a decimal string: -1, 0 or 1. */
export function decimalSign(value: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(value)) return 0;
  return value.startsWith('-') ? -1 : 1;
}
