/**
 * The model of a prepared position ledger (contracts/maths.md, spec §3): positions read once with the constants a tick
 * needs, the cross leg groups of the linear fast path, the marks as read, and the one shape of a row.
 */
import type { BusinessLine, MarginMode, PositionMode } from './futures-enums';
import { solve } from './liquidation-price';
import type { MarginTier } from './maintenance-margin-rate';
import type { Exact } from './exact-decimal';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import type { OpenPart } from './position-metrics';
import type { DecimalInput } from './read-input';

/** Mark prices per symbol, plus the margin coin's index price per symbol for coin-margined contracts. */
export interface MarkTick {
  marks: Readonly<Record<string, DecimalInput>>;
  indexPrices?: Readonly<Record<string, DecimalInput>>;
}

/** The numbers of one row, unformatted: fixed-point strings as the contract rounds them. */
export interface LedgerRow {
  id: string;
  symbol: string;
  side: 'long' | 'short';
  size: string;
  entry: string;
  margin: string;
  mark: string | null;
  upnl: string | null;
  roePercent: string | null;
  /** Liquidation price to `pricePlace`, or null (shown as `--`). */
  liquidation: string | null;
}

/** One position read and checked once, with every constant a tick needs (see `readPosition` of position-ledger). */
export interface PreparedPosition {
  id: string;
  /** Place in the ledger, and of its symbol and margin coin in the ledger's lists: a tick indexes arrays, not maps. */
  index: number;
  symbolIndex: number;
  coinIndex: number;
  symbol: string;
  marginCoin: string;
  /** Margin coin and symbol: the legs that share one liquidation equation in cross mode. */
  legGroup: string;
  isInverse: boolean;
  isCross: boolean;
  isLong: boolean;
  positionMode: PositionMode;
  businessLine: BusinessLine;
  marginMode: MarginMode;
  open: OpenPart;
  pricePlace: number;
  profitDp: number;
  tiers: readonly MarginTier[];
  /** Maintenance margin rate; for a cross leg, of the tier its symbol's legs reach together. */
  mm: MathsDecimalValue;
  feeRate: MathsDecimalValue;
  delegated: MathsDecimalValue;
  sizeText: string;
  entryText: string;
  marginText: string;
  /** Linear uPnL is `mark · upnlSlope − upnlOffset` (dir·size and dir·size·entry), exact in decimal. */
  upnlSlope: MathsDecimalValue;
  upnlOffset: MathsDecimalValue;
  /** Isolated linear positions do not depend on the mark: their liquidation price is solved once. */
  isolatedLiquidation: string | null;
  /** The cross leg's group, when its margin coin is on the linear fast path. */
  group: LegGroup | null;
  /** Linear cross: the liquidation numerator without the mark-dependent wallet part, and the denominator. */
  lpConstant: MathsDecimalValue;
  lpDenominator: MathsDecimalValue | null;
  /** The same constants as exact values, for the BigInt path. */
  exactSlope: Exact;
  exactOffset: Exact;
  exactMargin: Exact;
  /** The margin in hundredths: uPnL over it is the ROE in percent, without a product per tick. */
  exactMarginPercent: Exact;
  exactLpConstant: Exact;
  exactLpDenominator: Exact | null;
  /** The integers of the exact slope, offset, margin and liquidation denominator as floats (see `floatLinear` of ledger-exact-rows). */
  floatSlope: number;
  floatOffset: number;
  floatMargin: number;
  floatLpDenominator: number;
}

/**
 * The cross legs of one symbol in one margin coin. For linear contracts their uPnL minus maintenance margin is
 * `mark · slope − offset`, so a tick costs one product per group, not a pass over every other position.
 */
export interface LegGroup {
  index: number;
  symbolIndex: number;
  coinIndex: number;
  symbol: string;
  marginCoin: string;
  /** L − S − Σ size·mm. */
  slope: MathsDecimalValue;
  /** L·Lp − S·Sp. */
  offset: MathsDecimalValue;
  exactSlope: Exact;
  exactOffset: Exact;
}

/** A ledger read and checked once; ticks then only do arithmetic. */
export interface PreparedLedger {
  positions: PreparedPosition[];
  crossAvailable: Map<string, MathsDecimalValue>;
  /** The ledger's symbols in order of first use, so a tick reads only the marks it needs. */
  symbols: readonly string[];
  /** Number of distinct margin coins (positions carry their coin's index). */
  coinCount: number;
  /** Cross groups of margin coins whose cross positions are all linear (the fast path). */
  groups: LegGroup[];
  /** Whether some cross position takes the literal route (a coin-margined margin coin). */
  hasLiteralCross: boolean;
  /**
   * Integer digits and decimals of the largest constant a mark multiplies or is summed with, plus room for the sums:
   * while a mark's own digits fit beside them in 50, decimal.js is exact up to each division, so the BigInt path is
   * digit for digit the same.
   */
  exactIntegerDigits: number;
  exactPlaces: number;
  /** Marks and index prices as last read, per symbol index: a price that did not move is not parsed again. */
  markCache: (PriceState | undefined)[];
  indexCache: (PriceState | undefined)[];
}

