/**
 * The frame building of a trading screen's feed (market-data contract; ARCHITECTURE "display-ready frames"): turns
 * the kept book, tape and ticker into formatted views in the screen's language, grouped at its step, each null when
 * it shows nothing new.
 */
import { decimalSign } from '../format/decimal-string';
import { buildDepth, type DepthView, resyncingDepth } from './book-depth';
import { createFeedFormat, type FeedFormat } from './feed-format';
import type { FeedPartName } from './feed-state';
import type { OrderBook } from './order-book';
import { type GroupedLevel, groupBook } from './price-grouping';
import type { StreamTicker } from './stream-rows';
import type { FeedMeta } from './trade-feed-input';
import type { BookRowView, BookView, TickerView, TradeFeedView, TradeRowView } from './trade-frame';
import type { TradesRing } from './trades-ring';

function sameRows(a: readonly BookRowView[], b: readonly BookRowView[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i];
    const y = b[i];
    if (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2] || x[3] !== y[3]) return false;
  }
  return true;
}

function sameBook(a: BookView, b: BookView | null): boolean {
  return (
    b !== null &&
    a.status === b.status &&
    a.spread === b.spread &&
    a.step === b.step &&
    sameRows(a.bids, b.bids) &&
    sameRows(a.asks, b.asks)
  );
}

function sameTicker(a: TickerView, b: TickerView | null): boolean {
  if (b === null) return false;
  for (const key of Object.keys(a) as (keyof TickerView)[]) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * Builds the display-ready parts of one screen's frames and remembers what the page last had of each, so an
 * unchanged book or ticker is not sent twice and a frame is timed only by the stream messages it brings.
 */
export class FrameBuilder {
  private format: FeedFormat;
  private step: string;
  private depthRows: number;
  private lastBook: BookView | null = null;
  private lastTicker: TickerView | null = null;
  /** Each part's newest stream time when the page last had it. */
  private readonly sentTs = { book: 0, trades: 0, ticker: 0, candles: 0 };

  constructor(
    private readonly meta: FeedMeta,
    view: TradeFeedView,
  ) {
    this.format = createFeedFormat(view.intl, meta.pricePlace, meta.volumePlace);
    this.step = view.groupStep ?? meta.priceStep;
    this.depthRows = view.depthRows;
  }

  /** A new language: every figure is formatted anew. */
  setLanguage(intl: string): void {
    this.format = createFeedFormat(intl, this.meta.pricePlace, this.meta.volumePlace);
  }

  /** A new grouping step (null: the tick) or depth. */
  setGrouping(groupStep: string | null, depthRows: number): void {
    this.step = groupStep ?? this.meta.priceStep;
    this.depthRows = depthRows;
  }

  /** Forgets the last book, so the next one is built and sent even when unchanged (a painter came or went). */
  forgetBook(): void {
    this.lastBook = null;
  }

  /** The stream time `part` brings to a frame that carries it at data time `ts`: 0 when the page already had it. */
  sent(part: FeedPartName, ts: number): number {
    if (ts <= this.sentTs[part]) return 0;
    this.sentTs[part] = ts;
    return ts;
  }

  /** The book as the screen shows it (`resyncing` while it is not live), or null when it is the last one built. */
  book(book: OrderBook): BookView | null {
    let view: BookView = { status: 'resyncing', bids: [], asks: [], spread: '', step: this.step };
    if (book.isLive) {
      const grouped = groupBook(book.levels('bids'), book.levels('asks'), this.step, this.depthRows);
      const spread = book.spread();
      view = {
        status: 'live',
        bids: this.rows(grouped.bids),
        asks: this.rows(grouped.asks),
        spread: spread === null ? '' : this.format.price(spread),
        step: this.step,
      };
    }
    if (sameBook(view, this.lastBook)) return null;
    this.lastBook = view;
    return view;
  }

  /** The book's cumulative depth for the depth chart in the screen's language, built anew each time it is asked. */
  depth(book: OrderBook): DepthView {
    if (!book.isLive) return resyncingDepth();
    const { pricePlace } = this.meta;
    // The value is in the quote coin: at the price's places, and never fewer than cents.
    return buildDepth(book.levels('bids'), book.levels('asks'), this.format, {
      pricePlaces: pricePlace,
      valuePlaces: Math.max(2, pricePlace),
    });
  }

  private rows(levels: readonly GroupedLevel[]): BookRowView[] {
    const { format } = this;
    const rows: BookRowView[] = new Array(levels.length);
    for (let i = 0; i < levels.length; i += 1) {
      const level = levels[i];
      rows[i] = [format.price(level.price), format.size(level.size), format.size(level.total), level.share];
    }
    return rows;
  }

  /** The newest `count` trades of the tape, formatted, newest first. */
  tradeRows(trades: TradesRing, count: number): TradeRowView[] {
    const rows: TradeRowView[] = new Array(count);
    const { format } = this;
    for (let i = 0; i < count; i += 1) {
      const trade = trades.at(i)!;
      rows[i] = {
        id: trade.id,
        price: format.price(trade.price),
        size: format.size(trade.size),
        time: format.time(trade.ts),
        side: trade.side,
      };
    }
    return rows;
  }

  /** The ticker's figures, or null when there is none or they are the last ones built. */
  ticker(ticker: StreamTicker | null): TickerView | null {
    if (!ticker) return null;
    const { format } = this;
    const view: TickerView = {
      last: format.price(ticker.lastPr),
      lastRaw: ticker.lastPr,
      change24h: format.change(ticker.change24h),
      direction: decimalSign(ticker.change24h),
      high24h: format.price(ticker.high24h),
      low24h: format.price(ticker.low24h),
      volume24h: format.compact(ticker.baseVolume),
      turnover24h: format.compact(ticker.quoteVolume),
    };
    if (ticker.futures) {
      const { markPrice, indexPrice, fundingRate, nextFundingTime } = ticker.futures;
      view.markPrice = format.price(markPrice);
      view.markRaw = markPrice;
      view.indexPrice = format.price(indexPrice);
      view.fundingRate = format.funding(fundingRate);
      view.nextFundingTime = nextFundingTime;
    }
    if (sameTicker(view, this.lastTicker)) return null;
    this.lastTicker = view;
    return view;
  }
}
