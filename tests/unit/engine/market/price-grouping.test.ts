import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookLevel } from '../../../../engine/market/book-checksum';
import type { BookSide } from '../../../../engine/market/order-book';
import { groupBook, groupLevels } from '../../../../engine/market/price-grouping';

const Exact = Decimal.clone({ precision: 120, toExpNeg: -9e15, toExpPos: 9e15 });

const places = (text: string): number => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

/** Grouping done the slow, obvious way with decimal.js: the rows' exact texts and unrounded shares. */
function referenceGroup(levels: readonly BookLevel[], side: BookSide, step: string, count: number) {
  const rows: Array<{ price: Decimal; size: Decimal; sizePlaces: number }> = [];
  for (const [price, size] of levels) {
    const steps = new Exact(price).div(step);
    const bucket = (side === 'bids' ? steps.floor() : steps.ceil()).times(step);
    const last = rows[rows.length - 1];
    if (last?.price.eq(bucket)) {
      last.size = last.size.plus(size);
      last.sizePlaces = Math.max(last.sizePlaces, places(size));
    } else {
      rows.push({ price: bucket, size: new Exact(size), sizePlaces: places(size) });
    }
  }
  let total = new Exact(0);
  let totalPlaces = 0;
  return rows.slice(0, count).map((row) => {
    total = total.plus(row.size);
    totalPlaces = Math.max(totalPlaces, row.sizePlaces);
    return {
      price: row.price.toFixed(places(step)),
      size: row.size.toFixed(row.sizePlaces),
      total: total.toFixed(totalPlaces),
      exactTotal: total,
    };
  });
}

const pad = (units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

/** Ordered levels of one side: small prices on a random tick, or prices too long for a double to hold exactly. */
const sideLevels = (side: BookSide) =>
  fc
    .record({
      scale: fc.integer({ min: 0, max: 4 }),
      units: fc.uniqueArray(fc.bigInt({ min: 1n, max: 3_000_000n }), { maxLength: 60 }),
      sizes: fc.array(
        fc.oneof(
          {
            weight: 6,
            arbitrary: fc
              .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 8 }))
              .map(([n, s]) => pad(n, s)),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }), fc.integer({ min: 0, max: 6 }))
              .map(([n, s]) => pad(n, s)),
          },
        ),
        { minLength: 60, maxLength: 60 },
      ),
      isLong: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    })
    .map(({ scale, units, sizes, isLong }) => {
      const offset = isLong ? 987_654_321_098_765_432n * 10n ** BigInt(scale) : 0n;
      const ordered = [...units].sort((a, b) => (a < b ? -1 : 1) * (side === 'bids' ? -1 : 1));
      return ordered.map((n, i): BookLevel => [pad(offset + n, scale), sizes[i]]);
    });

const step = fc.constantFrom(
  '0.0001',
  '0.001',
  '0.01',
  '0.1',
  '1',
  '10',
  '100',
  '1000',
  '0.5',
  '2.5',
  '0.25',
  '0.00000001',
  '10000000000000000000000',
);

