import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import { GatewayError } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import { MONEY_PLACES, notional, unitsOf } from '../money/money-units';
import { FuturesPositionActions, type TpslPreset } from '../trading/futures-position-actions';
import type { FuturesOrderInput } from '../trading/futures-trading';
import {
  type HoldSide,
  isOpen,
  type Market,
  type OrderRecord,
  TIMES_IN_FORCE,
  type TimeInForce,
  type TriggerPriceType,
} from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import type { PositionRecord } from '../trading/position-store';
import type { SpotOrderInput } from '../trading/spot-trading';
import { TradeError } from '../trading/trade-errors';
import { priceUnits, sizeUnits } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { createV2OrderQueries } from './v2-order-queries';
import { createPlanQueries, type PlanPageQuery } from './v2-plan-queries';
import {
  isQuoteSized,
  mixPlanRow,
  mixPlanTypeOf,
  type PresetKind,
  positionPresetRows,
  presetOrderId,
  presetPlanType,
  spotPlanRow,
} from './v2-plan-views';
import {
  asV2,
  belowMinimumAmount,
  orderMissing,
  parameterMissing,
  parameterVerification,
  parameterWrong,
  priceScaleWrong,
  sizeScaleWrong,
  toV2Error,
  type V2Line,
} from './v2-trade-errors';
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
  textOf,
  timeOf,
  type UsdtProduct,
} from './v2-trade-input';
import { v2TradingAccess } from './v2-trade-request';

/** The v2 trigger (plan) order and TP/SL paths (the exchange's "Spot > Trigger" and "Futures > Trigger" endpoints). */
export const V2_PLAN_PATHS = {
  spotPlace: '/api/v2/spot/trade/place-plan-order',
  spotModify: '/api/v2/spot/trade/modify-plan-order',
  spotCancel: '/api/v2/spot/trade/cancel-plan-order',
  spotBatchCancel: '/api/v2/spot/trade/batch-cancel-plan-order',
  spotCurrent: '/api/v2/spot/trade/current-plan-order',
  spotHistory: '/api/v2/spot/trade/history-plan-order',
  mixPlace: '/api/v2/mix/order/place-plan-order',
  mixModify: '/api/v2/mix/order/modify-plan-order',
  mixCancel: '/api/v2/mix/order/cancel-plan-order',
  mixPending: '/api/v2/mix/order/orders-plan-pending',
  mixHistory: '/api/v2/mix/order/orders-plan-history',
  mixPlaceTpsl: '/api/v2/mix/order/place-tpsl-order',
  mixModifyTpsl: '/api/v2/mix/order/modify-tpsl-order',
  mixPlacePosTpsl: '/api/v2/mix/order/place-pos-tpsl',
} as const;

/** Most orders one futures cancel-plan-order names (the exchange's batch limit). */
export const PLAN_CANCEL_MAX = 50;

const INST = 'USDT-FUTURES' as const;
const SIDES = ['buy', 'sell'] as const;
const ORDER_TYPES = ['limit', 'market'] as const;
const TRIGGER_TYPES = ['mark_price', 'fill_price'] as const;
/** What a futures plan list names: trigger orders, trailing ones, or the TP/SL of positions (and trailing closes). */
const LIST_PLAN_TYPES = ['normal_plan', 'track_plan', 'profit_loss'] as const;
/** The kinds cancel-plan-order takes. */
const CANCEL_PLAN_TYPES = [
  'normal_plan',
  'track_plan',
  'moving_plan',
  'profit_plan',
  'loss_plan',
  'pos_profit',
  'pos_loss',
] as const;
type CancelPlanType = (typeof CANCEL_PLAN_TYPES)[number];
const TPSL_PLAN_TYPES = ['profit_plan', 'loss_plan', 'pos_profit', 'pos_loss', 'moving_plan'] as const;
/** A trailing callback: a percent of at most two decimals. */
const PERCENT = /^(0|[1-9][0-9]?)(\.[0-9]{1,2})?$/;

/** A price of `field` on the instrument's tick; off the tick (or beyond its decimals) is the exchange's 41103. */
function priceIn(line: V2Line, spec: InstrumentSpec, field: string, text: string): bigint {
  try {
    return priceUnits(spec, field, text);
  } catch (error) {
    if (error instanceof TradeError && error.code === '43002') throw priceScaleWrong(error.message);
    throw toV2Error(error, line);
  }
}

/** A size of `field` on the instrument's lot (40808 off it). */
function sizeIn(line: V2Line, spec: InstrumentSpec, field: string, text: string): bigint {
  return asV2(line, () => sizeUnits(spec, field, text));
}

/** A required positive decimal (40019 when absent). */
function requiredDecimal(value: unknown, name: string): string {
  const text = decimalOf(value, name);
  if (text === undefined) throw parameterMissing(name);
  return text;
}

/**
 * The base size a quote amount buys at `price`, cut to the lot: how a spot plan sized in the quote coin (`planType`
 * total) becomes the base size the engine holds. More decimals than the quote precision are 40808; less than a lot,
 * 45110.
 */
