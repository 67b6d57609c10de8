import type { InstrumentSpec } from '../market/instruments';
import type { FuturesTrading } from './futures-trading';
import { notional } from '../money/money-units';
import type { HoldSide, OrderRecord } from './order-store';
import { directionOf, marginFor, unrealizedPnl } from './position-math';
import type { PositionRecord, TpslTriggerType } from './position-store';
import {
  insufficientBalance,
  marginRefused,
  noLiquidity,
  reduceOnlyRefused,
  TradeError,
  tpslWrongSide,
} from './trade-errors';
import type { TradingContext } from './trading-context';

const INST = 'USDT-FUTURES' as const;

/** One preset of a TP/SL change: its trigger price, the price it watches, and the size it closes (null: all of it). */
export interface TpslPreset {
  price: bigint;
  type: TpslTriggerType;
  size: bigint | null;
}

/** A TP/SL change: undefined leaves a preset as it is, null clears it. */
export interface PositionTpslInput {
  symbol: string;
  holdSide: HoldSide | null;
  takeProfit: TpslPreset | null | undefined;
  stopLoss: TpslPreset | null | undefined;
}

/** How a refusal names the price a preset watches. */
const PRICE_NAME: Record<TpslTriggerType, string> = { mark_price: 'mark price', fill_price: 'last price' };

/** One position of a close-all: closed with its order, or refused with the refusal's code. */
export type CloseAllResult =
  | { symbol: string; holdSide: HoldSide; orderId: string }
  | { symbol: string; holdSide: HoldSide; errorCode: string; errorMsg: string };

/**
 * What a trader does to an open position (paper-trading contract, "Managing positions"): TP/SL prices watched on the
 * mark, isolated margin added or taken out, and every position closed at market.
 */
export class FuturesPositionActions {
  constructor(
    private readonly ctx: TradingContext,
    private readonly futures: FuturesTrading,
  ) {}

  /** The user's position of a symbol: the named side, or in one-way mode the only one (43007 when there is none). */
  positionOf(userId: string, spec: InstrumentSpec, holdSide: HoldSide | null): PositionRecord {
    const positions = this.ctx.positions
      .ofUser(userId, spec.symbol)
      .filter((p) => holdSide === null || p.holdSide === holdSide);
    if (positions.length === 0) throw reduceOnlyRefused('No position of this symbol and side');
    if (positions.length > 1) throw reduceOnlyRefused('holdSide is needed: both sides are open');
    return positions[0]!;
  }

  /**
   * Sets or clears a position's TP/SL: TP on the profit side of the price it watches (the mark or the last price), SL
   * on the loss side (43012 otherwise); a partial size may not be larger than the position (43007). A cleared preset
   * goes back to watching the mark for the whole position.
   */
  setTpsl(userId: string, input: PositionTpslInput): PositionRecord {
    const spec = this.ctx.spec(INST, input.symbol);
    const position = this.positionOf(userId, spec, input.holdSide);
    const { fills } = this.futures;
    const priceOf = (type: TpslTriggerType) => (type === 'fill_price' ? fills.lastOf(spec) : fills.markOf(spec));
    const dir = directionOf(position.holdSide);
    const above = position.holdSide === 'long';
    const { takeProfit, stopLoss } = input;
    if (takeProfit && (takeProfit.price - priceOf(takeProfit.type)) * dir <= 0n)
      throw tpslWrongSide(`Take-profit price must be ${above ? 'above' : 'below'} the ${PRICE_NAME[takeProfit.type]}`);
    if (stopLoss && (stopLoss.price - priceOf(stopLoss.type)) * dir >= 0n)
      throw tpslWrongSide(`Stop-loss price must be ${above ? 'below' : 'above'} the ${PRICE_NAME[stopLoss.type]}`);
    if (takeProfit?.size != null && takeProfit.size > position.size)
      throw reduceOnlyRefused('stopSurplusSize is larger than the position');
    if (stopLoss?.size != null && stopLoss.size > position.size)
      throw reduceOnlyRefused('stopLossSize is larger than the position');
    if (takeProfit !== undefined) {
      position.presetTp = takeProfit?.price ?? null;
      position.presetTpType = takeProfit?.type ?? 'mark_price';
      position.presetTpSize = takeProfit?.size ?? null;
    }
    if (stopLoss !== undefined) {
      position.presetSl = stopLoss?.price ?? null;
      position.presetSlType = stopLoss?.type ?? 'mark_price';
      position.presetSlSize = stopLoss?.size ?? null;
    }
    position.uTime = this.ctx.now();
    this.ctx.positions.save(position);
    this.ctx.changes.notify(userId, ['positions']);
    return position;
  }

