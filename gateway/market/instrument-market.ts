import type { Fill, MatchLevel, OrderSide } from './matching';
import { BACK_HISTORY_DAYS, backHistoryHours, followedHours, HOUR_MS } from './back-history';
import { BookMaker, roundToLot } from './book-maker';
import type { BookSide } from './book-side';
import { FundingModel } from './funding-model';
import type { InstrumentSpec } from './instruments';
import type { BookLevel, BookSnapshot, TickerSnapshot, TradeTick } from './market-types';
import { type MinuteCandle, PriceHistory } from './price-history';
import { createRandom, hashSeed, type Random } from './random';
import { formatRatio, formatScaled, parseScaled } from './scaled-decimal';

/** What one step of one instrument produced. */
export interface InstrumentStep {
  /** Book update number, or undefined when the book did not change. */
  seq: number | undefined;
  bids: BookLevel[];
  asks: BookLevel[];
  trades: TradeTick[];
}

/** Tuning of one simulated market. */
export interface InstrumentMarketOptions {
  bookDepth: number;
  volatilityScale: number;
}

const WARM_UP_STEP_MS = 20_000;
const DAY_MS = 86_400_000;
const MAX_STEP_SECONDS = 5;
/** How long a price takes to drift most of the way back to its anchor; keeps long runs near realistic levels. */
const REVERSION_SECONDS = 6 * 3600;
const MAX_TRADES_KEPT = 200;
/** A generated hour trades about this many typical level sizes (180 warm-up steps of some 7 each). */
const HOUR_VOLUME_LEVELS = 1260;

/**
 * One instrument's seeded market: last price, 100 days of hour candles and 24 h of minute candles, a book in integer
 * ticks, recent trades. A spot pair (or a perpetual without one) moves on a random walk; a perpetual with a spot pair
 * of its base trades at that pair's price (its index) times one plus a small basis, over its whole history too.
 */
export class InstrumentMarket {
  private readonly rng: Random;
  private readonly seed: number;
  private readonly tick: number;
  private readonly lot: number;
  private readonly typicalSize: number;
  private readonly anchor: number;
  private readonly history = new PriceHistory();
  /** The book, on the market's random stream (so one seed makes one market). */
  private readonly maker: BookMaker;
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  private readonly trades: TradeTick[] = [];
  /** Paper takers' fills since the last step, newest first: they go out on the stream with the next step. */
  private readonly takerTrades: TradeTick[] = [];
  private last: number;
  private lastStepMs: number;
  private seq = 0;
  private nextTradeId = 1_000_000_000_000;
  private holding: number;
  /** The side the book was last re-centred for: the inside sits at the last price on the other side of it. */
  private centre: 'buy' | 'sell' = 'buy';
  /** Mark, index and funding; perpetuals only, on a random stream of their own so the book does not depend on it. */
  private funding: FundingModel | undefined;
  private readonly fundingRng: Random;
  /** A perpetual's spot pair, whose last price is its index; undefined for spot pairs and lone perpetuals. */
  private readonly index: InstrumentMarket | undefined;
  /** Spot index units → this perpetual's price units. */
  private readonly indexScale: number;
  /** A spot pair's warm-up prices, kept until its perpetual is built (see releaseWarmUp). */
  private warmUpPath: number[] | undefined;
  /** The start of the minute window: the back-history's hours end here. */
  private readonly windowStart: number;

