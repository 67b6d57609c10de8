/**
 * The market worker's trading feeds (market-data contract, WebSocket and REST), built by {@link createFeedApi}: the
 * shared sessions, the open feeds, their painted canvases, the mark channel to the maths worker and the bench's paint
 * probe all live in the object it returns, none at module level.
 */
import type { DepthView } from '../../engine/market/book-depth';
import { BookSurfacePainter, checkBookPaintLayout } from '../../engine/market/book-painter';
import { MarkRelay, MarkWatch } from '../../engine/market/mark-relay';
import { SessionRegistry } from '../../engine/market/session-registry';
import { TapeSurfacePainter } from '../../engine/market/tape-painter';
import {
  checkFeedMeta,
  checkFeedTarget,
  checkFeedView,
  type TradeFeedMeta,
} from '../../engine/market/trade-feed-input';
import { parseTradeInstrument, type TradeInstrument } from '../../engine/market/trade-instrument';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../engine/market/trade-frame';
import type { MarketSession } from '../../engine/market/ws-session';
import { createPaintProbe } from './bench-probe';
import { type CreatedTradeFeed, createTradeFeed, openMarketSession } from './create-trade-feed';
import { FetchFailure, getJson } from './fetch-json';
import { instrumentPath } from './instrument-path';
import { checkSocketUrl, publicSocketUrl } from './socket-url';

/** What `loadInstrument` found: the trading screen's instrument, or why there is none. */
export type InstrumentResult =
  | { ok: true; instrument: TradeInstrument }
  | { ok: false; reason: 'not-found' | 'network' | 'bad-reply' };

const SYMBOL = /^[A-Z0-9]{2,20}$/;
/** The public API's "parameter does not exist" code, which it sends for an unknown symbol. */
const UNKNOWN_SYMBOL = '40034';
/** Most symbols `watchMarks` takes: more than any account's open positions on the simulated market. */
const MAX_WATCHED = 100;

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

/** One message of a feed's depth port (`watchDepth`): the book's cumulative depth, answered with `n` once applied. */
export interface DepthMessage {
  n: number;
  ack: true;
  depth: DepthView;
}

interface OpenFeed {
  created: CreatedTradeFeed;
  url: string;
  frames: FramePort<TradeFrame>;
  /** Where the book's depth goes while a depth chart shows it. */
  depth: FramePort<DepthMessage> | null;
  stopMarks: (() => void) | null;
  /** The book's and the tape's canvases, when the page handed them over: this worker then paints them itself. */
  book: BookSurfacePainter | null;
  tape: TapeSurfacePainter | null;
}

/**
 * Where a feed's frames (or its depth) go: the page's end of a MessageChannel. A frame that asks for it (`ack`) is
 * answered with its number once the page has applied it, which resolves the promise `emit` returned; a newer frame
 * resolves the older one's promise too (the feed's pacing reads only the newest answer), so no unanswered frame is kept.
 */
class FramePort<Frame extends { n: number; ack: boolean }> {
  private pending: { n: number; resolve: () => void } | null = null;

  constructor(private readonly port: MessagePort) {
    port.onmessage = (event: MessageEvent) => {
      if (this.pending !== null && event.data === this.pending.n) this.settle();
    };
  }

  emit(frame: Frame): Promise<void> | undefined {
    this.settle();
    this.port.postMessage(frame);
    if (!frame.ack) return undefined;
    return new Promise<void>((resolve) => {
      this.pending = { n: frame.n, resolve };
    });
  }

  close(): void {
    this.settle();
    this.port.onmessage = null;
    this.port.close();
  }

  private settle(): void {
    this.pending?.resolve();
    this.pending = null;
  }
}

/** The panels this worker can paint. */
export type PaintedPanel = 'book' | 'tape';

function checkPanel(value: unknown): PaintedPanel {
  if (value !== 'book' && value !== 'tape')
    throw new TypeError(`panel must be book or tape, got ${String(value).slice(0, 40)}`);
  return value;
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

function checkSymbols(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_WATCHED)
    throw new TypeError(`symbols must be an array of at most ${MAX_WATCHED}`);
  for (const symbol of value)
    if (typeof symbol !== 'string' || !SYMBOL.test(symbol))
      throw new TypeError('each symbol must be 2 to 20 capital letters or digits');
  return [...new Set(value as string[])];
}

/**
 * Fetches one instrument of a trading screen from the public symbols or contracts list (market-data contract, REST);
 * `pending` is that read when the caller has already started it.
 */
