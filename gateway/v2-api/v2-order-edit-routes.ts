import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import { GatewayError } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { InstrumentSpec } from '../market/instruments';
import { formatUnits } from '../money/money-units';
import { FuturesPositionActions } from '../trading/futures-position-actions';
import { isOpen, type OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import { priceUnits, sizeUnits } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { createMixOrderActions } from './mix-trade-routes';
import { createSpotOrderActions } from './spot-trade-routes';
import {
  asV2,
  orderMissing,
  parameterMissing,
  parameterVerification,
  parameterWrong,
  toV2Error,
} from './v2-trade-errors';
import {
  checkMarginCoin,
  choiceOf,
  clientOidOf,
  decimalOf,
  instrumentOf,
  productOf,
  readV2Body,
  textOf,
} from './v2-trade-input';
import { runV2Batch, v2TradingAccess } from './v2-trade-request';

/** The v2 paths that change or replace resting orders, place a futures batch, or reverse a position. */
export const V2_ORDER_EDIT_PATHS = {
  spotCancelReplace: '/api/v2/spot/trade/cancel-replace-order',
  mixModify: '/api/v2/mix/order/modify-order',
  mixCancelAll: '/api/v2/mix/order/cancel-all-orders',
  mixBatchPlace: '/api/v2/mix/order/batch-place-order',
  mixReversal: '/api/v2/mix/order/click-backhand',
} as const;

/** Most orders one futures batch places (the exchange's `orderList` limit). */
export const MIX_BATCH_PLACE_MAX = 50;

const INST = 'USDT-FUTURES' as const;

/** `22003`: a futures modify of price and size without the new order's `newClientOid` (the exchange's words). */
const newClientOidMissing = () => new GatewayError(400, '22003', 'modify price and size, please pass in newClientOid');

/** A preset price of a resting order as the decimal text a new order's body carries, or undefined when it has none. */
const presetText = (spec: InstrumentSpec, price: bigint | null) =>
  price === null ? undefined : formatUnits(price, spec.pricePlace);

/**
 * The v2 routes that edit resting orders and positions over paper trading, each behind the API key check `auth`, on the
 * key owner's account only (another account's order or position reads as absent):
 * - spot `cancel-replace-order`: cancels a resting limit order and places a limit order of the same side and force at
 *   the new price and size. A refused cancel places nothing (43001). As the exchange documents it (a new order refused
 *   after its cancel "may cause the old order to be successfully canceled but the new order placement to fail"), a new
 *   order the engine refuses leaves the old one cancelled and answers `success:"failure"` with the refusal in `msg`;
 *   malformed parameters are refused before anything changes. The new order carries the presets the request names.
 * - futures `modify-order`: a new price and size for a resting, unfilled limit order: it is cancelled and a limit order
 *   of the same side, trade side, reduce-only and force placed under `newClientOid`, keeping the old presets unless new
 *   ones are sent. Both happen or neither (a refused new order leaves the old one resting); presets alone are not
 *   modified here.
 * - futures `cancel-all-orders` (all contracts, or one `symbol`), `batch-place-order` (each order its own
 *   transaction, as spot `batch-orders`), and `click-backhand`: the session API's reversal (whole in one-way mode, of
 *   `size` in hedge mode).
 * Orders are placed and cancelled by the same engine calls as `place-order` and `cancel-order`.
 */
export function v2OrderEditRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, spot, futures } = trading;
  const { write, userOf } = v2TradingAccess(ctx);
  const spotOrders = createSpotOrderActions(trading);
  const mixOrders = createMixOrderActions(trading);
  const positions = new FuturesPositionActions(ctx, futures);
  const ids = (order: OrderRecord) => ({ orderId: order.orderId, clientOid: order.clientOid });
  const spotTrade = [auth, requirePermission('spot_trade')] as const;
  const mixTrade = [auth, requirePermission('futures_trade')] as const;

  /** What a futures call on one contract opens with: the key owner, the body, and the contract (product, coin checked). */
  const contractRequest = async (c: Context<ApiKeyEnv>) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    return { userId, body, spec: instrumentOf(ctx.simulator, INST, body.symbol) };
  };

  routes.post(V2_ORDER_EDIT_PATHS.spotCancelReplace, ...spotTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const spec = instrumentOf(ctx.simulator, 'SPOT', body.symbol);
    // What can be told from the request alone is refused before the old order is touched.
    choiceOf(body.orderType, 'orderType', ['limit'] as const, 'limit');
    const price = decimalOf(body.price, 'price');
    const size = decimalOf(body.size, 'size');
    if (price === undefined) throw parameterMissing('price');
    if (size === undefined) throw parameterMissing('size');
    asV2('spot', () => [priceUnits(spec, 'price', price), sizeUnits(spec, 'size', size)]);
    const newClientOid = clientOidOf(body.newClientOid);
    for (const name of ['executeTakeProfitPrice', 'executeStopLossPrice'])
      if (textOf(body[name], name) !== undefined) throw parameterWrong(name, 'TP/SL presets execute at market here');
    const old = spotOrders.orderOf(userId, body.orderId, body.clientOid);
    if (!old || old.symbol !== spec.symbol) throw orderMissing('spot');
    if (old.orderType !== 'limit' || old.triggerPrice !== null || old.parentOrderId !== undefined)
      throw parameterVerification('only a resting limit order can be replaced');
    const next: JsonObject = {
      symbol: spec.symbol,
      side: old.side,
      orderType: 'limit',
      force: old.force,
      price,
      size,
      clientOid: newClientOid ?? null,
      presetTakeProfitPrice: body.presetTakeProfitPrice ?? null,
      presetStopLossPrice: body.presetStopLossPrice ?? null,
    };
    const reply = write(() => {
      asV2('spot', () => spot.cancel(userId, spec.symbol, old.orderId));
      try {
        // Its own savepoint: a refused new order takes back only what it did, and the cancel stands.
        const placed = write(() => spotOrders.place(userId, next));
        return { ...ids(placed), success: 'success', msg: null };
      } catch (error) {
        const refusal = toV2Error(error, 'spot');
        if (!(refusal instanceof GatewayError) || refusal.status >= 500) throw error;
        return { ...ids(old), success: 'failure', msg: refusal.message };
      }
    });
    return replyMarketOk(c, reply);
  });

  routes.post(V2_ORDER_EDIT_PATHS.mixModify, ...mixTrade, async (c) => {
    const { userId, body, spec } = await contractRequest(c);
    const newSize = decimalOf(body.newSize, 'newSize');
    const newPrice = decimalOf(body.newPrice, 'newPrice');
    if (newSize === undefined && newPrice === undefined)
      throw parameterVerification('newSize and newPrice are required: presets alone are not modified here');
    if (newSize === undefined) throw parameterMissing('newSize');
    if (newPrice === undefined) throw parameterMissing('newPrice');
    const newClientOid = clientOidOf(body.newClientOid);
    if (newClientOid === undefined) throw newClientOidMissing();
    const old = mixOrders.orderOf(userId, spec.symbol, body.orderId, body.clientOid);
    if (!old || !isOpen(old)) throw orderMissing('mix');
    if (old.orderType !== 'limit' || old.triggerPrice !== null || old.baseVolume > 0n)
      throw parameterVerification('only a resting limit order with nothing filled can be modified');
    const next: JsonObject = {
      productType: body.productType,
      marginCoin: body.marginCoin ?? null,
      symbol: spec.symbol,
      marginMode: old.marginMode,
      side: old.side,
      tradeSide: old.tradeSide,
      orderType: 'limit',
      force: old.force,
      price: newPrice,
      size: newSize,
      reduceOnly: old.reduceOnly ? 'YES' : 'NO',
      presetStopSurplusPrice: body.newPresetStopSurplusPrice ?? presetText(spec, old.presetTp) ?? null,
      presetStopLossPrice: body.newPresetStopLossPrice ?? presetText(spec, old.presetSl) ?? null,
      clientOid: newClientOid,
    };
    const placed = write(() => {
      asV2('mix', () => futures.cancel(userId, spec.symbol, old.orderId));
      return mixOrders.place(userId, next);
    });
    return replyMarketOk(c, ids(placed));
  });

  routes.post(V2_ORDER_EDIT_PATHS.mixCancelAll, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    // A product line the simulator does not trade has no orders to cancel.
    if (!productOf(body.productType, true)) return replyMarketOk(c, { successList: [], failureList: [] });
    checkMarginCoin(body.marginCoin);
    const symbol =
      textOf(body.symbol, 'symbol') === undefined ? undefined : instrumentOf(ctx.simulator, INST, body.symbol);
    const cancelled = write(() =>
      asV2('mix', () =>
        ctx.orders
          .openOf(userId, 'futures', symbol?.symbol)
          .map((order) => futures.cancel(userId, order.symbol, order.orderId)),
      ),
    );
    return replyMarketOk(c, { successList: cancelled.map(ids), failureList: [] });
  });

  routes.post(V2_ORDER_EDIT_PATHS.mixBatchPlace, ...mixTrade, async (c) => {
    const { userId, body } = await contractRequest(c);
    choiceOf(body.marginMode, 'marginMode', ['isolated', 'crossed', 'cross'] as const);
    // The batch's contract, product and margin mode are every order's; an order's own fields cannot change them.
    const shared = {
      symbol: body.symbol,
      productType: body.productType,
      marginCoin: body.marginCoin ?? null,
      marginMode: body.marginMode,
    };
    return replyMarketOk(
      c,
      runV2Batch(write, 'mix', body.orderList, MIX_BATCH_PLACE_MAX, (item) =>
        mixOrders.place(userId, { ...item, ...shared }),
      ),
    );
  });

  routes.post(V2_ORDER_EDIT_PATHS.mixReversal, ...mixTrade, async (c) => {
    const { userId, body, spec } = await contractRequest(c);
    const sizeText = decimalOf(body.size, 'size');
    const size = sizeText === undefined ? undefined : asV2('mix', () => sizeUnits(spec, 'size', sizeText));
    const clientOid = clientOidOf(body.clientOid) ?? ctx.newOrderId();
    if (ctx.orders.hasClientOid(userId, clientOid)) throw parameterVerification('duplicate clientOid');
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    // One-way mode has one position of a symbol and reverses it whole, whatever side or size is sent (the exchange
    // ignores size there). Hedge mode names the position by side (buy: the long) and needs tradeSide open.
    const side = textOf(body.side, 'side') === undefined && !hedge ? null : choiceOf(body.side, 'side', SIDES);
    if (hedge && choiceOf(body.tradeSide, 'tradeSide', ['open', 'close'] as const) !== 'open')
      throw parameterWrong('tradeSide', 'a reversal opens the other side: open');
    const holdSide = hedge ? (side === 'buy' ? 'long' : 'short') : null;
    const { opened } = write(() =>
      asV2('mix', () => {
        const position = positions.positionOf(userId, spec, holdSide);
        // Hedge mode reverses `size` of the position (all of it when none or more is sent): that much closes and as
        // much opens on the other side, which may already hold a position.
        return positions.reverse(userId, spec.symbol, position.holdSide, clientOid, hedge ? size : undefined);
      }),
    );
    return replyMarketOk(c, ids(opened));
  });

  return routes;
}

const SIDES = ['buy', 'sell'] as const;
