import type { InstrumentSpec } from '../market/instruments';
import type { FuturesTrading } from './futures-trading';
import { notional } from '../money/money-units';
import type { HoldSide, OrderRecord } from './order-store';
import { directionOf, marginFor, unrealizedPnl } from './position-math';
import type { PositionRecord } from './position-store';
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

/** A TP/SL change: undefined leaves a price as it is, null clears it. */
export interface PositionTpslInput {
  symbol: string;
  holdSide: HoldSide | null;
  takeProfit: bigint | null | undefined;
  stopLoss: bigint | null | undefined;
}

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

  /** Sets or clears a position's TP/SL: TP on the profit side of the mark, SL on the loss side (43012 otherwise). */
  setTpsl(userId: string, input: PositionTpslInput): PositionRecord {
    const spec = this.ctx.spec(INST, input.symbol);
    const position = this.positionOf(userId, spec, input.holdSide);
    const mark = this.futures.fills.markOf(spec);
    const dir = directionOf(position.holdSide);
    const above = position.holdSide === 'long';
    if (input.takeProfit != null && (input.takeProfit - mark) * dir <= 0n)
      throw tpslWrongSide(`Take-profit price must be ${above ? 'above' : 'below'} the mark price`);
    if (input.stopLoss != null && (input.stopLoss - mark) * dir >= 0n)
      throw tpslWrongSide(`Stop-loss price must be ${above ? 'below' : 'above'} the mark price`);
    if (input.takeProfit !== undefined) position.presetTp = input.takeProfit;
    if (input.stopLoss !== undefined) position.presetSl = input.stopLoss;
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
   * Reverses a position (in the caller's transaction): closes it whole at market, then opens the same size on the other
   * side at market, in the position's margin mode and the symbol's leverage. Either both happen or neither: a close the
   * book cannot fill whole (43010) or an opening the account cannot hold (43004, a tier's leverage) refuses the whole.
   */
  reverse(userId: string, symbol: string, holdSide: HoldSide | null): { closed: OrderRecord; opened: OrderRecord } {
    const spec = this.ctx.spec(INST, symbol);
    const position = this.positionOf(userId, spec, holdSide);
    const { size, marginMode } = position;
    const closed = this.futures.fills.closeAtMarket(spec, position, 'market');
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
      clientOid: '',
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
