import type { InstrumentSpec } from '../market/instruments';
import { protectionFundOf } from '../protection-fund/protection-fund';
import { type LedgerLine, systemLine, userLine } from '../money/ledger-lines';
import { type Fill, matchTaker, type OrderSide } from '../market/matching';
import { markUnits } from './futures-risk';
import { notional, unitsOf } from '../money/money-units';
import type { HoldSide, OrderRecord } from './order-store';
import { closePart, emptyPosition, openMore, oppositeOf, unrealizedPnl } from './position-math';
import type { PositionRecord } from './position-store';
import { chargeFill, type Liquidity } from './trade-fees';
import type { TradingContext } from './trading-context';

const INST = 'USDT-FUTURES' as const;

/**
 * How USDT-M orders fill (paper-trading contract, "Matching"): as a taker against the simulated order book, as a maker
 * when the market crosses a resting price, and how positions close at market or are liquidated at the mark.
 */
export class FuturesFills {
  constructor(private readonly ctx: TradingContext) {}

  /** The current mark price of a perpetual (units). */
  markOf(spec: InstrumentSpec): bigint {
    const ticker = this.ctx.simulator.getTicker(INST, spec.symbol);
    return ticker ? markUnits(spec, ticker.markPrice, ticker.lastPr) : 0n;
  }

  /** The last traded price of a perpetual (units): what a `fill_price` TP/SL and a trigger order watch. */
  lastOf(spec: InstrumentSpec): bigint {
    const ticker = this.ctx.simulator.getTicker(INST, spec.symbol);
    return ticker ? unitsOf(ticker.lastPr, spec.pricePlace) : 0n;
  }

  /**
   * Closes a position with a market order against the order book (close-position, TP/SL), or at the mark without
   * touching the order book for a liquidation; returns the order, or undefined when the order book had no liquidity.
   * `size` closes only that much (capped at the position's size; a partial TP/SL), the whole position when left out.
   */
  closeAtMarket(
    spec: InstrumentSpec,
    position: PositionRecord,
    kind: 'market' | 'liquidation',
    size?: bigint,
  ): OrderRecord | undefined {
    const { ctx } = this;
    // A liquidation always takes the whole position.
    const closing = kind === 'market' && size !== undefined && size < position.size ? size : position.size;
    const hedge = ctx.accounts.posMode(position.userId) === 'hedge_mode';
    const side: OrderSide = hedge
      ? position.holdSide === 'long'
        ? 'buy'
        : 'sell'
      : position.holdSide === 'long'
        ? 'sell'
        : 'buy';
    const now = ctx.now();
    const order: OrderRecord = {
      orderId: ctx.newOrderId(),
      userId: position.userId,
      market: 'futures',
      symbol: spec.symbol,
      clientOid: '',
      side,
      orderType: kind,
      force: 'gtc',
      price: null,
      size: closing,
      triggerPrice: null,
      triggerUp: null,
      planStatus: 'none',
      status: 'live',
      baseVolume: 0n,
      quoteVolume: 0n,
      fee: 0n,
      frozen: 0n,
      marginMode: position.marginMode,
      tradeSide: hedge ? 'close' : null,
      // One-way orders name the side they would open, so a close of a long is a sell "towards" short.
      holdSide: hedge ? position.holdSide : oppositeOf(position.holdSide),
      reduceOnly: !hedge,
      leverage: position.leverage,
      presetTp: null,
      presetSl: null,
      feeInBase: false,
      totalProfits: 0n,
      cTime: now,
      uTime: now,
    };
    if (kind === 'liquidation') {
      this.liquidate(spec, order, position);
      ctx.orders.insert(order);
      return order;
    }
    const execSide: OrderSide = position.holdSide === 'long' ? 'sell' : 'buy';
    const preview = matchTaker(
      { side: execSide, limit: null, size: closing },
      ctx.simulator.takerLevels(INST, spec.symbol, execSide) ?? [],
    );
    if (preview.filled === 0n) return undefined;
    ctx.orders.insert(order);
    this.execute(spec, order);
    ctx.orders.update(order);
    return order;
  }

