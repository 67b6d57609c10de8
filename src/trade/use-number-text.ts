import { formatDecimal } from '../../engine/format/number-format';
import { toCoinPlaces } from '../../engine/rules/coin-places';
import { useIntlTag } from '../i18n/i18n';

/** Shown where a figure is not known yet. */
export const NO_FIGURE = '--';

export { useIntlTag };

/**
 * Formats a plain decimal string for the page's locale with every place it carries (Intl formats the string
 * exactly, so no float rounds money), or, given a coin's `places` (engine/rules/coin-places.ts), cut toward zero to
 * exactly those; empty or null shows `--`.
 */
export function useNumberText(): (value: string | null | undefined, coinPlaces?: number) => string {
  const intl = useIntlTag();
  return (raw, coinPlaces) => {
    if (raw === null || raw === undefined || raw === '') return NO_FIGURE;
    const value = coinPlaces === undefined ? raw : toCoinPlaces(raw, coinPlaces);
    const places = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
    return formatDecimal(value, { intl, minFraction: places, maxFraction: places });
  };
}
