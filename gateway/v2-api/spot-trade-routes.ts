import { Hono, type MiddlewareHandler } from 'hono';
import { OrderRecords } from '../asset/order-records';
import { replyMarketOk } from '../http/envelope';
import type { JsonObject } from '../http/validate';
import type { InstrumentSpec } from '../market/instruments';
import type { MatchLevel } from '../market/matching';
import { fillLiquidity } from '../trading/trade-fees';
import { MONEY_PLACES, notional, pow10, unitsOf } from '../money/money-units';
import { isOpen, type OrderRecord, TIMES_IN_FORCE } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import type { SpotOrderInput } from '../trading/spot-trading';
import { SPOT_PRESET_FIELDS } from '../trading/spot-tpsl';
import { TradeError } from '../trading/trade-errors';
import { priceUnits, sizeUnits } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv, apiCallerOf } from './api-key-env';
import { runV2Batch, v2TradingAccess } from './v2-trade-request';
import { createV2OrderQueries } from './v2-order-queries';
import { recordCancelledOrder } from './v2-time-in-force';
import {
  asV2,
  belowMinimumAmount,
  orderMissing,
  parameterMissing,
  parameterVerification,
  parameterWrong,
  sizeScaleWrong,
} from './v2-trade-errors';
import {
  choiceOf,
  clientOidOf,
  decimalOf,
  instrumentOf,
  limitOf,
  orderIdOf,
  queryOf,
  readV2Body,
  textOf,
  timeOf,
} from './v2-trade-input';
import { spotFill, spotOrderInfo, spotUnfilledOrder } from './v2-views';

/** The v2 private spot trading paths (the exchange's "Spot > Trade" endpoints). */
export const SPOT_TRADE_PATHS = {
  placeOrder: '/api/v2/spot/trade/place-order',
  cancelOrder: '/api/v2/spot/trade/cancel-order',
  batchOrders: '/api/v2/spot/trade/batch-orders',
  batchCancel: '/api/v2/spot/trade/batch-cancel-order',
  orderInfo: '/api/v2/spot/trade/orderInfo',
  unfilledOrders: '/api/v2/spot/trade/unfilled-orders',
  historyOrders: '/api/v2/spot/trade/history-orders',
  fills: '/api/v2/spot/trade/fills',
} as const;

/** Most orders one batch call places or cancels (the exchange's spot batch limit). */
export const SPOT_BATCH_MAX = 50;

/**
 * The base size a market buy of `quote` (money units) buys: the taker levels walked best first while their cost fits
 * the quote amount, cut to the lot. The exchange reads a market buy's `size` as the quote coin to spend (its fee is
 * paid in the base coin received); the paper engine takes a base size, so the order spends at most the amount asked.
 */
export function baseForQuote(spec: InstrumentSpec, levels: readonly MatchLevel[], quote: bigint): bigint {
  const perUnit = pow10(MONEY_PLACES - spec.pricePlace - spec.volumePlace);
  let left = quote;
  let size = 0n;
  for (const level of levels) {
    const cost = notional(spec, level.price, level.size);
    if (cost <= left) {
      size += level.size;
      left -= cost;
      continue;
    }
    size += left / (level.price * perUnit);
    break;
  }
  const lot = unitsOf(spec.sizeMultiplier, spec.volumePlace);
  return size - (size % lot);
}

/** The quote amount of a market buy in money units (40808 beyond the quote precision). */
function quoteAmountOf(spec: InstrumentSpec, text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.replace(/0+$/, '').length > Math.min(spec.quotePrecision, MONEY_PLACES))
    throw sizeScaleWrong(`size of a market buy is in ${spec.quoteCoin}, at most ${spec.quotePrecision} decimals`);
  return unitsOf(`${whole}.${fraction.slice(0, MONEY_PLACES)}`, MONEY_PLACES);
}

/**
 * The spot order actions the v2 routes share, each in the caller's transaction and on the key owner's account only
 * (another account's order reads as unknown): place one order of a place-order or batch body, cancel one named by
 * orderId or clientOid (43001 for any other), and find one.
 */
