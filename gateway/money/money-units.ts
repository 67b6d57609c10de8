import type { InstrumentSpec } from '../market/instruments';

/**
 * Every balance, margin, fee and profit is a bigint count of 10^-8 USDT (or of the coin): all simulated instruments
 * have pricePlace + volumePlace ≤ 8 and quotePrecision ≤ 8, so values and fees are exact in these units.
 */
export const MONEY_PLACES = 8;

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Value of `price × size` (instrument units) in money units. */
export function notional(spec: InstrumentSpec, price: bigint, size: bigint): bigint {
  return price * size * pow10(MONEY_PLACES - spec.pricePlace - spec.volumePlace);
}

/** A size (instrument units) as money units of the base coin. */
export function sizeToMoney(spec: InstrumentSpec, size: bigint): bigint {
  return size * pow10(MONEY_PLACES - spec.volumePlace);
}

/** Divides with rounding up (toward +∞) for non-negative operands. */
export function divCeil(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator === 0n ? quotient : quotient + 1n;
}

/** Divides with rounding half away from zero. */
export function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** Rounds money units to `places` decimals (half away from zero), staying in money units. */
export function roundMoney(amount: bigint, places: number): bigint {
  const step = pow10(MONEY_PLACES - Math.min(places, MONEY_PLACES));
  return divHalfUp(amount, step) * step;
}

/** Rounds money units up (toward +∞) to `places` decimals, staying in money units. */
export function ceilMoney(amount: bigint, places: number): bigint {
  const step = pow10(MONEY_PLACES - Math.min(places, MONEY_PLACES));
  return amount >= 0n ? divCeil(amount, step) * step : -((-amount / step) * step);
}

/** Formats integer units of 10^-places as a fixed decimal string. */
export function formatUnits(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}

/** Formats money units with `places` decimals (truncating digits beyond them, which callers have already rounded away). */
export function formatMoney(amount: bigint, places = MONEY_PLACES): string {
  const cut = MONEY_PLACES - Math.min(places, MONEY_PLACES);
  return formatUnits(amount / pow10(cut), MONEY_PLACES - cut);
}

/**
 * Formats a balance with at least `places` decimals (its coin's), and every further place it holds (up to the money
 * places): a base coin's balance is a whole number of lots until a buy's fee, paid in that coin, leaves finer digits,
 * and a balance is never shown as less than it is.
 */
export function formatBalance(amount: bigint, places = MONEY_PLACES): string {
  let shown = Math.min(places, MONEY_PLACES);
  while (shown < MONEY_PLACES && amount % pow10(MONEY_PLACES - shown) !== 0n) shown += 1;
  return formatMoney(amount, shown);
}

/** Integer units of 10^-places of a trusted decimal string (an instrument constant). */
export function unitsOf(text: string, places: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(places, '0'));
}

/** Exact decimal price of a money amount divided by a size, rounded half-up to `places` decimals, as a string. */
export function averagePrice(spec: InstrumentSpec, value: bigint, size: bigint, places: number): string {
  if (size === 0n) return '0';
  // value is 10^-8; value / size(10^-vp) is a price in 10^-(8 - vp); scale to `places`.
  const numerator = value * pow10(places + spec.volumePlace);
  return formatUnits(divHalfUp(numerator, size * pow10(MONEY_PLACES)), places);
}
