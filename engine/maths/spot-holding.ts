import { FLOOR, HALF_UP, MathsDecimal, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, isMissing, readDecimal, readPlaces } from './read-input';

/** A spot plan/holding of spec §3; `trackingType` and `pricePlace` are accepted and do not change the maths. */
export interface SpotHoldingInput {
  buyPrice: DecimalInput;
  marketPrice: DecimalInput;
  holdCount?: DecimalInput | null;
  buyDealCount?: DecimalInput | null;
  dealCount?: DecimalInput | null;
  /** Decimals of the profit in the quote coin, 0..18; 2 when left out. */
  quotePrecision?: DecimalInput | null;
  trackingType?: DecimalInput | null;
  pricePlace?: DecimalInput | null;
}

/** Profit in the quote coin and return on the buy price in percent, as fixed-point strings. */
export interface SpotHoldingMetrics {
  profit: string;
  roiPercent: string;
}

/** Profit (half-up) and ROI (floored) of a spot holding, as contracts/maths.md "Spot holding" says. */
export function spotHoldingMetrics(input: SpotHoldingInput): SpotHoldingMetrics {
  const quotePrecision = readPlaces(input.quotePrecision, 'quotePrecision', 2);
  const buyPrice = readDecimal(input.buyPrice, 'buyPrice', 'non-negative');
  const marketPrice = readDecimal(input.marketPrice, 'marketPrice', 'non-negative');
  // The first quantity the record carries wins; only a missing field falls through, a zero is a real zero.
  const [field, raw] = !isMissing(input.holdCount)
    ? ['holdCount', input.holdCount]
    : !isMissing(input.buyDealCount)
      ? ['buyDealCount', input.buyDealCount]
      : ['dealCount', input.dealCount];
  if (isMissing(raw))
    throw new MathsInputError('holdCount', 'maths.missing', 'holdCount, buyDealCount and dealCount are all missing');
  const quantity = readDecimal(raw, field, 'non-negative');

  if (quantity.isZero() || buyPrice.isZero()) {
    return { profit: toFixedString(new MathsDecimal(0), quotePrecision, HALF_UP), roiPercent: '0.00' };
  }
  const profit = marketPrice.minus(buyPrice).times(quantity);
  // Floored so a holding never looks better than it is (spec §3: ROI percent is floored).
  const roiPercent = marketPrice.div(buyPrice).minus(1).times(100);
  return { profit: toFixedString(profit, quotePrecision, HALF_UP), roiPercent: toFixedString(roiPercent, 2, FLOOR) };
}