  /** Takes liquidity for the order as a taker; a limit order's rest keeps resting, a market order's rest is cancelled. */
  execute(spec: InstrumentSpec, order: OrderRecord): void {
    const wanted = this.executableSize(order);
    const fills =
      wanted > 0n
        ? this.ctx.simulator.takeLiquidity(INST, spec.symbol, this.execSideOf(order), order.price, wanted)
        : [];
    for (const fill of fills) this.fill(spec, order, fill, 'taker');
    // A limit order's rest keeps resting; a market or immediate-or-cancel order's rest, or a closing order with nothing
    // left to close, ends here.
    if (
      order.baseVolume === order.size ||
      order.orderType !== 'limit' ||
      order.force === 'ioc' ||
      this.executableSize(order) === 0n
    )
      this.finish(order);
    order.uTime = this.ctx.now();
  }

  /** Applies one fill: closes the opposite (or named) position first, opens the rest, charges the fee, moves held margin. */
  fill(spec: InstrumentSpec, order: OrderRecord, fill: Fill, liquidity: Liquidity): void {
    const { ctx } = this;
    const now = ctx.now();
    const hedge = order.tradeSide !== null;
    const value = notional(spec, fill.price, fill.size);
    const fee = chargeFill(ctx, { order, spec, value, size: fill.size, liquidity });
    let realized = 0n;
    let closeFee = 0n;
    let remaining = fill.size;
    const closeSide: HoldSide | null = hedge
      ? order.tradeSide === 'close'
        ? order.holdSide
        : null
      : oppositeOf(order.holdSide!);
    if (closeSide) {
      const position = ctx.positions.get(order.userId, spec.symbol, closeSide);
      if (position) {
        const size = remaining < position.size ? remaining : position.size;
        // The fee's share of the closed part goes to the position's history as a closing fee.
        closeFee = size === fill.size ? fee : (fee * size) / fill.size;
        position.fees += closeFee;
        if (position.closeFees !== null) position.closeFees += closeFee;
        const pnl = closePart(spec, position, fill.price, size, now);
        order.totalProfits += pnl;
        realized += pnl;
        remaining -= size;
        ctx.positions.save(position);
      }
    }
    const opensPosition = hedge ? order.tradeSide === 'open' : !order.reduceOnly;
    if (remaining > 0n && opensPosition) {
      const position =
        ctx.positions.get(order.userId, spec.symbol, order.holdSide!) ??
        emptyPosition({
          userId: order.userId,
          symbol: spec.symbol,
          holdSide: order.holdSide!,
          marginMode: order.marginMode!,
          leverage: order.leverage!,
          now,
        });
      openMore(spec, position, fill.price, remaining, now);
      position.fees += remaining === fill.size ? fee : fee - (fee * (fill.size - remaining)) / fill.size;
      // An order's presets watch the mark and close the whole position, whatever the position's presets did before.
      if (order.presetTp !== null) {
        position.presetTp = order.presetTp;
        position.presetTpType = 'mark_price';
        position.presetTpSize = null;
      }
      if (order.presetSl !== null) {
        position.presetSl = order.presetSl;
        position.presetSlType = 'mark_price';
        position.presetSlSize = null;
      }
      ctx.positions.save(position);
    }
    // Held margin is released in proportion to the part of the order that filled; the position now holds its own.
    const unfilled = order.size - order.baseVolume;
    const release = fill.size >= unfilled ? order.frozen : (order.frozen * fill.size) / unfilled;
    order.frozen -= release;
    order.baseVolume += fill.size;
    order.quoteVolume += value;
    order.fee += fee;
    order.status = order.baseVolume === order.size ? 'filled' : 'partially_filled';
    order.uTime = now;
    const entry = { userId: order.userId, ref: order.orderId, symbol: spec.symbol, at: now };
    const { userId, orderId } = order;
    ctx.futuresFills.record({
      orderId,
      userId,
      symbol: spec.symbol,
      size: fill.size,
      value,
      fee,
      closeFee,
      at: now,
      profit: realized,
      liquidity,
    });
    ctx.accounts.post({ ...entry, kind: 'fee', lines: walletMove(order.userId, 'fees', -fee) });
    ctx.accounts.post({ ...entry, kind: 'realized_pnl', lines: walletMove(order.userId, 'market', realized) });
  }

