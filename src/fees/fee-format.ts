import { formatDecimal } from '../../engine/format/number-format';

/** A rate fraction ("0.00054") as a locale percent with up to 4 decimals ("0.054%"). */
export function formatRate(rate: string, intl: string): string {
  return formatDecimal(rate, { intl, percent: true, minFraction: 2, maxFraction: 4 });
}

/** A USDT amount cut toward zero to `places` decimals (never shown larger than it is), with locale grouping. */
export function formatUsdt(amount: string, intl: string, places = 2): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cut = places > 0 ? `${whole}.${fraction.padEnd(places, '0').slice(0, places)}` : whole;
  return formatDecimal(cut, { intl, minFraction: places, maxFraction: places });
}

/** A progress fraction ("0.7500") as a locale percent with up to 2 decimals, cut toward zero. */
export function formatProgress(progress: string, intl: string): string {
  const [whole = '0', fraction = ''] = progress.split('.');
  return formatDecimal(`${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`, {
    intl,
    percent: true,
    maxFraction: 2,
  });
}

/** A progress fraction as a CSS inline size ("75%"), clamped to 0 … 100. */
export function progressWidth(progress: string): string {
  const share = Math.min(Math.max(Number(progress) || 0, 0), 1);
  return `${(share * 100).toFixed(2)}%`;
}
