import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookLevel, bookChecksum } from '../../../../engine/market/book-checksum';
import { OrderBook } from '../../../../engine/market/order-book';

/** Decimals that print every digit, to key and order prices independently of the engine. */
const Exact = Decimal.clone({ precision: 100, toExpNeg: -9e15, toExpPos: 9e15 });

/** The simplest book that could work: a Map from exact price to the level last received, sorted when read. */
class ReferenceBook {
  isLive = false;
  private readonly sides = { bids: new Map<string, BookLevel>(), asks: new Map<string, BookLevel>() };

  snapshot(bids: readonly BookLevel[], asks: readonly BookLevel[]): void {
    this.sides.bids.clear();
    this.sides.asks.clear();
    for (const [side, levels] of [
      ['bids', bids],
      ['asks', asks],
    ] as const) {
      for (const [price, size] of levels)
        if (!new Exact(size).isZero()) this.sides[side].set(new Exact(price).toFixed(), [price, size]);
    }
    this.isLive = true;
  }

  merge(bids: readonly BookLevel[], asks: readonly BookLevel[]): void {
    for (const [side, levels] of [
      ['bids', bids],
      ['asks', asks],
    ] as const) {
      for (const [price, size] of levels) {
        const key = new Exact(price).toFixed();
        if (new Exact(size).isZero()) this.sides[side].delete(key);
        else this.sides[side].set(key, [price, size]);
      }
    }
  }

  drop(): void {
    this.isLive = false;
  }

  side(side: 'bids' | 'asks'): BookLevel[] {
    const direction = side === 'bids' ? -1 : 1;
    return [...this.sides[side].values()].sort((a, b) => direction * new Exact(a[0]).comparedTo(b[0]));
  }

  checksum(): number {
    return bookChecksum(this.side('bids'), this.side('asks'));
  }
}

