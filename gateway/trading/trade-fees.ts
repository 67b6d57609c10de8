import type { InstrumentSpec } from '../market/instruments';
import { MONEY_PLACES, pow10 } from './money-units';

/** Who a fill was: the taker takes the order book's liquidity, the maker's resting order was hit. */
export type Liquidity = 'maker' | 'taker';

/** The instrument's fee on a value (money units), rounded up to its quote precision, in money units (paper-trading contract, "Matching"). */
export function feeOn(spec: InstrumentSpec, value: bigint, liquidity: Liquidity): bigint {
  const rate = liquidity === 'maker' ? spec.makerFeeRate : spec.takerFeeRate;
  const places = Math.min(spec.quotePrecision, MONEY_PLACES);
  return feeOf(value, MONEY_PLACES, rate, places) * pow10(MONEY_PLACES - places);
}

/**
 * A fee on a value, rounded up to the quote precision (the exchange never undercharges a fraction of a unit).
 * `value` is in units of 10^-valuePlaces; `rate` a decimal string such as "0.001"; the result is in 10^-quotePlaces.
 */
export function feeOf(value: bigint, valuePlaces: number, rate: string, quotePlaces: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new RangeError(`bad fee rate: ${rate}`);
  const rateUnits = BigInt(match[1] + (match[2] ?? ''));
  const rateScale = (match[2] ?? '').length;
  const numerator = value * rateUnits;
  const shift = valuePlaces + rateScale - quotePlaces;
  if (shift <= 0) return numerator * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  const quotient = numerator / divisor;
  return numerator % divisor === 0n ? quotient : quotient + 1n;
}
