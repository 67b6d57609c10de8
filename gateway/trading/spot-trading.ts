import { invalidField } from '../http/gateway-error';
import type { InstrumentSpec } from '../market/instruments';
import type { TickerSnapshot } from '../market/market-types';
import { type Fill, matchTaker, type OrderSide } from '../market/matching';
import { divCeil, sizeToMoney, unitsOf, notional } from '../money/money-units';
import { systemLine, userLine } from '../money/ledger-lines';
import { insertCancelledAtOnce, isOpen, newOrderRecord, type OrderRecord, type TimeInForce } from './order-store';
import { checkPriceBands } from './price-band';
import { heldCoinOf, moveHeld } from './spot-holds';
import { checkSpotPresets, type PresetReference, type SpotPresets, SpotTpsl } from './spot-tpsl';
import { chargeFill, type Liquidity, userFeeOn } from './trade-fees';
import { belowMinimum, insufficientBalance, noLiquidity, orderNotFound, postOnlyWouldTake } from './trade-errors';
import type { TradingContext } from './trading-context';
import { isRestingCrossed, isTriggerReached, tickerPrices } from './ticker-crossing';

/** A checked spot order request in instrument units (paper-trading contract, "Spot orders"). */
export interface SpotOrderInput extends SpotPresets {
  symbol: string;
  side: OrderSide;
  orderType: 'limit' | 'market';
  force: TimeInForce;
  price: bigint | null;
  size: bigint;
  triggerPrice: bigint | null;
  clientOid: string;
}

/** A market buy freezes the cost of walking the order book plus this share (1 %), for a stop order that fills later. */
const MARKET_BUY_MARGIN_PERCENT = 101n;

/** The instrument's last price in units. */
export function lastPriceOf(spec: InstrumentSpec, ticker: TickerSnapshot | undefined): bigint {
  return ticker ? unitsOf(ticker.lastPr, spec.pricePlace) : 0n;
}

/** The order's value in USDT terms for the minimum-value rule (USDT-quoted value, or the size when USDT is the base). */
function usdtValue(spec: InstrumentSpec, price: bigint, size: bigint): bigint {
  return spec.baseCoin === 'USDT' ? sizeToMoney(spec, size) : notional(spec, price, size);
}

/** Spot paper trading: placing, cancelling and filling orders against the simulated order book, with frozen funds. */
export class SpotTrading {
  private readonly tpsl: SpotTpsl;

  constructor(private readonly ctx: TradingContext) {
    this.tpsl = new SpotTpsl(ctx);
  }

  /** Places an order (in the caller's transaction): checks, freezes, takes liquidity, rests the rest; returns the order. */
  place(userId: string, input: SpotOrderInput): OrderRecord {
    const { ctx } = this;
    const { spec, order, preview, last } = this.prepare(userId, input);
    if (input.triggerPrice !== null) {
      this.arm(spec, order, preview.fills, last);
      ctx.orders.insert(order);
      ctx.changes.notify(userId, ['orders', 'assets']);
      return order;
    }
    if (preview.rejected) throw postOnlyWouldTake();
    if (input.orderType === 'market' && preview.filled === 0n) throw noLiquidity();
    // Fill or kill: the same preview the engine takes liquidity by says whether the order fills whole at once.
    if (input.force === 'fok' && preview.filled < input.size) {
      this.checkAffordable(userId, spec, order, preview.fills);
      return insertCancelledAtOnce(ctx, order);
    }
    order.frozen = this.freezeAmount(spec, order, preview.fills);
    this.freeze(userId, spec, order);
    ctx.orders.insert(order);
    this.execute(spec, order);
    ctx.orders.update(order);
    ctx.changes.notify(userId, ['orders', 'assets']);
    return order;
  }

  /**
   * Changes an untriggered stop order of the user (in the caller's transaction) to `next`: its hold goes back, and the
   * new form is checked and frozen for as a new order would be; it keeps its id, clientOid, presets and creation time.
   * 43006 for any other order (another user's, a triggered or finished one, a TP/SL closing order, another pair's).
   */
  modifyTrigger(userId: string, orderId: string, next: SpotOrderInput): OrderRecord {
    const { ctx } = this;
    const old = ctx.orders.find(userId, 'spot', orderId);
    if (!old || !isOpen(old) || old.planStatus !== 'untriggered' || old.parentOrderId !== undefined)
      throw orderNotFound();
    if (old.symbol !== next.symbol) throw orderNotFound();
    if (next.triggerPrice === null) throw invalidField('triggerPrice', 'is required');
    const spec = ctx.spec('SPOT', old.symbol);
    this.release(spec, old);
    const { order, preview, last } = this.prepare(userId, {
      ...next,
      clientOid: old.clientOid,
      presetTp: old.presetTp,
      presetSl: old.presetSl,
    });
    order.orderId = old.orderId;
    order.cTime = old.cTime;
    this.arm(spec, order, preview.fills, last);
    ctx.orders.update(order);
    ctx.changes.notify(userId, ['orders', 'assets']);
    return order;
  }

