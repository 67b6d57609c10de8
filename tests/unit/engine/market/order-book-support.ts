/** Books and updates the order book's tests share. */
import { expect } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import { OrderBook } from '../../../../engine/market/order-book';

export const BIDS: BookLevel[] = [
  ['100.5', '1'],
  ['100.4', '2'],
  ['100', '3'],
];
export const ASKS: BookLevel[] = [
  ['100.6', '4'],
  ['100.75', '5'],
];

/** A live book from BIDS and ASKS at seq 10. */
export function liveBook(): OrderBook {
  const book = new OrderBook();
  expect(book.applySnapshot({ seq: 10, bids: BIDS, asks: ASKS, checksum: bookChecksum(BIDS, ASKS) })).toBe('ok');
  return book;
}

/** An update whose checksum is the one the book should have after merging it into `bids`/`asks` as given. */
export function update(
  seq: number,
  changes: { bids?: BookLevel[]; asks?: BookLevel[] },
  after: { bids: BookLevel[]; asks: BookLevel[] },
) {
  return { seq, bids: changes.bids ?? [], asks: changes.asks ?? [], checksum: bookChecksum(after.bids, after.asks) };
}

export function expectDropped(book: OrderBook): void {
  expect(book.isLive).toBe(false);
  expect(book.top('bids', 50)).toEqual([]);
  expect(book.top('asks', 50)).toEqual([]);
  expect(book.best('bids')).toBeNull();
  expect(book.best('asks')).toBeNull();
  expect(book.spread()).toBeNull();
  expect(book.depth('bids')).toBe(0);
  expect(book.seq).toBeNull();
}
