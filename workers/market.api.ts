import { isLanguageTag } from '../engine/format/language-tag';
import {
  buildMarketRows,
  type InstrumentMeta,
  type MarketKind,
  type MarketRow,
  parseInstruments,
} from '../engine/market/market-rows';
import type { ContractInfoResult } from '../engine/market/contract-info';
import type { TradeFeedMeta } from '../engine/market/trade-feed-input';
import type { TradeFeedTarget, TradeFeedView } from '../engine/market/trade-frame';
import type { DepthMessage, FeedApi, FeedOptions, InstrumentResult, PaintedPanel } from './market/feed-api';

export type { ContractInfoResult, DepthMessage, FeedOptions, InstrumentResult, PaintedPanel };
import { FetchFailure, getJson, getJsonReply } from './market/fetch-json';
import { instrumentPath } from './market/instrument-path';

/** What the markets page paints: formatted rows plus whether they are fresh. */
export interface MarketsFrame {
  kind: MarketKind;
  rows: MarketRow[];
  /** Server time of the data shown, ms. */
  updatedAt: number;
  /**
   * `updatedAt` as the page shows it: the time of day in the page's language. Formatted here, because building a
   * date formatter for a language is the costliest single step of the markets page's first render.
   */
  updatedText: string;
  /** True when the rows are the last good ones and the newest fetch failed. */
  stale: boolean;
  /** True when the rows are the service worker's last kept prices (the network failed, e.g. a reload offline). */
  isCached: boolean;
  failure: null | 'network' | 'bad-reply' | 'api-error';
}

const ENDPOINTS: Record<MarketKind, { instruments: string; tickers: string }> = {
  spot: { instruments: '/api/v2/spot/public/symbols', tickers: '/api/v2/spot/market/tickers' },
  futures: {
    instruments: '/api/v2/mix/market/contracts?productType=USDT-FUTURES',
    tickers: '/api/v2/mix/market/tickers?productType=USDT-FUTURES',
  },
};

/** The time of day of `ms` in the language `intl` (already checked), with one formatter per language. */
function timeOfDay(formats: Map<string, Intl.DateTimeFormat>, ms: number, intl: string): string {
  let format = formats.get(intl);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, { timeStyle: 'medium' });
    formats.set(intl, format);
  }
  return format.format(ms);
}

/**
 * Builds the market worker's API (market-data contract, REST and WebSocket): the markets page's rows and the trading
 * feeds. Its caches and the feed calls live in the object it returns; the worker entry exposes one.
 */
