import { releaseProxy } from 'comlink';
import { BookSurfacePainter, checkBookPaintLayout } from '../../engine/market/book-painter';
import { TapeSurfacePainter } from '../../engine/market/tape-painter';
import { MarkCollector } from '../../engine/market/mark-feed';
import { PAGE_TICKER_MS } from '../../engine/market/trade-feed';
import {
  checkFeedMeta,
  checkFeedTarget,
  checkFeedView,
  type TradeFeedMeta,
} from '../../engine/market/trade-feed-input';
import { parseTradeInstrument, type TradeInstrument } from '../../engine/market/trade-instrument';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../engine/market/trade-frame';
import type { ChannelPush, MarketSession } from '../../engine/market/ws-session';
import { type CreatedTradeFeed, createTradeFeed, openMarketSession } from './create-trade-feed';
import { checkSocketUrl, publicSocketUrl } from './socket-url';
import { FetchFailure, getJson } from './fetch-json';

/** What `loadInstrument` found: the trading screen's instrument, or why there is none. */
export type InstrumentResult =
  | { ok: true; instrument: TradeInstrument }
  | { ok: false; reason: 'not-found' | 'network' | 'bad-reply' };

const SYMBOL = /^[A-Z0-9]{2,20}$/;
/** The public API's "parameter does not exist" code, which it sends for an unknown symbol. */
const UNKNOWN_SYMBOL = '40034';

function hasSymbol(reply: unknown, symbol: string): boolean {
  const data = (reply as { data?: unknown } | null)?.data;
  return Array.isArray(data) && data.some((row) => (row as { symbol?: unknown } | null)?.symbol === symbol);
}

/** Options of `openFeed`. */
export interface FeedOptions {
  /** The stream to use instead of this origin's `/v2/ws/public` (tests, or a page served elsewhere): `ws:` or `wss:` only. */
  socketUrl?: string;
  /** Trades kept on the tape (1…500, default 50). */
  tradeRows?: number;
}

/** Closes a session this long after its last feed closed, so switching symbols keeps the socket. */
const SESSION_IDLE_MS = 15_000;

interface SharedSession {
  session: MarketSession;
  users: number;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

interface OpenFeed {
  created: CreatedTradeFeed;
  url: string;
  onFrame: unknown;
  stopMarks: (() => void) | null;
  /** The book's and the tape's canvases, when the page handed them over: this worker then paints them itself. */
  book: BookSurfacePainter | null;
  tape: TapeSurfacePainter | null;
}

/** The panels this worker can paint. */
export type PaintedPanel = 'book' | 'tape';

function checkPanel(value: unknown): PaintedPanel {
  if (value !== 'book' && value !== 'tape')
    throw new TypeError(`panel must be book or tape, got ${String(value).slice(0, 40)}`);
  return value;
}

/** One session per stream URL; in the app there is exactly one (this origin), so one WebSocket per tab. */
const sessions = new Map<string, SharedSession>();
const feeds = new Map<number, OpenFeed>();
let nextFeedId = 1;
const marks = new MarkCollector();
let markPort: MessagePort | null = null;

function acquireSession(url: string): MarketSession {
  let shared = sessions.get(url);
  if (!shared) {
    shared = { session: openMarketSession(url), users: 0, idleTimer: null };
    sessions.set(url, shared);
  }
  if (shared.idleTimer !== null) clearTimeout(shared.idleTimer);
  shared.idleTimer = null;
  shared.users += 1;
  return shared.session;
}

function releaseSession(url: string): void {
  const shared = sessions.get(url);
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  shared.idleTimer = setTimeout(() => {
    if (shared.users > 0) return;
    shared.session.close();
    sessions.delete(url);
  }, SESSION_IDLE_MS);
}

/**
 * Marks go to the maths worker at most this often, the newest per symbol (the first at once). Each message is a
 * recompute of every position there and a rows delta to the page; ten perpetuals ticking 20 times a second made one
 * per frame, a flood the page could not keep up with, for figures no one reads faster than a few times a second.
 */
export const MARKS_EVERY_MS = 250;

let lastMarksAt = Number.NEGATIVE_INFINITY;
let markTimer: ReturnType<typeof setTimeout> | null = null;
/** When a trading screen last sent its page a ticker (see {@link alignMarksWithTicker}). */
let lastPageTickerAt = Number.NEGATIVE_INFINITY;
/**
 * How long after a page's ticker frame its marks wait for the next one before they go on their own: two ticker
 * intervals, so a ticker frame that comes with its push, up to the pacer's grace after its interval, still finds them.
 */
const MARKS_FALLBACK_MS = 2 * PAGE_TICKER_MS;

function sendMarks(): void {
  markTimer = null;
  lastMarksAt = performance.now();
  const message = marks.take();
  if (message && markPort) markPort.postMessage(message);
}

/**
 * Hands the marks gathered since the last send to the maths worker, at most every {@link MARKS_EVERY_MS}
 * (MarkCollector); while a trading screen's ticker frames flow, with those frames instead.
 */
function onMarkTicker(push: ChannelPush): void {
  if (!marks.add(push) || markTimer !== null) return;
  const now = performance.now();
  const every = now - lastPageTickerAt < MARKS_FALLBACK_MS ? MARKS_FALLBACK_MS : MARKS_EVERY_MS;
  const wait = every - (now - lastMarksAt);
  if (wait <= 0) sendMarks();
  else markTimer = setTimeout(sendMarks, wait);
}

/**
 * A ticker frame is going to a trading screen: the marks waiting for their turn go now too. The maths worker's rows
 * for them then reach the page a few ms after the ticker, and the page lays out one frame for both instead of two
 * a frame apart, twice a second.
 */
function alignMarksWithTicker(): void {
  lastPageTickerAt = performance.now();
  if (markTimer === null) return;
  clearTimeout(markTimer);
  sendMarks();
}

function checkFeedId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`feedId must be a feed number from openFeed, got ${String(value)}`);
  return value;
}