/** Prices on a 0.01 tick near 100, written with or without trailing zeros, sometimes with a leading zero. */
const tickPrice = fc
  .tuple(fc.integer({ min: 9_990, max: 10_030 }), fc.integer({ min: -1, max: 2 }), fc.boolean())
  .map(([units, zeros, isPadded]) => {
    const integer = String(Math.floor(units / 100));
    let fraction = String(units % 100).padStart(2, '0');
    fraction = zeros < 0 ? fraction.replace(/0+$/, '') : fraction + '0'.repeat(zeros);
    return `${isPadded ? '0' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
  });

/** Prices whose doubles collide: equal as numbers, distinct (or equal) as decimals. */
const longPrice = fc.constantFrom(
  '0.1',
  '0.1000000000000000055511151231257827',
  '0.10000000000000000555111512312578271',
  '9007199254740992',
  '9007199254740993',
  '9007199254740993.000',
  '12345678901234567.891',
  '12345678901234567.8911',
);

const price = fc.oneof({ weight: 6, arbitrary: tickPrice }, { weight: 1, arbitrary: longPrice });
const size = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('0', '0.000') },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 4 }))
      .map(([units, places]) => (units / 10 ** places).toFixed(places)),
  },
);
const level = fc.tuple(price, size) as fc.Arbitrary<BookLevel>;

type Command =
  | { kind: 'snapshot'; seq: number; bids: BookLevel[]; asks: BookLevel[]; isOrdered: boolean; hasChecksum: boolean }
  | { kind: 'update'; bids: BookLevel[]; asks: BookLevel[]; seqStep: number; isCorrupt: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('snapshot' as const),
      seq: fc.nat(1_000_000),
      bids: fc.array(level, { maxLength: 40 }),
      asks: fc.array(level, { maxLength: 40 }),
      isOrdered: fc.boolean(),
      hasChecksum: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      bids: fc.array(level, { maxLength: 8 }),
      asks: fc.array(level, { maxLength: 8 }),
      // Mostly the next seq; sometimes a repeat (stale) or a skipped one (gap).
      seqStep: fc.constantFrom(1, 1, 1, 1, 1, 1, 1, 0, -3, 2),
      isCorrupt: fc.integer({ min: 0, max: 12 }).map((n) => n === 0),
    }),
  },
);

function expectSameBook(book: OrderBook, reference: ReferenceBook): void {
  expect(book.isLive).toBe(reference.isLive);
  if (!reference.isLive) {
    expect(book.top('bids', Number.POSITIVE_INFINITY)).toEqual([]);
    expect(book.top('asks', Number.POSITIVE_INFINITY)).toEqual([]);
    return;
  }
  expect(book.top('bids', Number.POSITIVE_INFINITY)).toEqual(reference.side('bids'));
  expect(book.top('asks', Number.POSITIVE_INFINITY)).toEqual(reference.side('asks'));
  expect(bookChecksum(book.top('bids', 25), book.top('asks', 25))).toBe(reference.checksum());
}

describe('OrderBook against a reference book', () => {
  it('gives identical sides and checksums for random snapshots and updates', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 40 }), (commands) => {
        const book = new OrderBook();
        const reference = new ReferenceBook();
        let seq = 0;
        for (const step of commands) {
          if (step.kind === 'snapshot') {
            reference.snapshot(step.bids, step.asks);
            seq = step.seq;
            // Ordered snapshots, as the stream sends them, take the engine's no-sort path.
            const bids = step.isOrdered ? reference.side('bids') : step.bids;
            const asks = step.isOrdered ? reference.side('asks') : step.asks;
            const message = step.hasChecksum
              ? { seq, bids, asks, checksum: reference.checksum() }
              : { seq, bids, asks };
            expect(book.applySnapshot(message)).toBe('ok');
          } else if (!reference.isLive) {
            expect(book.applyUpdate({ seq: seq + 1, bids: step.bids, asks: step.asks, checksum: 0 })).toBe(
              'awaiting-snapshot',
            );
          } else if (step.seqStep <= 0 || step.seqStep > 1) {
            const result = book.applyUpdate({
              seq: Math.max(0, seq + step.seqStep),
              bids: step.bids,
              asks: step.asks,
              checksum: 0,
            });
            expect(result).toBe(step.seqStep <= 0 ? 'stale' : 'gap');
            if (result === 'gap') reference.drop();
          } else {
            reference.merge(step.bids, step.asks);
            const checksum = step.isCorrupt ? reference.checksum() ^ 1 : reference.checksum();
            seq += 1;
            const result = book.applyUpdate({ seq, bids: step.bids, asks: step.asks, checksum });
            expect(result).toBe(step.isCorrupt ? 'checksum-mismatch' : 'ok');
            if (step.isCorrupt) reference.drop();
          }
          expectSameBook(book, reference);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts every gap, stale update and mismatch it saw', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('next', 'stale', 'gap', 'corrupt', 'snapshot'), { maxLength: 60 }),
        (steps) => {
          const book = new OrderBook();
          const bids: BookLevel[] = [['10', '1']];
          const checksum = bookChecksum(bids, []);
          const expected = { snapshots: 1, updates: 0, stale: 0, gaps: 0, checksumMismatches: 0, rejected: 0 };
          let seq = 5;
          book.applySnapshot({ seq, bids, asks: [] });
          for (const step of steps) {
            if (step === 'snapshot') {
              expected.snapshots += 1;
              book.applySnapshot({ seq, bids, asks: [] });
              continue;
            }
            const next = step === 'stale' ? seq : step === 'gap' ? seq + 2 : seq + 1;
            const result = book.applyUpdate({
              seq: next,
              bids: [],
              asks: [],
              checksum: step === 'corrupt' ? checksum ^ 1 : checksum,
            });
            if (result === 'awaiting-snapshot') continue;
            if (step === 'next') {
              expected.updates += 1;
              seq = next;
            }
            if (step === 'stale') expected.stale += 1;
            if (step === 'gap') expected.gaps += 1;
            if (step === 'corrupt') expected.checksumMismatches += 1;
          }
          expect(book.counters()).toEqual(expected);
        },
      ),
    );
  });
});