function baseForQuoteAt(spec: InstrumentSpec, text: string, price: bigint): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.replace(/0+$/, '').length > Math.min(spec.quotePrecision, MONEY_PLACES))
    throw sizeScaleWrong(`size in ${spec.quoteCoin} has at most ${spec.quotePrecision} decimals`);
  const quote = unitsOf(`${whole}.${fraction.slice(0, MONEY_PLACES)}`, MONEY_PLACES);
  const base = quote / notional(spec, price, 1n);
  const lot = unitsOf(spec.sizeMultiplier, spec.volumePlace);
  const size = base - (base % lot);
  if (size === 0n) throw belowMinimumAmount(`${text} ${spec.quoteCoin} buys less than one lot`);
  return size;
}

/** A trailing callback percent ("1.5") in hundredths of a percent; the engine checks its range. */
function callbackOf(value: unknown, name: string): number {
  const text = textOf(value, name);
  if (text === undefined) throw parameterMissing(name);
  if (!PERCENT.test(text)) throw parameterWrong(name, 'must be a percent such as "1.5", at most 10');
  return Number(unitsOf(text, 2));
}

/** An execution price the simulator cannot honour: only absent, "" or "0" (at market) is taken (40020 otherwise). */
function checkAtMarket(body: JsonObject, name: string): void {
  const text = textOf(body[name], name);
  if (text !== undefined && !/^0(\.0+)?$/.test(text))
    throw parameterWrong(name, 'TP/SL orders execute at market here: leave it out or send "0"');
}

/** A position side as either the hedge names (long, short) or the one-way ones (buy: long, sell: short). */
function holdSideOf(value: unknown): HoldSide | null {
  if (textOf(value, 'holdSide') === undefined) return null;
  const side = choiceOf(value, 'holdSide', ['long', 'short', 'buy', 'sell'] as const);
  return side === 'buy' || side === 'long' ? 'long' : 'short';
}

/** A field that may be left out or cleared with "": true when the body sends it as "". */
const isCleared = (body: JsonObject, name: string) => body[name] === '';

const ids = (order: OrderRecord) => ({ orderId: order.orderId, clientOid: order.clientOid });

/**
 * The v2 trigger (plan) order and TP/SL routes over paper trading, each behind the API key check `auth` and acting on
 * the key owner's account only (another account's orders and positions read as absent):
 * - spot: place, modify and cancel a plan order, cancel a batch by pair, current and history plan orders. A plan order
 *   is the engine's stop order (`trading.spot`): it freezes its funds when placed, waits `untriggered` until the last
 *   price reaches its trigger (spot has no mark price: both trigger types watch it), then executes under the same id.
 * - USDT-M: `normal_plan` and trailing `track_plan` orders (the engine's trigger orders, `trading.futures`, watching
 *   the mark or the last price as `triggerType` says), their modify, cancel, pending and history lists; positions'
 *   TP/SL (`place-tpsl-order`, `place-pos-tpsl`, `modify-tpsl-order`) onto the position's presets, with trigger type
 *   and partial size, listed with `planType=profit_loss` and cancelled there; a `moving_plan` is a trailing close.
 */
