import { checkPriceBands } from './price-band';
import { invalidField } from '../http/gateway-error';
import { matchTaker, type OrderSide } from '../market/matching';
import type { MarginModeName, PosMode, SymbolSettings } from './account-store';
import { FuturesFills } from './futures-fills';
import type { PositionLedger } from './futures-risk';
import { maxLeverageFor } from '../market/margin-tiers';
import { notional, unitsOf } from '../money/money-units';
import {
  type HoldSide,
  insertCancelledAtOnce,
  isOpen,
  newOrderRecord,
  type OrderRecord,
  type TimeInForce,
  type FuturesPlanType,
  type TriggerPriceType,
} from './order-store';
import { directionOf, marginFor, oppositeOf, unrealizedPnl } from './position-math';
import { userFeeOn } from './trade-fees';
import {
  belowMinimum,
  insufficientBalance,
  leverageAboveTier,
  leverageOutOfRange,
  modeLocked,
  noLiquidity,
  orderNotFound,
  postOnlyWouldTake,
  reduceOnlyRefused,
} from './trade-errors';
import type { TradingContext } from './trading-context';
import { MAX_CALLBACK_BPS } from './trailing-stop';

/** A checked futures order request in instrument units (paper-trading contract, "Futures"). */
export interface FuturesOrderInput {
  symbol: string;
  marginMode: MarginModeName;
  side: OrderSide;
  tradeSide: 'open' | 'close' | null;
  orderType: 'limit' | 'market';
  force: TimeInForce;
  price: bigint | null;
  size: bigint;
  reduceOnly: boolean;
  triggerPrice: bigint | null;
  /** The price a trigger order watches: the mark, or (the default) the last traded price. */
  triggerType?: TriggerPriceType;
  /**
   * A trailing order (the exchange's `track_plan`, a market trigger order only): its callback in hundredths of a
   * percent, 1 to 1,000; the trigger price is where it starts trailing.
   */
  callbackBps?: number;
  /** What the exchange's plan routes placed a trigger order as (kept for their lists; the engine does not read it). */
  planType?: FuturesPlanType;
  presetTp: bigint | null;
  presetSl: bigint | null;
  clientOid: string;
}

/**
 * The trigger fields a trigger order keeps: the price it watches (when not the last price), a trailing callback, and
 * what it was placed as.
 */
function triggerFieldsOf(input: FuturesOrderInput): Pick<OrderRecord, 'triggerType' | 'callbackBps' | 'planType'> {
  return {
    ...(input.triggerType === undefined ? {} : { triggerType: input.triggerType }),
    ...(input.callbackBps === undefined ? {} : { callbackBps: input.callbackBps }),
    ...(input.planType === undefined ? {} : { planType: input.planType }),
  };
}

/** Leverages and margin mode of a symbol nobody has set yet. */
export const DEFAULT_SETTINGS: SymbolSettings = {
  crossLeverage: 10,
  longLeverage: 10,
  shortLeverage: 10,
  marginMode: 'crossed',
};

/** The leverage a position of `holdSide` runs at under `settings`: the cross one when crossed, else the side's own. */
export function leverageOf(settings: SymbolSettings, holdSide: HoldSide): number {
  if (settings.marginMode === 'crossed') return settings.crossLeverage;
  return holdSide === 'long' ? settings.longLeverage : settings.shortLeverage;
}

const INST = 'USDT-FUTURES' as const;

/** The futures account summary of the contract's `GET /v1/trade/mix/account`, in money units. */
export interface FuturesAccountFigures {
  wallet: bigint;
  available: bigint;
  locked: bigint;
  unrealized: bigint;
  posMode: PosMode;
}

/** USDT-M paper trading: orders, positions, modes and leverage, filled against the simulated order book. */
export class FuturesTrading {
  /** How futures orders fill and positions close; the market watch fills through it too. */
  readonly fills: FuturesFills;

  constructor(private readonly ctx: TradingContext) {
    this.fills = new FuturesFills(ctx);
  }