function checkOptions(value: unknown): { socketUrl: string; tradeRows?: number } {
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value)))
    throw new TypeError('options must be an object');
  const { socketUrl, tradeRows } = (value ?? {}) as Record<string, unknown>;
  if (tradeRows !== undefined && typeof tradeRows !== 'number')
    throw new TypeError('options.tradeRows must be a number');
  // Normalised, so the same stream named twice is still one session (one WebSocket).
  return { socketUrl: checkSocketUrl(socketUrl === undefined ? publicSocketUrl(self.location) : socketUrl), tradeRows };
}

/** Fetches one instrument of a trading screen from the public symbols or contracts list (market-data contract, REST). */
export async function loadInstrument(market: 'spot' | 'futures', symbol: string): Promise<InstrumentResult> {
  if (market !== 'spot' && market !== 'futures') throw new TypeError('market must be spot or futures');
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
    throw new TypeError('symbol must be 2 to 20 capital letters or digits');
  const path =
    market === 'spot'
      ? `/api/v2/spot/public/symbols?symbol=${symbol}`
      : `/api/v2/mix/market/contracts?productType=USDT-FUTURES&symbol=${symbol}`;
  let reply: unknown;
  try {
    reply = await getJson(path);
  } catch (error) {
    return { ok: false, reason: error instanceof FetchFailure ? error.reason : 'bad-reply' };
  }
  const instrument = parseTradeInstrument(reply, market, symbol);
  if (instrument) return { ok: true, instrument };
  const code = (reply as { code?: unknown } | null)?.code;
  const isMissing = code === UNKNOWN_SYMBOL || (code === '00000' && !hasSymbol(reply, symbol));
  return { ok: false, reason: isMissing ? 'not-found' : 'bad-reply' };
}

/**
 * Opens a trading feed (market-data contract, WebSocket) on this worker's shared stream and returns its id.
 * `onFrame` (a `Comlink.proxy`) then receives a display-ready {@link TradeFrame} at most once per animation frame,
 * the next one only after the page has taken the previous one. Futures tickers also feed the mark port.
 */
