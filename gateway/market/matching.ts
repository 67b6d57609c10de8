/**
 * Paper-trading matching against the simulated order book, in integers: prices in units of 10^-pricePlace, sizes in
 * units of 10^-volumePlace, so no binary float ever decides a fill. Pure: the caller owns the order book and the
 * balances.
 */

export type OrderSide = 'buy' | 'sell';

/** One level of the opposite side, best first (asks ascending for a buy, bids descending for a sell). */
export interface MatchLevel {
  price: bigint;
  size: bigint;
}

export interface TakerRequest {
  side: OrderSide;
  /** Limit price; null for a market order. */
  limit: bigint | null;
  size: bigint;
  /** Post-only: the order must rest whole, never take. */
  postOnly?: boolean;
}

export interface Fill {
  price: bigint;
  size: bigint;
}

/**
 * What happened: every fill taken, and what is left. `rests` says whether the remainder becomes a resting limit
 * order; a market order's remainder is cancelled (no liquidity), a post-only order that would take is rejected.
 */
export interface MatchResult {
  fills: Fill[];
  filled: bigint;
  remaining: bigint;
  rests: boolean;
  rejected: 'post-only-would-take' | null;
}

/** Whether a limit at `limit` on `side` reaches a level at `price` of the opposite side. */
export function reaches(side: OrderSide, limit: bigint | null, price: bigint): boolean {
  if (limit === null) return true;
  return side === 'buy' ? price <= limit : price >= limit;
}

/** Takes liquidity from the opposite side, best level first, up to the limit; the order book itself is not changed. */
export function matchTaker(request: TakerRequest, opposite: readonly MatchLevel[]): MatchResult {
  if (request.size <= 0n) throw new RangeError('order size must be positive');
  if (request.limit !== null && request.limit <= 0n) throw new RangeError('limit price must be positive');
  if (request.postOnly) {
    if (request.limit === null) throw new RangeError('a post-only order needs a limit price');
    const best = opposite[0];
    if (best && reaches(request.side, request.limit, best.price)) {
      return { fills: [], filled: 0n, remaining: request.size, rests: false, rejected: 'post-only-would-take' };
    }
    return { fills: [], filled: 0n, remaining: request.size, rests: true, rejected: null };
  }
  const fills: Fill[] = [];
  let remaining = request.size;
  for (const level of opposite) {
    if (remaining === 0n || !reaches(request.side, request.limit, level.price)) break;
    if (level.size <= 0n) continue;
    const take = level.size < remaining ? level.size : remaining;
    fills.push({ price: level.price, size: take });
    remaining -= take;
  }
  return {
    fills,
    filled: request.size - remaining,
    remaining,
    rests: remaining > 0n && request.limit !== null,
    rejected: null,
  };
}

/** Value of a fill in quote units of 10^-(pricePlace + volumePlace). */
export function notionalOf(fill: Fill): bigint {
  return fill.price * fill.size;
}
