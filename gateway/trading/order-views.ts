import type { InstrumentSpec } from '../market/instruments';
import type { PositionLedger } from './futures-risk';
import { delegateValueOf, liquidationOf, mmRateOf } from './futures-risk';
import { averagePrice, formatMoney, formatUnits, MONEY_PLACES } from '../money/money-units';
import type { OrderRecord } from './order-store';
import { unrealizedPnl } from './position-math';
import type { PositionRecord } from './position-store';

const priceText = (spec: InstrumentSpec, units: bigint | null) =>
  units === null ? '' : formatUnits(units, spec.pricePlace);

/** The fields every order shows, spot or futures. */
function orderView(spec: InstrumentSpec, order: OrderRecord) {
  return {
    orderId: order.orderId,
    clientOid: order.clientOid,
    symbol: order.symbol,
    side: order.side,
    orderType: order.orderType,
    force: order.force,
    price: priceText(spec, order.price),
    size: formatUnits(order.size, spec.volumePlace),
    triggerPrice: priceText(spec, order.triggerPrice),
    planStatus: order.planStatus,
    status: order.status,
    baseVolume: formatUnits(order.baseVolume, spec.volumePlace),
    quoteVolume: formatMoney(order.quoteVolume, spec.quotePrecision),
    priceAvg: order.baseVolume === 0n ? '0' : averagePrice(spec, order.quoteVolume, order.baseVolume, spec.pricePlace),
    // A spot buy pays in the base coin it receives (to the money places), every other order in the quote coin.
    fee: formatMoney(order.fee, order.feeInBase ? MONEY_PLACES : spec.quotePrecision),
    feeCoin: order.feeInBase ? spec.baseCoin : spec.quoteCoin,
    cTime: String(order.cTime),
    uTime: String(order.uTime),
  };
}

/**
 * A spot order in the contract's shape: the order fields, its TP/SL presets, and for a closing order its presets placed
 * the order it closes for (`parentOrderId`) and which preset it carries out (`tpslKind`); "" where none.
 */
export function spotOrderView(spec: InstrumentSpec, order: OrderRecord) {
  return {
    ...orderView(spec, order),
    presetTakeProfitPrice: priceText(spec, order.presetTp),
    presetStopLossPrice: priceText(spec, order.presetSl),
    parentOrderId: order.parentOrderId ?? '',
    tpslKind: order.tpslKind ?? '',
  };
}

/** A futures order: the order fields plus margin mode, trade side, reduce-only, leverage, presets and realized PnL. */
export function futuresOrderView(spec: InstrumentSpec, order: OrderRecord) {
  return {
    ...orderView(spec, order),
    marginMode: order.marginMode ?? 'crossed',
    tradeSide: order.tradeSide ?? '',
    reduceOnly: order.reduceOnly ? 'YES' : 'NO',
    leverage: String(order.leverage ?? ''),
    presetStopSurplusPrice: priceText(spec, order.presetTp),
    presetStopLossPrice: priceText(spec, order.presetSl),
    totalProfits: formatMoney(order.totalProfits, spec.quotePrecision),
  };
}

/** The reply of a cancel-all: each cancelled order's ids (a cancel-all of open orders has no failures to list). */
export function cancelledList(orders: readonly OrderRecord[]) {
  return {
    successList: orders.map((order) => ({ orderId: order.orderId, clientOid: order.clientOid })),
    failureList: [] as never[],
  };
}

/** A position in the spec's live-position shape (maths contract), with the gateway's own liquidation price. */
export function positionView(position: PositionRecord, ledger: PositionLedger, hedge: boolean) {
  const spec = ledger.specOf(position.symbol);
  const mark = ledger.markOf(position.symbol);
  const liquidation = liquidationOf(position, ledger, hedge);
  return {
    symbol: position.symbol,
    baseCoin: spec.baseCoin,
    marginCoin: 'USDT',
    holdSide: position.holdSide,
    position: position.holdSide === 'long' ? 1 : 2,
    marginMode: position.marginMode === 'isolated' ? 1 : 2,
    positionMode: hedge ? 2 : 1,
    positionsCount: formatUnits(position.size, spec.volumePlace),
    positionsOpenAvgPrice: averagePrice(spec, position.openValue, position.size, spec.pricePlace + 4),
    positionsOpenMarginCount: formatMoney(position.margin, spec.quotePrecision),
    positionsLevel: String(position.leverage),
    achievedProfits: formatMoney(position.achievedProfits, spec.quotePrecision),
    unrealizedPL: formatMoney(unrealizedPnl(spec, position, mark), spec.quotePrecision),
    markPrice: formatUnits(mark, spec.pricePlace),
    businessLine: 10,
    pricePlace: spec.pricePlace,
    volumePlace: spec.volumePlace,
    mm: mmRateOf(spec, position, ledger),
    feeRate: spec.takerFeeRate,
    liquidationPrice: liquidation?.display ?? '',
    totalDelegateValue: formatMoney(delegateValueOf(position, ledger, hedge), spec.quotePrecision),
    presetStopSurplusPrice: priceText(spec, position.presetTp),
    presetStopLossPrice: priceText(spec, position.presetSl),
    // The price each preset watches, and the size it closes ("" for the whole position).
    presetStopSurplusTriggerType: position.presetTpType,
    presetStopLossTriggerType: position.presetSlType,
    presetStopSurplusSize: position.presetTpSize === null ? '' : formatUnits(position.presetTpSize, spec.volumePlace),
    presetStopLossSize: position.presetSlSize === null ? '' : formatUnits(position.presetSlSize, spec.volumePlace),
    cTime: String(position.cTime),
    uTime: String(position.uTime),
  };
}
