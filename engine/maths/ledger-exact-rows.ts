/**
 * A ledger's rows by the exact path (contracts/maths.md): every value before a division is exact, so regrouping the
 * cross sums per symbol gives the very quotient the formula read literally gives, in BigInt and float integers.
 */
import {
  divide50,
  divideToText,
  EXACT_ZERO,
  type Exact,
  estimatedQuotientText,
  FLOAT_EXACT_LIMIT,
  FLOAT_POW10,
  minus,
  plus,
  roundedFloatText,
  roundedText,
  times,
} from './exact-decimal';
import { decimalRow, type LiteralTotals, literalLiquidation, literalTotals } from './ledger-literal-rows';
import {
  type LedgerRow,
  type MarkTick,
  type PreparedLedger,
  type PreparedPosition,
  type PriceState,
  row,
} from './ledger-model';
import { decimalOf, indexPriceOf, type Marks, markTextOf } from './ledger-prices';

/** False when a mark is so long that decimal.js at 50 digits would round a sum beside the ledger's constants (then it decides). */
export function fitsExactPath(ledger: PreparedLedger, marks: Marks): boolean {
  const room = 50 - ledger.exactIntegerDigits - ledger.exactPlaces;
  for (const price of marks) if (price !== undefined && price.length > room) return false;
  return true;
}

/** Every row by the exact path: BigInt and float integers, digit for digit what decimal.js gives (contracts/maths.md). */
export function exactRows(
  ledger: PreparedLedger,
  tick: MarkTick,
  marks: Marks,
  totals: LiteralTotals | null,
): LedgerRow[] {
  // Per group, uPnL − maintenance = mark · slope − offset; per coin, the sum over its groups with a mark.
  const groupWallet: Exact[] = new Array(ledger.groups.length);
  const coinWallet: Exact[] = new Array(ledger.coinCount).fill(EXACT_ZERO);
  for (const group of ledger.groups) {
    const price = marks[group.symbolIndex];
    const own = price ? minus(times(price.exact, group.exactSlope), group.exactOffset) : EXACT_ZERO;
    groupWallet[group.index] = own;
    if (price) coinWallet[group.coinIndex] = plus(coinWallet[group.coinIndex], own);
  }
  const rows: LedgerRow[] = new Array(ledger.positions.length);
  for (const position of ledger.positions) {
    const price = marks[position.symbolIndex];
    rows[position.index] = price
      ? exactRow(position, ledger, tick, price, marks, totals, groupWallet, coinWallet)
      : row(position, null, null, null, position.isolatedLiquidation);
  }
  return rows;
}

/** One row by the exact path; a coin-margined cross position, or one without a usable index, goes the decimal route. */
export function exactRow(
  position: PreparedPosition,
  ledger: PreparedLedger,
  tick: MarkTick,
  price: PriceState,
  marks: Marks,
  totals: LiteralTotals | null,
  groupWallet: Exact[],
  coinWallet: Exact[],
): LedgerRow {
  if (position.isInverse && position.isCross) return decimalRow(position, ledger, tick, price, totals, null);
  const mark = price.exact;
  const linearScale = Math.max(mark.scale + position.exactSlope.scale, position.exactOffset.scale);
  const linearFloat = floatLinear(position, price);
  let upnlText: string | null = null;
  let roePercent: string | null = position.exactMargin.n === 0n ? '0.00' : null;
  if (!Number.isNaN(linearFloat)) {
    // The float route: the linear uPnL is an exact float integer, and the quotients are float estimates that stand
    // unless one lies right at a rounding tie. Whatever it leaves open is settled in BigInt below.
    if (position.isInverse) {
      upnlText = estimatedQuotientText(linearFloat, linearScale, price.float, mark.scale, position.profitDp);
      roePercent ??= estimatedQuotientText(
        linearFloat,
        linearScale,
        price.float * position.floatMargin,
        mark.scale + position.exactMarginPercent.scale,
        2,
      );
    } else {
      upnlText = roundedFloatText(linearFloat, linearScale, position.profitDp);
      roePercent ??= estimatedQuotientText(
        linearFloat,
        linearScale,
        position.floatMargin,
        position.exactMarginPercent.scale,
        2,
      );
    }
  }
  if (upnlText === null || roePercent === null) {
    const linear = minus(times(mark, position.exactSlope), position.exactOffset);
    // A coin-margined uPnL is in the margin coin: divided by the mark, at 50 digits as decimal.js does.
    const upnl = position.isInverse ? divide50(linear, mark) : linear;
    upnlText ??= roundedText(upnl, position.profitDp);
    roePercent ??= divideToText(upnl, position.exactMarginPercent, 2);
  }
  let liquidation = position.isolatedLiquidation;
  if (position.group) {
    const denominator = position.exactLpDenominator;
    if (denominator) {
      const numerator = plus(
        position.exactLpConstant,
        minus(coinWallet[position.coinIndex], groupWallet[position.group.index]),
      );
      liquidation = positiveQuotientText(numerator, denominator, position.floatLpDenominator, position.pricePlace);
    } else {
      liquidation = null;
    }
  } else if (position.isCross) {
    liquidation = literalLiquidation(position, tick, decimalOf(price), ledger, totals ?? literalTotals(ledger, marks));
  } else if (position.isInverse) {
    const bp = indexPriceOf(ledger, tick, position.symbolIndex, price);
    if (!bp) return decimalRow(position, ledger, tick, price, totals, null);
    liquidation = inverseIsolatedLiquidation(position, bp);
  }
  return row(position, markTextOf(price, position.pricePlace), upnlText, roePercent, liquidation);
}

