import { Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import type { JsonObject } from '../http/validate';
import { type FuturesOrderInput, leverageOf } from '../trading/futures-trading';
import { isOpen, type OrderRecord, TIMES_IN_FORCE } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import { TradeError } from '../trading/trade-errors';
import { fillLiquidity } from '../trading/trade-fees';
import { priceUnits, sizeUnits } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv, apiCallerOf } from './api-key-env';
import { v2TradingAccess } from './v2-trade-request';
import { createV2OrderQueries } from './v2-order-queries';
import { recordCancelledOrder } from './v2-time-in-force';
import { asV2, orderDataMissing, orderMissing, parameterMissing, parameterVerification } from './v2-trade-errors';
import {
  checkMarginCoin,
  choiceOf,
  clientOidOf,
  decimalOf,
  instrumentOf,
  limitOf,
  orderIdOf,
  productOf,
  queryOf,
  readV2Body,
  timeOf,
  type UsdtProduct,
} from './v2-trade-input';
import { mixFill, mixOrder } from './v2-views';

/** The v2 private USDT-M order paths (the exchange's "Futures > Trade" endpoints). */
export const MIX_ORDER_PATHS = {
  placeOrder: '/api/v2/mix/order/place-order',
  cancelOrder: '/api/v2/mix/order/cancel-order',
  detail: '/api/v2/mix/order/detail',
  ordersPending: '/api/v2/mix/order/orders-pending',
  ordersHistory: '/api/v2/mix/order/orders-history',
  fills: '/api/v2/mix/order/fills',
} as const;

const INST = 'USDT-FUTURES' as const;

/**
 * The USDT-M order actions the v2 routes share, each in the caller's transaction and on the key owner's account only:
 * place one order of a place-order or batch body, and find one by orderId or clientOid (another account's reads as
 * absent).
 */
export function createMixOrderActions(trading: PaperTrading) {
  const { ctx, futures } = trading;
  const queries = createV2OrderQueries(ctx);

  /** Places one order (in the caller's transaction). */
  const place = (userId: string, body: JsonObject): OrderRecord => {
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const settings = futures.settingsOf(userId, spec.symbol);
    const marginMode = choiceOf(
      body.marginMode,
      'marginMode',
      ['isolated', 'crossed', 'cross'] as const,
      settings.marginMode,
    );
    const side = choiceOf(body.side, 'side', ['buy', 'sell'] as const);
    const orderType = choiceOf(body.orderType, 'orderType', ['limit', 'market'] as const);
    const force = orderType === 'market' ? 'gtc' : choiceOf(body.force, 'force', TIMES_IN_FORCE, 'gtc');
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    // tradeSide is read in hedge mode only; one-way mode ignores it, as the exchange does.
    const tradeSide = hedge ? choiceOf(body.tradeSide, 'tradeSide', ['open', 'close'] as const) : null;
    const reduceOnly = !hedge && choiceOf(body.reduceOnly, 'reduceOnly', ['yes', 'no'] as const, 'no') === 'yes';
    const priceText = decimalOf(body.price, 'price');
    const sizeText = decimalOf(body.size, 'size');
    if (sizeText === undefined) throw parameterMissing('size');
    if (orderType === 'limit' && priceText === undefined) throw parameterMissing('price');
    const clientOid = clientOidOf(body.clientOid) ?? ctx.newOrderId();
    if (ctx.orders.hasClientOid(userId, clientOid)) throw parameterVerification('duplicate clientOid');
    const price = (field: string, text: string | undefined) =>
      text === undefined ? null : asV2('mix', () => priceUnits(spec, field, text));
    const input: FuturesOrderInput = {
      symbol: spec.symbol,
      marginMode: marginMode === 'cross' ? 'crossed' : marginMode,
      side,
      tradeSide,
      orderType,
      force,
      price: orderType === 'limit' ? price('price', priceText) : null,
      size: asV2('mix', () => sizeUnits(spec, 'size', sizeText)),
      reduceOnly,
      triggerPrice: null,
      presetTp: price('presetStopSurplusPrice', decimalOf(body.presetStopSurplusPrice, 'presetStopSurplusPrice')),
      presetSl: price('presetStopLossPrice', decimalOf(body.presetStopLossPrice, 'presetStopLossPrice')),
      clientOid,
    };
    const refused = () =>
      recordCancelledOrder(
        ctx,
        { orderId: ctx.newOrderId(), userId, market: 'futures', symbol: spec.symbol, now: ctx.now(), request: input },
        {
          marginMode: input.marginMode,
          tradeSide,
          holdSide: side === 'buy' ? 'long' : 'short',
          reduceOnly,
          // The leverage the order would have opened at: its margin mode's, its side's when isolated.
          leverage: leverageOf({ ...settings, marginMode: input.marginMode }, side === 'buy' ? 'long' : 'short'),
          presetTp: input.presetTp,
          presetSl: input.presetSl,
        },
      );
    const order = asV2('mix', () => {
      try {
        return futures.place(userId, input);
      } catch (error) {
        // The exchange accepts a post-only order that would take and cancels it.
        if (error instanceof TradeError && error.code === '43005') return refused();
        throw error;
      }
    });
    return order;
  };

  /** The account's futures order named by orderId or clientOid (of `symbol` when given), or undefined. */
  const orderOf = (userId: string, symbol: string | undefined, orderIdValue: unknown, clientOidValue: unknown) => {
    const orderId = orderIdOf(orderIdValue);
    const clientOid = clientOidOf(clientOidValue);
    if (orderId === undefined && clientOid === undefined) throw parameterMissing('orderId');
    const order =
      (orderId !== undefined ? ctx.orders.find(userId, 'futures', orderId) : undefined) ??
      (clientOid !== undefined ? queries.byClientOid(userId, 'futures', clientOid) : undefined);
    return order && (symbol === undefined || order.symbol === symbol) ? order : undefined;
  };

  return { place, orderOf };
}

