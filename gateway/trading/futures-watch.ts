import type { InstrumentSpec } from '../market/instruments';
import type { TickerSnapshot } from '../market/market-types';
import { type FuturesFills, walletMove } from './futures-fills';
import type { FuturesTrading } from './futures-trading';
import { isLiquidated, liquidationOf, markUnits } from './futures-risk';
import { matchTaker } from '../market/matching';
import { divHalfUp, roundMoney, unitsOf, notional } from '../money/money-units';
import type { OrderRecord } from './order-store';
import { directionOf } from './position-math';
import type { PositionRecord, TpslTriggerType } from './position-store';
import type { TradingContext } from './trading-context';
import { isPriceReached, isRestingCrossed, tickerPrices } from './ticker-crossing';
import { trailStep } from './trailing-stop';

/** The prices a ticker settles positions by (units): the mark, and the last trade that `fill_price` TP/SL watch. */
interface WatchedPrices {
  mark: bigint;
  last: bigint;
}

/** The funding rate (in millionths) and settlement time last seen on a perpetual's ticker. */
interface FundingSeen {
  nextFundingTime: number;
  rateMicros: bigint;
}

/**
 * What the market does to futures accounts on each ticker of a perpetual (paper-trading contract): funding at each
 * `nextFundingTime`, trigger orders on the last price, resting orders filled as maker, liquidation on the mark, and each
 * TP/SL on the price it watches (the mark unless set to the last price).
 */
export class FuturesWatch {
  private readonly funding = new Map<string, FundingSeen>();

  private readonly fills: FuturesFills;

  constructor(
    private readonly ctx: TradingContext,
    private readonly futures: FuturesTrading,
  ) {
    this.fills = futures.fills;
  }

  /** Reacts to one ticker of a perpetual. */
  onTicker(spec: InstrumentSpec, ticker: TickerSnapshot): void {
    this.settleFunding(spec, ticker);
    const watched = { mark: markUnits(spec, ticker.markPrice, ticker.lastPr), last: tickerPrices(spec, ticker).last };
    this.fillOrders(spec, ticker, watched);
    this.watchPositions(spec, watched);
  }