export function createSpotOrderActions(trading: PaperTrading) {
  const { ctx, spot } = trading;
  const queries = createV2OrderQueries(ctx);

  /** Places one order of a place-order or batch body (in the caller's transaction). */
  const place = (userId: string, body: JsonObject, fallbackSymbol?: unknown): OrderRecord => {
    const spec = instrumentOf(ctx.simulator, 'SPOT', body.symbol ?? fallbackSymbol);
    const side = choiceOf(body.side, 'side', ['buy', 'sell'] as const);
    const orderType = choiceOf(body.orderType, 'orderType', ['limit', 'market'] as const);
    // The exchange ignores force on a market order; client libraries send GTC with every order.
    const force = orderType === 'market' ? 'gtc' : choiceOf(body.force, 'force', TIMES_IN_FORCE, 'gtc');
    if (choiceOf(body.tpslType, 'tpslType', ['normal', 'tpsl'] as const, 'normal') === 'tpsl')
      throw parameterWrong('tpslType', 'spot TP/SL orders are not simulated');
    // The presets' closing orders execute at market: a limit execution price is not simulated.
    for (const name of ['executeTakeProfitPrice', 'executeStopLossPrice'])
      if (textOf(body[name], name) !== undefined) throw parameterWrong(name, 'TP/SL presets execute at market here');
    const priceText = decimalOf(body.price, 'price');
    const sizeText = decimalOf(body.size, 'size');
    if (sizeText === undefined) throw parameterMissing('size');
    if (orderType === 'limit' && priceText === undefined) throw parameterMissing('price');
    const clientOid = clientOidOf(body.clientOid) ?? ctx.newOrderId();
    if (ctx.orders.hasClientOid(userId, clientOid)) throw parameterVerification('duplicate clientOid');
    const price = orderType === 'limit' ? asV2('spot', () => priceUnits(spec, 'price', priceText!)) : null;
    const preset = (field: string) => {
      const text = decimalOf(body[field], field);
      return text === undefined ? null : asV2('spot', () => priceUnits(spec, field, text));
    };
    const levels = ctx.simulator.takerLevels('SPOT', spec.symbol, side) ?? [];
    let size: bigint;
    if (orderType === 'market' && side === 'buy') {
      size = baseForQuote(spec, levels, quoteAmountOf(spec, sizeText));
      if (size === 0n) throw belowMinimumAmount(`${sizeText} ${spec.quoteCoin} buys less than one lot`);
    } else size = asV2('spot', () => sizeUnits(spec, 'size', sizeText));
    const input: SpotOrderInput = {
      symbol: spec.symbol,
      side,
      orderType,
      force,
      price,
      size,
      triggerPrice: null,
      presetTp: preset(SPOT_PRESET_FIELDS.tp),
      presetSl: preset(SPOT_PRESET_FIELDS.sl),
      clientOid,
    };
    const start = { orderId: ctx.newOrderId(), userId, market: 'spot' as const, symbol: spec.symbol, now: ctx.now() };
    const order = asV2('spot', () => {
      try {
        return spot.place(userId, input);
      } catch (error) {
        // The exchange accepts a post-only order that would take and cancels it.
        if (error instanceof TradeError && error.code === '43005')
          return recordCancelledOrder(
            ctx,
            { ...start, request: input },
            { presetTp: input.presetTp, presetSl: input.presetSl },
          );
        throw error;
      }
    });
    return order;
  };

  /** Cancels one order named by orderId or clientOid (in the caller's transaction); 43001 for any other. */
  const cancel = (userId: string, body: JsonObject, fallbackSymbol?: unknown): OrderRecord => {
    const spec = instrumentOf(ctx.simulator, 'SPOT', body.symbol ?? fallbackSymbol);
    const order = orderOf(userId, body.orderId, body.clientOid);
    if (!order || order.symbol !== spec.symbol) throw orderMissing('spot');
    return asV2('spot', () => spot.cancel(userId, spec.symbol, order.orderId));
  };

  const orderOf = (userId: string, orderIdValue: unknown, clientOidValue: unknown): OrderRecord | undefined => {
    const orderId = orderIdOf(orderIdValue);
    const clientOid = clientOidOf(clientOidValue);
    if (orderId === undefined && clientOid === undefined) throw parameterMissing('orderId');
    const order = orderId !== undefined ? ctx.orders.find(userId, 'spot', orderId) : undefined;
    return order ?? (clientOid !== undefined ? queries.byClientOid(userId, 'spot', clientOid) : undefined);
  };

  return { place, cancel, orderOf };
}

/**
 * The v2 private spot trading routes over paper trading, each behind the API key check `auth` and acting on the
 * key owner's account only (an order of another account reads as unknown): place (limit/market, force gtc,
 * post_only, ioc, fok; a market buy's `size` is the quote amount), cancel, batch place and cancel, order detail,
 * open and history orders, fills. Placing and cancelling call the session API's engine (`trading.spot`); refusals
 * carry the exchange's codes (`v2-trade-errors.ts`).
 */
