import type { Database } from 'better-sqlite3';
import type { MarginModeName } from './account-store';
import type { OrderSide } from '../market/matching';

/**
 * An order's time in force (paper-trading contract, `force`): good till cancelled, post only (maker or nothing),
 * immediate or cancel (what does not fill at once is cancelled), fill or kill (fills whole at once, else nothing).
 */
export const TIMES_IN_FORCE = ['gtc', 'post_only', 'ioc', 'fok'] as const;
/** One of {@link TIMES_IN_FORCE}. */
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];

/** Product line of an order. */
export type Market = 'spot' | 'futures';
/** Order status (public v2 names). */
export type OrderStatus = 'live' | 'partially_filled' | 'filled' | 'cancelled';
/** Plan (trigger) status: `none` for a plain order. */
export type PlanStatus = 'none' | 'untriggered' | 'triggered';
/** How an order was made; `liquidation` only by the gateway. */
export type OrderType = 'limit' | 'market' | 'liquidation';
/** Side of a futures position. */
export type HoldSide = 'long' | 'short';
/** Which preset of a spot order a closing trigger order carries out: its take-profit or its stop-loss. */
export type TpslKind = 'tp' | 'sl';
/** Which price a trigger watches (the exchange's `triggerType`): the mark price or the last traded price. */
export type TriggerPriceType = 'mark_price' | 'fill_price';
/**
 * What a futures trigger order was placed as, where the exchange tells them apart: a trigger order, a trailing order,
 * or a trailing close of a position placed with its TP/SL (`moving_plan`); the last two trail alike.
 */
export type FuturesPlanType = 'normal_plan' | 'track_plan' | 'moving_plan';
/**
 * A position's take-profit or stop-loss as the exchange's plan lists name it: of the whole position (`pos_*`) or of a
 * part (`*_plan`). Kept on the market order a reached preset closed with, so the plan's history shows it executed.
 */
export type PositionPresetPlan = 'pos_profit' | 'pos_loss' | 'profit_plan' | 'loss_plan';

/** One paper order; prices and sizes in instrument units, money in 10^-8. */
export interface OrderRecord {
  orderId: string;
  userId: string;
  market: Market;
  symbol: string;
  clientOid: string;
  side: OrderSide;
  orderType: OrderType;
  force: TimeInForce;
  price: bigint | null;
  size: bigint;
  triggerPrice: bigint | null;
  /** A trigger fires when the last price rises to it (true) or falls to it (false). */
  triggerUp: boolean | null;
  planStatus: PlanStatus;
  status: OrderStatus;
  baseVolume: bigint;
  quoteVolume: bigint;
  fee: bigint;
  /** Spot: funds still frozen for this order (quote for a buy, base for a sell); futures: margin still held. */
  frozen: bigint;
  marginMode: MarginModeName | null;
  tradeSide: 'open' | 'close' | null;
  /** Futures: the position this order opens or closes (hedge mode), or the side it opens (one-way mode). */
  holdSide: HoldSide | null;
  reduceOnly: boolean;
  leverage: number | null;
  /** Futures: the position's TP/SL presets; spot: the prices of the closing orders each fill places. */
  presetTp: bigint | null;
  presetSl: bigint | null;
  /**
   * Spot: the order whose fill placed this closing trigger order, and which of its presets it is (absent on every other
   * order). The open closing orders of one parent are one-cancels-other and hold their coins once between them.
   */
  parentOrderId?: string;
  tpslKind?: TpslKind;
  /** Futures trigger orders: the price the trigger watches; absent (every other order), the last price. */
  triggerType?: TriggerPriceType;
  /**
   * A trailing order (the exchange's `track_plan`): once the price reaches the trigger, it executes at market when the
   * price pulls back this many hundredths of a percent from its best since then.
   */
  callbackBps?: number;
  /** A trailing order's best price since its trigger was reached (the highest for a sell, the lowest for a buy). */
  trackPrice?: bigint;
  /** Futures trigger orders placed through the exchange's plan routes: what they were placed as. */
  planType?: FuturesPlanType;
  /** Futures: the position preset whose trigger placed this closing market order (it carries the preset's trigger). */
  presetPlan?: PositionPresetPlan;
  /**
   * Spot buys: the fee is charged in the base coin received (as the exchange charges it), so the order holds its
   * value only. False for sells (their fee is the quote coin's, out of the proceeds), futures, and spot buys placed
   * before buys paid in the base coin (they held value + fee and pay in the quote coin).
   */
  feeInBase: boolean;
  totalProfits: bigint;
  cTime: number;
  uTime: number;
}

