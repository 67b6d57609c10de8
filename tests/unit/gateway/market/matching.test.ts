import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MatchLevel, matchTaker } from '../../../../gateway/market/matching';

// BTCUSDT spot: prices in cents (2 places), sizes in 10^-6 BTC.
const ASKS: MatchLevel[] = [
  { price: 6_800_000n, size: 100_000n },
  { price: 6_800_100n, size: 200_000n },
  { price: 6_800_500n, size: 1_000_000n },
];
const BIDS: MatchLevel[] = [
  { price: 6_799_900n, size: 300_000n },
  { price: 6_799_000n, size: 500_000n },
];

describe('matchTaker', () => {
  it('fills a market buy across levels, best first, and cancels nothing when the book is deep enough', () => {
    const result = matchTaker({ side: 'buy', limit: null, size: 250_000n }, ASKS);
    expect(result.fills).toEqual([
      { price: 6_800_000n, size: 100_000n },
      { price: 6_800_100n, size: 150_000n },
    ]);
    expect(result).toMatchObject({ filled: 250_000n, remaining: 0n, rests: false, rejected: null });
  });

  it('stops a limit buy at its price and rests the remainder', () => {
    const result = matchTaker({ side: 'buy', limit: 6_800_100n, size: 500_000n }, ASKS);
    expect(result.fills.map((f) => f.price)).toEqual([6_800_000n, 6_800_100n]);
    expect(result).toMatchObject({ filled: 300_000n, remaining: 200_000n, rests: true });
  });

  it('rests a limit sell that reaches no bid, and never rests what a market order could not fill', () => {
    expect(matchTaker({ side: 'sell', limit: 6_800_000n, size: 10n }, BIDS)).toMatchObject({ filled: 0n, rests: true });
    expect(matchTaker({ side: 'sell', limit: null, size: 900_000n }, BIDS)).toMatchObject({
      filled: 800_000n,
      remaining: 100_000n,
      rests: false,
    });
    expect(matchTaker({ side: 'buy', limit: null, size: 1n }, [])).toMatchObject({
      filled: 0n,
      remaining: 1n,
      rests: false,
    });
  });

  it('rejects a post-only order that would take, and rests one that would not', () => {
    expect(matchTaker({ side: 'buy', limit: 6_800_000n, size: 1n, postOnly: true }, ASKS)).toMatchObject({
      rejected: 'post-only-would-take',
      rests: false,
      filled: 0n,
    });
    expect(matchTaker({ side: 'buy', limit: 6_799_999n, size: 1n, postOnly: true }, ASKS)).toMatchObject({
      rejected: null,
      rests: true,
      filled: 0n,
    });
    expect(() => matchTaker({ side: 'buy', limit: null, size: 1n, postOnly: true }, ASKS)).toThrow(RangeError);
  });

  it('refuses a non-positive size or price', () => {
    expect(() => matchTaker({ side: 'buy', limit: null, size: 0n }, ASKS)).toThrow(RangeError);
    expect(() => matchTaker({ side: 'buy', limit: 0n, size: 1n }, ASKS)).toThrow(RangeError);
  });

  it('never fills more than asked or beyond the limit, and fills add up', () => {
    const level = fc.record({ price: fc.bigInt({ min: 1n, max: 10_000n }), size: fc.bigInt({ min: 0n, max: 1_000n }) });
    fc.assert(
      fc.property(
        fc.array(level, { maxLength: 20 }),
        fc.bigInt({ min: 1n, max: 5_000n }),
        fc.option(fc.bigInt({ min: 1n, max: 10_000n }), { nil: null }),
        (levels, size, limit) => {
          const asks = [...levels].sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0));
          const result = matchTaker({ side: 'buy', limit, size }, asks);
          expect(result.filled + result.remaining).toBe(size);
          expect(result.fills.reduce((sum, f) => sum + f.size, 0n)).toBe(result.filled);
          for (const fill of result.fills) {
            expect(fill.size > 0n).toBe(true);
            if (limit !== null) expect(fill.price <= limit).toBe(true);
          }
        },
      ),
    );
  });
});