  /** A stop order waits for its trigger in the direction the last price must move, holding what it will spend. */
  private arm(spec: InstrumentSpec, order: OrderRecord, walk: readonly Fill[], last: bigint): void {
    order.triggerUp = order.triggerPrice! >= last;
    order.frozen = this.freezeAmount(spec, order, walk);
    this.freeze(order.userId, spec, order);
  }

  /** Checks an order as placing it would (price band, presets, minimum size and value) and builds its record. */
  private prepare(userId: string, input: SpotOrderInput) {
    const { ctx } = this;
    const spec = ctx.spec('SPOT', input.symbol);
    const now = ctx.now();
    const last = lastPriceOf(spec, ctx.simulator.getTicker('SPOT', spec.symbol));
    checkPriceBands(spec, input.side, input, last);
    checkSpotPresets(input.side, input, presetReferenceOf(input, last));
    const levels = ctx.simulator.takerLevels('SPOT', spec.symbol, input.side) ?? [];
    const preview = matchTaker(
      { side: input.side, limit: input.price, size: input.size, postOnly: input.force === 'post_only' },
      levels,
    );
    if (input.size < unitsOf(spec.minTradeNum, spec.volumePlace))
      throw belowMinimum(`size is below the minimum ${spec.minTradeNum} ${spec.baseCoin}`);
    const refPrice =
      input.price ?? preview.fills[0]?.price ?? lastPriceOf(spec, ctx.simulator.getTicker('SPOT', spec.symbol));
    if (usdtValue(spec, refPrice, input.size) < unitsOf(spec.minTradeUSDT, 8))
      throw belowMinimum(`value is below the minimum ${spec.minTradeUSDT} USDT`);
    const order = newOrderRecord(
      { orderId: ctx.newOrderId(), userId, market: 'spot', symbol: spec.symbol, now, request: input },
      { presetTp: input.presetTp, presetSl: input.presetSl },
    );
    return { spec, order, preview, last };
  }

  /**
   * Cancels an open order of the user and returns its frozen funds; 43006 for any other id. A TP/SL closing order's
   * hold passes to its open sibling instead; cancelling an order with presets keeps the closing orders its fills placed.
   */
  cancel(userId: string, symbol: string, orderId: string): OrderRecord {
    const order = this.ctx.orders.find(userId, 'spot', orderId);
    if (!order || order.symbol !== symbol || !isOpen(order)) throw orderNotFound();
    const spec = this.ctx.spec('SPOT', symbol);
    order.status = 'cancelled';
    this.tpsl.handOver(order);
    this.release(spec, order);
    order.uTime = this.ctx.now();
    this.ctx.orders.update(order);
    this.ctx.changes.notify(userId, ['orders', 'assets']);
    return order;
  }

  /** Cancels every open order of the user on one pair, each as {@link cancel} does; returns the cancelled orders. */
  cancelAll(userId: string, symbol: string): OrderRecord[] {
    return this.ctx.orders.openOf(userId, 'spot', symbol).map((order) => this.cancel(userId, symbol, order.orderId));
  }