  /**
   * When the ticker's `nextFundingTime` moves past the one seen before, the earlier settlement happened: every
   * position opened before it pays (or gets) `rate × mark value`, longs paying when the rate is positive.
   */
  private settleFunding(spec: InstrumentSpec, ticker: TickerSnapshot): void {
    if (ticker.nextFundingTime === undefined || ticker.fundingRate === undefined) return;
    const next = Number(ticker.nextFundingTime);
    const seen = this.funding.get(spec.symbol);
    this.funding.set(spec.symbol, { nextFundingTime: next, rateMicros: parseMicros(ticker.fundingRate) });
    if (!seen || next <= seen.nextFundingTime) return;
    const settledAt = seen.nextFundingTime;
    const mark = markUnits(spec, ticker.markPrice, ticker.lastPr);
    for (const position of this.ctx.positions.ofSymbol(spec.symbol)) {
      if (position.cTime > settledAt || position.lastFundingTime >= settledAt) continue;
      this.ctx.db.transaction(() => {
        const payment = roundMoney(
          divHalfUp(notional(spec, mark, position.size) * seen.rateMicros, 1_000_000n),
          spec.quotePrecision,
        );
        const paid = directionOf(position.holdSide) * payment;
        this.ctx.accounts.post({
          kind: 'funding',
          userId: position.userId,
          ref: `funding-${settledAt}`,
          symbol: position.symbol,
          at: this.ctx.now(),
          lines: walletMove(position.userId, 'market', -paid),
        });
        // An isolated position's funding comes out of (or into) its own margin.
        if (position.marginMode === 'isolated') position.margin = position.margin > paid ? position.margin - paid : 0n;
        position.achievedProfits -= paid;
        position.funding -= paid;
        this.ctx.db
          .prepare(
            `INSERT INTO trade_funding (user_id, symbol, hold_side, rate_micros, mark, size, amount, settled_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            position.userId,
            position.symbol,
            position.holdSide,
            seen.rateMicros.toString(),
            mark.toString(),
            position.size.toString(),
            (-paid).toString(),
            settledAt,
          );
        position.lastFundingTime = settledAt;
        this.ctx.positions.save(position);
        this.ctx.changes.notify(position.userId, ['positions', 'assets']);
      })();
    }
  }

  /**
   * Trigger orders reached by the price they watch (the last price unless set to the mark) execute, a trailing one once
   * the price pulls back by its callback from its best since its trigger; resting limit orders crossed by the last price
   * or the order book fill as maker.
   */
  private fillOrders(spec: InstrumentSpec, ticker: TickerSnapshot, watched: WatchedPrices): void {
    const prices = tickerPrices(spec, ticker);
    for (const order of this.ctx.orders.openOfSymbol('futures', spec.symbol)) {
      this.ctx.db.transaction(() => {
        if (order.planStatus === 'untriggered') {
          const price = order.triggerType === 'mark_price' ? watched.mark : watched.last;
          if (order.callbackBps !== undefined) {
            const { callbackBps, triggerUp, trackPrice } = order;
            const side = this.fills.execSideOf(order);
            const step = trailStep(
              { side, triggerUp, triggerPrice: order.triggerPrice!, callbackBps, trackPrice },
              price,
            );
            order.trackPrice = step.trackPrice;
            if (!step.fires) {
              // The best price so far is stored, so a restart trails on from it.
              if (step.trackPrice !== trackPrice) this.ctx.orders.update(order);
              return;
            }
          } else if (!isPriceReached(order.triggerUp, order.triggerPrice!, price)) return;
          order.planStatus = 'triggered';
          this.triggered(spec, order);
        } else if (order.price !== null) {
          if (!isRestingCrossed(this.fills.execSideOf(order), order.price, prices)) return;
          const size = this.fills.executableSize(order);
          if (size > 0n) this.fills.fill(spec, order, { price: order.price, size }, 'maker');
          if (order.baseVolume === order.size || this.fills.executableSize(order) === 0n) this.fills.finish(order);
        } else return;
        this.ctx.orders.update(order);
        this.ctx.changes.notify(order.userId, ['orders', 'positions', 'assets']);
      })();
    }
  }

  /** A triggered order executes now as a taker; a post-only one that would take is cancelled. */
  private triggered(spec: InstrumentSpec, order: OrderRecord): void {
    const side = this.fills.execSideOf(order);
    const levels = this.ctx.simulator.takerLevels('USDT-FUTURES', spec.symbol, side) ?? [];
    const preview = matchTaker(
      { side, limit: order.price, size: order.size, postOnly: order.force === 'post_only' },
      levels,
    );
    // A post-only order that would take, or a fill-or-kill one the book cannot fill whole, is cancelled.
    if (preview.rejected || (order.force === 'fok' && preview.filled < order.size)) {
      this.fills.finish(order);
      return;
    }
    this.fills.execute(spec, order);
  }

  /** Liquidation against the mark price, then the TP/SL presets, each against the price it watches. */
  private watchPositions(spec: InstrumentSpec, prices: WatchedPrices): void {
    const { mark } = prices;
    if (mark <= 0n) return;
    for (const position of this.ctx.positions.ofSymbol(spec.symbol)) {
      this.ctx.db.transaction(() => {
        const current = this.ctx.positions.get(position.userId, position.symbol, position.holdSide);
        if (!current) return;
        const ledger = this.futures.ledgerOf(current.userId);
        const hedge = this.ctx.accounts.posMode(current.userId) === 'hedge_mode';
        if (isLiquidated(mark, spec, liquidationOf(current, ledger, hedge))) {
          this.fills.closeAtMarket(spec, current, 'liquidation');
        } else {
          const preset = presetReached(current, prices);
          if (preset === null || !this.triggerPreset(spec, current, preset)) return;
        }
        this.ctx.changes.notify(current.userId, ['orders', 'positions', 'assets']);
      })();
    }
  }

  /**
   * Closes what a reached preset closes at market (its size, capped at what is left; the whole position without one);
   * false when the order book took nothing. A partial preset is then cleared, or keeps the part the order book could
   * not take, and the other preset stays; a whole-position preset stays while any of the position is left.
   */
  private triggerPreset(spec: InstrumentSpec, position: PositionRecord, preset: 'tp' | 'sl'): boolean {
    const size = preset === 'tp' ? position.presetTpSize : position.presetSlSize;
    const order = this.fills.closeAtMarket(spec, position, 'market', size ?? undefined);
    if (!order) return false;
    // The close carries the preset out: it keeps the preset's trigger, so the plan lists show the preset executed.
    order.triggerPrice = preset === 'tp' ? position.presetTp : position.presetSl;
    order.triggerType = preset === 'tp' ? position.presetTpType : position.presetSlType;
    order.planStatus = 'triggered';
    order.presetPlan =
      preset === 'tp' ? (size === null ? 'pos_profit' : 'profit_plan') : size === null ? 'pos_loss' : 'loss_plan';
    this.ctx.orders.update(order);
    if (size === null) return true;
    // The close saved its own copy of the position; the preset is changed on what is stored now.
    const after = this.ctx.positions.get(position.userId, position.symbol, position.holdSide);
    if (!after) return true;
    const untaken = order.size - order.baseVolume;
    if (untaken === 0n) clearPreset(after, preset);
    else if (preset === 'tp') after.presetTpSize = untaken;
    else after.presetSlSize = untaken;
    this.ctx.positions.save(after);
    return true;
  }
}

/** Which preset the prices reached, each preset against the price it watches: the take-profit first, or null. */
function presetReached(position: PositionRecord, prices: WatchedPrices): 'tp' | 'sl' | null {
  const dir = directionOf(position.holdSide);
  const priceOf = (type: TpslTriggerType) => (type === 'fill_price' ? prices.last : prices.mark);
  const tpPrice = priceOf(position.presetTpType);
  const slPrice = priceOf(position.presetSlType);
  // A ticker without a last trade (0) reaches nothing: a long's stop-loss would read it as a crash.
  if (position.presetTp !== null && tpPrice > 0n && (tpPrice - position.presetTp) * dir >= 0n) return 'tp';
  if (position.presetSl !== null && slPrice > 0n && (slPrice - position.presetSl) * dir <= 0n) return 'sl';
  return null;
}

/** Clears one preset of a position; a later one watches the mark for the whole position unless told otherwise. */
function clearPreset(position: PositionRecord, preset: 'tp' | 'sl'): void {
  if (preset === 'tp') {
    position.presetTp = null;
    position.presetTpType = 'mark_price';
    position.presetTpSize = null;
  } else {
    position.presetSl = null;
    position.presetSlType = 'mark_price';
    position.presetSlSize = null;
  }
}

/** A funding rate string such as "0.000100" (or "-0.0001") in millionths. */
function parseMicros(rate: string): bigint {
  const negative = rate.startsWith('-');
  const units = unitsOf(negative ? rate.slice(1) : rate, 6);
  return negative ? -units : units;
}
