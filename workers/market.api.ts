import { isLanguageTag } from '../engine/format/language-tag';
import {
  buildMarketRows,
  type InstrumentMeta,
  type MarketKind,
  type MarketRow,
  parseInstruments,
} from '../engine/market/market-rows';

/** What the markets page paints: formatted rows plus whether they are fresh. */
export interface MarketsFrame {
  kind: MarketKind;
  rows: MarketRow[];
  /** Server time of the data shown, ms. */
  updatedAt: number;
  /** True when the rows are the last good ones and the newest fetch failed. */
  stale: boolean;
  failure: null | 'network' | 'bad-reply' | 'api-error';
}

const ENDPOINTS: Record<MarketKind, { instruments: string; tickers: string }> = {
  spot: { instruments: '/api/v2/spot/public/symbols', tickers: '/api/v2/spot/market/tickers' },
  futures: {
    instruments: '/api/v2/mix/market/contracts?productType=USDT-FUTURES',
    tickers: '/api/v2/mix/market/tickers?productType=USDT-FUTURES',
  },
};

const FETCH_TIMEOUT_MS = 10_000;

const instruments = new Map<MarketKind, InstrumentMeta[]>();
const lastGood = new Map<MarketKind, MarketsFrame>();

class FetchFailure extends Error {
  constructor(readonly reason: 'network' | 'bad-reply') {
    super(reason);
  }
}

async function getJson(path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    throw new FetchFailure('network');
  }
  try {
    return await response.json();
  } catch {
    throw new FetchFailure('bad-reply');
  }
}

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
  return last ? { ...last, stale: true, failure } : { kind, rows: [], updatedAt: 0, stale: false, failure };
}

const api = {
  /** Fetches the instruments and tickers of one market and returns display-ready rows (market-data contract, REST). */
  async loadMarkets(kind: MarketKind, intl: string): Promise<MarketsFrame> {
    if (kind !== 'spot' && kind !== 'futures') throw new TypeError('kind must be spot or futures');
    if (!isLanguageTag(intl)) throw new TypeError('intl must be a BCP 47 language tag');
    try {
      const meta = await instrumentsOf(kind);
      if (meta === 'api-error') return failed(kind, 'api-error');
      const reply = await getJson(ENDPOINTS[kind].tickers);
      const rows = buildMarketRows(reply, meta, intl);
      if (!rows.ok) return failed(kind, rows.reason);
      const requestTime = Number((reply as { requestTime?: unknown }).requestTime);
      const frame: MarketsFrame = {
        kind,
        rows: rows.value,
        updatedAt: Number.isFinite(requestTime) ? requestTime : Date.now(),
        stale: false,
        failure: null,
      };
      lastGood.set(kind, frame);
      return frame;
    } catch (error) {
      return failed(kind, error instanceof FetchFailure ? error.reason : 'bad-reply');
    }
  },
};

export type MarketApi = typeof api;
export const marketApi = api;
