import { InstrumentMarket } from './instrument-market';
import { type InstrumentSpec, type InstType, instrumentKey } from './instruments';
import { DEFAULT_INSTRUMENTS } from './default-instruments';
import type { BookSnapshot, MarketEvent, MarketListener, TickerSnapshot, TradeTick } from './market-types';
import type { CandleHistory } from './candles';
import type { MinuteCandle } from './price-history';
import { type Fill, matchTaker, type OrderSide } from './matching';
import { hashSeed } from './random';
import { parseScaled } from './scaled-decimal';

/** How a simulator is built; everything but the seed and the clock has a default. */
export interface SimulatorOptions {
  /** Same seed + same sequence of `step` times ⇒ the same market, byte for byte. */
  seed: number;
  /** Start time (ms); the synthetic 24 h history ends here. */
  nowMs: number;
  instruments?: readonly InstrumentSpec[];
  /** Levels kept per book side (default 200). */
  bookDepth?: number;
  /** Random level changes per instrument per step, on top of re-centring (default 12), scaled by each instrument's `bookActivity`. */
  levelChangesPerStep?: number;
  /** Multiplies every instrument's volatility (default 1). */
  volatilityScale?: number;
  /** Called when a listener throws; the simulator itself keeps going. */
  onListenerError?: (error: unknown) => void;
}

const DEFAULT_BOOK_DEPTH = 200;
const DEFAULT_LEVEL_CHANGES = 12;

/** The random level changes `spec` makes in a step when the simulator runs at `perStep`: its `bookActivity` share, rounded, at least 1 unless `perStep` is 0. */
export function levelChangesOf(spec: InstrumentSpec, perStep: number): number {
  const activity = spec.bookActivity ?? 1;
  return perStep > 0 ? Math.max(1, Math.round(perStep * activity)) : 0;
}

/** The gateway's market simulator: seeded random walks with books, trades and tickers, driven by `step(nowMs)` (market-data contract). */
export class MarketSimulator {
  private readonly markets = new Map<string, InstrumentMarket>();
  /** The markets in the order a step moves them: spot pairs first, so a perpetual reads its index as of this step. */
  private readonly stepOrder: InstrumentMarket[] = [];
  /** Each perpetual's spot pair and each spot pair's perpetual, by instrument key (jumps move both). */
  private readonly partners = new Map<string, InstrumentMarket>();
  private readonly listeners = new Set<MarketListener>();
  private levelChangesPerStep: number;

  /** Builds every instrument's market at `options.nowMs`. */
  constructor(private readonly options: SimulatorOptions) {
    this.levelChangesPerStep = options.levelChangesPerStep ?? DEFAULT_LEVEL_CHANGES;
    const marketOptions = {
      bookDepth: options.bookDepth ?? DEFAULT_BOOK_DEPTH,
      volatilityScale: options.volatilityScale ?? 1,
    };
    const specs = options.instruments ?? DEFAULT_INSTRUMENTS;
    const built = new Map<string, InstrumentMarket>();
    const spotOf = (spec: InstrumentSpec) =>
      specs.find((s) => s.instType === 'SPOT' && s.baseCoin === spec.baseCoin && s.quoteCoin === spec.quoteCoin);
    // Spot pairs first: a perpetual is built over its spot pair's history.
    for (const spec of [...specs].sort((a, b) => Number(a.instType !== 'SPOT') - Number(b.instType !== 'SPOT'))) {
      const key = instrumentKey(spec.instType, spec.symbol);
      if (spec.bookActivity !== undefined && !(spec.bookActivity > 0 && spec.bookActivity <= 1))
        throw new RangeError(`${key}: bookActivity must lie in (0, 1]`);
      const spot = spec.instType === 'SPOT' ? undefined : spotOf(spec);
      const index = spot ? built.get(instrumentKey('SPOT', spot.symbol)) : undefined;
      const market = new InstrumentMarket(spec, hashSeed(options.seed, key), options.nowMs, marketOptions, index);
      built.set(key, market);
      this.stepOrder.push(market);
      if (index) {
        this.partners.set(key, index);
        this.partners.set(instrumentKey('SPOT', index.spec.symbol), market);
      }
    }
    for (const market of built.values()) market.releaseWarmUp();
    for (const spec of specs) {
      const key = instrumentKey(spec.instType, spec.symbol);
      this.markets.set(key, built.get(key)!);
    }
  }

