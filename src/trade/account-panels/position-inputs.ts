import { readTypedNumber, numberSymbolsOf } from '../../../engine/rules/numeric-input-typing';
import { numericValue } from '../../../engine/rules/numeric-input';
import { pricePresetProblem } from '../../../engine/rules/order-estimate';

/** The step of a price or size with `places` decimals: `0.01` for 2, `1` for 0. */
export function stepOf(places: number): string {
  return places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}

/** What a person typed into a price or amount field, read as spec §5 keeps it (locale digits and symbols). */
export function typedText(raw: string, previous: string, places: number, intl: string): string {
  return readTypedNumber(raw, raw.length, places, numberSymbolsOf(intl), previous).value;
}

/** The plain decimal of a field, or null while there is none. */
export function plainValue(text: string): string | null {
  return numericValue(text);
}

/** Why a typed price or amount cannot be sent: not above 0, or off its step; null when it can. */
export function stepProblem(value: string, places: number): 'not-positive' | 'tick' | null {
  return pricePresetProblem(value, stepOf(places));
}

/** Compares two plain non-negative decimals exactly (no floats): −1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const places = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(places, '0'));
  const y = BigInt(bi + bf.padEnd(places, '0'));
  return x === y ? 0 : x < y ? -1 : 1;
}
