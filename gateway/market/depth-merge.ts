import type { BookLevel } from './market-types';
import { formatScaled, parseScaled } from './scaled-decimal';

/** Where one side's prices are rounded to when levels are merged: bids down, asks up, so merging never crosses the book. */
export interface MergeSpec {
  isBid: boolean;
  /** Merged price step in units of the last price decimal (a multiple of the tick). */
  stepUnits: number;
  pricePlace: number;
  volumePlace: number;
}

/**
 * Merges book levels (best first) into buckets of `stepUnits`, summing their sizes, for the REST depth snapshots'
 * `type=stepN` / `precision=scaleN`. Integer arithmetic only, so sizes stay exact decimal strings.
 */
export function mergeLevels(levels: readonly BookLevel[], spec: MergeSpec): BookLevel[] {
  const { isBid, stepUnits, pricePlace, volumePlace } = spec;
  const merged: Array<[number, bigint]> = [];
  for (const [priceText, sizeText] of levels) {
    const price = parseScaled(priceText, pricePlace);
    const bucket = isBid ? Math.floor(price / stepUnits) * stepUnits : Math.ceil(price / stepUnits) * stepUnits;
    const size = BigInt(parseScaled(sizeText, volumePlace));
    const last = merged[merged.length - 1];
    if (last && last[0] === bucket) last[1] += size;
    else merged.push([bucket, size]);
  }
  return merged.map(([price, size]) => [formatScaled(price, pricePlace), formatScaled(size, volumePlace)]);
}

/** A price step as the public API prints a scale: the shortest decimal, e.g. 1 unit at 1 place → "0.1", 100 → "10". */
export function formatStep(stepUnits: number, pricePlace: number): string {
  const text = formatScaled(stepUnits, pricePlace);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
