import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { mixAccountView, mixPositionViews } from '../v2-api/mix-account-views';
import type { InstrumentSpec } from '../market/instruments';
import type { CoinBalance, PosMode } from '../trading/account-store';
import { averagePrice, formatBalance, formatMoney, formatUnits } from '../money/money-units';
import type { OrderRecord } from '../trading/order-store';
import { futuresOrderView, spotOrderView } from '../trading/order-views';
import type { PaperTrading } from '../trading/paper-trading';
import { openCloseFees, type PositionHistoryRecord } from '../trading/position-history';

/**
 * The rows of the exchange's v2 private WebSocket channels (spot `orders` and `account`, futures `orders`,
 * `positions`, `positions-history` and `account`), with the fields client libraries read (ccxt's bitget `parseWsOrder`, `handleBalance`,
 * `parseWsPosition`). Figures come from the same views as the v2 REST replies, so both show one order alike. Per-fill
 * fields (`fillPrice`, `tradeId`, `baseVolume` of one fill) are left out: the paper engine keeps an order's totals,
 * and a library reads the cumulative `accBaseVolume` when they are absent.
 */

/** A fee as the exchange writes a charge: negative, "0" when none. */
export const chargedFee = (fee: string) => (/^[0.]+$/.test(fee) ? '0' : `-${fee}`);

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
    feeDetail: [{ feeCoin: view.feeCoin, fee: chargedFee(view.fee) }],
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
    feeDetail: [{ feeCoin: marginCoin, fee: chargedFee(view.fee) }],
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
    available: formatBalance(balance.available, places),
    frozen: formatBalance(balance.frozen, places),
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

/** A stable 18-digit id of `text`, as the exchange's ids look (a hash, so it does not show what it was made from). */
function digitsOf(text: string): string {
  const digest = createHash('sha256').update(text).digest();
  return ((digest.readBigUInt64BE(0) % 900_000_000_000_000_000n) + 100_000_000_000_000_000n).toString();
}

/** A position's `posId`: the same on every push of it, on `positions` and on `positions-history` once it closed. */
function positionIdOf(userId: string, symbol: string, holdSide: string, cTime: string): string {
  return digitsOf(`${userId}\n${symbol}\n${holdSide}\n${cTime}`);
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

/**
 * One closed position of the futures `positions-history` channel. Its `posId` is the one the `positions` channel showed
 * while it was open; `posMode` is the account's mode now (the mode cannot change while a position is open).
 */
export function positionHistoryRow(
  spec: InstrumentSpec,
  userId: string,
  row: PositionHistoryRecord,
  marginCoin: string,
  posMode: PosMode,
) {
  const places = spec.quotePrecision;
  const fees = openCloseFees(row);
  return {
    posId: positionIdOf(userId, row.symbol, row.holdSide, String(row.cTime)),
    instId: row.symbol,
    marginCoin,
    marginMode: row.marginMode,
    holdSide: row.holdSide,
    posMode,
    openPriceAvg: averagePrice(spec, row.openedValue, row.openedSize, spec.pricePlace),
    closePriceAvg: averagePrice(spec, row.closedValue, row.closedSize, spec.pricePlace),
    openSize: formatUnits(row.openedSize, spec.volumePlace),
    closeSize: formatUnits(row.closedSize, spec.volumePlace),
    achievedProfits: formatMoney(row.pnl, places),
    settleFee: formatMoney(row.funding, places),
    openFee: chargedFee(formatMoney(fees.open, places)),
    closeFee: chargedFee(formatMoney(fees.close, places)),
    cTime: String(row.cTime),
    uTime: String(row.uTime),
  };
}
