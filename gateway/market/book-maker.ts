import { BookSide } from './book-side';
import type { Random } from './random';

/** Most levels added between an old and a new best price when the price jumps. */
const MAX_GAP_FILL = 40;

/** `units` rounded to whole lots, at least one lot. */
export function roundToLot(units: number, lot: number): number {
  return Math.max(lot, Math.round(units / lot) * lot);
}

/** The grid of one simulated book, in integer units. */
export interface BookGrid {
  tick: number;
  lot: number;
  /** The size of a typical level. */
  typicalSize: number;
  /** Levels kept on each side. */
  depth: number;
}

/**
 * One instrument's simulated book: both sides kept full to their depth around the last trade, and random changes
 * biased towards the top. It draws on its market's random stream, so one seed always makes one book.
 */
export class BookMaker {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  private readonly tick: number;
  private readonly lot: number;
  private readonly typicalSize: number;
  private readonly depth: number;

  constructor(
    private readonly rng: Random,
    grid: BookGrid,
  ) {
    this.tick = grid.tick;
    this.lot = grid.lot;
    this.typicalSize = grid.typicalSize;
    this.depth = grid.depth;
  }

  /** Puts the best bid and ask one tick apart around the last trade, then refills and trims both sides. */
  recentre(side: 'buy' | 'sell', last: number): void {
    const bidCeiling = side === 'buy' ? last - this.tick : last;
    const askFloor = bidCeiling + this.tick;
    this.bids.removeCrossing(bidCeiling + this.tick);
    this.asks.removeCrossing(askFloor - this.tick);
    this.fillInside(this.bids, bidCeiling, -this.tick);
    this.fillInside(this.asks, askFloor, this.tick);
    for (const book of [this.bids, this.asks]) {
      const away = book.isBid ? -this.tick : this.tick;
      while (book.depth < this.depth) {
        const next = book.worst()! + away * this.rng.int(1, 3);
        if (next <= 0) break;
        book.set(next, this.randomSize());
      }
      book.trimTo(this.depth);
    }
  }

  /** Adds levels from the new best price towards the old best, so a jump does not leave a hole at the top. */
  private fillInside(book: BookSide, best: number, away: number): void {
    const oldBest = book.best();
    if (book.sizeAt(best) === 0) book.set(best, this.randomSize());
    if (oldBest === undefined) return;
    let filled = 0;
    // Walk only the prices strictly between the new best and the old best.
    for (let p = best + away; (p - oldBest) * away < 0 && filled < MAX_GAP_FILL; p += away) {
      if (this.rng.next() < 0.6) book.set(p, this.randomSize());
      filled += 1;
    }
  }

  /** One random book change biased towards the top: resize, delete or insert a level. */
  churnOne(): void {
    const book = this.rng.next() < 0.5 ? this.bids : this.asks;
    const r = this.rng.next();
    const index = Math.floor(r * r * book.depth);
    const price = book.priceAt(index);
    if (price === undefined) return;
    const action = this.rng.next();
    if (action < 0.15 && index > 0) {
      book.remove(price);
    } else if (action < 0.3) {
      const inner = price + (book.isBid ? -this.tick : this.tick);
      const neighbour = book.priceAt(index + 1);
      if (neighbour !== undefined && inner !== neighbour && book.sizeAt(inner) === 0)
        book.set(inner, this.randomSize());
      else book.set(price, this.randomSize());
    } else {
      book.set(price, this.randomSize());
    }
  }

  private randomSize(): number {
    const r = this.rng.next();
    return roundToLot(this.typicalSize * (0.05 + r * r * r * 4), this.lot);
  }
}
