import { matchTaker, type MatchLevel, type OrderSide } from '../market/matching';
import { newOrderRecord, type OrderRecord, type OrderStart } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';

/** The exchange's time in force (`force`); the paper engine itself knows gtc and post_only. */
export const V2_FORCES = ['gtc', 'post_only', 'ioc', 'fok'] as const;
/** One of V2_FORCES. */
export type V2Force = (typeof V2_FORCES)[number];

/** What the engine is asked for: post_only stays, ioc and fok run as gtc and the route ends them (see below). */
export function engineForce(force: V2Force): 'gtc' | 'post_only' {
  return force === 'post_only' ? 'post_only' : 'gtc';
}

/**
 * Whether a fill-or-kill order would fill whole at once: the same preview of the order book the engine makes before it
 * takes liquidity (`matchTaker` over the simulator's taker levels), so a `true` here is filled whole by the engine.
 */
export function fillsWhole(
  levels: readonly MatchLevel[],
  side: OrderSide,
  price: bigint | null,
  size: bigint,
): boolean {
  return matchTaker({ side, limit: price, size }, levels).filled === size;
}

/**
 * Records an order the exchange accepts and cancels at once without a fill (a fill-or-kill that cannot fill whole, a
 * post-only that would take), so the caller reads it back as cancelled, as on the exchange. Nothing was frozen and
 * nothing moves: no ledger entry, no order book change.
 */
export function recordCancelledOrder(
  ctx: TradingContext,
  start: OrderStart,
  futures: Parameters<typeof newOrderRecord>[1] = {},
): OrderRecord {
  const order = newOrderRecord(start, futures);
  order.status = 'cancelled';
  ctx.orders.insert(order);
  ctx.changes.notify(start.userId, ['orders']);
  return order;
}
