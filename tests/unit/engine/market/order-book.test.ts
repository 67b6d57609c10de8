import { describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import { BookInputError, readBookMessage } from '../../../../engine/market/book-message';
import { OrderBook } from '../../../../engine/market/order-book';
import { canonicalPrice } from '../../../../engine/market/price-text';

const BIDS: BookLevel[] = [
  ['100.5', '1'],
  ['100.4', '2'],
  ['100', '3'],
];
const ASKS: BookLevel[] = [
  ['100.6', '4'],
  ['100.75', '5'],
];

/** A live book from BIDS and ASKS at seq 10. */
function liveBook(): OrderBook {
  const book = new OrderBook();
  expect(book.applySnapshot({ seq: 10, bids: BIDS, asks: ASKS, checksum: bookChecksum(BIDS, ASKS) })).toBe('ok');
  return book;
}

/** An update whose checksum is the one the book should have after merging it into `bids`/`asks` as given. */
function update(
  seq: number,
  changes: { bids?: BookLevel[]; asks?: BookLevel[] },
  after: { bids: BookLevel[]; asks: BookLevel[] },
) {
  return { seq, bids: changes.bids ?? [], asks: changes.asks ?? [], checksum: bookChecksum(after.bids, after.asks) };
}

function expectDropped(book: OrderBook): void {
  expect(book.isLive).toBe(false);
  expect(book.top('bids', 50)).toEqual([]);
  expect(book.top('asks', 50)).toEqual([]);
  expect(book.best('bids')).toBeNull();
  expect(book.best('asks')).toBeNull();
  expect(book.spread()).toBeNull();
  expect(book.depth('bids')).toBe(0);
  expect(book.seq).toBeNull();
}

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
