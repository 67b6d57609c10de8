import type { InstrumentSpec } from '../market/instruments';
import { feeOf } from './matching';
import { MONEY_PLACES, pow10 } from './money-units';

/** Who a fill was: the taker takes the book's liquidity, the maker's resting order was hit. */
export type Liquidity = 'maker' | 'taker';

/** The instrument's fee on a value (money units), rounded up to its quote precision, in money units (paper-trading contract, "Matching"). */
export function feeOn(spec: InstrumentSpec, value: bigint, liquidity: Liquidity): bigint {
  const rate = liquidity === 'maker' ? spec.makerFeeRate : spec.takerFeeRate;
  const places = Math.min(spec.quotePrecision, MONEY_PLACES);
  return feeOf(value, MONEY_PLACES, rate, places) * pow10(MONEY_PLACES - places);
}
