import { createHash } from 'node:crypto';
import type { InstrumentSpec } from '../market/instruments';
import { formatMoney, formatUnits, notional, roundMoney } from '../money/money-units';
import {
  type FuturesPlanType,
  type HoldSide,
  isOpen,
  type OrderRecord,
  type PositionPresetPlan,
} from '../trading/order-store';
import { spotOrderView } from '../trading/order-views';
import type { PositionRecord } from '../trading/position-store';
import { mixOrder } from './v2-views';

/**
 * The exchange's v2 rows of trigger (plan) orders: spot `current-plan-order` / `history-plan-order`, and the USDT-M
 * `orders-plan-pending` / `orders-plan-history` rows of trigger orders and of positions' TP/SL. Figures come from the
 * session API's views (`order-views.ts`) and the futures order row (`v2-views.ts`), so one order reads alike everywhere.
 */

/** Where a trigger order stands: waiting, executed when its trigger was reached, failed there, or cancelled before. */
export type PlanState = 'live' | 'executed' | 'failed' | 'cancelled';

/**
 * The plan state of a trigger order. A triggered order keeps its id and becomes the order it executes, so "failed" is
 * a market one that found nothing to take at its trigger (cancelled with nothing filled); every other triggered order
 * executed, whatever became of its limit order later.
 */
export function planStateOf(order: OrderRecord): PlanState {
  if (order.planStatus === 'untriggered') return isOpen(order) ? 'live' : 'cancelled';
  return order.status === 'cancelled' && order.baseVolume === 0n && order.orderType === 'market'
    ? 'failed'
    : 'executed';
}

/** The spot `status` of each plan state (the exchange's spot plan words). */
const SPOT_STATUS: Record<PlanState, string> = {
  live: 'live',
  executed: 'executed',
  failed: 'fail_execute',
  cancelled: 'cancelled',
};

/** The futures `planStatus` of each plan state (the exchange's words). */
export const MIX_PLAN_STATUS: Record<PlanState, string> = {
  live: 'live',
  executed: 'executed',
  failed: 'fail_trigger',
  cancelled: 'cancelled',
};

/**
 * Whether a spot plan order is sized in the quote coin on the wire (the exchange's `planType` total): a market buy, as
 * the exchange's market buys are and as client libraries place and modify them. Every other plan is sized in the base
 * coin (`amount`).
 */
export function isQuoteSized(order: Pick<OrderRecord, 'orderType' | 'side'>): boolean {
  return order.orderType === 'market' && order.side === 'buy';
}

/**
 * A spot plan order row. Spot triggers watch the last traded price (`triggerType` fill_price). The engine holds a base
 * size; a market buy shows it as its quote amount at the trigger price (`planType` total), every other order as is.
 */
