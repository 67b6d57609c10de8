import Decimal from 'decimal.js';
import { type PositionLedger, mmRateOf } from '../trading/futures-risk';
import { averagePrice, formatMoney, formatUnits, notional } from '../money/money-units';
import { positionView } from '../trading/order-views';
import type { PaperTrading } from '../trading/paper-trading';
import { oppositeOf, unrealizedPnl } from '../trading/position-math';
import type { PositionRecord } from '../trading/position-store';
import { feeOn } from '../trading/trade-fees';

/**
 * The exchange's v2 USDT-M account and position shapes over paper trading, for every reader of them: the REST routes
 * (`mix-account-routes.ts`) and the private WebSocket's `account` and `positions` channels.
 */

const BTC_PAIR = 'BTCUSDT';

/** A money amount's share of another as a decimal text ("0" when the base is not positive). */
function ratioOf(part: Decimal, base: bigint): string {
  return base > 0n ? part.div(formatMoney(base)).toDecimalPlaces(16).toFixed() : '0';
}

/** The maintenance margin of a position at the mark (its tier's rate × value), in USDT. */
function maintenanceOf(position: PositionRecord, ledger: PositionLedger): Decimal {
  const spec = ledger.specOf(position.symbol);
  const value = formatMoney(notional(spec, ledger.markOf(position.symbol), position.size));
  return new Decimal(mmRateOf(spec, position, ledger)).times(value);
}

/** The user's futures account in the exchange's shape (the `GET /api/v2/mix/account/accounts` row). */
export function mixAccountView(trading: PaperTrading, userId: string, marginCoin: string) {
  const { ctx, futures } = trading;
  const figures = futures.accountOf(userId);
  const ledger = futures.ledgerOf(userId);
  const upnl = (cross: boolean) =>
    ledger.positions
      .filter((p) => (p.marginMode === 'crossed') === cross)
      .reduce((sum, p) => sum + unrealizedPnl(ledger.specOf(p.symbol), p, ledger.markOf(p.symbol)), 0n);
  const margin = (cross: boolean) =>
    ledger.positions.filter((p) => (p.marginMode === 'crossed') === cross).reduce((sum, p) => sum + p.margin, 0n);
  const equity = figures.wallet + figures.unrealized;
  const crossEquity = figures.wallet - margin(false) + upnl(true);
  const crossMaintenance = ledger.positions
    .filter((p) => p.marginMode === 'crossed')
    .reduce((sum, p) => sum.plus(maintenanceOf(p, ledger)), new Decimal(0));
  const btc = ctx.simulator.getTicker('SPOT', BTC_PAIR)?.lastPr;
  const losses = figures.unrealized < 0n ? figures.unrealized : 0n;
  const transferable = figures.available + losses > 0n ? figures.available + losses : 0n;
  return {
    marginCoin,
    locked: formatMoney(figures.locked),
    available: formatMoney(figures.available),
    crossedMaxAvailable: formatMoney(figures.available),
    isolatedMaxAvailable: formatMoney(figures.available),
    maxTransferOut: formatMoney(transferable),
    accountEquity: formatMoney(equity),
    usdtEquity: formatMoney(equity),
    btcEquity: btc && Number(btc) > 0 ? new Decimal(formatMoney(equity)).div(btc).toDecimalPlaces(12).toFixed() : '0',
    crossedRiskRate: ratioOf(crossMaintenance, crossEquity),
    unrealizedPL: formatMoney(figures.unrealized),
    coupon: '0',
    crossedUnrealizedPL: formatMoney(upnl(true)),
    isolatedUnrealizedPL: formatMoney(upnl(false)),
    crossedMargin: formatMoney(margin(true)),
    isolatedMargin: formatMoney(margin(false)),
    grant: '0',
    assetMode: 'single',
  };
}

