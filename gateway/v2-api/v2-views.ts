import type { FillRecord } from '../asset/order-records';
import { fillView } from '../asset/record-routes';
import type { InstrumentSpec } from '../market/instruments';
import { averagePrice, formatMoney, formatUnits } from '../money/money-units';
import type { FuturesFillRecord } from '../trading/futures-fill-store';
import type { OrderRecord } from '../trading/order-store';
import { futuresOrderView, spotOrderView } from '../trading/order-views';
import type { PosMode } from '../trading/account-store';

/**
 * The exchange's v2 private shapes of paper orders and fills (spot and USDT-M). The figures come from the session
 * API's views (`order-views.ts`), so both APIs show one order alike; where the simulator lacks a field, a value that
 * reads right is sent (`enterPointSource: "API"`, `deduction: "no"`, coupons "0").
 */

/** A fee as the exchange writes a charge: negative, "0" when none. */
const charged = (fee: string) => (/^[0.]+$/.test(fee) ? '0' : `-${fee}`);

/**
 * The spot `feeDetail`: a JSON text (the exchange sends it as a string) with the newer `newFees` block and the block of
 * the coin paid in (a buy's base coin, a sell's quote coin).
 */
function spotFeeDetail(feeCoin: string, fee: string): string {
  const total = charged(fee);
  return `{"newFees":{"c":0,"d":0,"deduction":false,"r":${total},"t":${total},"totalDeductionFee":0},"${feeCoin}":{"deduction":false,"feeCoinCode":"${feeCoin}","totalDeductionFee":0,"totalFee":${total}}}`;
}

/** How the exchange names a spot order's origin: a market order, or a normal (limit) one. */
const orderSourceOf = (order: OrderRecord) =>
  order.orderType === 'liquidation' ? 'liquidation' : order.orderType === 'market' ? 'market' : 'normal';

/** A spot order's `size`: the base size, but for a market buy the quote amount (here: what it spent), as the exchange's. */
function spotSize(order: OrderRecord, view: ReturnType<typeof spotOrderView>): string {
  return order.orderType === 'market' && order.side === 'buy' ? view.quoteVolume : view.size;
}

