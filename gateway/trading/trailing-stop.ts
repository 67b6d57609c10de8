import type { OrderSide } from '../market/matching';
import { isPriceReached } from './ticker-crossing';

/** The widest callback a trailing order takes: 10 % (the exchange's `callbackRatio` "cannot be greater than 10"). */
export const MAX_CALLBACK_BPS = 1000;

/** What a trailing order (the exchange's `track_plan`) is made of, in price units and hundredths of a percent. */
export interface TrailingOrder {
  /** The side it executes on: a sell trails below the highest price, a buy above the lowest. */
  side: OrderSide;
  triggerUp: boolean | null;
  /** The activation price: the order starts trailing once the price it watches reaches it. */
  triggerPrice: bigint;
  callbackBps: number;
  /** The best price since activation, undefined before it. */
  trackPrice?: bigint;
}

/** One price of a trailing order: its best price after it (undefined while not yet active), and whether it executes. */
export interface TrailStep {
  trackPrice: bigint | undefined;
  fires: boolean;
}

/**
 * Moves a trailing order by one price it watches: it activates when the price reaches its trigger, then keeps the best
 * price seen (the highest for a sell, the lowest for a buy) and fires once the price pulls back from that best by its
 * callback: a sell at or below best × (1 − callback), a buy at or above best × (1 + callback). A price of 0 (no trade
 * yet) moves nothing.
 */
export function trailStep(order: TrailingOrder, price: bigint): TrailStep {
  const unchanged = { trackPrice: order.trackPrice, fires: false };
  if (price <= 0n) return unchanged;
  if (order.trackPrice === undefined && !isPriceReached(order.triggerUp, order.triggerPrice, price)) return unchanged;
  const best = order.trackPrice ?? price;
  const bps = BigInt(order.callbackBps);
  if (order.side === 'sell') {
    const high = price > best ? price : best;
    return { trackPrice: high, fires: price * 10_000n <= high * (10_000n - bps) };
  }
  const low = price < best ? price : best;
  return { trackPrice: low, fires: price * 10_000n >= low * (10_000n + bps) };
}
