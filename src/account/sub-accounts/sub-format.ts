import { formatDecimal } from '../../../engine/format/number-format';
import { toCoinPlaces } from '../../../engine/rules/coin-places';

/** USDT shows 4 places (engine/rules/coin-places.ts), cut toward zero so a balance never shows larger than it is. */
const USDT_PLACES = 4;

/** A USDT amount in the page's locale: "10,010.0000". */
export function usdtText(value: string, intl: string): string {
  return formatDecimal(toCoinPlaces(value, USDT_PLACES), { intl, minFraction: USDT_PLACES, maxFraction: USDT_PLACES });
}
