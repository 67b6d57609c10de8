import { describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import { OrderBook } from '../../../../engine/market/order-book';
import { BIDS, ASKS, liveBook, update, expectDropped } from './order-book-support';

describe('OrderBook.applySnapshot', () => {
  it('replaces the whole book and keeps the strings as received', () => {
    const book = liveBook();
    expect(book.top('bids', 10)).toEqual(BIDS);
    expect(book.top('asks', 10)).toEqual(ASKS);
    const next: BookLevel[] = [['99.00', '0.5000']];
    expect(book.applySnapshot({ seq: 3, bids: next, asks: [] })).toBe('ok');
    expect(book.top('bids', 10)).toEqual(next);
    expect(book.top('asks', 10)).toEqual([]);
    expect(book.seq).toBe(3);
  });

  it('ignores levels of size zero', () => {
    const book = new OrderBook();
    book.applySnapshot({
      seq: 1,
      bids: [
        ['5', '0'],
        ['4', '1'],
        ['3', '0.000'],
      ],
      asks: [['6', '0.0']],
    });
    expect(book.top('bids', 10)).toEqual([['4', '1']]);
    expect(book.depth('asks')).toBe(0);
  });

  it('orders an unordered snapshot and keeps the last of repeated prices', () => {
    const book = new OrderBook();
    book.applySnapshot({
      seq: 1,
      bids: [
        ['1', '1'],
        ['3', '3'],
        ['2', '2'],
        ['3.0', '4'],
      ],
      asks: [
        ['9', '1'],
        ['7', '2'],
        ['8', '3'],
      ],
    });
    expect(book.top('bids', 10)).toEqual([
      ['3.0', '4'],
      ['2', '2'],
      ['1', '1'],
    ]);
    expect(book.top('asks', 10)).toEqual([
      ['7', '2'],
      ['8', '3'],
      ['9', '1'],
    ]);
  });

  it('drops the book when a snapshot carries a wrong checksum', () => {
    const book = liveBook();
    expect(book.applySnapshot({ seq: 1, bids: BIDS, asks: ASKS, checksum: bookChecksum(BIDS, ASKS) + 1 })).toBe(
      'checksum-mismatch',
    );
    expect(book.status).toBe('checksum-mismatch');
    expectDropped(book);
    expect(book.counters().checksumMismatches).toBe(1);
  });
});

describe('OrderBook.applyUpdate', () => {
  it('replaces, deletes and inserts by price in order, bids descending and asks ascending', () => {
    const book = liveBook();
    const bids: BookLevel[] = [
      ['100.55', '9'],
      ['100.5', '1'],
      ['100', '7'],
      ['99.9', '8'],
    ];
    const asks: BookLevel[] = [
      ['100.59', '1'],
      ['100.75', '5'],
      ['101', '2'],
    ];
    const change = {
      bids: [
        ['100.55', '9'],
        ['100.4', '0'],
        ['100', '7'],
        ['99.9', '8'],
      ] as BookLevel[],
      asks: [
        ['101', '2'],
        ['100.6', '0'],
        ['100.59', '1'],
      ] as BookLevel[],
    };
    expect(book.applyUpdate(update(11, change, { bids, asks }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual(bids);
    expect(book.top('asks', 10)).toEqual(asks);
    expect(book.seq).toBe(11);
    expect(book.counters().updates).toBe(1);
  });

  it('ignores a size-zero change for a price it does not hold', () => {
    const book = liveBook();
    expect(book.applyUpdate(update(11, { bids: [['42', '0']] }, { bids: BIDS, asks: ASKS }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual(BIDS);
  });

  it('reads the top levels, the best prices and the exact spread', () => {
    const book = liveBook();
    expect(book.top('bids', 2)).toEqual(BIDS.slice(0, 2));
    expect(book.top('asks', 0)).toEqual([]);
    expect(book.best('bids')).toEqual(['100.5', '1']);
    expect(book.best('asks')).toEqual(['100.6', '4']);
    expect(book.spread()).toBe('0.1');
    book.applySnapshot({ seq: 1, bids: [['100.50', '1']], asks: [['100.70', '1']] });
    expect(book.spread()).toBe('0.20');
    book.applySnapshot({ seq: 1, bids: [['0.1', '1']], asks: [['0.1000000000000000055511151231257827', '1']] });
    expect(book.spread()).toBe('0.0000000000000000055511151231257827');
    book.applySnapshot({ seq: 1, bids: [['5', '1']], asks: [] });
    expect(book.spread()).toBeNull();
  });

  it('hands out copies, so a caller cannot change the book', () => {
    const book = liveBook();
    book.top('bids', 10).length = 0;
    expect(book.depth('bids')).toBe(3);
  });
});

describe('OrderBook sequence and checksum checks', () => {
  it('ignores updates before the first snapshot', () => {
    const book = new OrderBook();
    expect(book.status).toBe('empty');
    expect(book.applyUpdate(update(1, {}, { bids: [], asks: [] }))).toBe('awaiting-snapshot');
    expectDropped(book);
  });

  it('ignores a stale update and leaves the book as it was', () => {
    const book = liveBook();
    expect(book.applyUpdate(update(10, { bids: [['1', '1']] }, { bids: BIDS, asks: ASKS }))).toBe('stale');
    expect(book.applyUpdate(update(4, { bids: [['1', '1']] }, { bids: BIDS, asks: ASKS }))).toBe('stale');
    expect(book.isLive).toBe(true);
    expect(book.top('bids', 10)).toEqual(BIDS);
    expect(book.seq).toBe(10);
    expect(book.counters().stale).toBe(2);
  });

  it('drops the book on a gap and ignores updates until a new snapshot, then resumes from it', () => {
    const book = liveBook();
    expect(book.applyUpdate(update(12, {}, { bids: BIDS, asks: ASKS }))).toBe('gap');
    expect(book.status).toBe('gap');
    expectDropped(book);
    expect(book.applyUpdate(update(13, {}, { bids: BIDS, asks: ASKS }))).toBe('awaiting-snapshot');
    expect(book.counters().gaps).toBe(1);
    expect(book.applySnapshot({ seq: 40, bids: BIDS, asks: ASKS })).toBe('ok');
    expect(book.applyUpdate(update(41, {}, { bids: BIDS, asks: ASKS }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual(BIDS);
  });

  it('drops the book on a checksum mismatch and recovers with a new snapshot', () => {
    const book = liveBook();
    const after: BookLevel[] = [['100.5', '2'], ...BIDS.slice(1)];
    const wrong = update(11, { bids: [['100.5', '2']] }, { bids: BIDS, asks: ASKS });
    expect(book.applyUpdate(wrong)).toBe('checksum-mismatch');
    expect(book.status).toBe('checksum-mismatch');
    expectDropped(book);
    expect(book.counters()).toMatchObject({ checksumMismatches: 1, updates: 0 });
    expect(book.applySnapshot({ seq: 11, bids: after, asks: ASKS, checksum: bookChecksum(after, ASKS) })).toBe('ok');
    expect(book.top('bids', 10)).toEqual(after);
    expect(book.isLive).toBe(true);
  });

  it('checks the checksum over the first 25 levels only', () => {
    const bids: BookLevel[] = Array.from({ length: 30 }, (_, i) => [String(1000 - i), '1']);
    const book = new OrderBook();
    book.applySnapshot({ seq: 1, bids, asks: [] });
    // A change at level 27 leaves the checksum as it was.
    expect(book.applyUpdate({ seq: 2, bids: [['973', '9']], asks: [], checksum: bookChecksum(bids, []) })).toBe('ok');
    expect(book.top('bids', 30)[27]).toEqual(['973', '9']);
  });

  it('forgets the book on reset and keeps the counters', () => {
    const book = liveBook();
    book.applyUpdate(update(12, {}, { bids: BIDS, asks: ASKS }));
    book.reset();
    expect(book.status).toBe('empty');
    expectDropped(book);
    expect(book.counters().gaps).toBe(1);
  });
});
