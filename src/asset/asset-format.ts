import { formatDecimal } from '../../engine/format/number-format';
import { coinPlacesOf, toCoinPlaces } from '../../engine/rules/coin-places';
import { currencySymbolOf, type CurrencyCode } from '../../engine/rules/currencies';
import { currencyPlacesOf, multiplyDecimal, type ValuationUnit, valuationPlacesOf } from '../../engine/rules/valuation';

/** A decimal string with exactly `places` decimals in the page's locale (Latin digits, the locale's grouping). */
export function fixedText(value: string, places: number, intl: string): string {
  return formatDecimal(value, { intl, minFraction: places, maxFraction: places });
}

/** A USDT figure in the display currency, with its symbol: "≈ ¥1,234,567" (null when the rate is unknown). */
export function currencyText(usdt: string, rate: string | undefined, code: CurrencyCode, intl: string): string | null {
  if (rate === undefined) return null;
  const places = currencyPlacesOf(code);
  const converted = multiplyDecimal(usdt, rate, places);
  return converted === null ? null : `${currencySymbolOf(code)}${fixedText(converted, places, intl)}`;
}

/** A figure in the valuation unit: "0.12345678 BTC", "1,234.56 USDT". */
export function unitText(value: string, unit: ValuationUnit, intl: string): string {
  return `${fixedText(value, valuationPlacesOf(unit), intl)} ${unit}`;
}

/** Decimals a coin's amount shows where no pair says otherwise: its own for money coins (USDT 4), else all 8. */
export const coinShownPlaces = (coin: string) => coinPlacesOf(coin, 8);

/** A coin amount at the places it shows with, cut toward zero (never shown larger than it is). */
export function coinAmount(value: string, coin: string, intl: string): string {
  const places = coinShownPlaces(coin);
  return fixedText(toCoinPlaces(value, places), places, intl);
}