  /** The user's leverage and margin mode of a symbol. */
  settingsOf(userId: string, symbol: string): SymbolSettings {
    return this.ctx.accounts.settings(userId, symbol, DEFAULT_SETTINGS);
  }

  /** The position ledger of a user: what the risk maths reads about their futures positions. */
  ledgerOf(userId: string): PositionLedger {
    const { ctx } = this;
    return {
      wallet: ctx.accounts.wallet(userId),
      positions: ctx.positions.ofUser(userId),
      openOrders: ctx.orders.openOf(userId, 'futures'),
      specOf: (symbol) => ctx.spec(INST, symbol),
      markOf: (symbol) => this.fills.markOf(ctx.spec(INST, symbol)),
    };
  }

  /** Wallet, available (wallet − margin in use − margin held by orders), locked and unrealized PnL. */
  accountOf(userId: string): FuturesAccountFigures {
    const ledger = this.ledgerOf(userId);
    const used = ledger.positions.reduce((sum, p) => sum + p.margin, 0n);
    const locked = ledger.openOrders.reduce((sum, o) => sum + o.frozen, 0n);
    const unrealized = ledger.positions.reduce(
      (sum, p) => sum + unrealizedPnl(ledger.specOf(p.symbol), p, ledger.markOf(p.symbol)),
      0n,
    );
    return {
      wallet: ledger.wallet,
      available: ledger.wallet - used - locked,
      locked,
      unrealized,
      posMode: this.ctx.accounts.posMode(userId),
    };
  }

  /** Places an order (in the caller's transaction); returns it. */
  place(userId: string, input: FuturesOrderInput): OrderRecord {
    const { ctx } = this;
    const { spec, order, preview } = this.prepare(userId, input);
    if (input.triggerPrice !== null) {
      ctx.orders.insert(order);
      // An opening order counts in a cross position's liquidation price (maths contract, totalDelegateValue).
      ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
      return order;
    }
    if (preview.rejected) throw postOnlyWouldTake();
    if (input.orderType === 'market' && preview.filled === 0n) throw noLiquidity();
    // Fill or kill: the same preview the engine takes liquidity by says whether the order fills whole at once.
    if (input.force === 'fok' && preview.filled < input.size) return insertCancelledAtOnce(ctx, order);
    ctx.orders.insert(order);
    this.fills.execute(spec, order);
    ctx.orders.update(order);
    ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return order;
  }

  /**
   * Changes an untriggered trigger order of the user (in the caller's transaction) to `next`, checked and held as a new
   * order would be; it keeps its id, clientOid and creation time, and a trailing one starts trailing afresh. 43006 for
   * any other order (another user's, a triggered or finished one, another symbol's); a refusal changes nothing once
   * the caller's transaction rolls back.
   */
  modifyTrigger(userId: string, orderId: string, next: FuturesOrderInput): OrderRecord {
    const { ctx } = this;
    const old = ctx.orders.find(userId, 'futures', orderId);
    if (!old || !isOpen(old) || old.planStatus !== 'untriggered' || old.symbol !== next.symbol) throw orderNotFound();
    if (next.triggerPrice === null) throw invalidField('triggerPrice', 'is required');
    // The order stops holding margin while its new form is checked, so it is not counted against itself.
    old.status = 'cancelled';
    old.frozen = 0n;
    ctx.orders.update(old);
    const { order } = this.prepare(userId, { ...next, clientOid: old.clientOid });
    order.orderId = old.orderId;
    order.cTime = old.cTime;
    ctx.orders.update(order);
    ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return order;
  }

