import type { InstrumentSpec } from '../market/instruments';
import { MONEY_PLACES } from './money-units';

/** Decimals each coin's balance is shown with: the widest place it has in any spot pair (quote precision or volume place). */
export function coinPlaces(specs: readonly InstrumentSpec[]): Map<string, number> {
  const places = new Map<string, number>();
  const widen = (coin: string, value: number) =>
    places.set(coin, Math.min(MONEY_PLACES, Math.max(places.get(coin) ?? 0, value)));
  for (const spec of specs) {
    widen(spec.quoteCoin, spec.quotePrecision);
    widen(spec.baseCoin, spec.volumePlace);
  }
  return places;
}