  /** Ends an order: filled when complete, else cancelled; held margin is released. */
  finish(order: OrderRecord): void {
    order.status = order.baseVolume === order.size ? 'filled' : 'cancelled';
    order.frozen = 0n;
    order.uTime = this.ctx.now();
  }

  /** The order-book side a futures order trades against as a taker. */
  execSideOf(order: OrderRecord): OrderSide {
    if (order.tradeSide === 'close') return order.side === 'buy' ? 'sell' : 'buy';
    return order.side;
  }

  /** How much of an order may still execute: a closing order is capped by what its position still holds. */
  executableSize(order: OrderRecord): bigint {
    const left = order.size - order.baseVolume;
    const closeOnly = order.tradeSide === 'close' || order.reduceOnly;
    if (!closeOnly) return left;
    const side = order.tradeSide === 'close' ? order.holdSide! : oppositeOf(order.holdSide!);
    const held = this.ctx.positions.get(order.userId, order.symbol, side)?.size ?? 0n;
    return left < held ? left : held;
  }

  /** Liquidation: the position closes at the mark; an isolated position loses its margin, a cross one realizes its loss. */
  private liquidate(spec: InstrumentSpec, order: OrderRecord, position: PositionRecord): void {
    const mark = this.markOf(spec);
    const now = this.ctx.now();
    const pnlAtMark = unrealizedPnl(spec, position, mark);
    const loss = position.marginMode === 'isolated' ? -position.margin : pnlAtMark;
    const closedSize = position.size;
    position.achievedProfits += loss;
    position.closedSize += closedSize;
    position.closedValue += notional(spec, mark, closedSize);
    position.liquidated = true;
    position.size = 0n;
    position.uTime = now;
    this.ctx.positions.save(position);
    // The wallet never ends below zero: the protection fund pays what a loss takes beyond it (and keeps what an
    // isolated margin leaves after the close), so the market always gets the loss at the mark.
    const wallet = this.ctx.accounts.wallet(position.userId);
    const taken = wallet + loss < 0n ? -wallet : loss;
    const fundLines = protectionFundOf(this.ctx.db).settleLiquidation({
      userId: position.userId,
      orderId: order.orderId,
      symbol: spec.symbol,
      holdSide: position.holdSide,
      size: closedSize,
      sizePlaces: spec.volumePlace,
      pnlAtMark,
      taken,
      at: now,
    });
    this.ctx.accounts.post({
      kind: 'liquidation',
      userId: position.userId,
      ref: order.orderId,
      symbol: spec.symbol,
      at: now,
      lines: [userLine(position.userId, 'futures', 'USDT', taken), ...fundLines],
    });
    this.ctx.futuresFills.record({
      orderId: order.orderId,
      userId: position.userId,
      symbol: spec.symbol,
      size: closedSize,
      value: notional(spec, mark, closedSize),
      fee: 0n,
      closeFee: 0n,
      profit: loss,
      liquidity: 'taker',
      at: now,
    });
    order.price = mark;
    order.baseVolume = closedSize;
    order.quoteVolume = notional(spec, mark, closedSize);
    order.totalProfits = loss;
    order.status = 'filled';
  }
}

/** Lines moving `amount` USDT into the user's futures wallet from a system account (out of it when negative). */
export function walletMove(userId: string, from: 'market' | 'fees', amount: bigint): LedgerLine[] {
  return [userLine(userId, 'futures', 'USDT', amount), systemLine(from, 'USDT', -amount)];
}
