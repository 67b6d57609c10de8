/**
 * One side of the local order book (market-data contract, "Order book maintenance": merge by price, bids descending,
 * asks ascending), kept as parallel arrays of sort keys, canonical prices and levels as received.
 */
import type { BookLevel } from './book-checksum';
import { comparePrices, priceKey, sizeSign } from './price-text';

/** One side of the book: parallel arrays kept in display order (bids descending, asks ascending). */
export class BookSideLevels {
  keys: number[] = [];
  canons: string[] = [];
  levels: BookLevel[] = [];

  constructor(readonly sign: 1 | -1) {}

  /** Index of the level at this price, or the bitwise complement of where it belongs. */
  find(key: number, canon: string): number {
    const { keys, canons, sign } = this;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = comparePrices(keys[mid], canons[mid], key, canon) * sign;
      if (order < 0) lo = mid + 1;
      else if (order > 0) hi = mid - 1;
      else return mid;
    }
    return ~lo;
  }

  /** Merges one change: size zero deletes the level, otherwise the level (with the price text just received) is set. */
  merge(price: string, canon: string, size: string, isZero: boolean): void {
    const key = priceKey(canon);
    const at = this.find(key, canon);
    if (at >= 0) {
      if (isZero) {
        this.keys.splice(at, 1);
        this.canons.splice(at, 1);
        this.levels.splice(at, 1);
      } else {
        this.levels[at] = [price, size];
      }
    } else if (!isZero) {
      const to = ~at;
      this.keys.splice(to, 0, key);
      this.canons.splice(to, 0, canon);
      this.levels.splice(to, 0, [price, size]);
    }
  }

  /** Replaces the side with a snapshot's non-zero levels, ordered, the last of equal prices winning. */
  replace(source: readonly BookLevel[], canons: readonly string[], offset: number): void {
    const keys: number[] = [];
    const kept: string[] = [];
    const levels: BookLevel[] = [];
    let isOrdered = true;
    for (let i = 0; i < source.length; i += 1) {
      const price = source[i][0];
      const size = source[i][1];
      if (sizeSign(size) === 0) continue;
      const canon = canons[offset + i];
      const key = priceKey(canon);
      const n = levels.length;
      if (n > 0 && comparePrices(keys[n - 1], kept[n - 1], key, canon) * this.sign >= 0) isOrdered = false;
      keys.push(key);
      kept.push(canon);
      levels.push([price, size]);
    }
    if (isOrdered) {
      this.keys = keys;
      this.canons = kept;
      this.levels = levels;
      return;
    }
    // Out of order or repeated prices: a stable sort keeps arrival order among equals, so the last one wins.
    const order = levels.map((_, i) => i);
    order.sort((a, b) => comparePrices(keys[a], kept[a], keys[b], kept[b]) * this.sign);
    this.clear();
    for (let j = 0; j < order.length; j += 1) {
      const i = order[j];
      const n = this.levels.length;
      if (n > 0 && comparePrices(this.keys[n - 1], this.canons[n - 1], keys[i], kept[i]) === 0) {
        this.levels[n - 1] = levels[i];
        continue;
      }
      this.keys.push(keys[i]);
      this.canons.push(kept[i]);
      this.levels.push(levels[i]);
    }
  }

  /** Drops every level. */
  clear(): void {
    this.keys = [];
    this.canons = [];
    this.levels = [];
  }
}
