import { type CurrencyCode, defaultCurrencyOf, isCurrencyCode } from './currencies';
import type { Locale } from './locales';

/** What the asset pages value holdings in besides the display currency (spec §3 `valuation unit`). */
export type ValuationUnit = 'BTC' | 'USDT';

/**
 * The setting stores a number (spec §3: default 1) and the spec names no values, so: 1 is BTC, as the default
 * reading of most exchanges' asset pages, and 2 is USDT. Any other stored number reads as the default.
 */
const VALUATION_UNITS: Readonly<Record<number, ValuationUnit>> = { 1: 'BTC', 2: 'USDT' };

export function valuationUnitOf(setting: number): ValuationUnit {
  return Object.hasOwn(VALUATION_UNITS, setting) ? VALUATION_UNITS[setting]! : 'BTC';
}

export function valuationSettingOf(unit: ValuationUnit): number {
  return unit === 'USDT' ? 2 : 1;
}

/** Decimals a valuation unit's figures show: BTC 8, USDT 2 (totals, not balances: a cent is enough). */
export function valuationPlacesOf(unit: ValuationUnit): number {
  return unit === 'BTC' ? 8 : 2;
}

/** Currencies whose smallest everyday unit is a whole one: their figures show no decimals. */
const WHOLE_CURRENCIES: ReadonlySet<CurrencyCode> = new Set(['KRW', 'JPY', 'VND', 'IDR']);

export function currencyPlacesOf(code: CurrencyCode): number {
  return WHOLE_CURRENCIES.has(code) ? 0 : 2;
}

/**
 * The display currency: the one the user picked (the `unit` setting, once chosen), else the locale's default
 * (spec §3's locale-to-currency map), so a first visit in Japanese values in yen, not in the spec's CNY fallback.
 */
export function displayCurrencyOf(unit: string, isChosen: boolean, locale: Locale): CurrencyCode {
  return isChosen && isCurrencyCode(unit) ? unit : defaultCurrencyOf(locale);
}

const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;

function scaled(text: string): { units: bigint; places: number } | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(match[2]! + fraction);
  return { units: match[1] ? -units : units, places: fraction.length };
}

/** Rounds `units` (scaled by 10^from) half away from zero to `places` decimals and writes them as a decimal string. */
function rescale(units: bigint, from: number, places: number): string {
  let out: bigint;
  if (from <= places) out = units * 10n ** BigInt(places - from);
  else {
    const step = 10n ** BigInt(from - places);
    const magnitude = units < 0n ? -units : units;
    const rounded = (magnitude * 2n + step) / (step * 2n);
    out = units < 0n ? -rounded : rounded;
  }
  const negative = out < 0n;
  const digits = (negative ? -out : out).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}

/**
 * `amount × rate` rounded half away from zero to `places` decimals, exact (bigint): one figure converted for
 * display, never a loop over a collection. Null when either input is not a plain decimal string.
 */
export function multiplyDecimal(amount: string, rate: string, places: number): string | null {
  const a = scaled(amount);
  const r = scaled(rate);
  if (!a || !r) return null;
  return rescale(a.units * r.units, a.places + r.places, places);
}