  /**
   * Checks an order as placing it would (mode, size, price band, position to close, value, presets, margin tier,
   * available margin) and builds its record holding its margin; a trigger order also gets the direction it fires in.
   */
  private prepare(userId: string, input: FuturesOrderInput) {
    const { ctx } = this;
    const spec = ctx.spec(INST, input.symbol);
    const now = ctx.now();
    const last = unitsOf(ctx.simulator.getTicker(INST, spec.symbol)?.lastPr ?? '0', spec.pricePlace);
    const hedge = ctx.accounts.posMode(userId) === 'hedge_mode';
    if (hedge && input.tradeSide === null) throw invalidField('tradeSide', 'must be open or close in hedge mode');
    const settings = this.adoptMarginMode(userId, spec.symbol, input.marginMode);
    if (input.size < unitsOf(spec.minTradeNum, spec.volumePlace))
      throw belowMinimum(`size is below the minimum ${spec.minTradeNum} ${spec.baseCoin}`);
    const holdSide: HoldSide = input.side === 'buy' ? 'long' : 'short';
    const isClose = hedge ? input.tradeSide === 'close' : input.reduceOnly;
    const execSide: OrderSide = hedge && isClose ? (input.side === 'buy' ? 'sell' : 'buy') : input.side;
    checkPriceBands(spec, execSide, input, last);
    const closable = this.closableSize(userId, spec.symbol, hedge ? (isClose ? holdSide : null) : oppositeOf(holdSide));
    if (isClose && (closable === 0n || input.size > closable)) {
      throw reduceOnlyRefused(closable === 0n ? 'No position to close' : 'Close size exceeds the position');
    }
    const opening = isClose ? 0n : hedge ? input.size : input.size - (input.size < closable ? input.size : closable);
    const levels = ctx.simulator.takerLevels(INST, spec.symbol, execSide) ?? [];
    const preview = matchTaker(
      { side: execSide, limit: input.price, size: input.size, postOnly: input.force === 'post_only' },
      levels,
    );
    const refPrice = input.price ?? preview.fills[preview.fills.length - 1]?.price ?? this.fills.markOf(spec);
    if (!isClose && notional(spec, refPrice, input.size) < unitsOf(spec.minTradeUSDT, 8)) {
      throw belowMinimum(`value is below the minimum ${spec.minTradeUSDT} USDT`);
    }
    this.checkTrailing(input);
    // A stop-market order's presets protect the position it opens at its trigger, not at today's price.
    this.checkPresets(input, holdSide, input.price ?? input.triggerPrice ?? refPrice, isClose);
    // What opens is always of the order's own side (buy opens long, sell short), in hedge and one-way mode alike.
    const leverage = leverageOf(settings, holdSide);
    if (opening > 0n) {
      // The position this order could grow to must stay within its margin tier's leverage.
      const cap = maxLeverageFor(
        spec.symbol,
        this.tierSize(userId, spec.symbol, settings.marginMode, holdSide) + opening,
        spec.volumePlace,
      );
      if (leverage > cap) throw leverageAboveTier(leverage, cap);
    }
    const held = marginFor(spec, notional(spec, refPrice, opening), leverage);
    const fee = userFeeOn(ctx, userId, spec, notional(spec, refPrice, input.size), 'taker');
    if (this.accountOf(userId).available < held + fee) throw insufficientBalance('Insufficient available margin');
    const order = newOrderRecord(
      { orderId: ctx.newOrderId(), userId, market: 'futures', symbol: spec.symbol, now, request: input },
      {
        frozen: held,
        marginMode: settings.marginMode,
        tradeSide: hedge ? (isClose ? 'close' : 'open') : null,
        holdSide,
        reduceOnly: !hedge && input.reduceOnly,
        leverage,
        presetTp: input.presetTp,
        presetSl: input.presetSl,
        ...(input.triggerPrice === null ? {} : triggerFieldsOf(input)),
      },
    );
    if (input.triggerPrice !== null) {
      // A trigger fires in the direction the price it watches has to move to reach it.
      const watched = input.triggerType === 'mark_price' ? this.fills.markOf(spec) : last;
      order.triggerUp = input.triggerPrice >= watched;
    }
    return { spec, order, preview };
  }

