import { formatDecimal } from '../../engine/format/number-format';

/** An amount cut toward zero to `places` decimals (never shown larger than it is), with locale grouping. */
export function formatAmount(amount: string, intl: string, places = 2): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cut = places > 0 ? `${whole}.${fraction.padEnd(places, '0').slice(0, places)}` : whole;
  return formatDecimal(negative ? `-${cut}` : cut, { intl, minFraction: places, maxFraction: places });
}

/** A day (ms of its start, UTC) as a locale date. */
export function formatDay(time: string | number, intl: string): string {
  return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(Number(time));
}

/** A moment (ms) as a locale date and time. */
export function formatMoment(time: string | number, intl: string): string {
  return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' }).format(Number(time));
}
