import { isZeroDecimal } from '../../engine/rules/numeric-input';
import { formatDecimal } from '../../engine/format/number-format';

/** A coin amount (decimal string) with the locale's grouping, every decimal kept. */
export function formatAmount(amount: string, intl: string): string {
  return formatDecimal(amount, { intl });
}

/** A ratio given in percent ("104.20") as the locale writes a percent ("104.20%", "104,20 %"). */
export function formatRatio(ratio: string, intl: string): string {
  // The percent style multiplies by 100: move the point two places left in the string, never through a float.
  const [whole = '0', fraction = ''] = ratio.split('.');
  const padded = whole.padStart(3, '0');
  return formatDecimal(`${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`, {
    intl,
    percent: true,
    minFraction: 2,
    maxFraction: 2,
  });
}

/** True when a ratio in percent is 100 or more: the coin's reserves cover what users hold. */
export function isFullyBacked(ratio: string): boolean {
  return BigInt(ratio.split('.')[0] || '0') >= 100n;
}

/** True when an amount is zero ("0", "0.00"). */
export function isZero(amount: string): boolean {
  return isZeroDecimal(amount);
}

/** A build time (ms) as date and time in the page's locale. */
export function formatBuiltAt(builtAt: number, intl: string): string {
  return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'medium' }).format(builtAt);
}

/** The name a downloaded proof is saved under: `reserves-proof-<UTC date of the build>.json`. */
export function proofFileName(builtAt: number): string {
  return `reserves-proof-${new Date(builtAt).toISOString().slice(0, 10)}.json`;
}
