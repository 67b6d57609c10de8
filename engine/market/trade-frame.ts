/**
 * The display-ready frame the market worker sends a trading screen, at most one per animation frame
 * (ARCHITECTURE: the main thread only paints). Every figure is already formatted for the page's language; the
 * only numbers are bar shares (0…1, pixels only) and times. A part that did not change since the last frame is
 * `null`, so an idle part costs nothing to send or to paint.
 */

/** Which screen a feed serves: the product line and the symbol as the stream names them. */
export interface TradeFeedTarget {
  instType: 'SPOT' | 'USDT-FUTURES';
  symbol: string;
}

/** What a screen asks the feed for; `setView` may change any of it without resubscribing the stream. */
export interface TradeFeedView {
  /** BCP 47 tag used for every formatted figure (`Intl.NumberFormat` digits and grouping). */
  intl: string;
  /** Grouping step as a plain decimal (one of the `groupingSteps` of the instrument); null = the tick. */
  groupStep: string | null;
  /** Book rows per side to send (the screen shows them all). */
  depthRows: number;
  /** K-line interval as the stream names it: `candle1m` … `candle1W`; null = no chart shown. */
  candleChannel: string | null;
}

/**
 * Where the stream stands for this feed: `live` once a fresh book snapshot was proven on the open socket; `stale`
 * while the book stopped moving on a socket that looks open (the screen greys what it shows); `reconnecting` from a
 * lost socket until the fresh snapshot of the new one.
 */
export type FeedConnection = 'connecting' | 'live' | 'stale' | 'reconnecting' | 'offline';

/** One painted book row: price, size and cumulative size, formatted; `share` sizes the depth bar. */
export type BookRowView = readonly [price: string, size: string, total: string, share: number];

/** The book part of a frame; `rows` are best first on both sides. */
export interface BookView {
  /** `live`: proven by seq and checksum; `resyncing`: dropped after a gap or mismatch, waiting for a snapshot (rows empty). */
  status: 'live' | 'resyncing';
  bids: BookRowView[];
  asks: BookRowView[];
  /** Best ask − best bid, formatted; "" when a side is empty. */
  spread: string;
  /** The grouping step these rows use (so the menu can show the one in effect). */
  step: string;
}

/** One tape row: formatted price, size and local time (HH:mm:ss); `side` colours it. */
export interface TradeRowView {
  id: string;
  price: string;
  size: string;
  time: string;
  side: 'buy' | 'sell';
}

/** The ticker header; futures add mark, index, funding rate and the next funding time (ms, for a countdown). */
export interface TickerView {
  last: string;
  /** Raw last price (plain decimal), for the order form's market valuation and the page title. */
  lastRaw: string;
  /** 24 h change as a signed percentage text, e.g. "+1.24%". */
  change24h: string;
  /** -1, 0 or 1: the sign of the 24 h change, for colour. */
  direction: -1 | 0 | 1;
  high24h: string;
  low24h: string;
  /** Base-coin volume over 24 h. */
  volume24h: string;
  /** Quote-coin turnover over 24 h. */
  turnover24h: string;
  markPrice?: string;
  markRaw?: string;
  indexPrice?: string;
  fundingRate?: string;
  nextFundingTime?: number;
}

/** One K-line bar for lightweight-charts: time in seconds (UTC), prices as numbers (pixels only). */
export interface CandleBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** The chart's overlays at this bar's close (engine/market/chart-indicators), each absent while too few bars. */
  ma7?: number;
  ma25?: number;
  ema20?: number;
}

/** The chart part: a full history after (re)subscribing, else the bars that changed (the live one, or a rollover). */
export interface CandleView {
  channel: string;
  reset: boolean;
  bars: CandleBar[];
}

/** Counters a screen may show and a bench reads. */
export interface FeedCounters {
  messages: number;
  bookUpdates: number;
  gaps: number;
  checksumMismatches: number;
  resyncs: number;
  reconnects: number;
  /** Pushes, or rows of a push, dropped as malformed (never shown); a malformed `books` message also costs a resync. */
  dropped: number;
  /** Frames sent to the page. */
  frames: number;
}

/** A feed's counters before anything arrived. */
export function zeroCounters(): Required<FeedCounters> {
  return {
    messages: 0,
    bookUpdates: 0,
    gaps: 0,
    checksumMismatches: 0,
    resyncs: 0,
    reconnects: 0,
    dropped: 0,
    frames: 0,
  };
}

/** One frame: each part null when unchanged since the previous frame. */
export interface TradeFrame {
  /** Frame number, from 1. */
  n: number;
  connection: FeedConnection;
  book: BookView | null;
  /** Newest first; `reset` replaces the tape, else these rows go on top. */
  trades: { reset: boolean; rows: TradeRowView[] } | null;
  ticker: TickerView | null;
  candles: CandleView | null;
  /** Newest stream `ts` (ms) among the messages this frame reflects, for update-to-paint latency; 0 when none. */
  latestTs: number;
  counters: FeedCounters;
  /**
   * Whether the page answers once it has applied this frame: while the page paints the book and the tape itself, the
   * feed holds the next frame for that answer; once the worker paints them, frames are few and nobody waits.
   */
  ack: boolean;
}