export async function openFeed(
  target: TradeFeedTarget,
  view: TradeFeedView,
  meta: TradeFeedMeta,
  onFrame: (frame: TradeFrame) => unknown,
  options?: FeedOptions,
): Promise<number> {
  const checkedTarget = checkFeedTarget(target);
  const checkedMeta = checkFeedMeta(meta);
  const checkedView = checkFeedView(view, checkedMeta);
  if (typeof onFrame !== 'function') throw new TypeError('onFrame must be a function (Comlink.proxy)');
  const { socketUrl, tradeRows } = checkOptions(options);
  const session = acquireSession(socketUrl);
  const id = nextFeedId;
  nextFeedId += 1;
  let created: CreatedTradeFeed;
  try {
    created = createTradeFeed({
      target: checkedTarget,
      view: checkedView,
      meta: checkedMeta,
      session,
      tradeRows,
      // A page callback that fails keeps the feed: the next frame follows as usual.
      emit: (frame) => {
        if (frame.ticker !== null) alignMarksWithTicker();
        return Promise.resolve(onFrame(frame)).catch(() => undefined);
      },
    });
  } catch (error) {
    releaseSession(socketUrl);
    throw error;
  }
  const stopMarks =
    checkedTarget.instType === 'SPOT'
      ? null
      : session.subscribe(
          { instType: checkedTarget.instType, channel: 'ticker', instId: checkedTarget.symbol },
          onMarkTicker,
        );
  feeds.set(id, { created, url: socketUrl, onFrame, stopMarks, book: null, tape: null });
  return id;
}

function openFeedOf(feedId: number): OpenFeed {
  const open = feeds.get(checkFeedId(feedId));
  if (!open) throw new TypeError(`feedId ${feedId} is not an open feed`);
  return open;
}

/**
 * Update-to-paint of the panels this worker paints (ms from the newest message a paint reflects to the frame after
 * it), kept only while the bench asks for it ({@link measureCanvasLatency}); null, and free, otherwise.
 */
let canvasLatency: number[] | null = null;
/** Samples kept between two takes at most: about 15 minutes of a book painted every frame. */
const MAX_CANVAS_LATENCY_SAMPLES = 50_000;

function notePainted(latestTs: number): void {
  const sink = canvasLatency;
  if (sink === null || latestTs <= 0 || sink.length >= MAX_CANVAS_LATENCY_SAMPLES) return;
  // The canvas shows the paint in the frame after this task; a zero timeout after that frame's callbacks lands past it.
  const scope = globalThis as { requestAnimationFrame?: (callback: () => void) => unknown };
  const record = () => setTimeout(() => sink.push(Date.now() - latestTs), 0);
  if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(record);
  else record();
}

/** Starts (true) or stops (false) keeping the painted panels' update-to-paint samples; for the bench. */
export async function measureCanvasLatency(on: boolean): Promise<void> {
  if (typeof on !== 'boolean') throw new TypeError('measureCanvasLatency takes true or false');
  canvasLatency = on ? (canvasLatency ?? []) : null;
}

/** The samples kept since the last take (see {@link measureCanvasLatency}), emptying the store. */
export async function takeCanvasLatency(): Promise<number[]> {
  const taken = canvasLatency ?? [];
  if (canvasLatency !== null) canvasLatency = [];
  return taken;
}

/**
 * Takes a panel's canvas (`transferControlToOffscreen` of the page's canvas) and the page's layout for it: from the
 * next frame this worker paints every new book, or every new trade, there itself, never waiting for the page, and
 * the page's frames carry that part only every two seconds (its accessible table). A second canvas replaces the
 * first.
 */
export async function attachCanvas(
  feedId: number,
  panel: PaintedPanel,
  canvas: OffscreenCanvas,
  layout: unknown,
): Promise<void> {
  const open = openFeedOf(feedId);
  const which = checkPanel(panel);
  if (typeof OffscreenCanvas !== 'function' || !(canvas instanceof OffscreenCanvas))
    throw new TypeError('attachCanvas needs an OffscreenCanvas');
  const checked = checkBookPaintLayout(layout);
  if (which === 'book') {
    const painter = new BookSurfacePainter(canvas);
    painter.setLayout(checked);
    open.book = painter;
    open.created.feed.setBookPainter((book, latestTs) => {
      painter.paint(book);
      notePainted(latestTs);
    });
  } else {
    const painter = new TapeSurfacePainter(canvas);
    painter.setLayout(checked);
    open.tape = painter;
    open.created.feed.setTapePainter((part, latestTs) => {
      painter.paint(part);
      notePainted(latestTs);
    });
  }
}