describe('groupLevels', () => {
  it('rounds bids down to the step and sums their sizes exactly', () => {
    const bids: BookLevel[] = [
      ['100.57', '1.1'],
      ['100.52', '0.2'],
      ['100.49', '0.30'],
      ['100.4', '0.7'],
    ];
    expect(groupLevels(bids, 'bids', '0.1', 10)).toEqual([
      { price: '100.5', size: '1.3', total: '1.3', share: 1.3 / 2.3 },
      { price: '100.4', size: '1.00', total: '2.30', share: 1 },
    ]);
  });

  it('rounds asks up to the step, where float sums would drift', () => {
    const asks: BookLevel[] = [
      ['100.01', '0.1'],
      ['100.99', '0.2'],
      ['101', '0.3'],
      ['101.01', '1'],
    ];
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(groupLevels(asks, 'asks', '1', 10)).toEqual([
      { price: '101', size: '0.6', total: '0.6', share: 0.6 / 1.6 },
      { price: '102', size: '1', total: '1.6', share: 1 },
    ]);
  });

  it('groups on steps that are not powers of ten', () => {
    const bids: BookLevel[] = [
      ['10.74', '1'],
      ['10.5', '2'],
      ['10.49', '3'],
    ];
    expect(groupLevels(bids, 'bids', '0.5', 10).map((row) => [row.price, row.size])).toEqual([
      ['10.5', '3'],
      ['10.0', '3'],
    ]);
    expect(
      groupLevels(
        [
          ['10.01', '1'],
          ['10.5', '2'],
        ],
        'asks',
        '0.25',
        10,
      ).map((row) => row.price),
    ).toEqual(['10.25', '10.50']);
  });

  it('sums sizes beyond what a double holds exactly', () => {
    const bids: BookLevel[] = [
      ['10.5', '9007199254740993'],
      ['10', '1'],
    ];
    expect(groupLevels(bids, 'bids', '1', 5)[0].size).toBe('9007199254740994');
    const long: BookLevel[] = [
      ['123456789012345678.95', '0.1'],
      ['123456789012345678.91', '0.2'],
    ];
    expect(groupLevels(long, 'bids', '0.1', 5)).toMatchObject([{ price: '123456789012345678.9', size: '0.3' }]);
    // Fifteen digits fit a double, but on the step's scale the price becomes 99999999999999900, which does not.
    expect(groupLevels([['999999999999999', '1']], 'bids', '0.07', 5)[0].price).toBe('999999999999998.97');
    expect(groupLevels([['999999999999999', '1']], 'asks', '0.07', 5)[0].price).toBe('999999999999999.04');
  });

  it('returns at most the number of rows asked for', () => {
    const asks: BookLevel[] = Array.from({ length: 30 }, (_, i) => [String(100 + i), '1']);
    expect(groupLevels(asks, 'asks', '10', 2).map((row) => [row.price, row.total])).toEqual([
      ['100', '1'],
      ['110', '11'],
    ]);
    expect(groupLevels(asks, 'asks', '1', 0)).toEqual([]);
    expect(groupLevels([], 'bids', '1', 5)).toEqual([]);
  });

  it('matches a decimal.js reference for random books and steps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<BookSide>('bids', 'asks').chain((side) => fc.tuple(fc.constant(side), sideLevels(side))),
        step,
        fc.integer({ min: 0, max: 80 }),
        ([side, levels], unit, count) => {
          const rows = groupLevels(levels, side, unit, count);
          const expected = referenceGroup(levels, side, unit, count);
          expect(rows.map(({ price, size, total }) => ({ price, size, total }))).toEqual(
            expected.map(({ price, size, total }) => ({ price, size, total })),
          );
          const largest = expected[expected.length - 1]?.exactTotal;
          for (const [i, row] of rows.entries())
            expect(Math.abs(row.share - expected[i].exactTotal.div(largest).toNumber())).toBeLessThan(1e-12);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses a bad step, count or level with a clear error', () => {
    const bids: BookLevel[] = [['10', '1']];
    for (const bad of ['0', '0.00', '-1', '1e2', '', ' 1', 'abc'])
      expect(() => groupLevels(bids, 'bids', bad, 5), bad).toThrow(/grouping step must be/);
    for (const bad of [-1, 1.5, Number.NaN])
      expect(() => groupLevels(bids, 'bids', '1', bad)).toThrow(/count must be a whole number/);
    expect(() =>
      groupLevels(
        [
          ['10', '1'],
          ['NaN', '1'],
        ],
        'bids',
        '1',
        5,
      ),
    ).toThrow('bids[1] price must be a non-negative plain decimal string, got "NaN"');
    expect(() => groupLevels([['10', '-1']], 'asks', '1', 5)).toThrow('asks[0] size must be');
    expect(() => groupLevels([['0', '1']], 'asks', '1', 5)).toThrow('asks[0] price must be above zero');
    expect(() =>
      groupLevels(
        [
          ['10', '1'],
          ['1'.repeat(100_000), '1'],
        ],
        'asks',
        '1',
        5,
      ),
    ).toThrow('(100000 characters)');
    expect(() => groupLevels([['10', '1'], '12' as unknown as BookLevel], 'bids', '1', 5)).toThrow(
      'bids[1] must be [price, size]',
    );
    expect(() => groupLevels([null as unknown as BookLevel], 'asks', '1', 5)).toThrow('asks[0] must be [price, size]');
    expect(() =>
      groupLevels(
        [
          ['10', '1'],
          ['12', '1'],
        ],
        'bids',
        '1',
        5,
      ),
    ).toThrow('bids[1] price 12 is out of order');
    expect(() =>
      groupLevels(
        [
          ['10', '1'],
          ['9', '1'],
        ],
        'asks',
        '1',
        5,
      ),
    ).toThrow('asks[1] price 9 is out of order');
  });
});

describe('groupBook', () => {
  it('scales both sides against the larger cumulative size', () => {
    const bids: BookLevel[] = [
      ['9.9', '1'],
      ['9.8', '1'],
    ];
    const asks: BookLevel[] = [
      ['10.1', '2'],
      ['10.2', '2'],
    ];
    const { bids: bidRows, asks: askRows } = groupBook(bids, asks, '0.1', 10);
    expect(bidRows.map((row) => row.share)).toEqual([0.25, 0.5]);
    expect(askRows.map((row) => row.share)).toEqual([0.5, 1]);
  });

  it('gives shares that never fall down a side and reach exactly 1 once', () => {
    fc.assert(
      fc.property(
        sideLevels('bids'),
        sideLevels('asks'),
        step,
        fc.integer({ min: 1, max: 80 }),
        (bids, asks, unit, count) => {
          const book = groupBook(bids, asks, unit, count);
          for (const rows of [book.bids, book.asks]) {
            rows.forEach((row, i) => {
              expect(row.share).toBeGreaterThanOrEqual(i > 0 ? rows[i - 1].share : 0);
              expect(row.share).toBeLessThanOrEqual(1);
            });
          }
          const ends = [book.bids.at(-1)?.share ?? 0, book.asks.at(-1)?.share ?? 0];
          if (book.bids.length + book.asks.length > 0) expect(Math.max(...ends)).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