  /** Cancels an open futures order of the user, releasing its held margin; 43006 for any other id. */
  cancel(userId: string, symbol: string, orderId: string): OrderRecord {
    const order = this.ctx.orders.find(userId, 'futures', orderId);
    if (!order || order.symbol !== symbol || !isOpen(order)) throw orderNotFound();
    order.status = 'cancelled';
    order.frozen = 0n;
    order.uTime = this.ctx.now();
    this.ctx.orders.update(order);
    this.ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return order;
  }

  /** Cancels every open futures order of the user on one contract, each as {@link cancel} does; the cancelled orders. */
  cancelAll(userId: string, symbol: string): OrderRecord[] {
    return this.ctx.orders.openOf(userId, 'futures', symbol).map((order) => this.cancel(userId, symbol, order.orderId));
  }

  /** Closes the user's position(s) of a symbol at market; 43007 when there is nothing to close. */
  closePositions(userId: string, symbol: string, holdSide: HoldSide | null): OrderRecord[] {
    const spec = this.ctx.spec(INST, symbol);
    const positions = this.ctx.positions
      .ofUser(userId, spec.symbol)
      .filter((p) => holdSide === null || p.holdSide === holdSide);
    if (positions.length === 0) throw reduceOnlyRefused('No position to close');
    const orders = positions.map((position) => {
      const order = this.fills.closeAtMarket(spec, position, 'market');
      if (!order) throw noLiquidity();
      return order;
    });
    this.ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return orders;
  }