export function v2PlanRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, spot, futures } = trading;
  const actions = new FuturesPositionActions(ctx, futures);
  const orders = createV2OrderQueries(ctx);
  const plans = createPlanQueries(ctx);
  const { write, userOf } = v2TradingAccess(ctx);

  /** A plan order: a trigger order that is not the closing order of a spot order's TP/SL presets. */
  const isPlan = (order: OrderRecord) => order.triggerPrice !== null && order.parentOrderId === undefined;
  /** A plan order still waiting for its trigger: the only kind that can be modified or cancelled as a plan. */
  const isWaiting = (order: OrderRecord) => isPlan(order) && order.planStatus === 'untriggered' && isOpen(order);

  /** The account's plan order of a market named by orderId or clientOid (40019 when neither is sent), or undefined. */
  const planOf = (userId: string, market: Market, orderIdValue: unknown, clientOidValue: unknown) => {
    const orderId = orderIdOf(orderIdValue);
    const clientOid = clientOidOf(clientOidValue);
    if (orderId === undefined && clientOid === undefined) throw parameterMissing('orderId');
    const order =
      (orderId !== undefined ? ctx.orders.find(userId, market, orderId) : undefined) ??
      (clientOid !== undefined ? orders.byClientOid(userId, market, clientOid) : undefined);
    return order && isPlan(order) ? order : undefined;
  };

  /** A new order's clientOid: the one sent (40017 when this account used it before), else a fresh id. */
  const freshClientOid = (userId: string, value: unknown): string => {
    const clientOid = clientOidOf(value) ?? ctx.newOrderId();
    if (ctx.orders.hasClientOid(userId, clientOid)) throw parameterVerification('duplicate clientOid');
    return clientOid;
  };

  /** The paging of a plan list: time bounds, the `idLessThan` cursor and `limit`. */
  const pagingOf = (c: Context<ApiKeyEnv>) => ({
    startTime: timeOf(c, 'startTime'),
    endTime: timeOf(c, 'endTime'),
    idLessThan: orderIdOf(queryOf(c, 'idLessThan')),
    limit: limitOf(c),
  });

  const spotTrade = [auth, requirePermission('spot_trade')] as const;
  const mixTrade = [auth, requirePermission('futures_trade')] as const;
  const read = [auth, requirePermission('read')] as const;

  // ----- Spot -----

  /**
   * The order a spot plan body describes, of `side`: trigger, type, execution price (limit orders only, `executePrice`
   * or `price`; a market order's is ignored, as client libraries send one with every order), force and size. A size
   * in the quote coin (`quoteSized`) becomes the base size it buys at the execution (else the trigger) price.
   */
  const spotPlanInput = (
    spec: InstrumentSpec,
    body: JsonObject,
    side: OrderSide,
    quoteSized: (orderType: 'limit' | 'market') => boolean,
    forceFallback: TimeInForce = 'gtc',
  ) => {
    const orderType = choiceOf(body.orderType, 'orderType', ORDER_TYPES);
    const triggerPrice = priceIn('spot', spec, 'triggerPrice', requiredDecimal(body.triggerPrice, 'triggerPrice'));
    const executeText =
      orderType === 'limit'
        ? (decimalOf(body.executePrice, 'executePrice') ?? decimalOf(body.price, 'price'))
        : undefined;
    if (orderType === 'limit' && executeText === undefined) throw parameterMissing('executePrice');
    const price = executeText === undefined ? null : priceIn('spot', spec, 'executePrice', executeText);
    const force = orderType === 'market' ? 'gtc' : choiceOf(body.force, 'force', TIMES_IN_FORCE, forceFallback);
    const sizeText = requiredDecimal(body.size, 'size');
    const size = quoteSized(orderType)
      ? baseForQuoteAt(spec, sizeText, price ?? triggerPrice)
      : sizeIn('spot', spec, 'size', sizeText);
    return { side, orderType, force, price, size, triggerPrice };
  };

  routes.post(V2_PLAN_PATHS.spotPlace, ...spotTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const spec = instrumentOf(ctx.simulator, 'SPOT', body.symbol);
    const side = choiceOf(body.side, 'side', SIDES);
    // Spot has no mark price: either trigger type watches the last trade.
    choiceOf(body.triggerType, 'triggerType', TRIGGER_TYPES, 'fill_price');
    const planType = choiceOf(body.planType, 'planType', ['amount', 'total'] as const, 'amount');
    const plan = spotPlanInput(spec, body, side, () => planType === 'total');
    const order = write(() => {
      const input: SpotOrderInput = {
        symbol: spec.symbol,
        ...plan,
        presetTp: null,
        presetSl: null,
        clientOid: freshClientOid(userId, body.clientOid),
      };
      return asV2('spot', () => spot.place(userId, input));
    });
    return replyMarketOk(c, ids(order));
  });

  // The size is read as the order's rows show it: a market buy's in the quote coin, any other's in the base coin.
  routes.post(V2_PLAN_PATHS.spotModify, ...spotTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const old = planOf(userId, 'spot', body.orderId, body.clientOid);
    if (!old || !isWaiting(old)) throw orderMissing('spot');
    const spec = ctx.spec('SPOT', old.symbol);
    const quoteSized = (orderType: 'limit' | 'market') => isQuoteSized({ orderType, side: old.side });
    const plan = spotPlanInput(spec, body, old.side, quoteSized, old.force);
    const order = write(() =>
      asV2('spot', () =>
        spot.modifyTrigger(userId, old.orderId, {
          symbol: old.symbol,
          ...plan,
          presetTp: old.presetTp,
          presetSl: old.presetSl,
          clientOid: old.clientOid,
        }),
      ),
    );
    return replyMarketOk(c, ids(order));
  });

  routes.post(V2_PLAN_PATHS.spotCancel, ...spotTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const order = planOf(userId, 'spot', body.orderId, body.clientOid);
    if (!order || !isWaiting(order)) throw orderMissing('spot');
    write(() => asV2('spot', () => spot.cancel(userId, order.symbol, order.orderId)));
    return replyMarketOk(c, { result: 'success' });
  });

  routes.post(V2_PLAN_PATHS.spotBatchCancel, ...spotTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const list = body.symbolList;
    if (list !== undefined && list !== null && (!Array.isArray(list) || list.length > PLAN_CANCEL_MAX))
      throw parameterWrong('symbolList', `a list of at most ${PLAN_CANCEL_MAX} symbols`);
    const symbols = Array.isArray(list) ? list.map((s) => instrumentOf(ctx.simulator, 'SPOT', s).symbol) : [];
    const waiting = ctx.orders
      .openOf(userId, 'spot')
      .filter((o) => isWaiting(o) && (symbols.length === 0 || symbols.includes(o.symbol)));
    const successList = waiting.map((o) =>
      ids(write(() => asV2('spot', () => spot.cancel(userId, o.symbol, o.orderId)))),
    );
    return replyMarketOk(c, { successList, failureList: [] });
  });

  /** A spot plan list: a page (one more row is read to say `nextFlag`) and its cursor for the next page. */
  const spotList = (c: Context<ApiKeyEnv>, pending: boolean) => {
    const userId = userOf(c);
    const symbolText = queryOf(c, 'symbol');
    const symbol = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, 'SPOT', symbolText).symbol;
    if (!pending && symbol === undefined) throw parameterMissing('symbol');
    const paging = pagingOf(c);
    const rows = plans.page(userId, { market: 'spot', pending, symbol, ...paging, limit: paging.limit + 1 });
    const page = rows.slice(0, paging.limit);
    return {
      nextFlag: rows.length > paging.limit,
      idLessThan: page.at(-1)?.orderId ?? '',
      orderList: page.map((o) => spotPlanRow(ctx.spec('SPOT', o.symbol), o)),
    };
  };

  routes.get(V2_PLAN_PATHS.spotCurrent, ...read, (c) => replyMarketOk(c, spotList(c, true)));
  routes.get(V2_PLAN_PATHS.spotHistory, ...read, (c) => replyMarketOk(c, spotList(c, false)));

  // ----- USDT-M trigger orders -----

  /**
   * A trigger order's TP/SL preset from `<prefix>TriggerPrice` (or the place-order name `preset<Name>Price`): a price on
   * the tick that watches the mark and closes the whole position at market, so an execution price or a trigger type
   * other than the mark is refused (40020). Undefined when none is sent; null when `clear` and it is sent as "".
   */
  const planPresetOf = (spec: InstrumentSpec, body: JsonObject, prefix: string, alias?: string, clear = false) => {
    const field = `${prefix}TriggerPrice`;
    if (clear && isCleared(body, field)) return null;
    checkAtMarket(body, `${prefix}ExecutePrice`);
    const type = choiceOf(
      body[`${prefix}TriggerType`],
      `${prefix}TriggerType`,
      ['mark_price', 'fill_price', 'index_price'] as const,
      'mark_price',
    );
    const text = decimalOf(body[field], field) ?? (alias === undefined ? undefined : decimalOf(body[alias], alias));
    if (text === undefined) return undefined;
    if (type !== 'mark_price')
      throw parameterWrong(`${prefix}TriggerType`, "a trigger order's TP/SL watch the mark price here");
    return priceIn('mix', spec, field, text);
  };

  routes.post(V2_PLAN_PATHS.mixPlace, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const planType = choiceOf(body.planType, 'planType', ['normal_plan', 'track_plan'] as const, 'normal_plan');
    const marginMode = choiceOf(
      body.marginMode,
      'marginMode',
      ['isolated', 'crossed', 'cross'] as const,
      futures.settingsOf(userId, spec.symbol).marginMode,
    );
    const side = choiceOf(body.side, 'side', SIDES);
    const orderType = choiceOf(body.orderType, 'orderType', ORDER_TYPES);
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    // tradeSide is read in hedge mode only, reduceOnly in one-way mode only, as the exchange's.
    const tradeSide = hedge ? choiceOf(body.tradeSide, 'tradeSide', ['open', 'close'] as const) : null;
    const reduceOnly = !hedge && choiceOf(body.reduceOnly, 'reduceOnly', ['yes', 'no'] as const, 'no') === 'yes';
    const triggerPrice = priceIn('mix', spec, 'triggerPrice', requiredDecimal(body.triggerPrice, 'triggerPrice'));
    const triggerType = choiceOf(body.triggerType, 'triggerType', TRIGGER_TYPES, 'fill_price');
    const size = sizeIn('mix', spec, 'size', requiredDecimal(body.size, 'size'));
    const trailing = planType === 'track_plan';
    if (trailing && orderType !== 'market') throw parameterWrong('orderType', 'a track_plan executes at market');
    if (!trailing && textOf(body.callbackRatio, 'callbackRatio') !== undefined)
      throw parameterWrong('callbackRatio', 'applies to a track_plan only');
    const priceText =
      orderType === 'limit'
        ? (decimalOf(body.price, 'price') ?? decimalOf(body.executePrice, 'executePrice'))
        : undefined;
    if (orderType === 'limit' && priceText === undefined) throw parameterMissing('price');
    const input: FuturesOrderInput = {
      symbol: spec.symbol,
      marginMode: marginMode === 'cross' ? 'crossed' : marginMode,
      side,
      tradeSide,
      orderType,
      force: orderType === 'market' ? 'gtc' : choiceOf(body.force, 'force', TIMES_IN_FORCE, 'gtc'),
      price: priceText === undefined ? null : priceIn('mix', spec, 'price', priceText),
      size,
      reduceOnly,
      triggerPrice,
      triggerType,
      ...(trailing ? { callbackBps: callbackOf(body.callbackRatio, 'callbackRatio') } : {}),
      planType,
      presetTp: planPresetOf(spec, body, 'stopSurplus', 'presetStopSurplusPrice') ?? null,
      presetSl: planPresetOf(spec, body, 'stopLoss', 'presetStopLossPrice') ?? null,
      clientOid: '',
    };
    const order = write(() =>
      asV2('mix', () => futures.place(userId, { ...input, clientOid: freshClientOid(userId, body.clientOid) })),
    );
    return replyMarketOk(c, ids(order));
  });

  /**
   * The account's waiting futures trigger order (of `symbol` when given) named by orderId or clientOid, or undefined;
   * with `planType` only one of that kind.
   */
  const waitingMixOrder = (
    userId: string,
    symbol: string | undefined,
    orderIdValue: unknown,
    clientOidValue: unknown,
    planType?: CancelPlanType,
  ) => {
    const order = planOf(userId, 'futures', orderIdValue, clientOidValue);
    if (!order || !isWaiting(order) || (symbol !== undefined && order.symbol !== symbol)) return undefined;
    return planType === undefined || mixPlanTypeOf(order) === planType ? order : undefined;
  };

  // Fields left out keep the order's own; presets sent as "" are removed (the exchange's new* fields).
  routes.post(V2_PLAN_PATHS.mixModify, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const planType =
      textOf(body.planType, 'planType') === undefined
        ? undefined
        : choiceOf(body.planType, 'planType', ['normal_plan', 'track_plan'] as const);
    const old = waitingMixOrder(userId, spec.symbol, body.orderId, body.clientOid, planType);
    if (!old) throw orderMissing('mix');
    const newPrice = decimalOf(body.newPrice, 'newPrice');
    if (newPrice !== undefined && old.orderType !== 'limit')
      throw parameterWrong('newPrice', 'a market trigger order has no price');
    const newSize = decimalOf(body.newSize, 'newSize');
    const newTrigger = decimalOf(body.newTriggerPrice, 'newTriggerPrice');
    const newCallback = textOf(body.newCallbackRatio, 'newCallbackRatio');
    if (newCallback !== undefined && old.callbackBps === undefined)
      throw parameterWrong('newCallbackRatio', 'applies to a track_plan only');
    const preset = (prefix: string, alias: string | undefined, kept: bigint | null) => {
      const next = planPresetOf(spec, body, prefix, alias, true);
      return next === undefined ? kept : next;
    };
    const next: FuturesOrderInput = {
      symbol: old.symbol,
      marginMode: old.marginMode ?? 'crossed',
      side: old.side,
      tradeSide: old.tradeSide,
      orderType: old.orderType === 'limit' ? 'limit' : 'market',
      force: old.force,
      price: newPrice === undefined ? old.price : priceIn('mix', spec, 'newPrice', newPrice),
      size: newSize === undefined ? old.size : sizeIn('mix', spec, 'newSize', newSize),
      reduceOnly: old.reduceOnly,
      triggerPrice: newTrigger === undefined ? old.triggerPrice : priceIn('mix', spec, 'newTriggerPrice', newTrigger),
      triggerType: choiceOf(body.newTriggerType, 'newTriggerType', TRIGGER_TYPES, old.triggerType ?? 'fill_price'),
      ...(old.callbackBps === undefined
        ? {}
        : {
            callbackBps: newCallback === undefined ? old.callbackBps : callbackOf(newCallback, 'newCallbackRatio'),
          }),
      planType: mixPlanTypeOf(old),
      // ccxt names the new take-profit `newSurplusTriggerPrice` (the exchange's docs: newStopSurplusTriggerPrice).
      presetTp: preset('newStopSurplus', 'newSurplusTriggerPrice', old.presetTp),
      presetSl: preset('newStopLoss', undefined, old.presetSl),
      clientOid: old.clientOid,
    };
    const order = write(() => asV2('mix', () => futures.modifyTrigger(userId, old.orderId, next)));
    return replyMarketOk(c, ids(order));
  });

  // ----- USDT-M position TP/SL -----

  /** The account's position whose preset of `kind` is listed under `id` (of `symbol` when given), or undefined. */
  const presetById = (userId: string, symbol: string | undefined, id: string, planType?: CancelPlanType) => {
    for (const position of ctx.positions.ofUser(userId, symbol)) {
      for (const kind of ['tp', 'sl'] as const) {
        if ((kind === 'tp' ? position.presetTp : position.presetSl) === null) continue;
        if (presetOrderId(userId, position.symbol, position.holdSide, kind) !== id) continue;
        if (planType !== undefined && presetPlanType(position, kind) !== planType) return undefined;
        return { position, kind };
      }
    }
    return undefined;
  };

  /** Sets (or with `preset` null clears) one preset of a position through the session API's TP/SL action. */
  const setPreset = (
    userId: string,
    symbol: string,
    holdSide: HoldSide | null,
    kind: PresetKind,
    preset: TpslPreset | null,
  ) =>
    asV2('mix', () =>
      actions.setTpsl(userId, {
        symbol,
        holdSide,
        takeProfit: kind === 'tp' ? preset : undefined,
        stopLoss: kind === 'sl' ? preset : undefined,
      }),
    );

  /** The ids a position's preset answers with (a clientOid sent is echoed; the exchange keeps it on its order). */
  const presetIds = (userId: string, position: PositionRecord, kind: PresetKind, clientOid?: string) => {
    const orderId = presetOrderId(userId, position.symbol, position.holdSide, kind);
    return { orderId, clientOid: clientOid ?? orderId };
  };

  routes.post(V2_PLAN_PATHS.mixPlaceTpsl, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const planType = choiceOf(body.planType, 'planType', TPSL_PLAN_TYPES);
    const holdSide = holdSideOf(body.holdSide);
    if (holdSide === null) throw parameterMissing('holdSide');
    const triggerPrice = priceIn('mix', spec, 'triggerPrice', requiredDecimal(body.triggerPrice, 'triggerPrice'));
    const triggerType: TriggerPriceType = choiceOf(body.triggerType, 'triggerType', TRIGGER_TYPES, 'mark_price');
    checkAtMarket(body, 'executePrice');
    const clientOid = clientOidOf(body.clientOid);
    if (planType === 'moving_plan') {
      // A trailing close of the position: a market trigger order on the closing side, for `size`.
      const size = sizeIn('mix', spec, 'size', requiredDecimal(body.size, 'size'));
      const callbackBps = callbackOf(body.rangeRate ?? body.callbackRatio, 'rangeRate');
      const order = write(() => {
        const position = asV2('mix', () => actions.positionOf(userId, spec, holdSide));
        const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
        const closeSide: OrderSide = holdSide === 'long' ? 'sell' : 'buy';
        return asV2('mix', () =>
          futures.place(userId, {
            symbol: spec.symbol,
            marginMode: position.marginMode,
            side: hedge ? (holdSide === 'long' ? 'buy' : 'sell') : closeSide,
            tradeSide: hedge ? 'close' : null,
            orderType: 'market',
            force: 'gtc',
            price: null,
            size,
            reduceOnly: !hedge,
            triggerPrice,
            triggerType,
            callbackBps,
            planType: 'moving_plan',
            presetTp: null,
            presetSl: null,
            clientOid: freshClientOid(userId, clientOid),
          }),
        );
      });
      return replyMarketOk(c, ids(order));
    }
    if (textOf(body.rangeRate, 'rangeRate') !== undefined)
      throw parameterWrong('rangeRate', 'applies to a moving_plan only');
    const kind: PresetKind = planType === 'profit_plan' || planType === 'pos_profit' ? 'tp' : 'sl';
    // A pos_* preset closes the whole position whatever size is sent, as the exchange's (client libraries send one).
    const partial = planType === 'profit_plan' || planType === 'loss_plan';
    const size = partial ? sizeIn('mix', spec, 'size', requiredDecimal(body.size, 'size')) : null;
    const position = write(() =>
      setPreset(userId, spec.symbol, holdSide, kind, { price: triggerPrice, type: triggerType, size }),
    );
    return replyMarketOk(c, presetIds(userId, position, kind, clientOid));
  });

  routes.post(V2_PLAN_PATHS.mixModifyTpsl, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const triggerPrice = priceIn('mix', spec, 'triggerPrice', requiredDecimal(body.triggerPrice, 'triggerPrice'));
    checkAtMarket(body, 'executePrice');
    const sizeText = decimalOf(body.size, 'size');
    const id = orderIdOf(body.orderId) ?? clientOidOf(body.clientOid);
    if (id === undefined) throw parameterMissing('orderId');
    const found = presetById(userId, spec.symbol, id);
    if (found) {
      const { position, kind } = found;
      const partial = (kind === 'tp' ? position.presetTpSize : position.presetSlSize) !== null;
      const type = choiceOf(
        body.triggerType,
        'triggerType',
        TRIGGER_TYPES,
        kind === 'tp' ? position.presetTpType : position.presetSlType,
      );
      const size = partial && sizeText !== undefined ? sizeIn('mix', spec, 'size', sizeText) : null;
      const kept = kind === 'tp' ? position.presetTpSize : position.presetSlSize;
      const next = { price: triggerPrice, type, size: partial ? (size ?? kept) : null };
      const saved = write(() => setPreset(userId, spec.symbol, position.holdSide, kind, next));
      return replyMarketOk(c, presetIds(userId, saved, kind));
    }
    // A trailing close (moving_plan) is a trigger order: its activation price, size and callback change.
    const old = waitingMixOrder(userId, spec.symbol, body.orderId, body.clientOid, 'moving_plan');
    if (!old) throw orderMissing('mix');
    const rate = textOf(body.rangeRate, 'rangeRate');
    const order = write(() =>
      asV2('mix', () =>
        futures.modifyTrigger(userId, old.orderId, {
          symbol: old.symbol,
          marginMode: old.marginMode ?? 'crossed',
          side: old.side,
          tradeSide: old.tradeSide,
          orderType: 'market',
          force: old.force,
          price: null,
          size: sizeText === undefined ? old.size : sizeIn('mix', spec, 'size', sizeText),
          reduceOnly: old.reduceOnly,
          triggerPrice,
          triggerType: choiceOf(body.triggerType, 'triggerType', TRIGGER_TYPES, old.triggerType ?? 'fill_price'),
          callbackBps: rate === undefined ? old.callbackBps : callbackOf(rate, 'rangeRate'),
          planType: 'moving_plan',
          presetTp: null,
          presetSl: null,
          clientOid: old.clientOid,
        }),
      ),
    );
    return replyMarketOk(c, ids(order));
  });

  /**
   * One preset of place-pos-tpsl (`prefix` stopSurplus or stopLoss): its trigger price, the price it watches (mark
   * unless sent) and the size it closes (`<prefix>Size`, the whole position unless sent); undefined when no price is
   * sent, and then a type or size sent alone is refused (40020), so nothing sent is silently dropped.
   */
  const posPresetOf = (spec: InstrumentSpec, body: JsonObject, prefix: string): TpslPreset | undefined => {
    const priceField = `${prefix}TriggerPrice`;
    const typeField = `${prefix}TriggerType`;
    const sizeField = `${prefix}Size`;
    checkAtMarket(body, `${prefix}ExecutePrice`);
    const text = decimalOf(body[priceField], priceField);
    const type = choiceOf(body[typeField], typeField, TRIGGER_TYPES, 'mark_price');
    const sizeText = decimalOf(body[sizeField], sizeField);
    if (text === undefined) {
      const alone =
        textOf(body[typeField], typeField) !== undefined ? typeField : sizeText !== undefined ? sizeField : null;
      if (alone !== null) throw parameterWrong(alone, `needs a ${priceField}`);
      return undefined;
    }
    const size = sizeText === undefined ? null : sizeIn('mix', spec, sizeField, sizeText);
    return { price: priceIn('mix', spec, priceField, text), type, size };
  };

  routes.post(V2_PLAN_PATHS.mixPlacePosTpsl, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const holdSide = holdSideOf(body.holdSide);
    const takeProfit = posPresetOf(spec, body, 'stopSurplus');
    const stopLoss = posPresetOf(spec, body, 'stopLoss');
    if (takeProfit === undefined && stopLoss === undefined) throw parameterMissing('stopSurplusTriggerPrice');
    const position = write(() =>
      asV2('mix', () => actions.setTpsl(userId, { symbol: spec.symbol, holdSide, takeProfit, stopLoss })),
    );
    const set: PresetKind[] = [...(takeProfit ? ['tp' as const] : []), ...(stopLoss ? ['sl' as const] : [])];
    return replyMarketOk(
      c,
      set.map((kind) => presetIds(userId, position, kind)),
    );
  });

  // ----- USDT-M cancel and lists -----

  type CancelTarget = { order: OrderRecord } | { position: PositionRecord; kind: PresetKind };

  /** Cancels a waiting trigger order or removes a position's preset (in the caller's transaction); its ids. */
  const cancelTarget = (userId: string, target: CancelTarget) => {
    if ('order' in target)
      return ids(asV2('mix', () => futures.cancel(userId, target.order.symbol, target.order.orderId)));
    const { position, kind } = target;
    const answer = presetIds(userId, position, kind);
    setPreset(userId, position.symbol, position.holdSide, kind, null);
    return answer;
  };

  /** Whether a position preset is of a cancel's `planType` (a TP/SL kind; trigger-order kinds never match). */
  const presetMatches = (position: PositionRecord, kind: PresetKind, planType: CancelPlanType) =>
    presetPlanType(position, kind) === planType;

  routes.post(V2_PLAN_PATHS.mixCancel, ...mixTrade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const symbol =
      textOf(body.symbol, 'symbol') === undefined ? undefined : instrumentOf(ctx.simulator, INST, body.symbol).symbol;
    const planType =
      textOf(body.planType, 'planType') === undefined
        ? undefined
        : choiceOf(body.planType, 'planType', CANCEL_PLAN_TYPES);
    const list = body.orderIdList;
    const successList: { orderId: string; clientOid: string }[] = [];
    const failureList: { orderId: string; clientOid: string; errorMsg: string; errorCode: string }[] = [];
    if (list === undefined || list === null) {
      // Without a list: every waiting plan of the kind (normal_plan unless named), of the symbol or of every symbol.
      const kind = planType ?? 'normal_plan';
      const targets: CancelTarget[] = [
        ...ctx.orders
          .openOf(userId, 'futures', symbol)
          .filter((o) => isWaiting(o) && mixPlanTypeOf(o) === kind)
          .map((order) => ({ order })),
        ...ctx.positions
          .ofUser(userId, symbol)
          .flatMap((position) =>
            (['tp', 'sl'] as const)
              .filter(
                (k) =>
                  (k === 'tp' ? position.presetTp : position.presetSl) !== null && presetMatches(position, k, kind),
              )
              .map((k) => ({ position, kind: k })),
          ),
      ];
      for (const target of targets) successList.push(write(() => cancelTarget(userId, target)));
      return replyMarketOk(c, { successList, failureList });
    }
    if (!Array.isArray(list) || list.length === 0 || list.length > PLAN_CANCEL_MAX)
      throw parameterWrong('orderIdList', `a list of 1 to ${PLAN_CANCEL_MAX} orders`);
    for (const raw of list) {
      const item = (typeof raw === 'object' && raw !== null ? raw : { orderId: raw }) as JsonObject;
      const orderId = textOf(item.orderId, 'orderId') ?? '';
      const clientOid = textOf(item.clientOid, 'clientOid') ?? '';
      try {
        const order = waitingMixOrder(userId, symbol, item.orderId, item.clientOid, planType);
        const preset = order ? undefined : presetById(userId, symbol, orderId || clientOid, planType);
        if (!order && !preset) throw orderMissing('mix');
        successList.push(write(() => cancelTarget(userId, order ? { order } : preset!)));
      } catch (error) {
        const refusal = toV2Error(error, 'mix');
        if (!(refusal instanceof GatewayError) || refusal.status >= 500) throw error;
        failureList.push({ orderId, clientOid, errorMsg: refusal.message, errorCode: String(refusal.code) });
      }
    }
    return replyMarketOk(c, { successList, failureList });
  });

  /**
   * A futures plan list (`pending` or history) of one `planType`: trigger orders (`normal_plan`), trailing ones
   * (`track_plan`), or `profit_loss` — positions' presets (pending only: a preset leaves no record once it triggers or
   * is removed) and trailing closes (`moving_plan`). Newest placed first, paged by `idLessThan`; an `orderId` or
   * `clientOid` narrows it to that order.
   */
  const mixList = (c: Context<ApiKeyEnv>, pending: boolean) => {
    const userId = userOf(c);
    const product: UsdtProduct | undefined = productOf(queryOf(c, 'productType'), true);
    const planType = choiceOf(queryOf(c, 'planType'), 'planType', LIST_PLAN_TYPES, 'normal_plan');
    const symbolText = queryOf(c, 'symbol');
    const symbol = symbolText === undefined ? undefined : instrumentOf(ctx.simulator, INST, symbolText).symbol;
    const stateText = pending ? undefined : queryOf(c, 'planStatus');
    const state =
      stateText === undefined
        ? undefined
        : ({ executed: 'executed', fail_trigger: 'failed', cancelled: 'cancelled' } as const)[
            choiceOf(stateText, 'planStatus', ['executed', 'fail_trigger', 'cancelled'] as const)
          ];
    const orderId = orderIdOf(queryOf(c, 'orderId'));
    const clientOid = clientOidOf(queryOf(c, 'clientOid'));
    const paging = pagingOf(c);
    if (!product) return { entrustedList: [], endId: '' };
    /**
     * Which list an order belongs to: trailing closes and reached position presets are listed with the positions'
     * TP/SL, as the exchange's.
     */
    const listOf = (o: OrderRecord) =>
      o.presetPlan !== undefined || mixPlanTypeOf(o) === 'moving_plan' ? 'profit_loss' : mixPlanTypeOf(o);
    const query: PlanPageQuery = {
      market: 'futures',
      pending,
      symbol,
      state,
      list: planType,
      ...paging,
    };
    const named = orderId ?? clientOid;
    let found: OrderRecord[];
    if (named !== undefined) {
      const order = planOf(userId, 'futures', orderId, clientOid);
      found = order && (symbol === undefined || order.symbol === symbol) && isWaiting(order) === pending ? [order] : [];
    } else found = plans.page(userId, query);
    const orderRows = found
      .filter((o) => listOf(o) === planType)
      .map((o) => mixPlanRow(ctx.spec(INST, o.symbol), o, product.marginCoin, !pending));
    // Presets are listed on the first page only: they are few (two per position) and have no place in the cursor.
    const presetRows =
      planType === 'profit_loss' && pending && paging.idLessThan === undefined
        ? ctx.positions
            .ofUser(userId, symbol)
            .flatMap((p) =>
              positionPresetRows(
                ctx.spec(INST, p.symbol),
                p,
                product.marginCoin,
                ctx.accounts.posMode(userId) === 'hedge_mode',
              ),
            )
            .filter((row) => named === undefined || row.orderId === named)
        : [];
    const entrustedList: { orderId: string }[] = [...presetRows, ...orderRows];
    return { entrustedList, endId: entrustedList.at(-1)?.orderId ?? '' };
  };

  routes.get(V2_PLAN_PATHS.mixPending, ...read, (c) => replyMarketOk(c, mixList(c, true)));
  routes.get(V2_PLAN_PATHS.mixHistory, ...read, (c) => replyMarketOk(c, mixList(c, false)));

  return routes;
}