/** What every placed order starts from: who placed it, where, when, and the fields of the request. */
export interface OrderStart {
  orderId: string;
  userId: string;
  market: Market;
  symbol: string;
  now: number;
  request: Pick<OrderRecord, 'clientOid' | 'side' | 'orderType' | 'force' | 'price' | 'size' | 'triggerPrice'>;
}

/** The fields one product line sets beyond the request (futures: margin and position; spot: presets and TP/SL link). */
type LineFields = Pick<
  OrderRecord,
  | 'frozen'
  | 'marginMode'
  | 'tradeSide'
  | 'holdSide'
  | 'reduceOnly'
  | 'leverage'
  | 'presetTp'
  | 'presetSl'
  | 'parentOrderId'
  | 'tpslKind'
  | 'triggerType'
  | 'callbackBps'
  | 'planType'
>;

/** A fresh order: live, nothing filled, a stop order untriggered (its direction is set by the caller from the last price). */
export function newOrderRecord(start: OrderStart, line: Partial<LineFields> = {}): OrderRecord {
  const { request } = start;
  return {
    orderId: start.orderId,
    userId: start.userId,
    market: start.market,
    symbol: start.symbol,
    clientOid: request.clientOid,
    side: request.side,
    orderType: request.orderType,
    force: request.force,
    price: request.price,
    size: request.size,
    triggerPrice: request.triggerPrice,
    triggerUp: null,
    planStatus: request.triggerPrice === null ? 'none' : 'untriggered',
    status: 'live',
    baseVolume: 0n,
    quoteVolume: 0n,
    fee: 0n,
    frozen: 0n,
    marginMode: null,
    tradeSide: null,
    holdSide: null,
    reduceOnly: false,
    leverage: null,
    presetTp: null,
    presetSl: null,
    feeInBase: start.market === 'spot' && request.side === 'buy',
    totalProfits: 0n,
    cTime: start.now,
    uTime: start.now,
    ...line,
  };
}

/** True while an order can still fill or be cancelled. */
export function isOpen(order: Pick<OrderRecord, 'status'>): boolean {
  return order.status === 'live' || order.status === 'partially_filled';
}

/** Reads and writes paper orders. */
export interface OrderStore {
  insert(order: OrderRecord): void;
  update(order: OrderRecord): void;
  /** One of the user's orders by id, or undefined (another user's id reads as absent). */
  find(userId: string, market: Market, orderId: string): OrderRecord | undefined;
  hasClientOid(userId: string, clientOid: string): boolean;
  /** The user's open orders, newest first. */
  openOf(userId: string, market: Market, symbol?: string): OrderRecord[];
  /** The user's finished orders, newest first. */
  historyOf(userId: string, market: Market, symbol: string | undefined, limit: number): OrderRecord[];
  /** Every user's open orders of one instrument, oldest first (the order the market fills them in). */
  openOfSymbol(market: Market, symbol: string): OrderRecord[];
  /** The user's open closing orders that fills of `parentOrderId` placed, oldest first. */
  openTpslOf(userId: string, parentOrderId: string): OrderRecord[];
}

interface OrderRow {
  order_id: string;
  user_id: string;
  market: Market;
  symbol: string;
  client_oid: string;
  side: OrderSide;
  order_type: OrderType;
  force: TimeInForce;
  price: string | null;
  size: string;
  trigger_price: string | null;
  trigger_up: number | null;
  plan_status: PlanStatus;
  status: OrderStatus;
  base_volume: string;
  quote_volume: string;
  fee: string;
  frozen: string;
  margin_mode: MarginModeName | null;
  trade_side: 'open' | 'close' | null;
  hold_side: HoldSide | null;
  reduce_only: number;
  leverage: number | null;
  preset_tp: string | null;
  preset_sl: string | null;
  parent_order_id: string | null;
  tpsl_kind: TpslKind | null;
  trigger_type: TriggerPriceType | null;
  callback_bps: number | null;
  track_price: string | null;
  plan_type: FuturesPlanType | null;
  preset_plan: PositionPresetPlan | null;
  fee_in_base: 0 | 1;
  total_profits: string;
  c_time: number;
  u_time: number;
}