  /**
   * Changes a symbol's leverage (1 … maxLever), as the exchange's `set-leverage` does: with `holdSide` in isolated
   * margin only that side's leverage and position change; without one (one-way mode only when isolated: hedge mode
   * needs the side, 40002) the symbol's one leverage changes, cross and both isolated sides, so a later switch of margin
   * mode starts from it. Cross margin has one leverage, so a side named there is ignored. The positions changed take
   * the new margin ratio; 43004 when the available margin cannot cover what that adds.
   */
  setLeverage(userId: string, symbol: string, leverage: number, holdSide: HoldSide | null = null): SymbolSettings {
    const spec = this.ctx.spec(INST, symbol);
    const max = Number(spec.maxLever ?? '1');
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > max) throw leverageOutOfRange(max);
    const settings = this.settingsOf(userId, spec.symbol);
    const side = settings.marginMode === 'isolated' ? holdSide : null;
    // Hedge mode holds both sides at once, so an isolated change must say which (v2 reads "is required" as 40019).
    if (settings.marginMode === 'isolated' && side === null && this.ctx.accounts.posMode(userId) === 'hedge_mode')
      throw invalidField('holdSide', 'is required');
    const positions = this.ctx.positions
      .ofUser(userId, spec.symbol)
      .filter((p) => side === null || p.holdSide === side);
    for (const position of positions) {
      const cap = maxLeverageFor(
        spec.symbol,
        this.tierSize(userId, spec.symbol, position.marginMode, position.holdSide),
        spec.volumePlace,
      );
      if (leverage > cap) throw leverageAboveTier(leverage, cap);
    }
    const extra = positions.reduce((sum, p) => sum + marginFor(spec, p.openValue, leverage) - p.margin, 0n);
    if (extra > 0n && this.accountOf(userId).available < extra)
      throw insufficientBalance('Insufficient available margin for this leverage');
    for (const position of positions) {
      position.margin = marginFor(spec, position.openValue, leverage);
      position.leverage = leverage;
      position.uTime = this.ctx.now();
      this.ctx.positions.save(position);
    }
    const next: SymbolSettings =
      side === null
        ? { ...settings, crossLeverage: leverage, longLeverage: leverage, shortLeverage: leverage }
        : side === 'long'
          ? { ...settings, longLeverage: leverage }
          : { ...settings, shortLeverage: leverage };
    this.ctx.accounts.saveSettings(userId, spec.symbol, next);
    this.ctx.changes.notify(userId, ['positions', 'assets']);
    return next;
  }

  /** Changes a symbol's margin mode; 43009 while the symbol has a position or an open order. */
  setMarginMode(userId: string, symbol: string, marginMode: MarginModeName): SymbolSettings {
    const spec = this.ctx.spec(INST, symbol);
    const settings = this.settingsOf(userId, spec.symbol);
    if (settings.marginMode === marginMode) return settings;
    if (this.isBusy(userId, spec.symbol)) throw modeLocked('Margin mode');
    const next = { ...settings, marginMode };
    this.ctx.accounts.saveSettings(userId, spec.symbol, next);
    return next;
  }

  /** Changes the position mode; 43009 while any position or open futures order exists. */
  setPosMode(userId: string, posMode: PosMode): PosMode {
    if (this.ctx.accounts.posMode(userId) === posMode) return posMode;
    if (this.isBusy(userId)) throw modeLocked('Position mode');
    this.ctx.accounts.setPosMode(userId, posMode);
    return posMode;
  }

  /**
   * The size a margin tier is chosen on (maths contract, "Tier choice"): the side's own position when isolated, both
   * legs together when cross.
   */
  private tierSize(userId: string, symbol: string, marginMode: MarginModeName, side: HoldSide): bigint {
    const positions = this.ctx.positions.ofUser(userId, symbol);
    return positions
      .filter((p) =>
        marginMode === 'isolated' ? p.holdSide === side && p.marginMode === 'isolated' : p.marginMode !== 'isolated',
      )
      .reduce((sum, p) => sum + p.size, 0n);
  }

  /** Size of the position an order could close (0 when none). */
  private closableSize(userId: string, symbol: string, side: HoldSide | null): bigint {
    return side === null ? 0n : (this.ctx.positions.get(userId, symbol, side)?.size ?? 0n);
  }

  /** True while the user (or one symbol) has a futures position or open order. */
  private isBusy(userId: string, symbol?: string): boolean {
    return (
      this.ctx.positions.ofUser(userId, symbol).length > 0 ||
      this.ctx.orders.openOf(userId, 'futures', symbol).length > 0
    );
  }

  /** An order's margin mode becomes the symbol's setting when nothing is open there; otherwise it must match (43009). */
  private adoptMarginMode(userId: string, symbol: string, marginMode: MarginModeName): SymbolSettings {
    const settings = this.settingsOf(userId, symbol);
    if (settings.marginMode === marginMode) return settings;
    return this.setMarginMode(userId, symbol, marginMode);
  }

  /** A trailing order is a market trigger order with a callback of 1 to 1,000 hundredths of a percent (40002 otherwise). */
  private checkTrailing(input: FuturesOrderInput): void {
    const bps = input.callbackBps;
    if (bps === undefined) return;
    if (!Number.isInteger(bps) || bps < 1 || bps > MAX_CALLBACK_BPS)
      throw invalidField('callbackRatio', 'must be more than 0 and at most 10 (percent)');
    if (input.triggerPrice === null || input.orderType !== 'market')
      throw invalidField('callbackRatio', 'applies to a market trigger order only');
  }

  /** TP must lie on the profit side and SL on the loss side of the order's price (40002 naming the field otherwise). */
  private checkPresets(input: FuturesOrderInput, holdSide: HoldSide, price: bigint, isClose: boolean): void {
    if (isClose && (input.presetTp !== null || input.presetSl !== null))
      throw reduceOnlyRefused('A closing order cannot carry TP/SL presets');
    const dir = directionOf(holdSide);
    if (input.presetTp !== null && (input.presetTp - price) * dir <= 0n) {
      throw invalidField(
        'presetStopSurplusPrice',
        `must be ${holdSide === 'long' ? 'above' : 'below'} the order price`,
      );
    }
    if (input.presetSl !== null && (input.presetSl - price) * dir >= 0n) {
      throw invalidField('presetStopLossPrice', `must be ${holdSide === 'long' ? 'below' : 'above'} the order price`);
    }
  }
}
