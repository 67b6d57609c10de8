import { Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { v2TradingAccess } from './v2-trade-request';
import { asV2, parameterWrong, toV2Error } from './v2-trade-errors';
import { reduceOnlyRefused } from '../trading/trade-errors';
import { checkMarginCoin, choiceOf, instrumentOf, orderIdOf, productOf, readV2Body } from './v2-trade-input';

/** The v2 paths that act on every open order or position of a symbol at once (the exchange's bulk endpoints). */
export const V2_BULK_PATHS = {
  spotCancelSymbol: '/api/v2/spot/trade/cancel-symbol-order',
  mixBatchCancel: '/api/v2/mix/order/batch-cancel-orders',
  mixClosePositions: '/api/v2/mix/order/close-positions',
} as const;

/** Most order ids one futures batch cancel names (the exchange's batch limit). */
export const MIX_BATCH_CANCEL_MAX = 50;

/**
 * Cancel a spot pair's open orders, cancel a contract's open orders (all, or those listed), and close a contract's
 * positions at market, for client libraries (ccxt's `cancelAllOrders` and `closePosition` call these). Each runs the
 * same engine call as the web's buttons, in one transaction, on the key owner's account only.
 */
export function v2BulkRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, spot, futures } = trading;
  const { write, userOf } = v2TradingAccess(ctx);
  const ids = (order: OrderRecord) => ({ orderId: order.orderId, clientOid: order.clientOid });

  // Answers with the pair alone, as the exchange does: the orders' states are read from the order lists.
  routes.post(V2_BULK_PATHS.spotCancelSymbol, auth, requirePermission('spot_trade'), async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const spec = instrumentOf(ctx.simulator, 'SPOT', body.symbol);
    write(() => asV2('spot', () => spot.cancelAll(userId, spec.symbol)));
    return replyMarketOk(c, { symbol: spec.symbol });
  });

  routes.post(V2_BULK_PATHS.mixBatchCancel, auth, requirePermission('futures_trade'), async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, 'USDT-FUTURES', body.symbol);
    const listed = readOrderIdList(body.orderIdList);
    const reply = write(() => {
      if (listed === null) {
        const cancelled = asV2('mix', () => futures.cancelAll(userId, spec.symbol));
        return { successList: cancelled.map(ids), failureList: [] };
      }
      const successList: { orderId: string; clientOid: string }[] = [];
      const failureList: { orderId: string; clientOid: string; errorMsg: string; errorCode: string }[] = [];
      for (const orderId of listed) {
        const order = ctx.orders.find(userId, 'futures', orderId);
        if (!order || order.symbol !== spec.symbol) {
          failureList.push({ orderId, clientOid: '', errorMsg: 'The order does not exist', errorCode: '40768' });
          continue;
        }
        try {
          successList.push(ids(asV2('mix', () => futures.cancel(userId, spec.symbol, orderId))));
        } catch (error) {
          const { code = '40768', message = 'The order cannot be cancelled' } = error as {
            code?: string;
            message?: string;
          };
          failureList.push({ orderId, clientOid: order.clientOid, errorMsg: message, errorCode: code });
        }
      }
      return { successList, failureList };
    });
    return replyMarketOk(c, reply);
  });

  routes.post(V2_BULK_PATHS.mixClosePositions, auth, requirePermission('futures_trade'), async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    const holdSide =
      body.holdSide === undefined || body.holdSide === '' ? null : choiceOf(body.holdSide, 'holdSide', HOLD_SIDES);
    // Without a symbol every open position of the product closes, as the exchange's close-positions does.
    const symbols =
      body.symbol === undefined || body.symbol === ''
        ? [...new Set(ctx.positions.ofUser(userId).map((position) => position.symbol))]
        : [instrumentOf(ctx.simulator, 'USDT-FUTURES', body.symbol).symbol];
    if (symbols.length === 0) throw toV2Error(reduceOnlyRefused('No position to close'), 'mix');
    const closed = write(() =>
      symbols.flatMap((symbol) =>
        asV2('mix', () => futures.closePositions(userId, symbol, holdSide)).map((order) => ({ ...ids(order), symbol })),
      ),
    );
    return replyMarketOk(c, { successList: closed, failureList: [] });
  });

  return routes;
}

const HOLD_SIDES = ['long', 'short'] as const;

/** The optional `orderIdList` of a batch cancel (`[{orderId}]` or plain ids), or null when absent: all orders. */
function readOrderIdList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || value.length > MIX_BATCH_CANCEL_MAX) {
    throw parameterWrong('orderIdList', `a list of 1 to ${MIX_BATCH_CANCEL_MAX} orders`);
  }
  return value.map((item) => {
    const raw = typeof item === 'object' && item !== null ? (item as { orderId?: unknown }).orderId : item;
    const orderId = orderIdOf(raw);
    if (orderId === undefined) throw parameterWrong('orderIdList');
    return orderId;
  });
}
