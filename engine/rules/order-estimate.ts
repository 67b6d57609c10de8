import { MathsDecimal } from '../maths/maths-decimal';
import { numericValue } from './numeric-input';

/**
 * The figure an order form shows under the amount, as a plain decimal in the quote coin: price × size for spot (cost
 * or proceeds), and for futures the margin, value ÷ leverage rounded up to `places` (never shown lower than it is).
 * Null while the price or the size is not a number yet. One multiplication per keystroke, exact in decimal.
 */
export function estimateOrderValue(
  typedPrice: string,
  typedSize: string,
  margin: { leverage: number; places: number } | null,
): string | null {
  const price = numericValue(typedPrice);
  const size = numericValue(typedSize);
  if (price === null || size === null) return null;
  const value = new MathsDecimal(price).times(size);
  if (!margin) return value.toFixed();
  return value.div(Math.max(1, margin.leverage)).toFixed(Math.max(0, margin.places), MathsDecimal.ROUND_UP);
}

/**
 * A take-profit or stop-loss price as typed (spec §3 order presets): null when empty or a positive multiple of the
 * price step, `not-positive` or `tick` otherwise.
 */
export function pricePresetProblem(typed: string, priceStep: string): 'not-positive' | 'tick' | null {
  if (typed.trim() === '') return null;
  const value = numericValue(typed);
  if (value === null || new MathsDecimal(value).lte(0)) return 'not-positive';
  return new MathsDecimal(value).mod(priceStep).isZero() ? null : 'tick';
}

/** A take-profit or stop-loss on the wrong side of the price it protects: the side it must be on. */
export type PresetSideProblem = 'preset-above' | 'preset-below';

/**
 * Where a spot order's take-profit or stop-loss must lie (paper-trading contract, "Spot orders"): a buy's take-profit
 * above the price it protects (`reference`: the limit price, or the last price of a market order) and its stop-loss
 * below, a sell's the other way round. The side it must be on when it is not, null when it is or either is not a
 * number yet.
 */
export function presetSideProblem(
  preset: 'takeProfit' | 'stopLoss',
  side: 'buy' | 'sell',
  typed: string,
  reference: string | null,
): PresetSideProblem | null {
  const value = numericValue(typed);
  const protectedPrice = reference === null ? null : numericValue(reference);
  if (value === null || protectedPrice === null) return null;
  if ((preset === 'takeProfit') === (side === 'buy'))
    return new MathsDecimal(value).gt(protectedPrice) ? null : 'preset-above';
  return new MathsDecimal(value).lt(protectedPrice) ? null : 'preset-below';
}

/** How far from the last price a limit price may be before the order form asks "place it anyway?" (README). */
export const FAR_PRICE_PERCENT = 10;

/**
 * Where a typed limit price stands against the last price: `above` or `below` with the distance in percent to one
 * decimal, when it is more than {@link FAR_PRICE_PERCENT} away; null when it is near, or either is not a number.
 */
export function farFromMarket(
  typedPrice: string,
  lastPrice: string | null,
): { direction: 'above' | 'below'; percent: string } | null {
  const price = numericValue(typedPrice);
  const last = lastPrice === null ? null : numericValue(lastPrice);
  if (price === null || last === null || new MathsDecimal(last).lte(0)) return null;
  const distance = new MathsDecimal(price).minus(last).div(last).times(100);
  if (distance.abs().lte(FAR_PRICE_PERCENT)) return null;
  return {
    direction: distance.isPositive() ? 'above' : 'below',
    percent: distance.abs().toFixed(1, MathsDecimal.ROUND_DOWN),
  };
}
