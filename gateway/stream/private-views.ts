import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { mixAccountView, mixPositionViews } from '../v2-api/mix-account-views';
import type { InstrumentSpec } from '../market/instruments';
import type { CoinBalance } from '../trading/account-store';
import { formatMoney } from '../money/money-units';
import type { OrderRecord } from '../trading/order-store';
import { futuresOrderView, spotOrderView } from '../trading/order-views';
import type { PaperTrading } from '../trading/paper-trading';

/**
 * The rows of the exchange's v2 private WebSocket channels (spot `orders` and `account`, futures `orders`,
 * `positions` and `account`), with the fields client libraries read (ccxt's bitget `parseWsOrder`, `handleBalance`,
 * `parseWsPosition`). Figures come from the same views as the v2 REST replies, so both show one order alike. Per-fill
 * fields (`fillPrice`, `tradeId`, `baseVolume` of one fill) are left out: the paper engine keeps an order's totals,
 * and a library reads the cumulative `accBaseVolume` when they are absent.
 */

/** A fee as the exchange writes a charge: negative, "0" when none. */
const charged = (fee: string) => (/^[0.]+$/.test(fee) ? '0' : `-${fee}`);

/** One spot order of the `orders` channel (instType SPOT). */
export function spotOrderRow(spec: InstrumentSpec, order: OrderRecord) {
  const view = spotOrderView(spec, order);
  const isMarketBuy = order.orderType === 'market' && order.side === 'buy';
  // The exchange's `newSize` is what was ordered: the base size, but the quote amount of a market buy.
  const newSize = isMarketBuy ? view.quoteVolume : view.size;
  const limit = order.price === null ? undefined : view.price;
  return {
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    ...(limit === undefined ? {} : { price: limit }),
    size: newSize,
    newSize,
    notional: isMarketBuy || limit === undefined ? view.quoteVolume : new Decimal(limit).times(view.size).toFixed(),
    orderType: order.orderType,
    force: order.force,
    side: order.side,
    accBaseVolume: view.baseVolume,
    priceAvg: view.priceAvg,
    status: order.status,
    feeDetail: [{ feeCoin: spec.quoteCoin, fee: charged(view.fee) }],
    enterPointSource: 'API',
    stpMode: 'none',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** One USDT-M order of the `orders` channel, its margin coin named as the subscription's product does. */
export function futuresOrderRow(spec: InstrumentSpec, order: OrderRecord, marginCoin: string) {
  const view = futuresOrderView(spec, order);
  const hedge = order.tradeSide !== null;
  return {
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    price: order.price === null ? '0' : view.price,
    size: view.size,
    accBaseVolume: view.baseVolume,
    priceAvg: order.baseVolume === 0n ? '0' : view.priceAvg,
    notionalUsd: view.quoteVolume,
    orderType: order.orderType === 'liquidation' ? 'market' : order.orderType,
    force: order.force,
    side: order.side,
    posSide: hedge ? (order.holdSide ?? 'long') : 'net',
    posMode: hedge ? 'hedge_mode' : 'one_way_mode',
    tradeSide: order.tradeSide ?? `${order.side}_single`,
    reduceOnly: order.reduceOnly || order.tradeSide === 'close' ? 'yes' : 'no',
    marginMode: view.marginMode,
    marginCoin,
    leverage: view.leverage,
    status: order.status === 'cancelled' ? 'canceled' : order.status,
    feeDetail: [{ feeCoin: marginCoin, fee: charged(view.fee) }],
    pnl: view.totalProfits,
    totalProfits: view.totalProfits,
    presetStopSurplusPrice: view.presetStopSurplusPrice,
    presetStopLossPrice: view.presetStopLossPrice,
    enterPointSource: 'API',
    stpMode: 'none',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** One coin of the spot `account` channel (the REST assets row). */
export function spotAccountRow(balance: CoinBalance, places: number | undefined, now: number) {
  return {
    coin: balance.coin,
    available: formatMoney(balance.available, places),
    frozen: formatMoney(balance.frozen, places),
    locked: '0',
    limitAvailable: '0',
    uTime: String(now),
  };
}

/** The futures `account` channel's row: the REST account's figures under the channel's field names. */
export function futuresAccountRow(trading: PaperTrading, userId: string, marginCoin: string) {
  const account = mixAccountView(trading, userId, marginCoin);
  return {
    marginCoin,
    frozen: account.locked,
    available: account.available,
    maxOpenPosAvailable: account.crossedMaxAvailable,
    maxTransferOut: account.maxTransferOut,
    equity: account.accountEquity,
    usdtEquity: account.usdtEquity,
    crossedRiskRate: account.crossedRiskRate,
    unrealizedPL: account.unrealizedPL,
  };
}

/** A stable 18-digit position id, so one position keeps its `posId` across pushes without showing whose it is. */
function positionIdOf(userId: string, symbol: string, holdSide: string, cTime: string): string {
  const digest = createHash('sha256').update(`${userId}\n${symbol}\n${holdSide}\n${cTime}`).digest();
  return ((digest.readBigUInt64BE(0) % 900_000_000_000_000_000n) + 100_000_000_000_000_000n).toString();
}

/** The futures `positions` channel's rows: every open position (of one symbol when given). */
export function positionRows(trading: PaperTrading, userId: string, marginCoin: string, symbol?: string) {
  return mixPositionViews(trading, userId, marginCoin, symbol).map((p) => {
    const margin = new Decimal(p.marginSize);
    return {
      posId: positionIdOf(userId, p.symbol, p.holdSide, p.cTime),
      instId: p.symbol,
      marginCoin,
      marginSize: p.marginSize,
      marginMode: p.marginMode,
      holdSide: p.holdSide,
      posMode: p.posMode,
      total: p.total,
      available: p.available,
      frozen: p.locked,
      openPriceAvg: p.openPriceAvg,
      leverage: Number(p.leverage),
      achievedProfits: p.achievedProfits,
      unrealizedPL: p.unrealizedPL,
      unrealizedPLR: margin.isZero() ? '0' : new Decimal(p.unrealizedPL).div(margin).toDecimalPlaces(12).toFixed(),
      liquidationPrice: p.liquidationPrice,
      keepMarginRate: p.keepMarginRate,
      marginRate: p.marginRatio,
      markPrice: p.markPrice,
      breakEvenPrice: p.breakEvenPrice,
      totalFee: p.totalFee,
      deductedFee: p.deductedFee,
      assetMode: p.assetMode,
      autoMargin: p.autoMargin,
      cTime: p.cTime,
      uTime: p.uTime,
    };
  });
}