/**
 * `mark · slope − offset` (the linear uPnL, at the larger of the two scales) as a float integer when every step is
 * exact, that is, stays below 2^53; NaN otherwise.
 */
export function floatLinear(position: PreparedPosition, price: PriceState): number {
  let product = price.float * position.floatSlope;
  let offset = position.floatOffset;
  const gap = price.exact.scale + position.exactSlope.scale - position.exactOffset.scale;
  if (gap > 22 || gap < -22) return Number.NaN;
  if (gap > 0) offset *= FLOAT_POW10[gap];
  else if (gap < 0) product *= FLOAT_POW10[-gap];
  // A rounded step would have reached 2^53: below it, both terms and their difference are exact.
  return Math.abs(product) + Math.abs(offset) < FLOAT_EXACT_LIMIT ? product - offset : Number.NaN;
}

/** Coin-margined isolated: (margin · bp − dir·size·entry) / (size·rate − L + S), or null when not positive. */
export function inverseIsolatedLiquidation(position: PreparedPosition, bp: PriceState): string | null {
  const denominator = position.exactLpDenominator;
  if (!denominator) return null;
  let product = position.floatMargin * bp.float;
  let offset = position.floatOffset;
  const productScale = position.exactMargin.scale + bp.exact.scale;
  const gap = productScale - position.exactOffset.scale;
  if (gap <= 22 && gap >= -22) {
    if (gap > 0) offset *= FLOAT_POW10[gap];
    else if (gap < 0) product *= FLOAT_POW10[-gap];
    if (Math.abs(product) + Math.abs(offset) < FLOAT_EXACT_LIMIT) {
      const numerator = product - offset;
      if (numerator === 0 || numerator > 0 !== denominator.n > 0n) return null;
      const text = estimatedQuotientText(
        numerator,
        Math.max(productScale, position.exactOffset.scale),
        position.floatLpDenominator,
        denominator.scale,
        position.pricePlace,
      );
      if (text !== null) return text;
    }
  }
  return positiveQuotientText(
    minus(times(position.exactMargin, bp.exact), position.exactOffset),
    denominator,
    position.floatLpDenominator,
    position.pricePlace,
  );
}

/** A liquidation price `numerator / denominator` to `places`, or null when it is not positive. */
export function positiveQuotientText(
  numerator: Exact,
  denominator: Exact,
  floatDenominator: number,
  places: number,
): string | null {
  // The sign of the quotient is that of the exact one: rounding to 50 digits never crosses zero.
  const isPositive = numerator.n !== 0n && numerator.n > 0n === denominator.n > 0n;
  if (!isPositive) return null;
  return (
    estimatedQuotientText(Number(numerator.n), numerator.scale, floatDenominator, denominator.scale, places) ??
    divideToText(numerator, denominator, places)
  );
}