export async function loadInstrument(
  market: 'spot' | 'futures',
  symbol: string,
  pending?: Promise<unknown>,
): Promise<InstrumentResult> {
  const path = instrumentPath(market, symbol);
  let reply: unknown;
  try {
    reply = await (pending ?? getJson(path));
  } catch (error) {
    return { ok: false, reason: error instanceof FetchFailure ? error.reason : 'bad-reply' };
  }
  const instrument = parseTradeInstrument(reply, market, symbol);
  if (instrument) return { ok: true, instrument };
  const code = (reply as { code?: unknown } | null)?.code;
  const isMissing = code === UNKNOWN_SYMBOL || (code === '00000' && !hasSymbol(reply, symbol));
  return { ok: false, reason: isMissing ? 'not-found' : 'bad-reply' };
}

const timers = {
  setTimeout: (callback: () => void, ms: number): unknown => setTimeout(callback, ms),
  clearTimeout: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Builds the market worker's feed calls over one set of sessions, feeds and mark channel (market-data contract). */
export function createFeedApi() {
  /** One session per stream URL; in the app there is exactly one (this origin), so one WebSocket per tab. */
  const sessions = new SessionRegistry<MarketSession>({ open: openMarketSession, ...timers });
  const marks = new MarkRelay({ now: () => performance.now(), ...timers });
  const watch = new MarkWatch(sessions, marks);
  const probe = createPaintProbe();
  const feeds = new Map<number, OpenFeed>();
  let nextFeedId = 1;

  function openFeedOf(feedId: number): OpenFeed {
    const open = feeds.get(checkFeedId(feedId));
    if (!open) throw new TypeError(`feedId ${feedId} is not an open feed`);
    return open;
  }

  return {
    /**
     * Fetches a trading screen's instrument (see {@link loadInstrument}); the stream's socket opens meanwhile, so the
     * screen's feed, which subscribes once the instrument is there, finds it open (a round trip saved on a phone).
     * Unused, the session closes after the registry's idle time.
     */
    loadInstrument(market: 'spot' | 'futures', symbol: string, pending?: Promise<unknown>): Promise<InstrumentResult> {
      // A malformed request throws here, before any socket opens.
      instrumentPath(market, symbol);
      const result = loadInstrument(market, symbol, pending);
      const url = checkSocketUrl(publicSocketUrl(self.location));
      sessions.acquire(url).connect();
      sessions.release(url);
      return result;
    },

    /**
     * Opens a trading feed on this worker's shared stream and returns its id. `port` (the page's end of a
     * MessageChannel, transferred) then receives a display-ready {@link TradeFrame} at most once per animation frame:
     * one message each, no call and no reply, unless the frame asks the page to answer (`ack`). Futures tickers also
     * feed the mark port.
     */
    async openFeed(
      target: TradeFeedTarget,
      view: TradeFeedView,
      meta: TradeFeedMeta,
      port: MessagePort,
      options?: FeedOptions,
    ): Promise<number> {
      const checkedTarget = checkFeedTarget(target);
      const checkedMeta = checkFeedMeta(meta);
      const checkedView = checkFeedView(view, checkedMeta);
      if (!(port instanceof MessagePort)) throw new TypeError('port must be a MessagePort (transferred)');
      const { socketUrl, tradeRows } = checkOptions(options);
      const session = sessions.acquire(socketUrl);
      const id = nextFeedId;
      nextFeedId += 1;
      let created: CreatedTradeFeed;
      const frames = new FramePort<TradeFrame>(port);
      try {
        created = createTradeFeed({
          target: checkedTarget,
          view: checkedView,
          meta: checkedMeta,
          session,
          tradeRows,
          emit: (frame) => {
            if (frame.ticker !== null) marks.pageTickerSent();
            return frames.emit(frame);
          },
        });
      } catch (error) {
        frames.close();
        sessions.release(socketUrl);
        throw error;
      }
      const stopMarks =
        checkedTarget.instType === 'SPOT'
          ? null
          : session.subscribe(
              { instType: checkedTarget.instType, channel: 'ticker', instId: checkedTarget.symbol },
              marks.onTicker,
            );
      feeds.set(id, { created, url: socketUrl, frames, depth: null, stopMarks, book: null, tape: null });
      return id;
    },

    /** For the bench: starts (true) or stops (false) keeping the painted panels' update-to-paint samples. */
    async measureCanvasLatency(on: boolean): Promise<void> {
      if (typeof on !== 'boolean') throw new TypeError('measureCanvasLatency takes true or false');
      probe.measure(on);
    },

    /** For the bench: the samples kept since the last take (see `measureCanvasLatency`), emptying the store. */
    async takeCanvasLatency(): Promise<number[]> {
      return probe.take();
    },

    /**
     * Takes a panel's canvas (`transferControlToOffscreen` of the page's canvas) and the page's layout for it: from
     * the next frame this worker paints every new book, or every new trade, there itself, never waiting for the page,
     * and the page's frames carry that part only as its copy's pacing allows. A second canvas replaces the first.
     */
    async attachCanvas(feedId: number, panel: PaintedPanel, canvas: OffscreenCanvas, layout: unknown): Promise<void> {
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
          probe.painted(latestTs);
        });
      } else {
        const painter = new TapeSurfacePainter(canvas);
        painter.setLayout(checked);
        open.tape = painter;
        open.created.feed.setTapePainter((part, latestTs) => {
          painter.paint(part);
          probe.painted(latestTs);
        });
      }
    },

    /** A new layout for a panel's canvas (resized, theme or language changed); repaints at once. */
    async setCanvasLayout(feedId: number, panel: PaintedPanel, layout: unknown): Promise<void> {
      const open = openFeedOf(feedId);
      const which = checkPanel(panel);
      const checked = checkBookPaintLayout(layout);
      const painter = open[which];
      if (!painter) throw new TypeError(`feed ${feedId} has no ${which} canvas`);
      painter.setLayout(checked);
    },

    /** The price of the book row painted at `y` CSS px from the canvas top, or null (the spread, an empty row). */
    async bookPriceAt(feedId: number, y: number): Promise<string | null> {
      const open = openFeedOf(feedId);
      if (typeof y !== 'number') throw new TypeError('y must be a number');
      return open.book?.priceAt(y) ?? null;
    },

    /**
     * Sends a feed's cumulative book depth (the depth chart) to `port` (the page's end of a MessageChannel,
     * transferred) as {@link DepthMessage}s: at once, then at most once per animation frame in which the book moved,
     * each after the page answered the last one. A second port replaces the first; null stops.
     */
    async watchDepth(feedId: number, port: MessagePort | null): Promise<void> {
      const open = openFeedOf(feedId);
      if (port !== null && !(port instanceof MessagePort))
        throw new TypeError('port must be a MessagePort (transferred) or null');
      open.depth?.close();
      open.depth = null;
      if (port === null) {
        open.created.feed.setDepthSink(null);
        return;
      }
      const depthPort = new FramePort<DepthMessage>(port);
      open.depth = depthPort;
      let n = 0;
      open.created.feed.setDepthSink((depth) => {
        n += 1;
        return depthPort.emit({ n, ack: true, depth });
      });
    },

    /** Changes a feed's grouping, depth, language or chart interval (the next frame shows it). */
    async setFeedView(feedId: number, view: TradeFeedView): Promise<void> {
      openFeedOf(feedId).created.feed.setView(view);
    },

    /** Closes a feed: unsubscribes its channels and closes the page's frame port; closing twice does nothing. */
    async closeFeed(feedId: number): Promise<void> {
      const id = checkFeedId(feedId);
      const open = feeds.get(id);
      if (!open) return;
      feeds.delete(id);
      open.created.close();
      open.book = null;
      open.tape = null;
      open.depth?.close();
      open.depth = null;
      open.stopMarks?.();
      sessions.release(open.url);
      open.frames.close();
    },

    /**
     * Takes one end of a MessageChannel whose other end the maths worker holds (`attachMarkFeed`): futures marks and
     * index prices of the open feeds and watched symbols go there as `MarkFeedMessage`s, paced (engine page-pacing),
     * without the main thread.
     */
    async attachMarkPort(port: MessagePort): Promise<void> {
      if (!(port instanceof MessagePort)) throw new TypeError('attachMarkPort needs a MessagePort');
      marks.attach(port);
    },

    /**
     * Keeps the USDT-M tickers of `symbols` subscribed on the shared stream so their marks and index prices reach the
     * maths worker (`attachMarkPort`), whichever screen is open. Each call replaces the set; an empty list lets the
     * stream go.
     */
    async watchMarks(symbols: unknown, options?: FeedOptions): Promise<void> {
      const wanted = checkSymbols(symbols);
      const { socketUrl } = checkOptions(options);
      watch.set(wanted, socketUrl);
    },
  };
}

/** The market worker's feed calls (see {@link createFeedApi}). */
export type FeedApi = ReturnType<typeof createFeedApi>;
