import { coinPlacesOf } from '../../engine/rules/coin-places';
import type { InstrumentSpec } from '../market/instruments';
import { MONEY_PLACES } from '../money/money-units';

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

/**
 * Decimals each coin is shown with (engine/rules/coin-places.ts): a money coin's own precision (USDT 4), any other
 * coin the widest size places of the spot pairs it is the base of. The balances keep every place they have.
 */
export function coinDisplayPlaces(specs: readonly InstrumentSpec[]): Map<string, number> {
  const traded = new Map<string, number>();
  for (const spec of specs) traded.set(spec.baseCoin, Math.max(traded.get(spec.baseCoin) ?? 0, spec.volumePlace));
  const places = new Map<string, number>();
  for (const coin of coinPlaces(specs).keys()) {
    places.set(coin, Math.min(MONEY_PLACES, coinPlacesOf(coin, traded.get(coin) ?? MONEY_PLACES)));
  }
  return places;
}