const big = (text: string | null) => (text === null ? null : BigInt(text));
const text = (value: bigint | null) => (value === null ? null : value.toString());

function fromRow(row: OrderRow): OrderRecord {
  return {
    orderId: row.order_id,
    userId: row.user_id,
    market: row.market,
    symbol: row.symbol,
    clientOid: row.client_oid,
    side: row.side,
    orderType: row.order_type,
    force: row.force,
    price: big(row.price),
    size: BigInt(row.size),
    triggerPrice: big(row.trigger_price),
    triggerUp: row.trigger_up === null ? null : row.trigger_up === 1,
    planStatus: row.plan_status,
    status: row.status,
    baseVolume: BigInt(row.base_volume),
    quoteVolume: BigInt(row.quote_volume),
    fee: BigInt(row.fee),
    frozen: BigInt(row.frozen),
    marginMode: row.margin_mode,
    tradeSide: row.trade_side,
    holdSide: row.hold_side,
    reduceOnly: row.reduce_only === 1,
    leverage: row.leverage,
    presetTp: big(row.preset_tp),
    presetSl: big(row.preset_sl),
    ...(row.parent_order_id === null ? {} : { parentOrderId: row.parent_order_id }),
    ...(row.tpsl_kind === null ? {} : { tpslKind: row.tpsl_kind }),
    ...(row.trigger_type === null ? {} : { triggerType: row.trigger_type }),
    ...(row.callback_bps === null ? {} : { callbackBps: row.callback_bps }),
    ...(row.track_price === null ? {} : { trackPrice: BigInt(row.track_price) }),
    ...(row.plan_type === null ? {} : { planType: row.plan_type }),
    ...(row.preset_plan === null ? {} : { presetPlan: row.preset_plan }),
    feeInBase: row.fee_in_base === 1,
    totalProfits: BigInt(row.total_profits),
    cTime: row.c_time,
    uTime: row.u_time,
  };
}

function toParams(order: OrderRecord) {
  return {
    order_id: order.orderId,
    user_id: order.userId,
    market: order.market,
    symbol: order.symbol,
    client_oid: order.clientOid,
    side: order.side,
    order_type: order.orderType,
    force: order.force,
    price: text(order.price),
    size: order.size.toString(),
    trigger_price: text(order.triggerPrice),
    trigger_up: order.triggerUp === null ? null : order.triggerUp ? 1 : 0,
    plan_status: order.planStatus,
    status: order.status,
    base_volume: order.baseVolume.toString(),
    quote_volume: order.quoteVolume.toString(),
    fee: order.fee.toString(),
    frozen: order.frozen.toString(),
    margin_mode: order.marginMode,
    trade_side: order.tradeSide,
    hold_side: order.holdSide,
    reduce_only: order.reduceOnly ? 1 : 0,
    leverage: order.leverage,
    preset_tp: text(order.presetTp),
    preset_sl: text(order.presetSl),
    parent_order_id: order.parentOrderId ?? null,
    tpsl_kind: order.tpslKind ?? null,
    trigger_type: order.triggerType ?? null,
    callback_bps: order.callbackBps ?? null,
    track_price: order.trackPrice?.toString() ?? null,
    plan_type: order.planType ?? null,
    preset_plan: order.presetPlan ?? null,
    fee_in_base: order.feeInBase ? 1 : 0,
    total_profits: order.totalProfits.toString(),
    c_time: order.cTime,
    u_time: order.uTime,
  };
}