/** A spot order of `GET orderInfo` and `GET history-orders`. */
export function spotOrderInfo(spec: InstrumentSpec, order: OrderRecord) {
  const view = spotOrderView(spec, order);
  return {
    userId: order.userId,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    price: order.price === null ? '0' : view.price,
    size: spotSize(order, view),
    orderType: order.orderType,
    side: order.side,
    force: order.force,
    status: order.status,
    priceAvg: view.priceAvg,
    baseVolume: view.baseVolume,
    quoteVolume: view.quoteVolume,
    enterPointSource: 'API',
    feeDetail: spotFeeDetail(view.feeCoin, view.fee),
    orderSource: orderSourceOf(order),
    cancelReason: '',
    triggerPrice: view.triggerPrice === '' ? null : view.triggerPrice,
    tpslType: order.triggerPrice === null ? 'normal' : 'tpsl',
    baseCoin: spec.baseCoin,
    quoteCoin: spec.quoteCoin,
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** A spot order of `GET unfilled-orders`: there `priceAvg` is the order's price and `basePrice` the average fill price. */
export function spotUnfilledOrder(spec: InstrumentSpec, order: OrderRecord) {
  const view = spotOrderView(spec, order);
  return {
    userId: order.userId,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    priceAvg: order.price === null ? '0' : view.price,
    size: spotSize(order, view),
    orderType: order.orderType,
    side: order.side,
    force: order.force,
    status: order.status,
    basePrice: view.priceAvg,
    baseVolume: view.baseVolume,
    quoteVolume: view.quoteVolume,
    enterPointSource: 'API',
    orderSource: orderSourceOf(order),
    presetTakeProfitPrice: view.presetTakeProfitPrice,
    executeTakeProfitPrice: '',
    presetStopLossPrice: view.presetStopLossPrice,
    executeStopLossPrice: '',
    triggerPrice: view.triggerPrice === '' ? null : view.triggerPrice,
    tpslType: order.triggerPrice === null ? 'normal' : 'tpsl',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** A spot fill of `GET fills` (one ledger trade entry); `tradeId` is the entry's sequence number. */
export function spotFill(fill: FillRecord, order: OrderRecord | undefined, userId: string, tradeScope: string) {
  const { spec } = fill;
  const view = fillView(fill);
  return {
    userId,
    symbol: spec.symbol,
    orderId: fill.orderId,
    tradeId: String(fill.seq),
    orderType: order?.orderType === 'market' ? 'market' : 'limit',
    side: fill.side,
    priceAvg: view.price,
    size: view.size,
    amount: view.value,
    feeDetail: { deduction: 'no', feeCoin: view.feeCoin, totalDeductionFee: '0', totalFee: charged(view.fee) },
    tradeScope,
    cTime: String(fill.at),
    uTime: String(fill.at),
  };
}

/** How a futures order shows the position mode it was placed in: a hedge-mode order names its trade side. */
const posModeOf = (order: OrderRecord): PosMode => (order.tradeSide === null ? 'one_way_mode' : 'hedge_mode');

/** The exchange's futures `tradeSide`: open/close in hedge mode, `buy_single`/`sell_single` in one-way mode. */
const tradeSideOf = (order: OrderRecord) => order.tradeSide ?? `${order.side}_single`;

/**
 * A futures order of `GET detail` (`state`) and of the pending and history lists (`status`): the exchange writes
 * `canceled`, the fee as a charge, `priceAvg` "" until something fills, and a hedge-mode close as reduce-only.
 */
export function mixOrder(spec: InstrumentSpec, order: OrderRecord, marginCoin: string, statusKey: 'state' | 'status') {
  const view = futuresOrderView(spec, order);
  const hedge = order.tradeSide !== null;
  return {
    symbol: order.symbol,
    size: view.size,
    orderId: order.orderId,
    clientOid: order.clientOid,
    baseVolume: view.baseVolume,
    fee: charged(view.fee),
    price: order.price === null ? '0' : view.price,
    priceAvg: order.baseVolume === 0n ? '' : view.priceAvg,
    [statusKey]: order.status === 'cancelled' ? 'canceled' : order.status,
    side: order.side,
    force: order.force,
    totalProfits: view.totalProfits,
    posSide: hedge ? (order.holdSide ?? 'long') : 'net',
    marginCoin,
    presetStopSurplusPrice: view.presetStopSurplusPrice,
    presetStopLossPrice: view.presetStopLossPrice,
    quoteVolume: view.quoteVolume,
    orderType: order.orderType === 'liquidation' ? 'market' : order.orderType,
    leverage: view.leverage,
    marginMode: view.marginMode,
    reduceOnly: order.reduceOnly || order.tradeSide === 'close' ? 'YES' : 'NO',
    enterPointSource: 'API',
    tradeSide: tradeSideOf(order),
    posMode: posModeOf(order),
    orderSource: orderSourceOf(order),
    cancelReason: '',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/**
 * The figures of one kept USDT-M fill as both APIs show them (REST `fills`, the `fill` channel): its own price, size,
 * value, realized PnL and fee (a positive amount), and the order's trade side and position mode.
 */
export function futuresFillFigures(spec: InstrumentSpec, order: OrderRecord, fill: FuturesFillRecord) {
  const places = spec.quotePrecision;
  return {
    price: averagePrice(spec, fill.value, fill.size, spec.pricePlace),
    baseVolume: formatUnits(fill.size, spec.volumePlace),
    quoteVolume: formatMoney(fill.value, places),
    profit: formatMoney(fill.profit, places),
    fee: formatMoney(fill.fee, places),
    tradeSide: tradeSideOf(order),
    posMode: posModeOf(order),
  };
}

/** A futures fill of `GET fills`: one kept fill at its own price (`tradeId` the fill's id). */
export function mixFill(
  spec: InstrumentSpec,
  order: OrderRecord,
  fill: FuturesFillRecord,
  marginCoin: string,
  tradeScope: string,
) {
  const { fee, ...figures } = futuresFillFigures(spec, order, fill);
  return {
    tradeId: fill.fillId,
    symbol: order.symbol,
    orderId: order.orderId,
    price: figures.price,
    baseVolume: figures.baseVolume,
    feeDetail: [{ deduction: 'no', feeCoin: marginCoin, totalDeductionFee: '0', totalFee: charged(fee) }],
    side: order.side,
    quoteVolume: figures.quoteVolume,
    profit: figures.profit,
    enterPointSource: 'API',
    tradeSide: figures.tradeSide,
    posMode: figures.posMode,
    tradeScope,
    cTime: String(fill.at),
  };
}
