import type { InstrumentSpec } from '../market/instruments';
import { formatMoney, formatUnits, notional, roundMoney } from '../money/money-units';
import { isOpen, type OrderRecord, type PositionPresetPlan } from '../trading/order-store';
import type { PositionRecord } from '../trading/position-store';
import { firedPresetId, type PresetKind, presetFacts } from '../v2-api/v2-plan-views';

/**
 * The rows of the exchange's v2 private `orders-algo` channel (trigger orders, spot and USDT-M), with the fields ccxt's
 * bitget `parseWsOrder` reads for a trigger order: `triggerPrice`, a spot row's limit price in `executePrice`, and
 * `posMode` on a futures row only (ccxt tells the markets apart by it). A paper trigger order is one record from
 * placing to its end (`planStatus`), so the plan's state is read from it (`algoStatusOf`); the order it executes as
 * then fills or rests as any order, on the `orders` channel. Futures presets watch the mark.
 */

/** A trigger order's state as `orders-algo` names it. */
export type AlgoStatus = 'live' | 'executed' | 'fail_execute' | 'cancelled';

/** True for an order placed with a trigger price (a plan order), whatever its state. */
export function isPlanOrder(order: Pick<OrderRecord, 'triggerPrice'>): boolean {
  return order.triggerPrice !== null;
}

/**
 * The plan's state of a trigger order: untriggered and open is `live`, untriggered and ended is `cancelled`; once
 * triggered it `executed`, but for a market order that found nothing to take at its trigger (cancelled with nothing
 * filled), which failed. The same rule as the v2 REST plan lists (`planStateOf`).
 */
export function algoStatusOf(
  order: Pick<OrderRecord, 'planStatus' | 'status' | 'baseVolume' | 'orderType'>,
): AlgoStatus {
  if (order.planStatus !== 'triggered') return isOpen(order) ? 'live' : 'cancelled';
  const failed = order.status === 'cancelled' && order.baseVolume === 0n && order.orderType === 'market';
  return failed ? 'fail_execute' : 'executed';
}

/**
 * The price a trigger watches: the order's own `triggerType` where the engine keeps one (a mark-price trigger), else
 * the last traded price. Read loosely, so this view does not depend on the engine keeping the field.
 */
function triggerTypeOf(order: OrderRecord): string {
  return (order as { triggerType?: string }).triggerType ?? 'fill_price';
}

/** What `orders-algo` shows of a trigger order: a change to any of these is pushed, fills of its order are not. */
export function algoPrintOf(order: OrderRecord): string {
  const { triggerPrice, price, size, presetTp, presetSl } = order;
  return `${algoStatusOf(order)}|${triggerPrice}|${price}|${size}|${presetTp}|${presetSl}|${triggerTypeOf(order)}`;
}

const priceText = (spec: InstrumentSpec, units: bigint | null) =>
  units === null ? '' : formatUnits(units, spec.pricePlace);

/** The fields both markets' rows share. */
function algoFields(spec: InstrumentSpec, order: OrderRecord) {
  const status = algoStatusOf(order);
  const size = formatUnits(order.size, spec.volumePlace);
  return {
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    triggerPrice: priceText(spec, order.triggerPrice),
    triggerType: triggerTypeOf(order),
    // As the exchange sends it: `price` repeats the trigger price, the limit price is `executePrice` ("0": market).
    price: priceText(spec, order.triggerPrice),
    executePrice: order.price === null ? '0' : priceText(spec, order.price),
    size,
    // The size of the order the trigger placed: nothing until it triggered (or when it failed to).
    actualSize: status === 'executed' ? size : formatUnits(0n, spec.volumePlace),
    orderType: order.orderType === 'liquidation' ? 'market' : order.orderType,
    side: order.side,
    force: order.force,
    status,
    // The moment it triggered is its last update when that change is pushed; "" before.
    triggerTime: order.planStatus === 'triggered' ? String(order.uTime) : '',
    enterPointSource: 'API',
    stpMode: 'none',
    cTime: String(order.cTime),
    uTime: String(order.uTime),
  };
}

/**
 * One spot trigger order of `orders-algo` (instType SPOT). Its size is in the base coin (`planType` amount), but for a
 * market buy, which the exchange sizes in the quote coin (`total`): the engine's base size at the trigger price, as the
 * v2 REST plan lists show it.
 */