  /** Builds the market at `nowMs` with a synthetic history leading up to it; a perpetual follows its spot pair `index`. */
  constructor(
    readonly spec: InstrumentSpec,
    seed: number,
    nowMs: number,
    private readonly options: InstrumentMarketOptions,
    index?: InstrumentMarket,
  ) {
    this.rng = createRandom(seed);
    this.fundingRng = createRandom(hashSeed(seed, 'funding'));
    this.seed = seed;
    this.index = spec.instType === 'SPOT' ? undefined : index;
    this.indexScale = this.index ? 10 ** (spec.pricePlace - this.index.spec.pricePlace) : 1;
    this.tick = spec.priceEndStep;
    this.lot = parseScaled(spec.sizeMultiplier, spec.volumePlace);
    this.typicalSize = parseScaled(spec.typicalLevelSize, spec.volumePlace);
    this.maker = new BookMaker(this.rng, {
      tick: this.tick,
      lot: this.lot,
      typicalSize: this.typicalSize,
      depth: options.bookDepth,
    });
    this.bids = this.maker.bids;
    this.asks = this.maker.asks;
    this.anchor = this.snap(parseScaled(spec.startPrice, spec.pricePlace));
    this.last = this.anchor;
    this.holding = this.roundToLot(this.typicalSize * 5000);
    // The minutes start on the hour before the 24 h window, the hour candles end there.
    const windowStart = Math.floor((nowMs - DAY_MS) / HOUR_MS) * HOUR_MS;
    this.windowStart = windowStart;
    const followed = this.index ? new FundingModel(this.fundingRng, this.tick, this.last, windowStart) : undefined;
    this.history.seedHours(() => this.backHistory());
    const path: number[] | undefined = spec.instType === 'SPOT' ? [] : undefined;
    let k = 0;
    let minuteSize = 0;
    for (let t = windowStart; t < nowMs; t += WARM_UP_STEP_MS, k += 1) {
      const seconds = WARM_UP_STEP_MS / 1000;
      if (followed && this.index) {
        const spotIndex = this.indexOf(this.index.warmUpPath?.[k] ?? this.index.last);
        this.last = this.followIndex(spotIndex, followed.stepBasis(seconds));
        followed.update(this.last, seconds, t, spotIndex);
      } else this.movePrice(seconds);
      path?.push(this.last);
      // Volume goes in once a minute, at the minute's last price (cheaper than three big-integer sums a minute).
      minuteSize += this.roundToLot(this.typicalSize * (1 + this.rng.next() * 12));
      const endsMinute = (t + WARM_UP_STEP_MS) % 60_000 < WARM_UP_STEP_MS || t + WARM_UP_STEP_MS >= nowMs;
      if (!endsMinute) this.history.record(t, this.last);
      else {
        this.history.record(t, this.last, BigInt(minuteSize), BigInt(minuteSize) * BigInt(this.last));
        minuteSize = 0;
      }
    }
    this.warmUpPath = path;
    this.history.record(nowMs, this.last);
    this.lastStepMs = nowMs;
    this.funding =
      followed ??
      (spec.instType === 'SPOT' ? undefined : new FundingModel(this.fundingRng, this.tick, this.last, nowMs));
    this.centre = this.rng.next() < 0.5 ? 'buy' : 'sell';
    this.maker.recentre(this.centre, this.last);
    this.bids.drainChanges();
    this.asks.drainChanges();
  }

  /** Advances the walk to `nowMs`, trades at the new price, re-centres and churns the book. */
  advance(nowMs: number, levelChanges: number): InstrumentStep {
    const seconds = Math.min(MAX_STEP_SECONDS, Math.max(0, nowMs - this.lastStepMs) / 1000);
    this.lastStepMs = Math.max(this.lastStepMs, nowMs);
    const previous = this.last;
    let spotIndex: number | undefined;
    if (this.index && this.funding) {
      spotIndex = this.indexOf(this.index.last);
      this.last = this.followIndex(spotIndex, this.funding.stepBasis(seconds));
    } else this.movePrice(seconds);
    const side = this.last > previous ? 'buy' : this.last < previous ? 'sell' : this.rng.next() < 0.5 ? 'buy' : 'sell';
    // On a still price a calm book (activity below 1) moves its inside to the trades' side only that share of steps.
    const activity = this.spec.bookActivity ?? 1;
    if (this.last !== previous || activity >= 1 || this.rng.next() < activity) this.centre = side;
    const simulated = seconds > 0 ? this.trade(nowMs, side, this.rng.int(1, 3)) : [];
    if (simulated.length === 0) this.history.record(nowMs, this.last);
    const trades = this.takerTrades.length > 0 ? [...simulated, ...this.takerTrades.splice(0)] : simulated;
    // Churn first, so re-centring afterwards tops each side back up to full depth.
    for (let i = 0; i < levelChanges; i++) this.maker.churnOne();
    this.maker.recentre(this.centre, this.last);
    this.holding = Math.max(
      this.lot,
      this.holding + Math.round((this.typicalSize * this.rng.normal()) / this.lot) * this.lot,
    );
    this.funding?.update(this.last, seconds, nowMs, spotIndex);
    const bids = this.formatLevels(this.bids.drainChanges());
    const asks = this.formatLevels(this.asks.drainChanges());
    const changed = bids.length > 0 || asks.length > 0;
    if (changed) this.seq += 1;
    return { seq: changed ? this.seq : undefined, bids, asks, trades };
  }

