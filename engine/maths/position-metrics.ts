import { BUSINESS_LINES, COIN_MARGINED, LONG, SIDES } from './futures-enums';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

/** Fields both position shapes of spec §3 share; level, count and profit fields are read elsewhere, never by the maths. */
interface PositionCommon {
  /** Side: long 1, short 2. */
  position: EnumInput;
  /** usdt 10, coin 11, usdc 12; left out means linear usdt. */
  businessLine?: EnumInput | null;
  marginMode?: EnumInput | null;
}

/** A live position as the positions list sends it (spec §3). */
export interface LivePosition extends PositionCommon {
  positionsCount: DecimalInput;
  positionsOpenAvgPrice: DecimalInput;
  positionsOpenMarginCount: DecimalInput;
  positionsLevel?: DecimalInput | null;
}

/** An order or copy-trading record (spec §3); its open part is `openDealCount − closeDealCount`. */
export interface PositionRecord extends PositionCommon {
  openDealCount: DecimalInput;
  closeDealCount?: DecimalInput | null;
  openAvgPrice: DecimalInput;
  openMarginCount: DecimalInput;
  openLevel?: DecimalInput | null;
  count?: DecimalInput | null;
  achievedProfits?: DecimalInput | null;
}

/** A futures position in either shape of contracts/maths.md. */
export type FuturesPosition = LivePosition | PositionRecord;

/** Input of {@link futuresPositionMetrics}. */
export interface FuturesPositionMetricsInput {
  position: FuturesPosition;
  markPrice: DecimalInput;
  /** Decimals of the profit, 0..18; 2 when left out (spec §3). */
  profitDp?: DecimalInput | null;
}

/** Unrealized profit in the margin coin and return on margin in percent, as fixed-point strings. */
export interface FuturesPositionMetrics {
  upnl: string;
  roePercent: string;
}

/** The open part of a position, whichever shape it came in. */
export interface OpenPart {
  direction: 1 | -1;
  isInverse: boolean;
  size: MathsDecimalValue;
  entry: MathsDecimalValue;
  margin: MathsDecimalValue;
}

/** Reads either position shape of spec §3 into its open part, checking every field (contracts/maths.md). */
export function readOpenPart(value: unknown): OpenPart {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MathsInputError('position', 'maths.bad-shape', 'position must be a position object');
  }
  const position = value as Record<string, unknown>;
  const direction = readEnum(position.position, 'position.position', SIDES) === LONG ? 1 : -1;
  const businessLine = isMissing(position.businessLine)
    ? 10
    : readEnum(position.businessLine, 'position.businessLine', BUSINESS_LINES);
  const isInverse = businessLine === COIN_MARGINED;

  if (!isMissing(position.positionsCount)) {
    return {
      direction,
      isInverse,
      size: readDecimal(position.positionsCount, 'position.positionsCount', 'non-negative'),
      entry: readDecimal(position.positionsOpenAvgPrice, 'position.positionsOpenAvgPrice', 'non-negative'),
      margin: readDecimal(position.positionsOpenMarginCount, 'position.positionsOpenMarginCount', 'non-negative'),
    };
  }
  if (!isMissing(position.openDealCount)) {
    const opened = readDecimal(position.openDealCount, 'position.openDealCount', 'non-negative');
    const closed = isMissing(position.closeDealCount)
      ? new MathsDecimal(0)
      : readDecimal(position.closeDealCount, 'position.closeDealCount', 'non-negative');
    const size = opened.minus(closed);
    if (size.lt(0)) {
      throw new MathsInputError(
        'position.closeDealCount',
        'maths.negative',
        'position.closeDealCount exceeds position.openDealCount',
      );
    }
    const openMargin = readDecimal(position.openMarginCount, 'position.openMarginCount', 'non-negative');
    return {
      direction,
      isInverse,
      size,
      entry: readDecimal(position.openAvgPrice, 'position.openAvgPrice', 'non-negative'),
      // Closing part of a record releases its share of the margin, so ROE is measured on the part still open.
      margin: opened.isZero() ? new MathsDecimal(0) : openMargin.times(size).div(opened),
    };
  }
  throw new MathsInputError('position', 'maths.bad-shape', 'position has neither positionsCount nor openDealCount');
}

/**
 * Unrounded uPnL and ROE% of contracts/maths.md, for the engine and its tests only (the UI takes the rounded strings).
 */
export function measurePosition(
  position: FuturesPosition,
  markPrice: DecimalInput,
): { upnl: MathsDecimalValue; roePercent: MathsDecimalValue } {
  // Inverse contracts divide by the mark price, so a zero mark has no meaning.
  return measureOpenPart(readOpenPart(position), readDecimal(markPrice, 'markPrice', 'positive'));
}

/** Unrounded uPnL and ROE% of an already read open part at a checked, positive mark (contracts/maths.md). */
export function measureOpenPart(
  open: OpenPart,
  mark: MathsDecimalValue,
): { upnl: MathsDecimalValue; roePercent: MathsDecimalValue } {
  const linear = open.size.times(mark.minus(open.entry)).times(open.direction);
  const upnl = open.isInverse ? linear.div(mark) : linear;
  const roePercent = open.margin.isZero() ? new MathsDecimal(0) : upnl.div(open.margin).times(100);
  return { upnl, roePercent };
}

/** Unrealized profit and ROE of a futures position, rounded half-up as contracts/maths.md says. */
export function futuresPositionMetrics(input: FuturesPositionMetricsInput): FuturesPositionMetrics {
  const profitDp = readPlaces(input.profitDp, 'profitDp', 2);
  // ROE is derived from the unrounded profit: rounding first would move it by up to half a cent over the margin.
  const { upnl, roePercent } = measurePosition(input.position, input.markPrice);
  return { upnl: toFixedString(upnl, profitDp, HALF_UP), roePercent: toFixedString(roePercent, 2, HALF_UP) };
}