  /**
   * Advances every instrument to `nowMs` and emits, per instrument, a `book` event (if it changed), a `trades` event
   * (if any) and a `ticker` event.
   */
  step(nowMs: number): void {
    const hasListeners = this.listeners.size > 0;
    for (const market of this.stepOrder) {
      const { instType, symbol } = market.spec;
      const result = market.advance(nowMs, levelChangesOf(market.spec, this.levelChangesPerStep));
      if (!hasListeners) continue;
      if (result.seq !== undefined) {
        this.emit({ type: 'book', instType, symbol, ts: nowMs, seq: result.seq, bids: result.bids, asks: result.asks });
      }
      if (result.trades.length > 0) this.emit({ type: 'trades', instType, symbol, ts: nowMs, trades: result.trades });
      this.emit({ type: 'ticker', instType, symbol, ts: nowMs, ticker: market.ticker() });
    }
  }

  /** Registers a listener for market events; returns the function that removes it. */
  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Changes how many random level changes a full-activity instrument makes per step (to load a client harder or softer). */
  setLevelChangesPerStep(count: number): void {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError('levelChangesPerStep must be a non-negative integer');
    this.levelChangesPerStep = count;
  }

  /** The simulated instruments, optionally of one product line, in definition order. */
  listInstruments(instType?: InstType): InstrumentSpec[] {
    const specs = [...this.markets.values()].map((market) => market.spec);
    return instType ? specs.filter((spec) => spec.instType === instType) : specs;
  }

  /** One instrument's specification, or undefined when it is not simulated. */
  getInstrument(instType: InstType, symbol: string): InstrumentSpec | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.spec;
  }

  /** One instrument's current ticker, or undefined when it is not simulated. */
  getTicker(instType: InstType, symbol: string): TickerSnapshot | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.ticker();
  }

  /** Current tickers of every instrument of a product line. */
  getTickers(instType: InstType): TickerSnapshot[] {
    return [...this.markets.values()].filter((m) => m.spec.instType === instType).map((m) => m.ticker());
  }

  /** The best `depth` levels per side with the book's update number, or undefined when not simulated. */
  getBook(instType: InstType, symbol: string, depth = DEFAULT_BOOK_DEPTH): BookSnapshot | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.book(depth);
  }

  /** The most recent public trades (newest first), or undefined when not simulated. */
  getTrades(instType: InstType, symbol: string, limit = 100): TradeTick[] | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.recentTrades(limit);
  }

  /** Minute candles of the last 24 h in integer ticks (oldest first). */
  getMinuteCandles(instType: InstType, symbol: string): readonly MinuteCandle[] | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.minuteHistory().minuteCandles();
  }

  /** The whole stored history in integer ticks: hour candles (about 100 days) and the last 24 h of minutes after them. */
  getCandleHistory(instType: InstType, symbol: string): CandleHistory | undefined {
    const history = this.markets.get(instrumentKey(instType, symbol))?.minuteHistory();
    return history && { hours: history.hourCandles(), minutes: history.minuteCandles() };
  }

  /** The levels a taker on `side` would trade against, best first, in integer units; undefined when not simulated. */
  takerLevels(
    instType: InstType,
    symbol: string,
    side: OrderSide,
    depth = DEFAULT_BOOK_DEPTH,
  ): ReturnType<InstrumentMarket['oppositeLevels']> | undefined {
    return this.markets.get(instrumentKey(instType, symbol))?.oppositeLevels(side, depth);
  }

  /**
   * Takes liquidity for a paper taker: walks the opposite side best level first up to `limit` (integer price units,
   * null for market) for at most `size` (integer size units), removes what it filled from the book and returns the
   * fills. The next `book` event carries the changed levels under the next `seq`, so stream checksums stay true.
   */
  takeLiquidity(instType: InstType, symbol: string, side: OrderSide, limit: bigint | null, size: bigint): Fill[] {
    const market = this.markets.get(instrumentKey(instType, symbol));
    if (!market) return [];
    const { fills } = matchTaker({ side, limit, size }, market.oppositeLevels(side, Number.POSITIVE_INFINITY));
    market.removeFills(side, fills);
    return fills;
  }

  /**
   * Test and demo hook: moves an instrument's last (and a perpetual's mark) price to the decimal `price` at once, and
   * its spot pair or perpetual with it, so the two stay together; see InstrumentMarket.jumpTo.
   */
  jumpPrice(instType: InstType, symbol: string, price: string, nowMs: number): void {
    const key = instrumentKey(instType, symbol);
    const market = this.markets.get(key);
    if (!market) return;
    const partner = this.partners.get(key);
    if (partner) partner.jumpTo(Math.round(Number(price) * 10 ** partner.spec.pricePlace), nowMs);
    market.jumpTo(parseScaled(price, market.spec.pricePlace), nowMs);
  }

  private emit(event: MarketEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
  }
}