  /** The ticker as of the last step. */
  ticker(): TickerSnapshot {
    const { pricePlace, volumePlace } = this.spec;
    const stats = this.history.stats();
    const price = (units: number) => formatScaled(units, pricePlace);
    const baseVolume = formatScaled(stats.baseVolume, volumePlace);
    const quoteVolume = formatScaled(stats.quoteVolume, pricePlace + volumePlace);
    const bestBid = this.bids.best() ?? 0;
    const bestAsk = this.asks.best() ?? 0;
    const ticker: TickerSnapshot = {
      symbol: this.spec.symbol,
      lastPr: price(this.last),
      open24h: price(stats.open),
      high24h: price(stats.high),
      low24h: price(stats.low),
      openUtc: price(stats.openUtc),
      change24h: formatRatio(this.last - stats.open, stats.open, 5),
      changeUtc24h: formatRatio(this.last - stats.openUtc, stats.openUtc, 5),
      baseVolume,
      quoteVolume,
      usdtVolume: this.spec.quoteCoin === 'USDT' ? quoteVolume : this.spec.baseCoin === 'USDT' ? baseVolume : '0',
      bidPr: price(bestBid),
      askPr: price(bestAsk),
      bidSz: formatScaled(this.bids.sizeAt(bestBid), volumePlace),
      askSz: formatScaled(this.asks.sizeAt(bestAsk), volumePlace),
      ts: String(this.lastStepMs),
    };
    if (this.funding) {
      const funding = this.funding.current();
      ticker.markPrice = price(funding.markPrice);
      ticker.indexPrice = price(funding.indexPrice);
      ticker.fundingRate = formatScaled(funding.fundingMicros, 6);
      ticker.nextFundingTime = String(funding.nextFundingTime);
      ticker.holdingAmount = formatScaled(this.holding, volumePlace);
    }
    return ticker;
  }

  /** The best `depth` levels of each side with the current update number. */
  book(depth: number): BookSnapshot {
    return {
      seq: this.seq,
      ts: this.lastStepMs,
      bids: this.formatLevels(this.bids.top(depth)),
      asks: this.formatLevels(this.asks.top(depth)),
    };
  }

  /** The side a taker on `side` trades against, best level first, in integer units (at most `depth` levels). */
  oppositeLevels(side: OrderSide, depth: number): MatchLevel[] {
    const book = side === 'buy' ? this.asks : this.bids;
    return book.top(depth).map(([price, size]) => ({ price: BigInt(price), size: BigInt(size) }));
  }

  /**
   * Removes filled size from the side a taker on `side` traded against. The changed levels stay recorded in the
   * book side, so the next `advance` drains them into the next `book` event under the next `seq`. The fills are
   * public trades like any other: in the recent trades at once, in the volume and the candles, and on the stream's
   * trade channel with the next step (the taker's side, the level's price).
   */
  removeFills(side: OrderSide, fills: readonly Fill[]): void {
    const book = side === 'buy' ? this.asks : this.bids;
    const made: TradeTick[] = [];
    for (const fill of fills) {
      book.take(Number(fill.price), Number(fill.size));
      this.history.record(this.lastStepMs, Number(fill.price), fill.size, fill.size * fill.price);
      made.unshift({
        ts: String(this.lastStepMs),
        price: formatScaled(Number(fill.price), this.spec.pricePlace),
        size: formatScaled(Number(fill.size), this.spec.volumePlace),
        side,
        tradeId: String(this.nextTradeId++),
      });
    }
    if (made.length === 0) return;
    this.takerTrades.unshift(...made);
    this.trades.unshift(...made);
    if (this.trades.length > MAX_TRADES_KEPT) this.trades.length = MAX_TRADES_KEPT;
  }

  /**
   * A market shock for tests and demos: the last price jumps to `price` ticks, the book re-centres around it, and a
   * perpetual's index and mark restart at it. Book changes go out with the next step, like any other change.
   */
  jumpTo(price: number, nowMs: number): void {
    this.centre = price >= this.last ? 'buy' : 'sell';
    this.last = Math.max(this.tick, this.snap(price));
    this.history.record(Math.max(nowMs, this.lastStepMs), this.last);
    this.maker.recentre(this.centre, this.last);
    if (this.funding)
      this.funding = new FundingModel(this.fundingRng, this.tick, this.last, Math.max(nowMs, this.lastStepMs));
  }