/** A mark or index price of one symbol as read: the input it came as, its exact value, and what is derived from it. */
export interface PriceState {
  raw: unknown;
  exact: Exact;
  /** Digits before the point plus decimals: what the 50-digit guard of the exact path measures. */
  length: number;
  /** The decimal.js value, made when a decimal route first needs it. */
  decimal: MathsDecimalValue | null;
  /** `exact.n` as a float, exact while below 2^53. */
  float: number;
  /** Whether the input is the value printed to its own places, so the mark column can show it as it came. */
  isCanonical: boolean;
  /** The price printed to `textPlaces` decimals (the mark column). */
  text: string;
  textPlaces: number;
}

/** Zero, one and a hundred as decimal.js values, made once. */
export const ZERO = new MathsDecimal(0);

export const ONE = new MathsDecimal(1);

export const HUNDRED = new MathsDecimal(100);

/** The long and short legs of a position's liquidation equation (spec §3). */
export interface Legs {
  longSize: MathsDecimalValue;
  longEntry: MathsDecimalValue;
  shortSize: MathsDecimalValue;
  shortEntry: MathsDecimalValue;
}

/** A position's liquidation price to its `pricePlace` (contracts/maths.md), or null when there is none. */
export function liquidationText(
  position: PreparedPosition,
  legs: Legs,
  available: MathsDecimalValue,
  others: { upnl: MathsDecimalValue; maintain: MathsDecimalValue },
  bp: MathsDecimalValue,
): string | null {
  const { price } = solve({
    businessLine: position.businessLine,
    marginMode: position.marginMode,
    positionMode: position.positionMode,
    side: position.isLong ? 1 : 2,
    pricePlace: position.pricePlace,
    values: {
      bp,
      available,
      othersUpnl: others.upnl,
      othersMaintain: others.maintain,
      longOpenPrice: legs.longEntry,
      longOpenCount: legs.longSize,
      shortOpenPrice: legs.shortEntry,
      shortOpenCount: legs.shortSize,
      totalDelegateValue: position.delegated,
      mm: position.mm,
      feeRate: position.feeRate,
    },
  });
  return price === null ? null : toFixedString(price, position.pricePlace, HALF_UP);
}

/** The fields of a position its legs are read from. */
export type LegFields = Pick<PreparedPosition, 'isCross' | 'isLong' | 'legGroup' | 'open'>;

/** A position's own leg alone, the other side empty. */
export function ownLegs(position: LegFields): Legs {
  return position.isLong
    ? { longSize: position.open.size, longEntry: position.open.entry, shortSize: ZERO, shortEntry: ZERO }
    : { longSize: ZERO, longEntry: ZERO, shortSize: position.open.size, shortEntry: position.open.entry };
}

/** Adds a cross position to its symbol's legs. */
export function addLeg(crossLegs: Map<string, Legs>, position: LegFields): void {
  let legs = crossLegs.get(position.legGroup);
  if (!legs) {
    legs = { longSize: ZERO, longEntry: ZERO, shortSize: ZERO, shortEntry: ZERO };
    crossLegs.set(position.legGroup, legs);
  }
  if (position.isLong) {
    legs.longSize = position.open.size;
    legs.longEntry = position.open.entry;
  } else {
    legs.shortSize = position.open.size;
    legs.shortEntry = position.open.entry;
  }
}

/** A position's legs in its liquidation equation: its symbol's cross legs together, or an isolated leg alone. */
export function legsOf(position: LegFields, crossLegs: Map<string, Legs>): Legs {
  return position.isCross ? (crossLegs.get(position.legGroup) ?? ownLegs(position)) : ownLegs(position);
}

/** One row in one literal shape (see `readPosition` of position-ledger). */
export function row(
  position: PreparedPosition,
  mark: string | null,
  upnl: string | null,
  roePercent: string | null,
  liquidation: string | null,
): LedgerRow {
  return {
    id: position.id,
    symbol: position.symbol,
    side: position.isLong ? 'long' : 'short',
    size: position.sizeText,
    entry: position.entryText,
    margin: position.marginText,
    mark,
    upnl,
    roePercent,
    liquidation,
  };
}
