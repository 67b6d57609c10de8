import { createFixedFormat, type FixedFormat } from '../format/fixed-format';
import { formatDecimal } from '../format/number-format';
import { toFixedPlaces } from './fixed-places';

/** How a trading feed writes its figures for one language and one instrument. */
export interface FeedFormat {
  /** A price at the instrument's price places, grouped for the language (`"43231.1"` → `"43,231.1"`). */
  price(value: string): string;
  /** A size at the instrument's volume places, grouped for the language. */
  size(value: string): string;
  /** A plain decimal already rounded, grouped for the language at the places it has (`"43200"` → `"43,200"`). */
  number(value: string): string;
  /** A 24 h change ratio as a signed locale percent with 2 decimals (`"0.01243"` → `"+1.24%"`). */
  change(ratio: string): string;
  /** A funding rate ratio as a locale percent with 4 decimals (`"0.0001"` → `"0.0100%"`). */
  funding(ratio: string): string;
  /** A large amount in the language's compact notation (`"1234567.8"` → `"1.23M"`). */
  compact(value: string): string;
  /** A stream time (ms) as local `HH:mm:ss`. */
  time(ts: number): string;
}

const fixedFormats = new Map<string, FixedFormat>();

/** One FixedFormat per language: building one asks Intl a dozen questions, using it asks none. */
function fixedFormatOf(intl: string): FixedFormat {
  let format = fixedFormats.get(intl);
  if (!format) {
    format = createFixedFormat(intl);
    fixedFormats.set(intl, format);
  }
  return format;
}

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/**
 * The formatter of a trading feed (market-data contract: figures stay strings until display): prices and sizes
 * are rounded on the string to the instrument's places and grouped by {@link createFixedFormat} at string-splicing
 * cost, since a book frame carries dozens of them; the rare ticker percentages go through Intl.
 */
export function createFeedFormat(intl: string, pricePlace: number, volumePlace: number): FeedFormat {
  const fixed = fixedFormatOf(intl);
  let lastSecond = Number.NaN;
  let lastTime = '';
  return {
    price: (value) => fixed.number(toFixedPlaces(value, pricePlace)),
    size: (value) => fixed.number(toFixedPlaces(value, volumePlace)),
    number: (value) => fixed.number(value),
    change: (ratio) =>
      formatDecimal(ratio, { intl, percent: true, minFraction: 2, maxFraction: 2, signDisplay: 'exceptZero' }),
    funding: (ratio) => formatDecimal(ratio, { intl, percent: true, minFraction: 4, maxFraction: 4 }),
    compact: (value) => formatDecimal(value, { intl, compact: true, maxFraction: 2 }),
    time(ts) {
      // A burst of trades shares its second: one Date per second, not per trade.
      const second = Math.floor(ts / 1000);
      if (second !== lastSecond) {
        const date = new Date(second * 1000);
        lastSecond = second;
        lastTime = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
      }
      return lastTime;
    },
  };
}
