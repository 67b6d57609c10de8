/** One public trade of the `trade` channel (market-data contract): price and size stay the strings received. */
export interface Trade {
  id: string;
  price: string;
  size: string;
  side: 'buy' | 'sell';
  ts: number;
}

/**
 * The latest trades list: a fixed-capacity ring that keeps the newest `capacity` trades in arrival order (push oldest
 * first), ignores a trade id it still holds, and reads newest first without building arrays (market-data contract,
 * `trade` channel).
 */
export class TradesRing {
  private readonly slots: (Trade | undefined)[];
  private readonly held = new Set<string>();
  /** Index of the next slot to write; the newest trade sits just before it. */
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new RangeError(`trades ring capacity must be a whole number ≥ 1, got ${capacity}`);
    this.slots = new Array<Trade | undefined>(capacity).fill(undefined);
  }

  /** How many trades the ring holds (at most `capacity`). */
  get length(): number {
    return this.count;
  }

  /** Adds a trade as the newest, evicting the oldest when full; false (and nothing changes) when its id is held. */
  push(trade: Trade): boolean {
    if (this.held.has(trade.id)) return false;
    const evicted = this.slots[this.next];
    if (evicted !== undefined) this.held.delete(evicted.id);
    this.slots[this.next] = trade;
    this.held.add(trade.id);
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
    if (this.count < this.capacity) this.count += 1;
    return true;
  }

  /** True when a trade with this id is in the ring. */
  has(id: string): boolean {
    return this.held.has(id);
  }

  /** The trade `index` places from the newest (0 is the newest), or undefined past the oldest. */
  at(index: number): Trade | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const slot = this.next - 1 - index;
    return this.slots[slot < 0 ? slot + this.capacity : slot];
  }

  /** Calls `visit` for each trade, newest first, until it returns false; nothing is allocated. */
  forEachNewest(visit: (trade: Trade, index: number) => boolean | undefined): void {
    let slot = this.next;
    for (let index = 0; index < this.count; index += 1) {
      slot = slot === 0 ? this.capacity - 1 : slot - 1;
      if (visit(this.slots[slot] as Trade, index) === false) return;
    }
  }

  /** Iterates newest first (for `for…of`); pushing while iterating shifts what comes next. */
  [Symbol.iterator](): Iterator<Trade> {
    let index = 0;
    return {
      next: (): IteratorResult<Trade> => {
        const trade = this.at(index);
        if (trade === undefined) return { done: true, value: undefined };
        index += 1;
        return { done: false, value: trade };
      },
    };
  }

  /** Empties the ring. */
  clear(): void {
    this.slots.fill(undefined);
    this.held.clear();
    this.next = 0;
    this.count = 0;
  }
}