/** A new layout for a panel's canvas (resized, theme or language changed); repaints at once. */
export async function setCanvasLayout(feedId: number, panel: PaintedPanel, layout: unknown): Promise<void> {
  const open = openFeedOf(feedId);
  const which = checkPanel(panel);
  const checked = checkBookPaintLayout(layout);
  const painter = open[which];
  if (!painter) throw new TypeError(`feed ${feedId} has no ${which} canvas`);
  painter.setLayout(checked);
}

/** The price of the book row painted at `y` CSS px from the canvas top, or null (the spread, an empty row). */
export async function bookPriceAt(feedId: number, y: number): Promise<string | null> {
  const open = openFeedOf(feedId);
  if (typeof y !== 'number') throw new TypeError('y must be a number');
  return open.book?.priceAt(y) ?? null;
}

/** Changes a feed's grouping, depth, language or chart interval (the next frame shows it). */
export async function setFeedView(feedId: number, view: TradeFeedView): Promise<void> {
  openFeedOf(feedId).created.feed.setView(view);
}

/** Closes a feed: unsubscribes its channels and releases the page's callback; closing twice does nothing. */
export async function closeFeed(feedId: number): Promise<void> {
  const id = checkFeedId(feedId);
  const open = feeds.get(id);
  if (!open) return;
  feeds.delete(id);
  open.created.close();
  open.book = null;
  open.tape = null;
  open.stopMarks?.();
  releaseSession(open.url);
  (open.onFrame as { [releaseProxy]?: () => void })[releaseProxy]?.();
}

/**
 * Takes one end of a MessageChannel whose other end the maths worker holds (`attachMarkFeed`): futures marks and
 * index prices of the open feeds and watched symbols go there as `MarkFeedMessage`s, at most every {@link MARKS_EVERY_MS},
 * without the main thread.
 */
export async function attachMarkPort(port: MessagePort): Promise<void> {
  if (!(port instanceof MessagePort)) throw new TypeError('attachMarkPort needs a MessagePort');
  if (markPort && markPort !== port) markPort.close();
  markPort = port;
}

/** Most symbols `watchMarks` takes: more than any account's open positions on the simulated market. */
const MAX_WATCHED = 100;

/** The futures tickers watched for marks, whatever feeds are open, and the stream they are on. */
let watched: { url: string; stops: Map<string, () => void>; session: MarketSession } | null = null;

function checkSymbols(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_WATCHED)
    throw new TypeError(`symbols must be an array of at most ${MAX_WATCHED}`);
  for (const symbol of value)
    if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
      throw new TypeError('each symbol must be 2 to 20 capital letters or digits');
  return [...new Set(value as string[])];
}

/**
 * Keeps the USDT-M tickers of `symbols` subscribed on the shared stream so their marks and index prices reach the
 * maths worker (`attachMarkPort`), whichever screen is open: the positions panel lists every open position, not
 * only the screen's symbol. Each call replaces the set; an empty list lets the stream go.
 */
export async function watchMarks(symbols: unknown, options?: FeedOptions): Promise<void> {
  const wanted = checkSymbols(symbols);
  const { socketUrl } = checkOptions(options);
  if (watched && (watched.url !== socketUrl || wanted.length === 0)) {
    for (const stop of watched.stops.values()) stop();
    releaseSession(watched.url);
    watched = null;
  }
  if (wanted.length === 0) return;
  // The watch holds one use of the session for as long as it has symbols.
  if (!watched) watched = { url: socketUrl, stops: new Map(), session: acquireSession(socketUrl) };
  const { session } = watched;
  for (const [symbol, stop] of watched.stops) {
    if (wanted.includes(symbol)) continue;
    stop();
    watched.stops.delete(symbol);
  }
  for (const symbol of wanted) {
    if (watched.stops.has(symbol)) continue;
    // A listener of its own: the ticker may also be a feed's, whose close must not stop this one.
    watched.stops.set(
      symbol,
      session.subscribe({ instType: 'USDT-FUTURES', channel: 'ticker', instId: symbol }, (push) => onMarkTicker(push)),
    );
  }
}
