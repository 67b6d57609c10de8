import { notFound } from '@tanstack/react-router';
import type { TradeInstrument } from '../../engine/market/trade-instrument';
import type { InstrumentResult } from '../../workers/market.api';
import { marketWorker, WorkerCallError } from '../workers';

/** A symbol in a trading URL: 2–20 capitals and digits; lower case is read as upper case, anything else refused. */
export function readTradeSymbol(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const symbol = raw.toUpperCase();
  return /^[A-Z0-9]{2,20}$/.test(symbol) ? symbol : null;
}

/** The `$symbol` param of a trading route: read with {@link readTradeSymbol}; anything else is the not-found page. */
export const tradeSymbolParams = {
  parse: ({ symbol }: { symbol: string }): { symbol: string } => {
    const parsed = readTradeSymbol(symbol);
    if (!parsed) throw notFound();
    return { symbol: parsed };
  },
  stringify: ({ symbol }: { symbol: string }) => ({ symbol }),
};

/** Search params of a trading screen: the K-line interval, when given and known. */
export interface TradeSearch {
  interval?: string;
}

/** Keeps only a well-formed `interval` (the chart falls back to its default for an unknown one). */
export function tradeSearch(search: Record<string, unknown>): TradeSearch {
  return typeof search.interval === 'string' && /^candle\w{2,6}$/.test(search.interval)
    ? { interval: search.interval }
    : {};
}

/** What a trading route's loader gives its page: the instrument, or why there is none. */
export type TradeRouteData =
  | { state: 'ready'; instrument: TradeInstrument }
  | { state: 'not-found'; symbol: string }
  | { state: 'failed'; reason: 'network' | 'bad-reply' | 'worker-timeout' | 'worker-failed' };

/** How long a load started ahead stays good for its route's loader (a page that never asked leaves it unread). */
const STARTED_FRESH_MS = 10_000;

/** Loads started ahead of their route's loader, each taken by the first loader that asks for it while fresh. */
const started = new Map<string, { at: number; data: Promise<TradeRouteData> }>();

/**
 * Starts loading a trading screen's instrument before the router runs (the page's entry, while texts and the page's
 * code load): the market worker, its REST read and its stream's socket then overlap them instead of following.
 */
export function startTradeInstrument(market: 'spot' | 'futures', symbol: string): void {
  const key = `${market}:${symbol}`;
  if (!started.has(key)) started.set(key, { at: Date.now(), data: fetchTradeInstrument(market, symbol) });
}

/** Loads the instrument of a trading screen through the market worker; failures are a state of the page. */
export function loadTradeInstrument(market: 'spot' | 'futures', symbol: string): Promise<TradeRouteData> {
  const key = `${market}:${symbol}`;
  const early = started.get(key);
  started.delete(key);
  return early && Date.now() - early.at <= STARTED_FRESH_MS ? early.data : fetchTradeInstrument(market, symbol);
}

async function fetchTradeInstrument(market: 'spot' | 'futures', symbol: string): Promise<TradeRouteData> {
  try {
    const result = await marketWorker.call<InstrumentResult>(
      (api) => api.loadInstrument(market, symbol) as Promise<InstrumentResult>,
    );
    if (result.ok) return { state: 'ready', instrument: result.instrument };
    return result.reason === 'not-found' ? { state: 'not-found', symbol } : { state: 'failed', reason: result.reason };
  } catch (error) {
    return {
      state: 'failed',
      reason: error instanceof WorkerCallError && error.kind === 'timeout' ? 'worker-timeout' : 'worker-failed',
    };
  }
}
