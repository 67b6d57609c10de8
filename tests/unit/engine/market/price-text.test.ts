import { describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import { OrderBook } from '../../../../engine/market/order-book';
import { canonicalPrice } from '../../../../engine/market/price-text';
import { update } from './order-book-support';

describe('canonicalPrice', () => {
  it('gives prices that differ only in leading or trailing zeros one form', () => {
    expect(canonicalPrice('100.50')).toBe('100.5');
    expect(canonicalPrice('100.5')).toBe('100.5');
    expect(canonicalPrice('100.000')).toBe('100');
    expect(canonicalPrice('0100')).toBe('100');
    expect(canonicalPrice('000.0500')).toBe('0.05');
    expect(canonicalPrice('1000')).toBe('1000');
  });

  it('refuses zero and anything that is not a plain decimal', () => {
    for (const text of ['0', '0.000', '', '-1', '+1', '1e5', '1.', '.5', '1.2.3', ' 1', 'NaN', '9'.repeat(65)]) {
      expect(canonicalPrice(text), text).toBeNull();
    }
  });
});

describe('OrderBook prices with trailing zeros', () => {
  it('treats "100.50" and "100.5" as one level and keeps the latest text received', () => {
    const book = new OrderBook();
    book.applySnapshot({
      seq: 1,
      bids: [
        ['100.50', '1'],
        ['100.4', '2'],
      ],
      asks: [],
    });
    const after: BookLevel[] = [
      ['100.5', '3'],
      ['100.4', '2'],
    ];
    expect(book.applyUpdate(update(2, { bids: [['100.5', '3']] }, { bids: after, asks: [] }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual(after);
    expect(book.applyUpdate(update(3, { bids: [['100.500', '0']] }, { bids: [['100.4', '2']], asks: [] }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual([['100.4', '2']]);
  });

  it('verifies the checksum over the strings as received, not their normalised values', () => {
    const bids: BookLevel[] = [['100.50', '1.000']];
    const asks: BookLevel[] = [['100.60', '2']];
    const book = new OrderBook();
    book.applySnapshot({ seq: 1, bids, asks });
    // The asks change leaves the bid's text "100.50:1.000" in the checksum.
    const good = update(2, { asks: [['100.70', '1']] }, { bids, asks: [...asks, ['100.70', '1']] });
    const normalised = {
      ...good,
      checksum: bookChecksum(
        [['100.5', '1']],
        [
          ['100.6', '2'],
          ['100.7', '1'],
        ],
      ),
    };
    expect(normalised.checksum).not.toBe(good.checksum);
    const other = new OrderBook();
    other.applySnapshot({ seq: 1, bids, asks });
    expect(book.applyUpdate(good)).toBe('ok');
    expect(other.applyUpdate(normalised)).toBe('checksum-mismatch');
  });
});

describe('OrderBook exact price order', () => {
  it('keeps apart prices that are one double and orders them exactly', () => {
    const long = '0.1000000000000000055511151231257827';
    expect(Number(long)).toBe(Number('0.1'));
    expect(Number('9007199254740993')).toBe(Number('9007199254740992'));
    const book = new OrderBook();
    book.applySnapshot({
      seq: 1,
      bids: [
        ['9007199254740992', '1'],
        ['9007199254740993', '2'],
        ['9007199254740991', '3'],
      ],
      asks: [
        [long, '1'],
        ['0.1', '2'],
        ['0.10000000000000000555111512312578271', '3'],
      ],
    });
    expect(book.top('bids', 10).map(([price]) => price)).toEqual([
      '9007199254740993',
      '9007199254740992',
      '9007199254740991',
    ]);
    expect(book.top('asks', 10).map(([price]) => price)).toEqual([
      '0.1',
      long,
      '0.10000000000000000555111512312578271',
    ]);
    const bids: BookLevel[] = [
      ['9007199254740993', '2'],
      ['9007199254740991', '3'],
    ];
    const asks = book.top('asks', 10);
    expect(book.applyUpdate(update(2, { bids: [['9007199254740992.0', '0']] }, { bids, asks }))).toBe('ok');
    expect(book.top('bids', 10)).toEqual(bids);
  });

  it('merges long prices that are equal in value but differ in zeros', () => {
    const book = new OrderBook();
    book.applySnapshot({ seq: 1, bids: [], asks: [['12345678901234567.891', '1']] });
    const asks: BookLevel[] = [['012345678901234567.8910', '5']];
    expect(book.applyUpdate(update(2, { asks }, { bids: [], asks }))).toBe('ok');
    expect(book.top('asks', 10)).toEqual(asks);
  });
});
