import type { Context } from 'hono';
import { GatewayError } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { OrderRecord } from '../trading/order-store';
import type { TradingContext } from '../trading/trading-context';
import { type ApiKeyEnv, apiCallerOf } from './api-key-env';
import { parameterMissing, parameterWrong, toV2Error, type V2Line } from './v2-trade-errors';
import { textOf } from './v2-trade-input';

/**
 * What every v2 private trading route file opens with: `write` runs an engine call in one transaction, and `userOf`
 * is the key owner's account, its paper balances made on first use (a key may trade before its owner ever did).
 */
export function v2TradingAccess(ctx: TradingContext) {
  const write = <T>(action: () => T): T => ctx.db.transaction(action)();
  const userOf = (c: Context<ApiKeyEnv>): string => {
    const { userId } = apiCallerOf(c);
    write(() => ctx.ensureAccount(userId));
    return userId;
  };
  return { write, userOf };
}

/** A batch's reply: the order each accepted item placed or cancelled, and each refused item with the exchange's code. */
export interface V2BatchReply {
  successList: { orderId: string; clientOid: string }[];
  failureList: { orderId: string; clientOid: string; errorMsg: string; errorCode: string }[];
}

/**
 * Runs each item of a batch's `orderList` (1 to `max` objects) in its own transaction (`write`): an item's refusal goes
 * to failureList in the exchange's code of `line` and never stops the others; a fault (not a refusal) fails the call.
 */
export function runV2Batch(
  write: <T>(action: () => T) => T,
  line: V2Line,
  list: unknown,
  max: number,
  each: (item: JsonObject) => OrderRecord,
): V2BatchReply {
  if (list === undefined || list === null) throw parameterMissing('orderList');
  if (!Array.isArray(list) || list.length === 0 || list.length > max)
    throw parameterWrong('orderList', `must list 1 to ${max} orders`);
  const reply: V2BatchReply = { successList: [], failureList: [] };
  for (const raw of list) {
    const item = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as JsonObject;
    try {
      const order = write(() => each(item));
      reply.successList.push({ orderId: order.orderId, clientOid: order.clientOid });
    } catch (error) {
      const refusal = toV2Error(error, line);
      if (!(refusal instanceof GatewayError) || refusal.status >= 500) throw error;
      reply.failureList.push({
        orderId: textOf(item.orderId, 'orderId') ?? '',
        clientOid: typeof item.clientOid === 'string' ? item.clientOid : '',
        errorMsg: refusal.message,
        errorCode: String(refusal.code),
      });
    }
  }
  return reply;
}
