import { decimalSign, isDecimalString } from '../format/decimal-string';
import { formatDecimal } from '../format/number-format';

export type MarketKind = 'spot' | 'futures';

/** One display-ready row of the markets page: every figure already formatted for the locale. */
export interface MarketRow {
  symbol: string;
  base: string;
  quote: string;
  last: string;
  change: string;
  direction: 'up' | 'down' | 'flat';
  high: string;
  low: string;
  volume: string;
  /** A perpetual's funding rate for the current period, in percent; null for a spot pair. */
  funding: string | null;
  /** A perpetual's open interest in its base coin; null for a spot pair. */
  openInterest: string | null;
  /** The figures as the API sent them (plain decimal strings), for sorting by value rather than by formatted text. */
  raw: MarketRowRaw;
}

/**
 * A row's unformatted figures: last price, 24 h change ratio, high, low and quote volume, and a perpetual's funding
 * rate (a ratio) and open interest (base coin), "0" for a spot pair so every row sorts by them.
 */
export interface MarketRowRaw {
  last: string;
  change: string;
  high: string;
  low: string;
  volume: string;
  funding: string;
  openInterest: string;
}

/** Instrument facts the rows need: coin names and how many price decimals to show. */
export interface InstrumentMeta {
  symbol: string;
  base: string;
  quote: string;
  pricePlaces: number;
}

/** The outcome of reading a reply from the market REST API. */
export type ParseResult<T> = { ok: true; value: T; dropped: number } | { ok: false; reason: 'bad-reply' | 'api-error' };

const SYMBOL = /^[A-Z0-9]{2,20}$/;
const COIN = /^[A-Z0-9]{1,12}$/;

function envelopeData(reply: unknown): unknown[] | null {
  if (reply === null || typeof reply !== 'object') return null;
  const { code, data } = reply as { code?: unknown; data?: unknown };
  if (code !== '00000' || !Array.isArray(data)) return null;
  return data;
}

/** Reads instrument metadata from `/api/v2/spot/public/symbols` or `/api/v2/mix/market/contracts` (market-data contract). */
export function parseInstruments(reply: unknown, kind: MarketKind): ParseResult<InstrumentMeta[]> {
  const data = envelopeData(reply);
  if (!data) return { ok: false, reason: 'api-error' };
  const out: InstrumentMeta[] = [];
  for (const item of data) {
    if (item === null || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const places = Number(kind === 'spot' ? r.pricePrecision : r.pricePlace);
    if (typeof r.symbol !== 'string' || !SYMBOL.test(r.symbol)) continue;
    if (typeof r.baseCoin !== 'string' || !COIN.test(r.baseCoin)) continue;
    if (typeof r.quoteCoin !== 'string' || !COIN.test(r.quoteCoin)) continue;
    if (!Number.isInteger(places) || places < 0 || places > 12) continue;
    out.push({ symbol: r.symbol, base: r.baseCoin, quote: r.quoteCoin, pricePlaces: places });
  }
  return { ok: true, value: out, dropped: data.length - out.length };
}

/** Turns a tickers reply into formatted rows, dropping (and counting) any row with a malformed field. */
export function buildMarketRows(
  reply: unknown,
  instruments: readonly InstrumentMeta[],
  intl: string,
): ParseResult<MarketRow[]> {
  const data = envelopeData(reply);
  if (!data) return { ok: false, reason: 'api-error' };
  const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
  const rows: MarketRow[] = [];
  for (const item of data) {
    if (item === null || typeof item !== 'object') continue;
    const t = item as Record<string, unknown>;
    const meta = typeof t.symbol === 'string' ? bySymbol.get(t.symbol) : undefined;
    if (!meta) continue;
    const fields = [t.lastPr, t.change24h, t.high24h, t.low24h, t.quoteVolume];
    if (!fields.every(isDecimalString)) continue;
    const [last, change, high, low, volume] = fields as string[];
    const price = { intl, minFraction: meta.pricePlaces, maxFraction: meta.pricePlaces };
    const sign = decimalSign(change);
    // Perpetual tickers carry these two (the exchange's v2 mix tickers); a malformed one shows as unknown, not zero.
    const funding = isDecimalString(t.fundingRate) ? t.fundingRate : null;
    const openInterest = isDecimalString(t.holdingAmount) ? t.holdingAmount : null;
    rows.push({
      symbol: meta.symbol,
      base: meta.base,
      quote: meta.quote,
      last: formatDecimal(last, price),
      change: formatDecimal(change, { intl, percent: true, minFraction: 2, maxFraction: 2, signDisplay: 'exceptZero' }),
      direction: sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat',
      high: formatDecimal(high, price),
      low: formatDecimal(low, price),
      volume: formatDecimal(volume, { intl, compact: true, maxFraction: 2 }),
      funding:
        funding === null
          ? null
          : formatDecimal(funding, { intl, percent: true, minFraction: 4, maxFraction: 4, signDisplay: 'exceptZero' }),
      openInterest: openInterest === null ? null : formatDecimal(openInterest, { intl, compact: true, maxFraction: 2 }),
      raw: { last, change, high, low, volume, funding: funding ?? '0', openInterest: openInterest ?? '0' },
    });
  }
  if (rows.length === 0 && data.length > 0) return { ok: false, reason: 'bad-reply' };
  return { ok: true, value: rows, dropped: data.length - rows.length };
}