const COLUMNS: readonly string[] = [
  'order_id',
  'user_id',
  'market',
  'symbol',
  'client_oid',
  'side',
  'order_type',
  'force',
  'price',
  'size',
  'trigger_price',
  'trigger_up',
  'plan_status',
  'status',
  'base_volume',
  'quote_volume',
  'fee',
  'frozen',
  'margin_mode',
  'trade_side',
  'hold_side',
  'reduce_only',
  'leverage',
  'preset_tp',
  'preset_sl',
  'parent_order_id',
  'tpsl_kind',
  'trigger_type',
  'callback_bps',
  'track_price',
  'plan_type',
  'preset_plan',
  'fee_in_base',
  'total_profits',
  'c_time',
  'u_time',
];
const OPEN = "status IN ('live', 'partially_filled')";

/** Builds the order store over a database migrated with TRADING_MIGRATIONS. */
export function createOrderStore(db: Database): OrderStore {
  const columns = COLUMNS;
  const insert = db.prepare(
    `INSERT INTO trade_orders (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  const mutable = columns.filter(
    (c) =>
      !['order_id', 'user_id', 'market', 'symbol', 'client_oid', 'parent_order_id', 'tpsl_kind', 'c_time'].includes(c),
  );
  const update = db.prepare(
    `UPDATE trade_orders SET ${mutable.map((c) => `${c} = @${c}`).join(', ')} WHERE order_id = @order_id`,
  );
  const find = db.prepare('SELECT * FROM trade_orders WHERE user_id = ? AND market = ? AND order_id = ?');
  const clientOid = db.prepare('SELECT 1 FROM trade_orders WHERE user_id = ? AND client_oid = ?').pluck();
  const openAll = db.prepare(
    `SELECT * FROM trade_orders WHERE user_id = ? AND market = ? AND ${OPEN} ORDER BY seq DESC`,
  );
  const openSymbol = db.prepare(
    `SELECT * FROM trade_orders WHERE user_id = ? AND market = ? AND symbol = ? AND ${OPEN} ORDER BY seq DESC`,
  );
  const historyAll = db.prepare(
    `SELECT * FROM trade_orders WHERE user_id = ? AND market = ? AND NOT ${OPEN} ORDER BY u_time DESC, seq DESC LIMIT ?`,
  );
  const historySymbol = db.prepare(
    `SELECT * FROM trade_orders WHERE user_id = ? AND market = ? AND symbol = ? AND NOT ${OPEN} ORDER BY u_time DESC, seq DESC LIMIT ?`,
  );
  const openOfSymbol = db.prepare(
    `SELECT * FROM trade_orders WHERE market = ? AND symbol = ? AND ${OPEN} ORDER BY seq`,
  );
  const openTpsl = db.prepare(
    `SELECT * FROM trade_orders WHERE parent_order_id = ? AND user_id = ? AND ${OPEN} ORDER BY seq`,
  );
  const rows = (list: unknown[]) => (list as OrderRow[]).map(fromRow);
  return {
    insert: (order) => {
      insert.run(toParams(order));
    },
    update: (order) => {
      update.run(toParams(order));
    },
    find: (userId, market, orderId) => {
      const row = find.get(userId, market, orderId) as OrderRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    hasClientOid: (userId, oid) => clientOid.get(userId, oid) !== undefined,
    openOf: (userId, market, symbol) =>
      rows(symbol === undefined ? openAll.all(userId, market) : openSymbol.all(userId, market, symbol)),
    historyOf: (userId, market, symbol, limit) =>
      rows(
        symbol === undefined ? historyAll.all(userId, market, limit) : historySymbol.all(userId, market, symbol, limit),
      ),
    openOfSymbol: (market, symbol) => rows(openOfSymbol.all(market, symbol)),
    openTpslOf: (userId, parentOrderId) => rows(openTpsl.all(parentOrderId, userId)),
  };
}

/**
 * Records an order accepted and cancelled at once without a fill (a fill-or-kill order the book cannot fill whole):
 * nothing was frozen and nothing moves, so no ledger entry and no order book change; the caller reads it as cancelled.
 */
export function insertCancelledAtOnce(
  ctx: { orders: Pick<OrderStore, 'insert'>; changes: { notify(userId: string, topics: ['orders']): void } },
  order: OrderRecord,
): OrderRecord {
  order.status = 'cancelled';
  order.frozen = 0n;
  ctx.orders.insert(order);
  ctx.changes.notify(order.userId, ['orders']);
  return order;
}
