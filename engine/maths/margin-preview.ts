import { liquidationPrice } from './liquidation-price';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, type EnumInput, readDecimal } from './read-input';

/** An isolated position and a margin change to preview (contracts/maths.md, live-position shape). */
export interface MarginPreviewInput {
  /** Long 1, short 2. */
  side: EnumInput;
  positionsCount: DecimalInput;
  positionsOpenAvgPrice: DecimalInput;
  positionsOpenMarginCount: DecimalInput;
  /** Signed change of the margin: positive adds, negative takes out. */
  delta: DecimalInput;
  mm: DecimalInput;
  feeRate: DecimalInput;
  pricePlace: DecimalInput;
}

/** The margin after the change and the isolated liquidation price it gives (`null` shown as `--`). */
export interface MarginPreview {
  margin: string;
  liquidation: string | null;
}

/**
 * What adding or taking out isolated margin does (maths contract, isolated: X = the position's margin): the new margin
 * and the new liquidation price, in decimal, so the page previews it without float arithmetic. A change that would
 * leave no margin is refused (`maths.out-of-range` on `delta`).
 */
export function marginPreview(input: MarginPreviewInput): MarginPreview {
  const margin = readDecimal(input.positionsOpenMarginCount, 'positionsOpenMarginCount', 'non-negative').plus(
    readDecimal(input.delta, 'delta', 'any'),
  );
  if (margin.lte(0)) throw new MathsInputError('delta', 'maths.out-of-range', 'the margin must stay above 0');
  const long = readDecimal(input.side, 'side', 'positive').eq(1);
  const size = input.positionsCount;
  const entry = input.positionsOpenAvgPrice;
  const result = liquidationPrice({
    businessLine: 10,
    marginMode: 1,
    positionMode: 1,
    side: long ? 1 : 2,
    pricePlace: input.pricePlace,
    available: margin.toFixed(),
    othersUpnl: 0,
    othersMaintain: 0,
    longOpenPrice: long ? entry : 0,
    longOpenCount: long ? size : 0,
    shortOpenPrice: long ? 0 : entry,
    shortOpenCount: long ? 0 : size,
    totalDelegateValue: 0,
    mm: input.mm,
    feeRate: input.feeRate,
  });
  return { margin: margin.toFixed(), liquidation: result.display };
}
