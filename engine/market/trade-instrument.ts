/**
 * What a trading screen needs to know about its instrument, read from the public symbols or contracts reply
 * (market-data contract, REST): coins, price and size precision, steps, minimums, fees and, for futures, leverage.
 */
import type { InstrumentSteps } from '../rules/order-validation';

/**
 * One instrument of a trading screen; every figure a plain decimal string, places as integers. Its price and size
 * steps and minimums are the {@link InstrumentSteps} order validation reads.
 */
export interface TradeInstrument extends InstrumentSteps {
  market: 'spot' | 'futures';
  symbol: string;
  base: string;
  quote: string;
  makerFeeRate: string;
  takerFeeRate: string;
  /** Highest leverage; 1 for spot. */
  maxLever: number;
}

const SYMBOL = /^[A-Z0-9]{2,20}$/;
const COIN = /^[A-Z0-9]{1,12}$/;
const PLAIN = /^\d{1,24}(?:\.\d{1,18})?$/;

function places(value: unknown): number | null {
  const n =
    typeof value === 'string' && /^\d{1,2}$/.test(value)
      ? Number(value)
      : typeof value === 'number'
        ? value
        : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 18 ? n : null;
}

function plain(value: unknown): string | null {
  return typeof value === 'string' && PLAIN.test(value) ? value : null;
}

function unitStep(count: number, decimals: number): string {
  // count × 10^-decimals as a plain decimal: (1, 2) → "0.01", (5, 1) → "0.5".
  if (decimals === 0) return String(count);
  const digits = String(count).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Reads one instrument out of a symbols (spot) or contracts (futures) reply; null when the reply is not the
 * envelope, lacks the symbol, or any field the screen relies on is malformed (the screen then shows an error).
 */
export function parseTradeInstrument(
  reply: unknown,
  market: 'spot' | 'futures',
  symbol: string,
): TradeInstrument | null {
  if (reply === null || typeof reply !== 'object') return null;
  const { code, data } = reply as { code?: unknown; data?: unknown };
  if (code !== '00000' || !Array.isArray(data)) return null;
  const row = data.find(
    (item): item is Record<string, unknown> =>
      item !== null && typeof item === 'object' && (item as { symbol?: unknown }).symbol === symbol,
  );
  if (!row || !SYMBOL.test(symbol)) return null;
  const base = typeof row.baseCoin === 'string' && COIN.test(row.baseCoin) ? row.baseCoin : null;
  const quote = typeof row.quoteCoin === 'string' && COIN.test(row.quoteCoin) ? row.quoteCoin : null;
  const pricePlaces = places(market === 'spot' ? row.pricePrecision : row.pricePlace);
  const sizePlaces = places(market === 'spot' ? row.quantityPrecision : row.volumePlace);
  const minSize = plain(market === 'spot' ? row.minTradeAmount : row.minTradeNum);
  const minNotional = plain(row.minTradeUSDT) ?? '0';
  const makerFeeRate = plain(row.makerFeeRate);
  const takerFeeRate = plain(row.takerFeeRate);
  if (
    !base ||
    !quote ||
    pricePlaces === null ||
    sizePlaces === null ||
    minSize === null ||
    !makerFeeRate ||
    !takerFeeRate
  )
    return null;
  const endStep = market === 'futures' ? Number(row.priceEndStep ?? 1) : 1;
  if (!Number.isSafeInteger(endStep) || endStep < 1) return null;
  const sizeStep = market === 'futures' ? plain(row.sizeMultiplier) : unitStep(1, sizePlaces);
  if (!sizeStep) return null;
  const maxLever = market === 'futures' ? Number(row.maxLever) : 1;
  if (!Number.isInteger(maxLever) || maxLever < 1 || maxLever > 1000) return null;
  return {
    market,
    symbol,
    base,
    quote,
    pricePlaces,
    priceStep: unitStep(endStep, pricePlaces),
    sizePlaces,
    sizeStep,
    minSize,
    minNotional,
    makerFeeRate,
    takerFeeRate,
    maxLever,
  };
}