export function createMarketApi() {
  const instruments = new Map<MarketKind, InstrumentMeta[]>();
  const lastGood = new Map<MarketKind, MarketsFrame>();
  const timeFormats = new Map<string, Intl.DateTimeFormat>();
  /** The perpetuals' contract list, and per symbol its slow-changing replies (funding history, tiers). */
  let contractList: Promise<unknown> | null = null;
  const contractParts = new Map<string, Promise<[unknown, unknown]>>();
  /** The trading feed code, loaded and built on first use so the markets page never pays for it. */
  let feeds: Promise<FeedApi> | null = null;
  const feedApi = () => {
    feeds ??= import('./market/feed-api').then(
      (module) => module.createFeedApi(),
      (error: unknown) => {
        // A chunk that failed to load is tried again on the next call.
        feeds = null;
        throw error;
      },
    );
    return feeds;
  };

  async function instrumentsOf(kind: MarketKind): Promise<InstrumentMeta[] | 'api-error'> {
    const cached = instruments.get(kind);
    if (cached) return cached;
    const parsed = parseInstruments(await getJson(ENDPOINTS[kind].instruments), kind);
    if (!parsed.ok) return 'api-error';
    instruments.set(kind, parsed.value);
    return parsed.value;
  }

  function failed(kind: MarketKind, failure: Exclude<MarketsFrame['failure'], null>): MarketsFrame {
    const last = lastGood.get(kind);
    return last
      ? { ...last, stale: true, failure }
      : { kind, rows: [], updatedAt: 0, updatedText: '', stale: false, isCached: false, failure };
  }

  return {
    /** Fetches the instruments and tickers of one market and returns display-ready rows (market-data contract, REST). */
    async loadMarkets(kind: MarketKind, intl: string): Promise<MarketsFrame> {
      if (kind !== 'spot' && kind !== 'futures') throw new TypeError('kind must be spot or futures');
      if (!isLanguageTag(intl)) throw new TypeError('intl must be a BCP 47 language tag');
      try {
        const meta = await instrumentsOf(kind);
        if (meta === 'api-error') return failed(kind, 'api-error');
        const { body: reply, cachedAt } = await getJsonReply(ENDPOINTS[kind].tickers);
        const rows = buildMarketRows(reply, meta, intl);
        if (!rows.ok) return failed(kind, rows.reason);
        const requestTime = Number((reply as { requestTime?: unknown }).requestTime);
        const updatedAt = Number.isFinite(requestTime) ? requestTime : (cachedAt ?? Date.now());
        const frame: MarketsFrame = {
          kind,
          rows: rows.value,
          updatedAt,
          updatedText: timeOfDay(timeFormats, updatedAt, intl),
          stale: false,
          isCached: cachedAt !== null,
          failure: null,
        };
        lastGood.set(kind, frame);
        // The network failed and the service worker answered with the last prices it kept (a reload offline): shown
        // as the last good rows of a failed fetch, with the time of their data.
        return cachedAt === null ? frame : { ...frame, stale: true, failure: 'network' };
      } catch (error) {
        return failed(kind, error instanceof FetchFailure ? error.reason : 'bad-reply');
      }
    },

    /**
     * A perpetual's information page (`/trade-info`): terms, live mark, index and funding, funding history and margin
     * tiers, formatted for `intl`; the history and tiers are fetched once per symbol, the live figures each call.
     */
    async loadContractInfo(
      symbol: string,
      intl: string,
    ): Promise<ContractInfoResult | { ok: false; reason: 'network' }> {
      if (typeof symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(symbol)) return { ok: false, reason: 'not-found' };
      if (!isLanguageTag(intl)) throw new TypeError('intl must be a BCP 47 language tag');
      const query = `symbol=${symbol}&productType=USDT-FUTURES`;
      try {
        // The page's code loads on its first visit: the markets page's worker never carries it.
        const { buildContractInfo, FUNDING_ROWS } = await import('../engine/market/contract-info');
        // The contract list once per worker; a symbol's history and tiers once per symbol (a settlement every 8 h);
        // a failed read is asked again next time. Only the live figures are read on every call: one ticker.
        if (!contractList) {
          contractList = getJson(ENDPOINTS.futures.instruments);
          contractList.catch(() => {
            contractList = null;
          });
        }
        let fixed = contractParts.get(symbol);
        if (!fixed) {
          fixed = Promise.all([
            getJson(`/api/v2/mix/market/history-fund-rate?${query}&pageSize=${FUNDING_ROWS}`),
            getJson(`/api/v2/mix/market/query-position-lever?${query}`),
          ]);
          contractParts.set(symbol, fixed);
          fixed.catch(() => contractParts.delete(symbol));
        }
        const [contracts, [funding, tiers], tickers] = await Promise.all([
          contractList,
          fixed,
          getJson(`/api/v2/mix/market/ticker?${query}`),
        ]);
        const result = buildContractInfo(symbol, { contracts, tickers, funding, tiers }, intl, Date.now());
        if (!result.ok) {
          contractParts.delete(symbol);
          contractList = null;
        }
        return result;
      } catch (error) {
        return { ok: false, reason: error instanceof FetchFailure ? error.reason : 'bad-reply' };
      }
    },

    /**
     * Fetches one instrument of a trading screen; the trading code loads on first use, never on the markets page.
     * The read starts at once, beside the code's load: on a phone's network each is a round trip.
     */
    async loadInstrument(market: 'spot' | 'futures', symbol: string): Promise<InstrumentResult> {
      const reply = getJson(instrumentPath(market, symbol));
      // Read by the feed code below; a failed code load must not leave it unhandled.
      reply.catch(() => undefined);
      return (await feedApi()).loadInstrument(market, symbol, reply);
    },

    /** Opens a trading feed and returns its id; `port` (transferred) gets at most one frame per animation frame. */
    async openFeed(
      target: TradeFeedTarget,
      view: TradeFeedView,
      meta: TradeFeedMeta,
      port: MessagePort,
      options?: FeedOptions,
    ): Promise<number> {
      return (await feedApi()).openFeed(target, view, meta, port, options);
    },

    /** Sends a feed's cumulative book depth (the depth chart) to `port` (transferred) while it is set; null stops. */
    async watchDepth(feedId: number, port: MessagePort | null): Promise<void> {
      return (await feedApi()).watchDepth(feedId, port);
    },

    /** Changes a feed's grouping, depth, language or chart interval (the next frame shows it). */
    async setFeedView(feedId: number, view: TradeFeedView): Promise<void> {
      return (await feedApi()).setFeedView(feedId, view);
    },

    /** Closes a feed; closing twice does nothing. */
    async closeFeed(feedId: number): Promise<void> {
      return (await feedApi()).closeFeed(feedId);
    },

    /** Hands a feed a panel's canvas (an OffscreenCanvas, transferred) and its layout: the worker paints that panel from then on. */
    async attachCanvas(feedId: number, panel: PaintedPanel, canvas: OffscreenCanvas, layout: unknown): Promise<void> {
      return (await feedApi()).attachCanvas(feedId, panel, canvas, layout);
    },

    /** A new layout for a panel's canvas. */
    async setCanvasLayout(feedId: number, panel: PaintedPanel, layout: unknown): Promise<void> {
      return (await feedApi()).setCanvasLayout(feedId, panel, layout);
    },

    /** The price painted at `y` CSS px down the book canvas, or null. */
    async bookPriceAt(feedId: number, y: number): Promise<string | null> {
      return (await feedApi()).bookPriceAt(feedId, y);
    },

    /** For the bench: starts or stops keeping the painted panels' update-to-paint samples. */
    async measureCanvasLatency(on: boolean): Promise<void> {
      return (await feedApi()).measureCanvasLatency(on);
    },

    /** For the bench: the painted panels' update-to-paint samples (ms) since the last take. */
    async takeCanvasLatency(): Promise<number[]> {
      return (await feedApi()).takeCanvasLatency();
    },

    /** Keeps the marks of these USDT-M symbols flowing to the maths worker (the open positions' symbols); `[]` stops. */
    async watchMarks(symbols: string[], options?: FeedOptions): Promise<void> {
      return (await feedApi()).watchMarks(symbols, options);
    },

    /** Takes the market end of the mark channel to the maths worker (futures marks, at most every 250 ms). */
    async attachMarkPort(port: MessagePort): Promise<void> {
      return (await feedApi()).attachMarkPort(port);
    },
  };
}

/** What the market worker exposes. */
export type MarketApi = ReturnType<typeof createMarketApi>;
