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
