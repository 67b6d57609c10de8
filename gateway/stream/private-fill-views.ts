import type { FillRecord } from '../asset/order-records';
import { fillView } from '../asset/record-routes';
import type { InstrumentSpec } from '../market/instruments';
import type { FuturesFillRecord } from '../trading/futures-fill-store';
import type { OrderRecord } from '../trading/order-store';
import type { Liquidity } from '../trading/trade-fees';
import { futuresFillFigures } from '../v2-api/v2-views';
import { chargedFee } from './private-views';

/**
 * The rows of the exchange's v2 private `fill` channel (spot and USDT-M), with the fields ccxt's bitget
 * `parseWsTrade` reads: a futures row carries `posMode` (ccxt tells the markets apart by it), a spot row does not.
 * A spot fill is one ledger trade entry (its `tradeId` the entry's sequence number, as `GET /api/v2/spot/trade/fills`
 * names it); a futures fill is one kept USDT-M fill (its `tradeId` the fill's id, as `GET /api/v2/mix/order/fills`
 * names it).
 */

/** The exchange's `feeDetail` list of a fill: one coin, no deduction, the fee as a charge. */
const feeDetailOf = (feeCoin: string, fee: string) => [
  { feeCoin, deduction: 'no', totalDeductionFee: '0', totalFee: chargedFee(fee) },
];

/** One spot fill of the `fill` channel (instType SPOT): a ledger trade entry and the fee its order paid for it. */
export function spotFillRow(fill: FillRecord, order: OrderRecord | undefined, tradeScope: Liquidity) {
  const view = fillView(fill);
  return {
    orderId: fill.orderId,
    tradeId: String(fill.seq),
    symbol: fill.spec.symbol,
    orderType: order?.orderType === 'market' ? 'market' : 'limit',
    side: fill.side,
    priceAvg: view.price,
    size: view.size,
    amount: view.value,
    tradeScope,
    feeDetail: feeDetailOf(view.feeCoin, view.fee),
    cTime: String(fill.at),
    uTime: String(fill.at),
  };
}

/** One USDT-M fill of the `fill` channel, its fee coin named as the subscription's product names the margin coin. */
export function futuresFillRow(
  spec: InstrumentSpec,
  order: OrderRecord,
  fill: FuturesFillRecord,
  marginCoin: string,
  tradeScope: Liquidity,
) {
  const { fee, ...figures } = futuresFillFigures(spec, order, fill);
  return {
    orderId: order.orderId,
    tradeId: fill.fillId,
    symbol: order.symbol,
    side: order.side,
    orderType: order.orderType === 'liquidation' ? 'market' : order.orderType,
    posMode: figures.posMode,
    price: figures.price,
    baseVolume: figures.baseVolume,
    quoteVolume: figures.quoteVolume,
    profit: figures.profit,
    tradeSide: figures.tradeSide,
    tradeScope,
    feeDetail: feeDetailOf(marginCoin, fee),
    cTime: String(fill.at),
    uTime: String(fill.at),
  };
}