/** One open position in the exchange's shape (the `all-position` and `single-position` rows). */
function positionOf(position: PositionRecord, ledger: PositionLedger, hedge: boolean, marginCoin: string) {
  const view = positionView(position, ledger, hedge);
  const spec = ledger.specOf(position.symbol);
  const unfilled = (test: (o: (typeof ledger.openOrders)[number]) => boolean) =>
    ledger.openOrders
      .filter((o) => o.symbol === position.symbol && test(o))
      .reduce((sum, o) => sum + o.size - o.baseVolume, 0n);
  // A hedge-mode order names the position it opens or closes; a one-way order the side it would open.
  const opening = unfilled((o) =>
    hedge
      ? o.tradeSide === 'open' && o.holdSide === position.holdSide
      : !o.reduceOnly && o.holdSide === position.holdSide,
  );
  const closing = unfilled((o) =>
    hedge
      ? o.tradeSide === 'close' && o.holdSide === position.holdSide
      : o.reduceOnly && o.holdSide === oppositeOf(position.holdSide),
  );
  const locked = closing < position.size ? closing : position.size;
  const upnl = unrealizedPnl(spec, position, ledger.markOf(position.symbol));
  const cross = position.marginMode === 'crossed';
  const isolatedMargins = ledger.positions
    .filter((p) => p.marginMode === 'isolated')
    .reduce((s, p) => s + p.margin, 0n);
  const crossUpnl = ledger.positions
    .filter((p) => p.marginMode === 'crossed')
    .reduce((s, p) => s + unrealizedPnl(ledger.specOf(p.symbol), p, ledger.markOf(p.symbol)), 0n);
  const base = cross ? ledger.wallet - isolatedMargins + crossUpnl : position.margin + upnl;
  // Break-even: the entry moved by the fees paid so far and a taker fee to close, per unit of size.
  const fees = position.fees + feeOn(spec, position.openValue, 'taker');
  const breakEven = position.holdSide === 'long' ? position.openValue + fees : position.openValue - fees;
  return {
    marginCoin,
    symbol: position.symbol,
    holdSide: position.holdSide,
    openDelegateSize: formatUnits(opening, spec.volumePlace),
    marginSize: view.positionsOpenMarginCount,
    available: formatUnits(position.size - locked, spec.volumePlace),
    locked: formatUnits(locked, spec.volumePlace),
    total: view.positionsCount,
    leverage: view.positionsLevel,
    achievedProfits: view.achievedProfits,
    openPriceAvg: view.positionsOpenAvgPrice,
    marginMode: position.marginMode,
    posMode: hedge ? 'hedge_mode' : 'one_way_mode',
    unrealizedPL: view.unrealizedPL,
    liquidationPrice: view.liquidationPrice === '' ? '0' : view.liquidationPrice,
    keepMarginRate: view.mm,
    markPrice: view.markPrice,
    marginRatio: ratioOf(maintenanceOf(position, ledger), base),
    breakEvenPrice: averagePrice(spec, breakEven > 0n ? breakEven : 0n, position.size, spec.pricePlace),
    totalFee: position.fees === 0n ? '0' : `-${formatMoney(position.fees, spec.quotePrecision)}`,
    deductedFee: '0',
    grant: '',
    assetMode: 'single',
    autoMargin: 'off',
    takeProfit: view.presetStopSurplusPrice,
    stopLoss: view.presetStopLossPrice,
    takeProfitId: '',
    stopLossId: '',
    cTime: view.cTime,
    uTime: view.uTime,
  };
}

/** One row of {@link mixPositionViews}. */
export type MixPositionView = ReturnType<typeof positionOf>;

/** The user's open positions in the exchange's shape, of one symbol when given. */
export function mixPositionViews(
  trading: PaperTrading,
  userId: string,
  marginCoin: string,
  symbol?: string,
): MixPositionView[] {
  const { ctx, futures } = trading;
  const ledger = futures.ledgerOf(userId);
  const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
  return ledger.positions
    .filter((p) => symbol === undefined || p.symbol === symbol)
    .map((p) => positionOf(p, ledger, hedge, marginCoin));
}