  /** Drops what a spot pair kept for its perpetual's construction. */
  releaseWarmUp(): void {
    this.warmUpPath = undefined;
  }

  /** The most recent trades, newest first. */
  recentTrades(limit: number): TradeTick[] {
    return this.trades.slice(0, limit);
  }

  /** The minute candles of the last 24 h and the hour candles before them (integer ticks), oldest first. */
  minuteHistory(): PriceHistory {
    return this.history;
  }

  /**
   * The seeded hour candles before the minute window, built on the first candle read: a perpetual's follow its spot
   * pair's, the others walk on their own. Only the seed decides them (fresh random streams of their own, the basis
   * walked back from the warm-up's zero), so they come out the same whenever and in whatever order they are asked for.
   */
  backHistory(): MinuteCandle[] {
    const rng = createRandom(hashSeed(this.seed, 'history'));
    const hourVolume = () => this.roundToLot(this.typicalSize * HOUR_VOLUME_LEVELS * (0.5 + rng.next()));
    if (this.index) {
      const spotHours = this.index.backHistory();
      const basisWalk = new FundingModel(createRandom(hashSeed(this.seed, 'history basis')), this.tick, this.anchor, 0);
      const bases = new Float64Array(spotHours.length);
      for (let hour = spotHours.length - 1; hour >= 0; hour -= 1) bases[hour] = basisWalk.stepBasis(HOUR_MS / 1000);
      return followedHours(spotHours, (units, hour) => this.followIndex(this.indexOf(units), bases[hour]!), hourVolume);
    }
    const walk = {
      anchor: this.anchor,
      tick: this.tick,
      volatilityBps: this.spec.volatilityBps * this.options.volatilityScale,
      hourVolume: (r: Random) => this.roundToLot(this.typicalSize * HOUR_VOLUME_LEVELS * (0.5 + r.next())),
    };
    return backHistoryHours(rng, walk, this.windowStart, BACK_HISTORY_DAYS * 24);
  }

  /** A spot price (its units) in this perpetual's price units, unrounded. */
  private indexOf(spotUnits: number): number {
    return spotUnits * this.indexScale;
  }

  /** This perpetual's price at `basis` over the index `spotIndex` (price units), on the tick grid. */
  private followIndex(spotIndex: number, basis: number): number {
    return Math.max(this.tick, this.snap(spotIndex * (1 + basis)));
  }

  private movePrice(seconds: number): void {
    const sigma = (this.spec.volatilityBps / 10_000) * this.last * Math.sqrt(seconds) * this.options.volatilityScale;
    const pull = (this.anchor - this.last) * Math.min(1, seconds / REVERSION_SECONDS);
    const floor = this.snap(Math.max(this.tick, this.anchor / 10));
    this.last = Math.max(floor, this.snap(this.last + pull + sigma * this.rng.normal()));
  }

  private trade(nowMs: number, side: 'buy' | 'sell', count: number): TradeTick[] {
    const made: TradeTick[] = [];
    for (let i = 0; i < count; i++) {
      const size = this.roundToLot(this.typicalSize * this.rng.next() * 0.3);
      this.history.record(nowMs, this.last, BigInt(size), BigInt(size) * BigInt(this.last));
      made.unshift({
        ts: String(nowMs),
        price: formatScaled(this.last, this.spec.pricePlace),
        size: formatScaled(size, this.spec.volumePlace),
        side,
        tradeId: String(this.nextTradeId++),
      });
    }
    this.trades.unshift(...made);
    if (this.trades.length > MAX_TRADES_KEPT) this.trades.length = MAX_TRADES_KEPT;
    return made;
  }

  private roundToLot(units: number): number {
    return roundToLot(units, this.lot);
  }

  private snap(units: number): number {
    return Math.round(units / this.tick) * this.tick;
  }

  private formatLevels(levels: Array<[number, number]>): BookLevel[] {
    const { pricePlace, volumePlace } = this.spec;
    // A deleted level is sent as exactly "0", as the public feed does.
    return levels.map(([price, size]) => [
      formatScaled(price, pricePlace),
      size === 0 ? '0' : formatScaled(size, volumePlace),
    ]);
  }
}
