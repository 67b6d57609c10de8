import { newOrderRecord, type OrderRecord, type OrderStart } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';

/**
 * Records an order the exchange accepts and cancels at once without a fill (a post-only order that would take), so
 * the caller reads it back as cancelled, as on the exchange. Nothing was frozen and nothing moves: no ledger entry, no
 * order book change. (Immediate-or-cancel and fill-or-kill are the engine's own: gateway/trading/order-store.ts.)
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
