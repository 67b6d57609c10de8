/** Converts a decimal string to an integer count of 10^-places units, e.g. ("68000.5", 2) → 6800050. */
export function parseScaled(text: string, places: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > places) throw new Error(`${text} has more than ${places} decimals`);
  const units = Number(whole + fraction.padEnd(places, '0'));
  if (!Number.isSafeInteger(units)) throw new Error(`${text} is too large`);
  return sign === '-' ? -units : units;
}

/** Formats an integer count of 10^-places units as a fixed decimal string, e.g. (6800050, 2) → "68000.50". */
export function formatScaled(units: number | bigint, places: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}

/** Formats (numerator / denominator) rounded half away from zero to a fixed number of decimals, using integers only. */
export function formatRatio(numerator: number | bigint, denominator: number | bigint, places: number): string {
  const num = BigInt(numerator);
  const den = BigInt(denominator);
  if (den === 0n) return formatScaled(0n, places);
  const negative = num < 0n !== den < 0n && num !== 0n;
  const absNum = num < 0n ? -num : num;
  const absDen = den < 0n ? -den : den;
  const scaled = (absNum * 10n ** BigInt(places) * 2n + absDen) / (absDen * 2n);
  return formatScaled(negative ? -scaled : scaled, places);
}
