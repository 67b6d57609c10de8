import {
  BUSINESS_LINES,
  type BusinessLine,
  COIN_MARGINED,
  ISOLATED,
  LONG,
  MARGIN_MODES,
  type MarginMode,
  ONE_WAY,
  POSITION_MODES,
  type PositionMode,
  SIDES,
  type Side,
} from './futures-enums';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { type DecimalInput, type EnumInput, readDecimal, readEnum, readPlaces } from './read-input';

/** Liquidation inputs of spec §3 plus the position's enums, as contracts/maths.md lists them. */
export interface LiquidationInput {
  businessLine: EnumInput;
  marginMode: EnumInput;
  positionMode: EnumInput;
  /** The side whose liquidation price is shown: long 1, short 2. */
  side: EnumInput;
  /** Decimals of the shown price, 0..18. */
  pricePlace: DecimalInput;
  /** Index price of the margin coin; read for coin-margined contracts (11) only. */
  bp?: DecimalInput | null;
  available: DecimalInput;
  othersUpnl: DecimalInput;
  othersMaintain: DecimalInput;
  longOpenPrice: DecimalInput;
  longOpenCount: DecimalInput;
  shortOpenPrice: DecimalInput;
  shortOpenCount: DecimalInput;
  totalDelegateValue: DecimalInput;
  mm: DecimalInput;
  feeRate: DecimalInput;
}

/** Why a liquidation price is or is not shown; every reason but `ok` shows `--`. */
export type LiquidationReason = 'ok' | 'no-position' | 'non-positive' | 'zero-denominator';

/** A liquidation price: `raw` to 10 places, `display` to `pricePlace`, both null unless the reason is `ok`. */
export interface LiquidationResult {
  raw: string | null;
  display: string | null;
  reason: LiquidationReason;
}

/** The unrounded solution, for the engine and its tests only. */
export interface LiquidationSolution {
  reason: LiquidationReason;
  price: MathsDecimalValue | null;
}

/** Liquidation inputs once read and checked, as decimals. */
export interface ReadLiquidation {
  businessLine: BusinessLine;
  marginMode: MarginMode;
  positionMode: PositionMode;
  side: Side;
  pricePlace: number;
  values: Record<
    Exclude<keyof LiquidationInput, 'businessLine' | 'marginMode' | 'positionMode' | 'side' | 'pricePlace'>,
    MathsDecimalValue
  >;
}

function readLiquidation(input: LiquidationInput): ReadLiquidation {
  const businessLine = readEnum(input.businessLine, 'businessLine', BUSINESS_LINES);
  return {
    businessLine,
    marginMode: readEnum(input.marginMode, 'marginMode', MARGIN_MODES),
    positionMode: readEnum(input.positionMode, 'positionMode', POSITION_MODES),
    side: readEnum(input.side, 'side', SIDES),
    pricePlace: readPlaces(input.pricePlace, 'pricePlace'),
    values: {
      // bp is the margin coin's index price, which turns a coin balance into quote terms; a usdt or usdc balance is
      // already in quote terms, so bp is 1 there whatever the server sends (it may send nothing or a stale price).
      bp: businessLine === COIN_MARGINED ? readDecimal(input.bp, 'bp', 'positive') : new MathsDecimal(1),
      // Balances may be negative: a cross wallet can be under water and other positions can be losing.
      available: readDecimal(input.available, 'available', 'any'),
      othersUpnl: readDecimal(input.othersUpnl, 'othersUpnl', 'any'),
      othersMaintain: readDecimal(input.othersMaintain, 'othersMaintain', 'non-negative'),
      longOpenPrice: readDecimal(input.longOpenPrice, 'longOpenPrice', 'non-negative'),
      longOpenCount: readDecimal(input.longOpenCount, 'longOpenCount', 'non-negative'),
      shortOpenPrice: readDecimal(input.shortOpenPrice, 'shortOpenPrice', 'non-negative'),
      shortOpenCount: readDecimal(input.shortOpenCount, 'shortOpenCount', 'non-negative'),
      totalDelegateValue: readDecimal(input.totalDelegateValue, 'totalDelegateValue', 'non-negative'),
      mm: readDecimal(input.mm, 'mm', 'rate'),
      feeRate: readDecimal(input.feeRate, 'feeRate', 'rate'),
    },
  };
}

/** Solves the contract's liquidation equation for inputs already read (contracts/maths.md). */
export function solve(read: ReadLiquidation): LiquidationSolution {
  const { values } = read;
  const isLong = read.side === LONG;
  const isIsolated = read.marginMode === ISOLATED;
  const zero = new MathsDecimal(0);

  const ownCount = isLong ? values.longOpenCount : values.shortOpenCount;
  if (ownCount.isZero()) return { reason: 'no-position', price: null };

  // An isolated position is liquidated alone: the other leg has its own margin and does not enter the equation.
  const longCount = isIsolated && !isLong ? zero : values.longOpenCount;
  const shortCount = isIsolated && isLong ? zero : values.shortOpenCount;
  const rate = values.mm.plus(values.feeRate);
  const wallet = isIsolated ? values.available : values.available.plus(values.othersUpnl).minus(values.othersMaintain);
  // Opening orders reserve margin only against the shared cross wallet, and in hedge mode they may open either leg,
  // so the contract counts them in cross one-way mode only.
  const reserved = !isIsolated && read.positionMode === ONE_WAY ? values.totalDelegateValue.times(rate) : zero;
  const largest = MathsDecimal.max(longCount, shortCount);

  const numerator = wallet
    .times(values.bp)
    .minus(reserved)
    .minus(longCount.times(values.longOpenPrice))
    .plus(shortCount.times(values.shortOpenPrice));
  const denominator = largest.times(rate).minus(longCount).plus(shortCount);
  if (denominator.isZero()) return { reason: 'zero-denominator', price: null };
  const price = numerator.div(denominator);
  if (price.lte(0)) return { reason: 'non-positive', price: null };
  return { reason: 'ok', price };
}

/** The unrounded liquidation price of contracts/maths.md, for the engine and its tests only. */
export function solveLiquidationPrice(input: LiquidationInput): LiquidationSolution {
  return solve(readLiquidation(input));
}

/** Liquidation price of the shown side by the formula of contracts/maths.md, or the reason there is none. */
export function liquidationPrice(input: LiquidationInput): LiquidationResult {
  const read = readLiquidation(input);
  const { reason, price } = solve(read);
  if (price === null) return { raw: null, display: null, reason };
  return { raw: toFixedString(price, 10, HALF_UP), display: toFixedString(price, read.pricePlace, HALF_UP), reason };
}
