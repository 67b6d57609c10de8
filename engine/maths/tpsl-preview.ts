import { LONG, SIDES } from './futures-enums';
import { HALF_UP, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { measureOpenPart } from './position-metrics';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

/** A linear (USDT-M) position and a take-profit or stop-loss to preview (contracts/maths.md, live-position shape). */
export interface TpslPreviewInput {
  /** Long 1, short 2. */
  side: EnumInput;
  positionsCount: DecimalInput;
  positionsOpenAvgPrice: DecimalInput;
  positionsOpenMarginCount: DecimalInput;
  /** The price the preset closes at. */
  triggerPrice: DecimalInput;
  /** The size it closes (base coin); the whole position when left out. */
  size?: DecimalInput | null;
  /** Decimals of the profit, 0..18; 2 when left out (spec §3). */
  profitDp?: DecimalInput | null;
}

/** The realized PnL (quote coin) and the ROE of the closed part, rounded half-up as contracts/maths.md says. */
export interface TpslPreview {
  pnl: string;
  roePercent: string;
}

/**
 * What a TP or SL would realize if it closed `size` at `triggerPrice` (contracts/maths.md, "Unrealized profit and
 * ROE", at the trigger instead of the mark): `dir · size · (trigger − entry)`, and ROE on the closed part's share of
 * the margin. A size above the position is refused (`maths.out-of-range` on `size`).
 */
export function tpslPreview(input: TpslPreviewInput): TpslPreview {
  const profitDp = readPlaces(input.profitDp, 'profitDp', 2);
  const whole = readDecimal(input.positionsCount, 'positionsCount', 'positive');
  const size = isMissing(input.size) ? whole : readDecimal(input.size, 'size', 'positive');
  if (size.gt(whole)) throw new MathsInputError('size', 'maths.out-of-range', 'size must not exceed positionsCount');
  const margin = readDecimal(input.positionsOpenMarginCount, 'positionsOpenMarginCount', 'non-negative');
  const { upnl, roePercent } = measureOpenPart(
    {
      direction: readEnum(input.side, 'side', SIDES) === LONG ? 1 : -1,
      isInverse: false,
      size,
      entry: readDecimal(input.positionsOpenAvgPrice, 'positionsOpenAvgPrice', 'non-negative'),
      // The closed part put up its share of the margin, so its ROE is the whole position's at the same price.
      margin: margin.times(size).div(whole),
    },
    readDecimal(input.triggerPrice, 'triggerPrice', 'positive'),
  );
  // ROE comes from the unrounded PnL, as futuresPositionMetrics does.
  return { pnl: toFixedString(upnl, profitDp, HALF_UP), roePercent: toFixedString(roePercent, 2, HALF_UP) };
}
