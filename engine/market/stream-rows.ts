/**
 * Readers for the `data` rows of the public stream's `ticker`, `trade` and candle channels (market-data contract,
 * WebSocket): each checks one row against the published shape and returns it typed, or null, so a malformed push is
 * counted and dropped by its caller and never reaches a screen.
 */
import { isDecimalString } from '../format/decimal-string';
import type { CandleBar } from './trade-frame';
import type { Trade } from './trades-ring';

/** A ticker row's fields a trading screen shows; futures add mark, index and funding. Money stays strings. */
export interface StreamTicker {
  lastPr: string;
  change24h: string;
  high24h: string;
  low24h: string;
  baseVolume: string;
  quoteVolume: string;
  futures: { markPrice: string; indexPrice: string; fundingRate: string; nextFundingTime: number } | null;
}

const TRADE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MILLIS = /^\d{1,15}$/;
const POSITIVE = /[1-9]/;

const isPositive = (value: unknown): value is string =>
  isDecimalString(value) && value.charCodeAt(0) !== 45 && POSITIVE.test(value);
const isNonNegative = (value: unknown): value is string => isDecimalString(value) && value.charCodeAt(0) !== 45;

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A stream time in ms, sent as a digit string or a safe integer; NaN when it is neither. */
export function readMillis(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : Number.NaN;
  return typeof value === 'string' && MILLIS.test(value) ? Number(value) : Number.NaN;
}

/** Reads a `ticker` row of `symbol`; futures rows must carry mark, index, funding rate and next funding time. */
export function readTicker(value: unknown, symbol: string, isFutures: boolean): StreamTicker | null {
  const row = asRecord(value);
  if (!row) return null;
  if (row.instId !== undefined && row.instId !== symbol) return null;
  const { lastPr, change24h, high24h, low24h, baseVolume, quoteVolume } = row;
  if (!isPositive(lastPr) || !isDecimalString(change24h) || !isPositive(high24h) || !isPositive(low24h)) return null;
  if (!isNonNegative(baseVolume) || !isNonNegative(quoteVolume)) return null;
  const ticker: StreamTicker = { lastPr, change24h, high24h, low24h, baseVolume, quoteVolume, futures: null };
  if (!isFutures) return ticker;
  const { markPrice, indexPrice, fundingRate } = row;
  const nextFundingTime = readMillis(row.nextFundingTime);
  if (
    !isPositive(markPrice) ||
    !isPositive(indexPrice) ||
    !isDecimalString(fundingRate) ||
    Number.isNaN(nextFundingTime)
  )
    return null;
  ticker.futures = { markPrice, indexPrice, fundingRate, nextFundingTime };
  return ticker;
}

/** Reads a `trade` row `{ts, price, size, side, tradeId}`. */
export function readTrade(value: unknown): Trade | null {
  const row = asRecord(value);
  if (!row) return null;
  const { tradeId, price, size, side } = row;
  const ts = readMillis(row.ts);
  if (typeof tradeId !== 'string' || !TRADE_ID.test(tradeId) || Number.isNaN(ts)) return null;
  if (!isPositive(price) || !isPositive(size) || (side !== 'buy' && side !== 'sell')) return null;
  return { id: tradeId, price, size, side, ts };
}

/**
 * Reads a candle row `[start, open, high, low, close, baseVolume, …]` (strings) as a chart bar: time in seconds,
 * prices as numbers (they only become pixels). A bar whose high or low does not bound the others is malformed.
 */
export function readCandle(value: unknown): CandleBar | null {
  if (!Array.isArray(value) || value.length < 6) return null;
  const start = readMillis(value[0]);
  const [, open, high, low, close, volume] = value as unknown[];
  if (
    Number.isNaN(start) ||
    !isPositive(open) ||
    !isPositive(high) ||
    !isPositive(low) ||
    !isPositive(close) ||
    !isNonNegative(volume)
  )
    return null;
  const bar: CandleBar = {
    time: Math.floor(start / 1000),
    open: Number(open),
    high: Number(high),
    low: Number(low),
    close: Number(close),
    volume: Number(volume),
  };
  if (bar.high < Math.max(bar.open, bar.close, bar.low) || bar.low > Math.min(bar.open, bar.close)) return null;
  return bar;
}
