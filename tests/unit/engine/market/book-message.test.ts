import { describe, expect, it } from 'vitest';
import { BookInputError, readBookMessage } from '../../../../engine/market/book-message';
import { ASKS, BIDS, expectDropped, liveBook } from './order-book-support';

const HOSTILE_DECIMALS: Array<[label: string, value: unknown]> = [
  ['an empty string', ''],
  ['a blank', ' '],
  ['a word', 'abc'],
  ['a negative number', '-1'],
  ['a plus sign', '+1'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['exponent notation', '1e5'],
  ['upper-case exponent', '1E-3'],
  ['a hex literal', '0x10'],
  ['a trailing point', '1.'],
  ['a leading point', '.5'],
  ['two points', '1.2.3'],
  ['a comma decimal', '1,5'],
  ['padding', ' 1 '],
  ['full-width digits', '１２'],
  ['65 digits', '9'.repeat(65)],
  ['a huge string', '1'.repeat(100_000)],
  ['a number', 100.5],
  ['null', null],
  ['undefined', undefined],
  ['a boolean', true],
  ['an object', {}],
];

describe('OrderBook hostile input', () => {
  it.each(HOSTILE_DECIMALS)('rejects %s as a price, dropping the book until the next snapshot', (_label, value) => {
    const book = liveBook();
    expect(
      book.applyUpdate({
        seq: 11,
        bids: [
          ['100.1', '1'],
          [value, '1'],
        ],
        asks: [],
        checksum: 0,
      }),
    ).toBe('rejected');
    expect(book.status).toBe('rejected');
    expect(book.error).toMatch(/^book update bids\[1\] price: must be a positive plain decimal string, got /);
    expectDropped(book);
    expect(book.counters().rejected).toBe(1);
    expect(book.applySnapshot({ seq: 20, bids: BIDS, asks: ASKS })).toBe('ok');
    expect(book.top('bids', 10)).toEqual(BIDS);
    expect(book.error).toBeNull();
  });

  it.each(HOSTILE_DECIMALS)('rejects %s as a size', (_label, value) => {
    const book = liveBook();
    expect(book.applyUpdate({ seq: 11, bids: [], asks: [['101', value]], checksum: 0 })).toBe('rejected');
    expect(book.error).toMatch(/^book update asks\[0\] size: must be a non-negative plain decimal string, got /);
    expectDropped(book);
  });

  it('rejects a zero price even with a zero size', () => {
    const book = liveBook();
    expect(book.applyUpdate({ seq: 11, bids: [['0.00', '0']], asks: [], checksum: 0 })).toBe('rejected');
    expect(book.error).toContain('bids[0] price');
  });

  it('shows at most 24 characters of a huge value in the error', () => {
    const book = liveBook();
    book.applyUpdate({ seq: 11, bids: [['1'.repeat(100_000), '1']], asks: [], checksum: 0 });
    expect(book.error).toBe(
      `book update bids[0] price: must be a positive plain decimal string, got "${'1'.repeat(24)}…" (100000 characters)`,
    );
  });

  const WRONG_SHAPES: Array<[label: string, message: unknown, field: string]> = [
    ['null data', null, 'data'],
    ['an array as data', [], 'data'],
    ['a string as data', 'bids', 'data'],
    ['no seq', { bids: [], asks: [], checksum: 0 }, 'seq'],
    ['a string seq', { seq: '11', bids: [], asks: [], checksum: 0 }, 'seq'],
    ['a fractional seq', { seq: 11.5, bids: [], asks: [], checksum: 0 }, 'seq'],
    ['a negative seq', { seq: -1, bids: [], asks: [], checksum: 0 }, 'seq'],
    ['a NaN seq', { seq: Number.NaN, bids: [], asks: [], checksum: 0 }, 'seq'],
    ['no checksum', { seq: 11, bids: [], asks: [] }, 'checksum'],
    ['a string checksum', { seq: 11, bids: [], asks: [], checksum: '0' }, 'checksum'],
    ['a fractional checksum', { seq: 11, bids: [], asks: [], checksum: 0.5 }, 'checksum'],
    ['a checksum past 32 bits', { seq: 11, bids: [], asks: [], checksum: 2 ** 31 }, 'checksum'],
    ['no bids', { seq: 11, asks: [], checksum: 0 }, 'bids'],
    ['bids as an object', { seq: 11, bids: { '100': '1' }, asks: [], checksum: 0 }, 'bids'],
    ['a level of one entry', { seq: 11, bids: [], asks: [['100']], checksum: 0 }, 'asks[0]'],
    ['a level of three entries', { seq: 11, bids: [['100', '1', '2']], asks: [], checksum: 0 }, 'bids[0]'],
    ['a level as text', { seq: 11, bids: ['100:1'], asks: [], checksum: 0 }, 'bids[0]'],
    ['a level as an object', { seq: 11, bids: [{ price: '100', size: '1' }], asks: [], checksum: 0 }, 'bids[0]'],
  ];

  it.each(WRONG_SHAPES)('rejects %s with an error naming the field', (_label, message, field) => {
    const book = liveBook();
    expect(book.applyUpdate(message)).toBe('rejected');
    expect(book.error).toContain(`book update ${field}`);
    expectDropped(book);
    expect(() => readBookMessage(message, 'update')).toThrow(BookInputError);
    expect(() => readBookMessage(message, 'update')).toThrow(`book update ${field}`);
  });

  it('rejects a malformed snapshot and drops the old book', () => {
    const book = liveBook();
    expect(book.applySnapshot({ seq: 1, bids: [['1e3', '1']], asks: [] })).toBe('rejected');
    expect(book.error).toContain('book snapshot bids[0] price');
    expectDropped(book);
  });

  it('accepts a snapshot without a checksum but not an update without one', () => {
    const message = { seq: 1, bids: [], asks: [] };
    expect(readBookMessage(message, 'snapshot')).toBe(message);
    expect(() => readBookMessage(message, 'update')).toThrow('book update checksum');
  });
});