  /**
   * Moves margin into (amount > 0) or out of (amount < 0) an isolated position. Adding is capped by the available
   * margin (43004); taking out keeps at least the initial margin `open value / leverage` plus any unrealized loss at
   * the mark (43013 beyond), so the position never ends nearer its liquidation than when it was opened.
   */
  setMargin(userId: string, symbol: string, holdSide: HoldSide | null, amount: bigint): PositionRecord {
    const spec = this.ctx.spec(INST, symbol);
    const position = this.positionOf(userId, spec, holdSide);
    if (position.marginMode !== 'isolated') throw marginRefused('Only an isolated position has its own margin');
    if (amount > 0n) {
      if (this.futures.accountOf(userId).available < amount) throw insufficientBalance('Insufficient available margin');
    } else if (-amount > this.maxRemovable(spec, position)) {
      throw marginRefused('Cannot take out that much: the position must keep its initial margin');
    }
    position.margin += amount;
    position.uTime = this.ctx.now();
    this.ctx.positions.save(position);
    this.ctx.changes.notify(userId, ['positions', 'assets']);
    return position;
  }

  /** The most margin that can leave an isolated position (see {@link setMargin}). */
  maxRemovable(spec: InstrumentSpec, position: PositionRecord): bigint {
    const initial = marginFor(spec, position.openValue, position.leverage);
    const upnl = unrealizedPnl(spec, position, this.futures.fills.markOf(spec));
    const keep = initial + (upnl < 0n ? -upnl : 0n);
    return position.margin > keep ? position.margin - keep : 0n;
  }

  /** Closes every futures position of the user at market, each in its own transaction; reports each one. */
  closeAll(userId: string): CloseAllResult[] {
    const results: CloseAllResult[] = [];
    for (const position of this.ctx.positions.ofUser(userId)) {
      const { symbol, holdSide } = position;
      try {
        const order = this.ctx.db.transaction(() => {
          const current = this.ctx.positions.get(userId, symbol, holdSide);
          if (!current) throw reduceOnlyRefused('No position to close');
          const closed = this.futures.fills.closeAtMarket(this.ctx.spec(INST, symbol), current, 'market');
          if (!closed) throw noLiquidity();
          return closed;
        })();
        results.push({ symbol, holdSide, orderId: order.orderId });
      } catch (error) {
        if (!(error instanceof TradeError)) throw error;
        results.push({ symbol, holdSide, errorCode: error.code, errorMsg: error.message });
      }
    }
    if (results.length > 0) this.ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return results;
  }

  /**
   * Reverses a position (in the caller's transaction): closes it at market, whole or `part` of it (smaller than the
   * position; hedge mode, where the other side may already hold a position), then opens the same size on the other
   * side at market, in the position's margin mode and the symbol's leverage. Either both happen or neither: a close the
   * book cannot fill whole (43010) or an opening the account cannot hold (43004, a tier's leverage) refuses the whole.
   * `clientOid` names the opening order (the v2 reversal's `clientOid`); the caller has checked it is unused.
   */
  reverse(
    userId: string,
    symbol: string,
    holdSide: HoldSide | null,
    clientOid = '',
    part?: bigint,
  ): { closed: OrderRecord; opened: OrderRecord } {
    const spec = this.ctx.spec(INST, symbol);
    const position = this.positionOf(userId, spec, holdSide);
    const { marginMode } = position;
    const size = part !== undefined && part < position.size ? part : position.size;
    const closed = this.futures.fills.closeAtMarket(spec, position, 'market', size);
    if (!closed || closed.baseVolume !== size) throw noLiquidity();
    const hedge = this.ctx.accounts.posMode(userId) === 'hedge_mode';
    const opened = this.futures.place(userId, {
      symbol: spec.symbol,
      marginMode,
      side: position.holdSide === 'long' ? 'sell' : 'buy',
      tradeSide: hedge ? 'open' : null,
      orderType: 'market',
      force: 'gtc',
      price: null,
      size,
      reduceOnly: false,
      triggerPrice: null,
      presetTp: null,
      presetSl: null,
      clientOid,
    });
    if (opened.baseVolume !== size) throw noLiquidity();
    this.ctx.changes.notify(userId, ['orders', 'positions', 'assets']);
    return { closed, opened };
  }

  /** The value of a position at the mark (for messages and tests). */
  valueAtMark(spec: InstrumentSpec, position: PositionRecord): bigint {
    return notional(spec, this.futures.fills.markOf(spec), position.size);
  }
}
