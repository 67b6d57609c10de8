import { bookChecksum, CHECKSUM_LEVELS } from '../market/book-checksum';
import type { Candle } from '../market/candles';
import { candleRow, futuresStreamTickerView, spotStreamTickerView } from '../market/exchange-views';
import type { InstrumentSpec } from '../market/instruments';
import type { BookLevel, TickerSnapshot, TradeTick } from '../market/market-types';

/**
 * The `data` of a book push: `[{asks, bids, checksum, seq, ts}]`. `checksum` is taken over `checksumBids` and
 * `checksumAsks`, the top of the server's book after this push is applied (for an update, not the changed levels).
 */
export function bookData(
  levels: { asks: readonly BookLevel[]; bids: readonly BookLevel[] },
  top: { asks: readonly BookLevel[]; bids: readonly BookLevel[] },
  seq: number,
  ts: number,
): string {
  const checksum = bookChecksum(top.bids.slice(0, CHECKSUM_LEVELS), top.asks.slice(0, CHECKSUM_LEVELS));
  return JSON.stringify([{ asks: levels.asks, bids: levels.bids, checksum, seq, ts: String(ts) }]);
}

/** The `data` of a ticker push, with the futures fields for perpetuals. */
export function tickerData(spec: InstrumentSpec, ticker: TickerSnapshot): string {
  return JSON.stringify([spec.instType === 'SPOT' ? spotStreamTickerView(ticker) : futuresStreamTickerView(ticker)]);
}

/** The `data` of a trade push: `[{ts, price, size, side, tradeId}]`, newest first. */
export function tradeData(trades: readonly TradeTick[]): string {
  return JSON.stringify(trades.map(({ ts, price, size, side, tradeId }) => ({ ts, price, size, side, tradeId })));
}

/** The `data` of a candle push: string arrays `[start, open, high, low, close, base, quote, usdt]`, oldest first. */
export function candleData(spec: InstrumentSpec, candles: readonly Candle[]): string {
  return JSON.stringify(candles.map((candle) => candleRow(spec, candle, 'stream')));
}
