/** One side of an order book in integer price ticks and size units, recording which levels changed since the last drain. */
export class BookSide {
  /** Level prices, best first (bids descending, asks ascending). */
  private readonly prices: number[] = [];
  private readonly sizes = new Map<number, number>();
  private readonly changes = new Map<number, number>();

  /** Creates a side; `isBid` decides the sort order. */
  constructor(readonly isBid: boolean) {}

  /** Number of levels. */
  get depth(): number {
    return this.prices.length;
  }

  /** Best price, or undefined when the side is empty. */
  best(): number | undefined {
    return this.prices[0];
  }

  /** Worst (farthest from the spread) price, or undefined when empty. */
  worst(): number | undefined {
    return this.prices[this.prices.length - 1];
  }

  /** Price of the level at a best-first index. */
  priceAt(index: number): number | undefined {
    return this.prices[index];
  }

  /** Size at a price, or 0 when there is no level. */
  sizeAt(price: number): number {
    return this.sizes.get(price) ?? 0;
  }

  /** Sets a level's size; a size of 0 removes the level. */
  set(price: number, size: number): void {
    if (size <= 0) {
      this.remove(price);
      return;
    }
    if (!this.sizes.has(price)) this.prices.splice(this.insertionIndex(price), 0, price);
    this.sizes.set(price, size);
    this.changes.set(price, size);
  }

  /** Removes a level if present. */
  remove(price: number): void {
    if (!this.sizes.has(price)) return;
    this.prices.splice(this.insertionIndex(price), 1);
    this.sizes.delete(price);
    this.changes.set(price, 0);
  }

  /** Takes `size` units out of the level at `price` (the level goes when nothing is left); returns what was taken. */
  take(price: number, size: number): number {
    const available = this.sizeAt(price);
    const taken = Math.min(available, Math.max(0, size));
    if (taken > 0) this.set(price, available - taken);
    return taken;
  }

  /** Removes every level at or beyond `limit` on the spread side (bids ≥ limit, asks ≤ limit). */
  removeCrossing(limit: number): void {
    while (this.prices.length > 0 && !this.isBehind(this.prices[0]!, limit)) this.remove(this.prices[0]!);
  }

  /** Removes the farthest levels until at most `maxDepth` remain. */
  trimTo(maxDepth: number): void {
    while (this.prices.length > maxDepth) this.remove(this.prices[this.prices.length - 1]!);
  }

  /** The best `limit` levels as [price, size] pairs, best first. */
  top(limit: number): Array<[number, number]> {
    return this.prices.slice(0, limit).map((price) => [price, this.sizes.get(price)!]);
  }

  /** Returns the changes since the last drain as [price, size] pairs (size 0 = deleted), best first, and forgets them. */
  drainChanges(): Array<[number, number]> {
    const changed = [...this.changes.entries()];
    this.changes.clear();
    return changed.sort((a, b) => (this.isBid ? b[0] - a[0] : a[0] - b[0]));
  }

  /** True when `price` is strictly behind `limit`, i.e. on this side's own half of the book. */
  private isBehind(price: number, limit: number): boolean {
    return this.isBid ? price < limit : price > limit;
  }

  /** Binary search for the best-first index where `price` is or would be. */
  private insertionIndex(price: number): number {
    let low = 0;
    let high = this.prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const before = this.isBid ? this.prices[mid]! > price : this.prices[mid]! < price;
      if (before) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