/**
 * The v2 private USDT-M order routes over paper trading, each behind the API key check `auth` and acting on the key
 * owner's account only: place (one-way, or hedge with `tradeSide` open/close; force gtc, post_only, ioc, fok; TP/SL
 * presets), cancel, order detail, pending and history orders, fills. `productType` USDT-FUTURES or its demo name
 * SUSDT-FUTURES, `marginCoin` USDT or SUSDT; replies name the margin coin as the request's product did. Placing and
 * cancelling call the session API's engine (`trading.futures`).
 */
export function mixTradeRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, futures } = trading;
  const queries = createV2OrderQueries(ctx);
  const { write, userOf } = v2TradingAccess(ctx);
  const specOf = (order: OrderRecord) => ctx.spec(INST, order.symbol);
  const { place, orderOf } = createMixOrderActions(trading);

  const ids = (order: OrderRecord) => ({ orderId: order.orderId, clientOid: order.clientOid });
  const trade = [auth, requirePermission('futures_trade')] as const;
  const read = [auth, requirePermission('read')] as const;

  routes.post(MIX_ORDER_PATHS.placeOrder, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    return replyMarketOk(c, ids(write(() => place(userId, body))));
  });

  routes.post(MIX_ORDER_PATHS.cancelOrder, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const order = orderOf(userId, spec.symbol, body.orderId, body.clientOid);
    if (!order) throw orderMissing('mix');
    return replyMarketOk(c, ids(write(() => asV2('mix', () => futures.cancel(userId, spec.symbol, order.orderId)))));
  });

  routes.get(MIX_ORDER_PATHS.detail, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'));
    const spec = instrumentOf(ctx.simulator, INST, queryOf(c, 'symbol'));
    const order = orderOf(userId, spec.symbol, queryOf(c, 'orderId'), queryOf(c, 'clientOid'));
    if (!order) throw orderDataMissing();
    return replyMarketOk(c, mixOrder(spec, order, product.marginCoin, 'state'));
  });

  /** A page of the account's open or finished orders (either, when `open` is undefined), newest placed first. */
  const page = (c: Parameters<typeof apiCallerOf>[0], open: boolean | undefined, filledOnly = false) => {
    const userId = userOf(c);
    const product: UsdtProduct | undefined = productOf(queryOf(c, 'productType'), true);
    const symbolText = queryOf(c, 'symbol');
    const symbol = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, INST, symbolText).symbol;
    const orderId = queryOf(c, 'orderId');
    const clientOid = queryOf(c, 'clientOid');
    const status = open === true ? queryOf(c, 'status') : undefined;
    if (status !== undefined) choiceOf(status, 'status', ['live', 'partially_filled'] as const);
    if (!product) return { product: { productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const, rows: [] };
    const rows =
      orderId !== undefined || clientOid !== undefined
        ? [orderOf(userId, symbol, orderId, clientOid)].filter(
            (o): o is OrderRecord =>
              o !== undefined && (open === undefined || isOpen(o) === open) && (!filledOnly || o.baseVolume > 0n),
          )
        : queries.page(userId, {
            market: 'futures',
            open,
            symbol,
            filledOnly,
            startTime: timeOf(c, 'startTime'),
            endTime: timeOf(c, 'endTime'),
            idLessThan: orderIdOf(queryOf(c, 'idLessThan')),
            limit: limitOf(c),
          });
    return { product, rows: rows.filter((o) => status === undefined || o.status === status) };
  };

  routes.get(MIX_ORDER_PATHS.ordersPending, ...read, (c) => {
    const { product, rows } = page(c, true);
    return replyMarketOk(c, {
      entrustedList: rows.map((o) => mixOrder(specOf(o), o, product.marginCoin, 'status')),
      endId: rows.at(-1)?.orderId ?? '',
    });
  });

  routes.get(MIX_ORDER_PATHS.ordersHistory, ...read, (c) => {
    const { product, rows } = page(c, false);
    return replyMarketOk(c, {
      entrustedList: rows.map((o) => mixOrder(specOf(o), o, product.marginCoin, 'status')),
      endId: rows.at(-1)?.orderId ?? '',
    });
  });

  routes.get(MIX_ORDER_PATHS.fills, ...read, (c) => {
    const userId = userOf(c);
    const product: UsdtProduct | undefined = productOf(queryOf(c, 'productType'), true);
    const symbolText = queryOf(c, 'symbol');
    const symbol = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, INST, symbolText).symbol;
    const orderId = orderIdOf(queryOf(c, 'orderId'));
    const query = {
      symbol,
      orderId,
      idLessThan: orderIdOf(queryOf(c, 'idLessThan')),
      startTime: timeOf(c, 'startTime'),
      endTime: timeOf(c, 'endTime'),
      limit: limitOf(c),
    };
    // Another account's order reads as one without fills.
    const fills =
      product && (orderId === undefined || orderOf(userId, symbol, orderId, undefined))
        ? ctx.futuresFills.page(userId, query)
        : [];
    // A page's fills are mostly of a few orders: each is read once.
    const orders = new Map<string, OrderRecord | undefined>();
    const fillList = fills.flatMap((fill) => {
      if (!orders.has(fill.orderId)) orders.set(fill.orderId, ctx.orders.find(userId, 'futures', fill.orderId));
      const order = orders.get(fill.orderId);
      if (!order) return [];
      const spec = specOf(order);
      const scope = fill.liquidity ?? fillLiquidity(ctx.db, spec, order, fill);
      return [mixFill(spec, order, fill, product!.marginCoin, scope)];
    });
    return replyMarketOk(c, { fillList, endId: fills.at(-1)?.fillId ?? '' });
  });

  return routes;
}
