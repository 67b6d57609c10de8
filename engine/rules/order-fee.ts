import { MathsDecimal } from '../maths/maths-decimal';
import { numericValue } from './numeric-input';

/** Whether an order pays the maker or the taker rate (paper-trading contract, "Matching"). */
export type Liquidity = 'maker' | 'taker';

/**
 * Which fee an order will most likely pay: a market order takes; a post-only limit rests; a limit buy at or above the
 * last price (a sell at or below it) crosses the book and takes; any other limit rests and makes. A stop-limit order
 * is placed when the last price reaches its trigger (paper-trading contract: the triggered order takes what its
 * limit crosses, and its rest rests), so its limit is weighed against the trigger instead of the last price.
 */
export function likelyLiquidity(order: {
  type: 'limit' | 'market' | 'stop-limit';
  side: 'buy' | 'sell';
  price: string;
  /** The stop-limit order's trigger price, as typed. */
  trigger?: string;
  lastPrice: string | null;
  postOnly: boolean;
}): Liquidity {
  if (order.type === 'market') return 'taker';
  if (order.type === 'limit' && order.postOnly) return 'maker';
  const price = numericValue(order.price);
  const reference = order.type === 'stop-limit' ? (order.trigger ?? null) : order.lastPrice;
  const last = reference === null ? null : numericValue(reference);
  if (price === null || last === null) return 'maker';
  const crosses = order.side === 'buy' ? new MathsDecimal(price).gte(last) : new MathsDecimal(price).lte(last);
  return crosses ? 'taker' : 'maker';
}

/**
 * The estimated fee of an order in the quote coin: price × size × rate, rounded up to `places` as the exchange
 * rounds a fee (it never undercharges a fraction of a unit); null while the price or the size is not a number.
 */
export function estimateFee(typedPrice: string, size: string, rate: string, places: number): string | null {
  const price = numericValue(typedPrice);
  const base = numericValue(size);
  const fee = numericValue(rate);
  if (price === null || base === null || fee === null) return null;
  return new MathsDecimal(price).times(base).times(fee).toFixed(Math.max(0, places), MathsDecimal.ROUND_UP);
}

/**
 * The estimated fee of a spot buy in the base coin it receives (the exchange charges a buy's fee there): size × rate,
 * rounded up to `places`; null while the size is not a number.
 */
export function estimateBaseFee(size: string, rate: string, places: number): string | null {
  const base = numericValue(size);
  const fee = numericValue(rate);
  if (base === null || fee === null) return null;
  return new MathsDecimal(base).times(fee).toFixed(Math.max(0, places), MathsDecimal.ROUND_UP);
}

/** A fee rate as a plain percent figure, exactly ("0.0006" → "0.06"); null when it is not a number. */
export function feeRatePercent(rate: string): string | null {
  const value = numericValue(rate);
  return value === null ? null : new MathsDecimal(value).times(100).toFixed();
}
