import { GatewayError } from '../http/gateway-error';

/**
 * How many requests a second one account may send to each v2 private route, as the exchange's API documentation
 * gives them ("Frequency limit: N times/1s (UID)"). A route not listed here gets DEFAULT_V2_RATE_LIMIT.
 */
export const V2_RATE_LIMITS: Readonly<Record<string, number>> = {
  '/api/v2/spot/trade/place-order': 10,
  '/api/v2/spot/trade/cancel-order': 10,
  '/api/v2/spot/trade/batch-orders': 5,
  '/api/v2/spot/trade/batch-cancel-order': 10,
  '/api/v2/spot/trade/cancel-symbol-order': 5,
  '/api/v2/spot/trade/cancel-replace-order': 5,
  '/api/v2/spot/trade/orderInfo': 20,
  '/api/v2/spot/trade/unfilled-orders': 20,
  '/api/v2/spot/trade/history-orders': 20,
  '/api/v2/spot/trade/fills': 10,
  '/api/v2/spot/trade/place-plan-order': 20,
  '/api/v2/spot/trade/current-plan-order': 20,
  '/api/v2/spot/trade/history-plan-order': 20,
  '/api/v2/spot/trade/cancel-plan-order': 20,
  '/api/v2/spot/trade/modify-plan-order': 20,
  '/api/v2/spot/account/assets': 10,
  '/api/v2/spot/account/bills': 10,
  '/api/v2/spot/wallet/transfer': 10,
  '/api/v2/mix/order/place-order': 10,
  '/api/v2/mix/order/batch-place-order': 5,
  '/api/v2/mix/order/cancel-order': 10,
  '/api/v2/mix/order/batch-cancel-orders': 10,
  '/api/v2/mix/order/cancel-all-orders': 10,
  '/api/v2/mix/order/modify-order': 10,
  '/api/v2/mix/order/close-positions': 1,
  '/api/v2/mix/order/click-backhand': 5,
  '/api/v2/mix/order/detail': 10,
  '/api/v2/mix/order/orders-pending': 10,
  '/api/v2/mix/order/orders-history': 5,
  '/api/v2/mix/order/fills': 10,
  '/api/v2/mix/order/place-plan-order': 10,
  '/api/v2/mix/order/place-tpsl-order': 10,
  '/api/v2/mix/order/place-pos-tpsl': 10,
  '/api/v2/mix/order/orders-plan-pending': 10,
  '/api/v2/mix/order/orders-plan-history': 10,
  '/api/v2/mix/position/all-position': 5,
  '/api/v2/mix/position/single-position': 10,
  '/api/v2/mix/position/history-position': 20,
  '/api/v2/mix/account/account': 10,
  '/api/v2/mix/account/accounts': 10,
  '/api/v2/mix/account/bill': 10,
  '/api/v2/mix/account/set-leverage': 5,
  '/api/v2/mix/account/set-margin': 5,
  '/api/v2/mix/account/set-margin-mode': 5,
  '/api/v2/mix/account/set-position-mode': 5,
};

/** The limit of a route not in V2_RATE_LIMITS. */
export const DEFAULT_V2_RATE_LIMIT = 10;

/** At most this many (account, route) windows are kept; past it the ones of earlier seconds are dropped. */
const MAX_WINDOWS = 50_000;

/** HTTP 429 with the exchange's code `429`, which client libraries read as "back off" (ccxt: DDoSProtection). */
export const tooManyRequests = () => new GatewayError(429, '429', 'Too Many Requests');

/**
 * Counts each account's requests per route in one-second windows of a monotonic clock (never the trading clock, which
 * tests and the simulator may hold still), and says when one is past the route's limit.
 */
export class V2RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  /** Creates a limiter on `now` (ms, monotonic; default `performance.now`). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Counts one request of `userId` to `path`; false when that is more than the route allows in this second. */
  take(userId: string, path: string): boolean {
    const second = Math.floor(this.now() / 1000);
    const key = `${userId}\n${path}`;
    const window = this.windows.get(key);
    if (window && window.second === second) {
      window.count += 1;
      return window.count <= (V2_RATE_LIMITS[path] ?? DEFAULT_V2_RATE_LIMIT);
    }
    if (!window && this.windows.size >= MAX_WINDOWS) this.dropBefore(second);
    this.windows.set(key, { second, count: 1 });
    return true;
  }

  private dropBefore(second: number): void {
    for (const [key, window] of this.windows) if (window.second < second) this.windows.delete(key);
  }
}