export function spotAlgoRow(spec: InstrumentSpec, order: OrderRecord) {
  const fields = algoFields(spec, order);
  if (order.orderType !== 'market' || order.side !== 'buy') return { ...fields, planType: 'amount' };
  const quote = roundMoney(notional(spec, order.triggerPrice ?? 0n, order.size), spec.quotePrecision);
  const size = formatMoney(quote, spec.quotePrecision);
  const actualSize = fields.status === 'executed' ? size : formatMoney(0n, spec.quotePrecision);
  return { ...fields, size, actualSize, planType: 'total' };
}

/** The `orders-algo` plan type of a reached position preset: of the whole position (`ptp`, `psl`) or a part. */
const PRESET_ALGO_TYPE: Record<PositionPresetPlan, string> = {
  pos_profit: 'ptp',
  pos_loss: 'psl',
  profit_plan: 'tp',
  loss_plan: 'sl',
};

/**
 * One USDT-M trigger order of `orders-algo`, its margin coin named as the subscription's product does. A reached
 * position preset shows under the id the plan lists gave it while it waited.
 */
export function futuresAlgoRow(spec: InstrumentSpec, order: OrderRecord, marginCoin: string) {
  const hedge = order.tradeSide !== null;
  const preset =
    order.presetPlan === undefined ? {} : { orderId: firedPresetId(order), clientOid: firedPresetId(order) };
  return {
    ...algoFields(spec, order),
    ...preset,
    planType: order.presetPlan === undefined ? 'pl' : PRESET_ALGO_TYPE[order.presetPlan],
    tradeSide: order.tradeSide ?? `${order.side}_single`,
    posSide: hedge ? (order.holdSide ?? 'long') : 'net',
    posMode: hedge ? 'hedge_mode' : 'one_way_mode',
    marginCoin,
    marginMode: order.marginMode ?? 'crossed',
    leverage: String(order.leverage ?? ''),
    reduceOnly: order.reduceOnly || order.tradeSide === 'close' ? 'yes' : 'no',
    stopSurplusTriggerPrice: priceText(spec, order.presetTp),
    stopSurplusTriggerType: 'mark_price',
    stopLossTriggerPrice: priceText(spec, order.presetSl),
    stopLossTriggerType: 'mark_price',
  };
}

/**
 * A position's preset as `orders-algo` pushes it while it waits (`live`: set, or its price, trigger type or size
 * changed) and when it ends without executing (`cancelled`: taken off, or the position closed), under the id the plan
 * lists give it; a reached one is pushed executed from the order it closed with ({@link futuresAlgoRow}).
 */
export function presetAlgoRow(
  spec: InstrumentSpec,
  position: PositionRecord,
  kind: PresetKind,
  context: { marginCoin: string; hedge: boolean; status: 'live' | 'cancelled'; at: number },
) {
  const { marginCoin, hedge, status, at } = context;
  const preset = presetFacts(position, kind, hedge);
  if (!preset) return undefined;
  const trigger = formatUnits(preset.price, spec.pricePlace);
  return {
    instId: position.symbol,
    orderId: preset.orderId,
    clientOid: preset.orderId,
    triggerPrice: trigger,
    triggerType: preset.triggerType,
    price: trigger,
    executePrice: '0',
    size: formatUnits(preset.size, spec.volumePlace),
    actualSize: formatUnits(0n, spec.volumePlace),
    orderType: 'market',
    side: preset.side,
    force: 'gtc',
    status,
    triggerTime: '',
    enterPointSource: 'API',
    stpMode: 'none',
    cTime: String(position.cTime),
    uTime: String(at),
    planType: PRESET_ALGO_TYPE[preset.planType],
    tradeSide: hedge ? 'close' : `${preset.side}_single`,
    posSide: hedge ? position.holdSide : 'net',
    posMode: hedge ? 'hedge_mode' : 'one_way_mode',
    marginCoin,
    marginMode: position.marginMode,
    leverage: String(position.leverage),
    reduceOnly: 'yes',
    stopSurplusTriggerPrice: '',
    stopSurplusTriggerType: '',
    stopLossTriggerPrice: '',
    stopLossTriggerType: '',
  };
}

/** A position preset a USDT-M `orders-algo` subscription last saw waiting: what it showed, and the position it was on. */
export interface PresetMark {
  print: string;
  position: PositionRecord;
  kind: PresetKind;
}

/** What `orders-algo` shows of a waiting preset: a change to any of these is pushed (not the position's size). */
export function presetPrintOf(position: PositionRecord, kind: PresetKind): string {
  return kind === 'tp'
    ? `${position.presetTp}|${position.presetTpType}|${position.presetTpSize}`
    : `${position.presetSl}|${position.presetSlType}|${position.presetSlSize}`;
}