export function spotPlanRow(spec: InstrumentSpec, order: OrderRecord) {
  const view = spotOrderView(spec, order);
  const quoteSized = isQuoteSized(order);
  const quote = roundMoney(notional(spec, order.triggerPrice ?? 0n, order.size), spec.quotePrecision);
  return {
    orderId: order.orderId,
    clientOid: order.clientOid,
    symbol: order.symbol,
    size: quoteSized ? formatMoney(quote, spec.quotePrecision) : view.size,
    executePrice: order.price === null ? '0' : view.price,
    triggerPrice: view.triggerPrice,
    status: SPOT_STATUS[planStateOf(order)],
    orderType: order.orderType,
    planType: quoteSized ? 'total' : 'amount',
    side: order.side,
    triggerType: 'fill_price',
    enterPointSource: 'API',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** A trailing callback in hundredths of a percent as the exchange's percent text ("1.5" for 150). */
export function callbackRatioText(bps: number | undefined): string {
  if (bps === undefined) return '';
  return formatUnits(BigInt(bps), 2).replace(/\.?0+$/, '');
}

/**
 * The futures plan type of a trigger order: what the plan routes placed it as, else (a session API stop order) a
 * `normal_plan`, or a `track_plan` when it trails.
 */
export function mixPlanTypeOf(order: OrderRecord): FuturesPlanType {
  return order.planType ?? (order.callbackBps === undefined ? 'normal_plan' : 'track_plan');
}

/**
 * A futures trigger order row of `orders-plan-pending` (`history` false) or `orders-plan-history`, in the exchange's
 * fields (`planStatus` instead of `status`), plus `reduceOnly`, which lets a client library tell a hedge-mode close.
 * Presets of a trigger order watch the mark price and close at market.
 */
export function mixPlanRow(spec: InstrumentSpec, order: OrderRecord, marginCoin: string, history: boolean) {
  const row = mixOrder(spec, order, marginCoin, 'status');
  const state = planStateOf(order);
  const preset = (price: string) => ({ price, type: price === '' ? '' : 'mark_price' });
  const tp = preset(row.presetStopSurplusPrice);
  const sl = preset(row.presetStopLossPrice);
  // A position preset that was reached shows under the id it was listed with while it waited.
  const id = order.presetPlan === undefined ? row.orderId : firedPresetId(order);
  return {
    planType: order.presetPlan ?? mixPlanTypeOf(order),
    symbol: row.symbol,
    size: row.size,
    orderId: id,
    clientOid: order.presetPlan === undefined ? row.clientOid : id,
    price: row.price,
    executePrice: row.price,
    ...(history
      ? {
          executeOrderId: state === 'executed' ? order.orderId : '',
          priceAvg: row.priceAvg,
          baseVolume: row.baseVolume,
        }
      : {}),
    callbackRatio: callbackRatioText(order.callbackBps),
    triggerPrice: formatUnits(order.triggerPrice ?? 0n, spec.pricePlace),
    triggerType: order.triggerType ?? 'fill_price',
    planStatus: MIX_PLAN_STATUS[state],
    side: row.side,
    posSide: row.posSide,
    marginCoin,
    marginMode: row.marginMode,
    enterPointSource: 'API',
    tradeSide: row.tradeSide,
    posMode: row.posMode,
    orderType: row.orderType,
    reduceOnly: row.reduceOnly,
    orderSource: order.presetPlan === undefined ? 'plan' : presetOrderSource(order.presetPlan),
    stopSurplusTriggerPrice: tp.price,
    stopSurplusExecutePrice: '',
    stopSurplusTriggerType: tp.type,
    stopLossTriggerPrice: sl.price,
    stopLossExecutePrice: '',
    stopLossTriggerType: sl.type,
    cTime: row.cTime,
    uTime: row.uTime,
  };
}

/** A position's take-profit or stop-loss preset. */
export type PresetKind = 'tp' | 'sl';

/**
 * The order id a position's preset is listed under: 18 digits from the owner, contract, side and kind, so it stays the
 * same while the preset lives (a change of its price keeps it; a preset set again after a cancel gets it back) and
 * needs no storage of its own.
 */
export function presetOrderId(userId: string, symbol: string, holdSide: HoldSide, kind: PresetKind): string {
  const digest = createHash('sha256').update(`position-preset|${userId}|${symbol}|${holdSide}|${kind}`).digest();
  return String(100_000_000_000_000_000n + (digest.readBigUInt64BE(0) % 900_000_000_000_000_000n));
}

/** The order source the exchange gives a position preset's close: `pos_profit_market`, `loss_market` and so on. */
function presetOrderSource(plan: PositionPresetPlan): string {
  const kind = plan === 'pos_profit' || plan === 'profit_plan' ? 'profit' : 'loss';
  return `${plan.startsWith('pos_') ? 'pos_' : ''}${kind}_market`;
}

/**
 * The id a reached position preset was listed under while it waited ({@link presetOrderId}): its owner, contract, the
 * position's side (a one-way close names the side it would open, the other) and which preset it was.
 */
export function firedPresetId(order: OrderRecord): string {
  const kind: PresetKind = order.presetPlan === 'pos_profit' || order.presetPlan === 'profit_plan' ? 'tp' : 'sl';
  const side = order.holdSide ?? 'long';
  const holdSide: HoldSide = order.tradeSide === 'close' ? side : side === 'long' ? 'short' : 'long';
  return presetOrderId(order.userId, order.symbol, holdSide, kind);
}

/** The exchange's plan type of a position preset: the whole position (`pos_*`) or a part of it (`*_plan`). */
export function presetPlanType(position: PositionRecord, kind: PresetKind): PositionPresetPlan {
  const partial = (kind === 'tp' ? position.presetTpSize : position.presetSlSize) !== null;
  if (kind === 'tp') return partial ? 'profit_plan' : 'pos_profit';
  return partial ? 'loss_plan' : 'pos_loss';
}

/**
 * What one of a position's presets is as a plan: its trigger price and type, the size it closes (the whole position for
 * `pos_profit` / `pos_loss`), the side of its market close (hedge mode: the position's side with `tradeSide` close, as
 * the engine's closing orders are), the id it is listed under and its plan type; undefined when the preset is not set.
 */
export function presetFacts(position: PositionRecord, kind: PresetKind, hedge: boolean) {
  const price = kind === 'tp' ? position.presetTp : position.presetSl;
  if (price === null) return undefined;
  const closeSide = position.holdSide === 'long' ? 'sell' : 'buy';
  return {
    price,
    triggerType: kind === 'tp' ? position.presetTpType : position.presetSlType,
    size: (kind === 'tp' ? position.presetTpSize : position.presetSlSize) ?? position.size,
    side: hedge ? (position.holdSide === 'long' ? 'buy' : 'sell') : closeSide,
    orderId: presetOrderId(position.userId, position.symbol, position.holdSide, kind),
    planType: presetPlanType(position, kind),
  };
}

/**
 * The rows of a position's TP/SL presets in `orders-plan-pending` with `planType=profit_loss`, as the exchange lists
 * them: each a market close of its size ({@link presetFacts}).
 */
export function positionPresetRows(spec: InstrumentSpec, position: PositionRecord, marginCoin: string, hedge: boolean) {
  const rows = [];
  for (const kind of ['tp', 'sl'] as const) {
    const preset = presetFacts(position, kind, hedge);
    if (!preset) continue;
    const { side, orderId, planType } = preset;
    rows.push({
      planType,
      symbol: position.symbol,
      size: formatUnits(preset.size, spec.volumePlace),
      orderId,
      clientOid: orderId,
      price: '0',
      executePrice: '0',
      callbackRatio: '',
      triggerPrice: formatUnits(preset.price, spec.pricePlace),
      triggerType: preset.triggerType,
      planStatus: 'live',
      side,
      posSide: hedge ? position.holdSide : 'net',
      marginCoin,
      marginMode: position.marginMode,
      enterPointSource: 'API',
      tradeSide: hedge ? 'close' : `${side}_single`,
      posMode: hedge ? 'hedge_mode' : 'one_way_mode',
      orderType: 'market',
      reduceOnly: 'YES',
      orderSource: presetOrderSource(planType),
      stopSurplusTriggerPrice: '',
      stopSurplusExecutePrice: '',
      stopSurplusTriggerType: '',
      stopLossTriggerPrice: '',
      stopLossExecutePrice: '',
      stopLossTriggerType: '',
      cTime: String(position.uTime),
      uTime: String(position.uTime),
    });
  }
  return rows;
}
