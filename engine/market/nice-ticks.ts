/**
 * Round figures for a chart axis (the depth chart's price and amount axes): steps of 1, 2 or 5 × 10^k, each tick with
 * its exact decimal text, so a label never shows a binary float's tail (`0.30000000000000004`).
 */

/** One axis tick: where it lies on the axis (a number, pixels only) and its value as a plain decimal string. */
export interface AxisTick {
  at: number;
  value: string;
}

/** Most ticks an axis ever gets, whatever the range: a guard against a degenerate one. */
const MAX_TICKS = 24;

/** `units × 10^exponent` as a plain decimal string, for `units` a safe integer. */
function shifted(units: number, exponent: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units));
  if (exponent >= 0) return units === 0 ? '0' : sign + digits + '0'.repeat(exponent);
  const places = -exponent;
  const padded = digits.length <= places ? '0'.repeat(places - digits.length + 1) + digits : digits;
  const text = `${padded.slice(0, -places)}.${padded.slice(-places)}`.replace(/\.?0+$/, '');
  return text === '0' ? '0' : sign + text;
}

/**
 * About `count` round ticks from `low` to `high` (both included when they are round), lowest first; none for an
 * empty or non-finite range.
 */
export function niceTicks(low: number, high: number, count: number): AxisTick[] {
  if (!Number.isFinite(low) || !Number.isFinite(high) || !(high > low) || !(count >= 1)) return [];
  const raw = (high - low) / count;
  let exponent = Math.floor(Math.log10(raw));
  const fraction = raw / 10 ** exponent;
  let mantissa = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  if (mantissa === 10) {
    mantissa = 1;
    exponent += 1;
  }
  const step = mantissa * 10 ** exponent;
  // A hair of slack, so a bound that is itself round is not lost to the division's rounding.
  const first = Math.ceil(low / step - 1e-9);
  const last = Math.floor(high / step + 1e-9);
  if (!Number.isSafeInteger(first * mantissa) || !Number.isSafeInteger(last * mantissa)) return [];
  const ticks: AxisTick[] = [];
  for (let k = first; k <= last && ticks.length < MAX_TICKS; k += 1) {
    const value = shifted(k * mantissa, exponent);
    ticks.push({ at: Number(value), value });
  }
  return ticks;
}