  /** Reacts to a ticker of a spot instrument: triggers stop orders on the last price, fills crossed resting orders as maker. */
  onTicker(spec: InstrumentSpec, ticker: TickerSnapshot): void {
    const prices = tickerPrices(spec, ticker);
    // One order that fails is rolled back alone: the pair's other orders are still handled, then the failure is raised.
    let failure: unknown;
    for (const listed of this.ctx.orders.openOfSymbol('spot', spec.symbol)) {
      try {
        this.onTickerOrder(spec, listed, prices);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  /** Triggers or fills one listed open order on a ticker, in its own transaction. */
  private onTickerOrder(spec: InstrumentSpec, listed: OrderRecord, prices: ReturnType<typeof tickerPrices>): void {
    this.ctx.db.transaction(() => {
      // A TP/SL closing order may have grown or been cancelled by an order handled before it here: read it again.
      const order =
        listed.parentOrderId === undefined ? listed : this.ctx.orders.find(listed.userId, 'spot', listed.orderId);
      if (!order || !isOpen(order)) return;
      if (order.planStatus === 'untriggered') {
        if (!isTriggerReached(order.triggerUp, order.triggerPrice!, prices)) return;
        this.tpsl.takeOver(order);
        order.planStatus = 'triggered';
        this.triggered(spec, order);
      } else if (order.price !== null) {
        if (!isRestingCrossed(order.side, order.price, prices)) return;
        this.fill(spec, order, { price: order.price, size: order.size - order.baseVolume }, 'maker');
        this.finish(spec, order);
      } else return;
      this.ctx.orders.update(order);
      this.ctx.changes.notify(order.userId, ['orders', 'assets']);
    })();
  }

  /** A stop order whose trigger was reached becomes a limit or market order and executes now, with the funds it froze. */
  private triggered(spec: InstrumentSpec, order: OrderRecord): void {
    // A closing order whose hold is under one lot (a buy's fee left less than a lot) has nothing to sell: it ends and
    // gives its hold back.
    if (order.size === 0n) {
      order.status = 'cancelled';
      this.release(spec, order);
      order.uTime = this.ctx.now();
      return;
    }
    const levels = this.ctx.simulator.takerLevels('SPOT', spec.symbol, order.side) ?? [];
    const preview = matchTaker(
      { side: order.side, limit: order.price, size: order.size, postOnly: order.force === 'post_only' },
      levels,
    );
    const cost = preview.fills.reduce((sum, fill) => sum + notional(spec, fill.price, fill.size), 0n);
    const affordable =
      order.side === 'sell' ||
      cost + this.quoteFeeHeld(spec, order, cost) <=
        order.frozen + this.ctx.accounts.balance(order.userId, spec.quoteCoin).available;
    const killed = order.force === 'fok' && preview.filled < order.size;
    if (preview.rejected || killed || !affordable || (order.orderType === 'market' && preview.filled === 0n)) {
      order.status = 'cancelled';
      this.release(spec, order);
      order.uTime = this.ctx.now();
      return;
    }
    this.execute(spec, order);
  }

  /** Takes liquidity for the order as a taker, then rests or finishes it. */
  private execute(spec: InstrumentSpec, order: OrderRecord): void {
    const fills = this.ctx.simulator.takeLiquidity(
      'SPOT',
      spec.symbol,
      order.side,
      order.price,
      order.size - order.baseVolume,
    );
    for (const fill of fills) this.fill(spec, order, fill, 'taker');
    // A market or immediate-or-cancel order's unfilled rest is cancelled; a limit order's rest keeps resting with its
    // frozen funds.
    if (order.orderType === 'market' || order.force === 'ioc' || order.baseVolume === order.size)
      this.finish(spec, order);
    else if (order.baseVolume > 0n) order.status = 'partially_filled';
    order.uTime = this.ctx.now();
  }

  /**
   * The funds an order freezes when accepted: a buy `price × size` (a market buy the walk's cost, a stop market buy
   * that + 1 %), its fee being paid in the base coin it receives; a sell its size.
   */
  private freezeAmount(spec: InstrumentSpec, order: OrderRecord, walk: readonly Fill[]): bigint {
    if (order.side === 'sell') return sizeToMoney(spec, order.size);
    if (order.price !== null) {
      const value = notional(spec, order.price, order.size);
      return value + this.quoteFeeHeld(spec, order, value);
    }
    const cost = walk.reduce((sum, fill) => sum + notional(spec, fill.price, fill.size), 0n);
    if (order.triggerPrice === null) return cost + this.quoteFeeHeld(spec, order, cost);
    const padded = divCeil(cost * MARKET_BUY_MARGIN_PERCENT, 100n);
    return padded + this.quoteFeeHeld(spec, order, padded);
  }

  /** The taker fee a buy holds in the quote coin on top of `value`: none when it pays in the base coin (every new buy). */
  private quoteFeeHeld(spec: InstrumentSpec, order: OrderRecord, value: bigint): bigint {
    return order.feeInBase ? 0n : userFeeOn(this.ctx, order.userId, spec, value, 'taker');
  }

  /** Refuses an order its owner could not pay for, as {@link freeze} would, without freezing anything. */
  private checkAffordable(userId: string, spec: InstrumentSpec, order: OrderRecord, walk: readonly Fill[]): void {
    const coin = order.side === 'buy' ? spec.quoteCoin : spec.baseCoin;
    if (this.ctx.accounts.balance(userId, coin).available < this.freezeAmount(spec, order, walk))
      throw insufficientBalance(`Insufficient ${coin} balance`);
  }

  private freeze(userId: string, spec: InstrumentSpec, order: OrderRecord): void {
    const coin = heldCoinOf(spec, order.side);
    const balance = this.ctx.accounts.balance(userId, coin);
    if (balance.available < order.frozen) throw insufficientBalance(`Insufficient ${coin} balance`);
    moveHeld(this.ctx, 'freeze', order, coin, order.frozen);
  }

  /** Applies one fill to the order and the balances. */
  private fill(spec: InstrumentSpec, order: OrderRecord, fill: Fill, liquidity: Liquidity): void {
    const { accounts } = this.ctx;
    const value = notional(spec, fill.price, fill.size);
    const bought = sizeToMoney(spec, fill.size);
    const inBase = order.side === 'buy' && order.feeInBase;
    const fee = chargeFill(this.ctx, {
      order,
      spec,
      value,
      size: fill.size,
      liquidity,
      ...(inBase ? { received: bought } : {}),
    });
    const { userId } = order;
    const entry = { userId, ref: order.orderId, symbol: order.symbol, at: this.ctx.now() };
    const { quoteCoin: quote, baseCoin: base } = spec;
    if (order.side === 'buy') {
      // The cost comes out of this order's frozen funds (a stop market buy that costs more takes the rest from
      // available); the fee out of the base coin it just received, or, for a buy placed before buys paid in the base
      // coin, after the cost out of what it froze.
      const valueFrozen = value < order.frozen ? value : order.frozen;
      const feeFrozen = inBase ? 0n : fee < order.frozen - valueFrozen ? fee : order.frozen - valueFrozen;
      order.frozen -= valueFrozen + feeFrozen;
      accounts.post({
        ...entry,
        kind: 'trade',
        lines: [
          userLine(userId, 'spot_frozen', quote, -valueFrozen),
          userLine(userId, 'spot', quote, valueFrozen - value),
          systemLine('market', quote, value),
          userLine(userId, 'spot', base, bought),
          systemLine('market', base, -bought),
        ],
      });
      accounts.post({
        ...entry,
        kind: 'fee',
        lines: inBase
          ? [userLine(userId, 'spot', base, -fee), systemLine('fees', base, fee)]
          : [
              userLine(userId, 'spot_frozen', quote, -feeFrozen),
              userLine(userId, 'spot', quote, feeFrozen - fee),
              systemLine('fees', quote, fee),
            ],
      });
    } else {
      order.frozen -= bought;
      accounts.post({
        ...entry,
        kind: 'trade',
        lines: [
          userLine(userId, 'spot_frozen', base, -bought),
          systemLine('market', base, bought),
          userLine(userId, 'spot', quote, value),
          systemLine('market', quote, -value),
        ],
      });
      accounts.post({
        ...entry,
        kind: 'fee',
        lines: [userLine(userId, 'spot', quote, -fee), systemLine('fees', quote, fee)],
      });
    }
    order.baseVolume += fill.size;
    order.quoteVolume += value;
    order.fee += fee;
    order.status = order.baseVolume === order.size ? 'filled' : 'partially_filled';
    order.uTime = this.ctx.now();
    // What this fill delivered is what its closing orders will spend: the base bought (less a fee paid in it), or
    // the proceeds after the fee.
    if (order.presetTp !== null || order.presetSl !== null)
      this.tpsl.protect(spec, order, fill.size, order.side === 'buy' ? bought - (inBase ? fee : 0n) : value - fee);
  }

  /** Ends an order: filled when complete, else cancelled; what it still froze goes back to available. */
  private finish(spec: InstrumentSpec, order: OrderRecord): void {
    order.status = order.baseVolume === order.size ? 'filled' : 'cancelled';
    this.release(spec, order);
  }

  private release(spec: InstrumentSpec, order: OrderRecord): void {
    if (order.frozen === 0n) return;
    moveHeld(this.ctx, 'unfreeze', order, heldCoinOf(spec, order.side), order.frozen);
    order.frozen = 0n;
  }
}

/** What a spot order's presets are checked against: its limit price, a stop-market's trigger, else the last price. */
function presetReferenceOf(input: SpotOrderInput, last: bigint): PresetReference {
  if (input.price !== null) return { price: input.price, name: 'order price' };
  if (input.triggerPrice !== null) return { price: input.triggerPrice, name: 'trigger price' };
  return { price: last, name: 'last price' };
}
