import Decimal from 'decimal.js';
import { Hono, type MiddlewareHandler } from 'hono';
import { replyMarketOk } from '../http/envelope';
import { type PositionLedger, mmRateOf } from '../trading/futures-risk';
import { averagePrice, formatMoney, formatUnits, notional } from '../trading/money-units';
import { positionView } from '../trading/order-views';
import type { PaperTrading } from '../trading/paper-trading';
import { oppositeOf, unrealizedPnl } from '../trading/position-math';
import type { PositionRecord } from '../trading/position-store';
import { feeOn } from '../trading/trade-fees';
import { readLeverage } from '../trading/trade-input';
import { requirePermission } from './api-key-auth';
import { type ApiKeyEnv, apiCallerOf } from './api-key-env';
import { asV2 } from './v2-trade-errors';
import { checkMarginCoin, choiceOf, instrumentOf, productOf, queryOf, readV2Body } from './v2-trade-input';

/** The v2 private USDT-M account and position paths (the exchange's "Futures > Account" and "> Position"). */
export const MIX_ACCOUNT_PATHS = {
  accounts: '/api/v2/mix/account/accounts',
  account: '/api/v2/mix/account/account',
  setLeverage: '/api/v2/mix/account/set-leverage',
  setMarginMode: '/api/v2/mix/account/set-margin-mode',
  setPositionMode: '/api/v2/mix/account/set-position-mode',
  allPosition: '/api/v2/mix/position/all-position',
  singlePosition: '/api/v2/mix/position/single-position',
} as const;

const INST = 'USDT-FUTURES' as const;
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

/**
 * The v2 private USDT-M account and position routes over paper trading, behind the API key check `auth`, on the key
 * owner's account only: the futures account (`accounts`, `account`), leverage, margin mode and position mode changes
 * (permission `futures_trade`, through the session API's engine), and the open positions (`all-position`,
 * `single-position`) in the exchange's shape, their figures from the session API's position view.
 */
export function mixAccountRoutes(trading: PaperTrading, auth: MiddlewareHandler<ApiKeyEnv>): Hono<ApiKeyEnv> {
  const routes = new Hono<ApiKeyEnv>();
  const { ctx, futures } = trading;
  const write = <T>(action: () => T): T => ctx.db.transaction(action)();
  const userOf = (c: Parameters<typeof apiCallerOf>[0]) => {
    const { userId } = apiCallerOf(c);
    write(() => ctx.ensureAccount(userId));
    return userId;
  };

  /** The futures account in the exchange's shape (the `accounts` row; `account` adds the symbol's settings). */
  const accountView = (userId: string, marginCoin: string) => {
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
  };

  /** One open position in the exchange's shape (`all-position`, `single-position`). */
  const positionOf = (position: PositionRecord, ledger: PositionLedger, hedge: boolean, marginCoin: string) => {
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
  };

  const positionsOf = (userId: string, marginCoin: string, symbol?: string) => {
    const ledger = futures.ledgerOf(userId);
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    return ledger.positions
      .filter((p) => symbol === undefined || p.symbol === symbol)
      .map((p) => positionOf(p, ledger, hedge, marginCoin));
  };

  const settingsReply = (userId: string, symbol: string, marginCoin: string) => {
    const settings = futures.settingsOf(userId, symbol);
    const leverage = String(settings.leverage);
    return { symbol, marginCoin, longLeverage: leverage, shortLeverage: leverage, marginMode: settings.marginMode };
  };

  const read = [auth, requirePermission('read')] as const;
  const trade = [auth, requirePermission('futures_trade')] as const;

  routes.get(MIX_ACCOUNT_PATHS.accounts, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'), true);
    return replyMarketOk(c, product ? [accountView(userId, product.marginCoin)] : []);
  });

  routes.get(MIX_ACCOUNT_PATHS.account, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'));
    checkMarginCoin(queryOf(c, 'marginCoin'));
    const spec = instrumentOf(ctx.simulator, INST, queryOf(c, 'symbol'));
    const settings = futures.settingsOf(userId, spec.symbol);
    return replyMarketOk(c, {
      ...accountView(userId, product.marginCoin),
      crossedMarginLeverage: settings.leverage,
      isolatedLongLever: settings.leverage,
      isolatedShortLever: settings.leverage,
      marginMode: settings.marginMode,
      posMode: ctx.accounts.posMode(userId),
    });
  });

  routes.post(MIX_ACCOUNT_PATHS.setLeverage, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const product = productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    if (body.holdSide !== undefined) choiceOf(body.holdSide, 'holdSide', ['long', 'short'] as const, 'long');
    // The paper accounts keep one leverage per symbol: a holdSide sets both sides.
    const leverage = asV2('mix', () => readLeverage(body));
    write(() => asV2('mix', () => futures.setLeverage(userId, spec.symbol, leverage)));
    const reply = settingsReply(userId, spec.symbol, product.marginCoin);
    return replyMarketOk(c, { ...reply, crossMarginLeverage: reply.longLeverage });
  });

  routes.post(MIX_ACCOUNT_PATHS.setMarginMode, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    const product = productOf(body.productType);
    checkMarginCoin(body.marginCoin);
    const spec = instrumentOf(ctx.simulator, INST, body.symbol);
    const mode = choiceOf(body.marginMode, 'marginMode', ['isolated', 'crossed', 'cross'] as const);
    write(() => asV2('mix', () => futures.setMarginMode(userId, spec.symbol, mode === 'cross' ? 'crossed' : mode)));
    return replyMarketOk(c, settingsReply(userId, spec.symbol, product.marginCoin));
  });

  routes.post(MIX_ACCOUNT_PATHS.setPositionMode, ...trade, async (c) => {
    const userId = userOf(c);
    const body = await readV2Body(c);
    productOf(body.productType);
    const posMode = choiceOf(body.posMode, 'posMode', ['one_way_mode', 'hedge_mode'] as const);
    return replyMarketOk(c, { posMode: write(() => asV2('mix', () => futures.setPosMode(userId, posMode))) });
  });

  routes.get(MIX_ACCOUNT_PATHS.allPosition, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'), true);
    if (!product) return replyMarketOk(c, []);
    checkMarginCoin(queryOf(c, 'marginCoin'));
    return replyMarketOk(c, positionsOf(userId, product.marginCoin));
  });

  routes.get(MIX_ACCOUNT_PATHS.singlePosition, ...read, (c) => {
    const userId = userOf(c);
    const product = productOf(queryOf(c, 'productType'));
    checkMarginCoin(queryOf(c, 'marginCoin'));
    const spec = instrumentOf(ctx.simulator, INST, queryOf(c, 'symbol'));
    return replyMarketOk(c, positionsOf(userId, product.marginCoin, spec.symbol));
  });

  return routes;
}