export function spotTradeRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx } = trading;
  const queries = createV2OrderQueries(ctx);
  const records = new OrderRecords(ctx);
  const { write, userOf } = v2TradingAccess(ctx);
  const specOf = (order: OrderRecord) => ctx.spec('SPOT', order.symbol);
  const { place, cancel, orderOf } = createSpotOrderActions(trading);

  const ids = (order: OrderRecord) => ({ orderId: order.orderId, clientOid: order.clientOid });

  const trade = [auth, requirePermission('spot_trade')] as const;
  const read = [auth, requirePermission('read')] as const;

  routes.post(SPOT_TRADE_PATHS.placeOrder, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    return replyMarketOk(c, ids(write(() => place(userId, body))));
  });

  routes.post(SPOT_TRADE_PATHS.cancelOrder, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    return replyMarketOk(c, ids(write(() => cancel(userId, body))));
  });

  routes.post(SPOT_TRADE_PATHS.batchOrders, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    return replyMarketOk(
      c,
      runV2Batch(write, 'spot', body.orderList, SPOT_BATCH_MAX, (item) => place(userId, item, body.symbol)),
    );
  });

  routes.post(SPOT_TRADE_PATHS.batchCancel, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    return replyMarketOk(
      c,
      runV2Batch(write, 'spot', body.orderList, SPOT_BATCH_MAX, (item) => cancel(userId, item, body.symbol)),
    );
  });

  routes.get(SPOT_TRADE_PATHS.orderInfo, ...read, (c) => {
    const userId = userOf(c);
    const order = orderOf(userId, queryOf(c, 'orderId'), queryOf(c, 'clientOid'));
    if (!order) throw orderMissing('spot');
    return replyMarketOk(c, [spotOrderInfo(specOf(order), order)]);
  });

  /** The open or finished orders of the key's account, filtered and paged as the exchange's lists are. */
  const list = (c: Parameters<typeof apiCallerOf>[0], open: boolean): OrderRecord[] => {
    const userId = userOf(c);
    const symbolText = queryOf(c, 'symbol');
    const symbol = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, 'SPOT', symbolText).symbol;
    const tpsl = choiceOf(queryOf(c, 'tpslType'), 'tpslType', ['normal', 'tpsl'] as const, 'normal') === 'tpsl';
    const orderId = orderIdOf(queryOf(c, 'orderId'));
    const rows =
      orderId !== undefined
        ? [ctx.orders.find(userId, 'spot', orderId)].filter(
            (o): o is OrderRecord => o !== undefined && isOpen(o) === open,
          )
        : queries.page(userId, {
            market: 'spot',
            open,
            symbol,
            startTime: timeOf(c, 'startTime'),
            endTime: timeOf(c, 'endTime'),
            idLessThan: orderIdOf(queryOf(c, 'idLessThan')),
            limit: limitOf(c),
          });
    return rows.filter((o) => (symbol === undefined || o.symbol === symbol) && (o.triggerPrice !== null) === tpsl);
  };

  routes.get(SPOT_TRADE_PATHS.unfilledOrders, ...read, (c) =>
    replyMarketOk(
      c,
      list(c, true).map((o) => spotUnfilledOrder(specOf(o), o)),
    ),
  );

  routes.get(SPOT_TRADE_PATHS.historyOrders, ...read, (c) =>
    replyMarketOk(
      c,
      list(c, false).map((o) => spotOrderInfo(specOf(o), o)),
    ),
  );

  routes.get(SPOT_TRADE_PATHS.fills, ...read, (c) => {
    const userId = userOf(c);
    const spec = instrumentOf(ctx.simulator, 'SPOT', queryOf(c, 'symbol'));
    const orderId = orderIdOf(queryOf(c, 'orderId'));
    const before = queryOf(c, 'idLessThan');
    if (before !== undefined && !/^[0-9]{1,16}$/.test(before)) throw parameterWrong('idLessThan');
    const page = records.fills(userId, {
      symbol: spec.symbol,
      from: timeOf(c, 'startTime'),
      to: timeOf(c, 'endTime'),
      before: before === undefined ? undefined : Number(before),
      limit: limitOf(c),
    });
    const rows = page.rows.filter((fill) => orderId === undefined || fill.orderId === orderId);
    return replyMarketOk(
      c,
      rows.map((fill) => {
        const order = ctx.orders.find(userId, 'spot', fill.orderId);
        return spotFill(fill, order, userId, fillLiquidity(ctx.db, fill.spec, order, fill));
      }),
    );
  });

  return routes;
}
