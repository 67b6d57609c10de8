import { ISOLATED, MARGIN_MODES } from './futures-enums';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

/** Risk ratio at which the exchange sends a margin call (contracts/maths.md, "Spot margin"). */
export const MARGIN_WARNING_RATIO = '0.8';
/** Risk ratio at which forced liquidation starts (contracts/maths.md, "Spot margin"). */
export const MARGIN_LIQUIDATION_RATIO = '1';
/** Risk ratio forced liquidation sells down to (contracts/maths.md, "Spot margin"). */
export const MARGIN_RESTORE_RATIO = '0.5';
/** Maintenance margin ratio of every cross margin account (contracts/maths.md, "Spot margin"). */
export const CROSS_MAINTENANCE_MARGIN_RATIO = '0.1';
/** Leverage of every cross margin account (contracts/maths.md, "Spot margin"). */
export const CROSS_MARGIN_LEVERAGE = '3';

const MS_PER_HOUR = 3_600_000;
const WARNING = new MathsDecimal(MARGIN_WARNING_RATIO);
const LIQUIDATION = new MathsDecimal(MARGIN_LIQUIDATION_RATIO);

/** One coin of a margin account; a coin with nothing borrowed sends `borrowed` and `interest` as 0. */
export interface MarginCoinInput {
  /** The coin's name, for the caller only; it does not change the maths. */
  coin?: string;
  /** Price of the coin in USDT; USDT itself is priced 1. */
  price: DecimalInput;
  available: DecimalInput;
  frozen: DecimalInput;
  borrowed: DecimalInput;
  /** Interest accrued and not yet paid, in the coin. */
  interest: DecimalInput;
}

/** Totals of a margin account in USDT, exact (contracts/maths.md, "Spot margin"). */
export interface MarginAccountTotals {
  totalAssets: string;
  totalLiabilities: string;
  netAssets: string;
}

/** How close an account is to liquidation: below 0.8 `safe`, from 0.8 `warning`, from 1 `liquidation`. */
export type MarginRiskLevel = 'safe' | 'warning' | 'liquidation';

/** Input of {@link marginRiskRatio}: an isolated pair's two coins, or every coin of the cross account. */
export interface MarginRiskInput {
  /** Isolated 1, cross 2 (spec §3 codes). */
  marginMode: EnumInput;
  /** The pair tier's maintenance margin ratio, in (0, 1); read in isolated mode only (cross is fixed at 0.1). */
  maintenanceMarginRatio?: DecimalInput | null;
  coins: readonly MarginCoinInput[];
}

/** A risk ratio: `ratio` cut down to 4 places for display and `exact`, both null once net assets are gone. */
export interface MarginRiskResult extends MarginAccountTotals {
  ratio: string | null;
  exact: string | null;
  level: MarginRiskLevel;
}

/** Input of {@link marginInterest}. */
export interface MarginInterestInput {
  /** Amount borrowed, in the coin. */
  borrowed: DecimalInput;
  /** Daily interest rate as a fraction (0.0126279 % is `0.000126279`), below 1. */
  dailyRate: DecimalInput;
  /** Whole hours charged, as {@link hoursCharged} counts them. */
  hours: DecimalInput;
  /** Decimals of the coin, 0..18. */
  places: DecimalInput;
}

/** Input of {@link maxBorrowable}. */
export interface MaxBorrowableInput {
  /** Isolated 1, cross 2 (spec §3 codes). */
  marginMode: EnumInput;
  /** The pair tier's leverage, at least 1; read in isolated mode only (cross is fixed at 3). */
  leverage?: DecimalInput | null;
  /** The account's coins (isolated: the pair's two coins). */
  coins: readonly MarginCoinInput[];
  /** USDT price of the coin to borrow. */
  coinPrice: DecimalInput;
  /** Decimals of the coin to borrow, 0..18. */
  places: DecimalInput;
  /** What the platform still lends of this coin; no cap when left out. */
  limit?: DecimalInput | null;
}

/** Input of {@link isolatedLiquidationPrice}: one isolated pair, amounts in its own coins. */
export interface IsolatedLiquidationInput {
  /** Base coin held (available + frozen). */
  baseAssets: DecimalInput;
  /** Quote coin held (available + frozen). */
  quoteAssets: DecimalInput;
  /** Base coin owed, borrowed plus unpaid interest. */
  baseLiabilities: DecimalInput;
  /** Quote coin owed, borrowed plus unpaid interest. */
  quoteLiabilities: DecimalInput;
  /** The pair tier's maintenance margin ratio, in (0, 1). */
  maintenanceMarginRatio: DecimalInput;
  /** Decimals of the shown price, 0..18. */
  pricePlace: DecimalInput;
}

/** Why an isolated pair has or has no liquidation price; every reason but `ok` shows `--`. */
export type IsolatedLiquidationReason = 'ok' | 'no-debt' | 'non-positive' | 'zero-denominator';

/** A liquidation price: `raw` to 10 places, `display` to `pricePlace`, both null unless the reason is `ok`. */
export interface IsolatedLiquidationResult {
  raw: string | null;
  display: string | null;
  reason: IsolatedLiquidationReason;
}

/** The unrounded solution, for the engine and its tests only. */
export interface IsolatedLiquidationSolution {
  reason: IsolatedLiquidationReason;
  price: MathsDecimalValue | null;
}

interface Totals {
  assets: MathsDecimalValue;
  liabilities: MathsDecimalValue;
  net: MathsDecimalValue;
}

/** Reads a ratio that must lie strictly between 0 and 1. */
function readOpenRatio(value: unknown, field: string): MathsDecimalValue {
  const ratio = readDecimal(value, field, 'rate');
  if (ratio.isZero()) throw new MathsInputError(field, 'maths.out-of-range', `${field} must be greater than zero`);
  return ratio;
}

/** Reads a whole number of at least `min` (hours, millisecond timestamps). */
function readWhole(value: unknown, field: string, min: number): MathsDecimalValue {
  const whole = readDecimal(value, field, 'non-negative');
  if (!whole.isInteger() || whole.lt(min)) {
    throw new MathsInputError(field, 'maths.out-of-range', `${field} must be a whole number of at least ${min}`);
  }
  return whole;
}

function readCoins(value: unknown): Totals {
  if (!Array.isArray(value)) throw new MathsInputError('coins', 'maths.bad-shape', 'coins must be a list of coins');
  let assets = new MathsDecimal(0);
  let liabilities = new MathsDecimal(0);
  value.forEach((row: unknown, index) => {
    const field = `coins[${index}]`;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new MathsInputError(field, 'maths.bad-shape', `${field} must be a coin record`);
    }
    const coin = row as Record<string, unknown>;
    const price = readDecimal(coin.price, `${field}.price`, 'positive');
    const held = readDecimal(coin.available, `${field}.available`, 'non-negative').plus(
      readDecimal(coin.frozen, `${field}.frozen`, 'non-negative'),
    );
    const owed = readDecimal(coin.borrowed, `${field}.borrowed`, 'non-negative').plus(
      readDecimal(coin.interest, `${field}.interest`, 'non-negative'),
    );
    assets = assets.plus(held.times(price));
    liabilities = liabilities.plus(owed.times(price));
  });
  return { assets, liabilities, net: assets.minus(liabilities) };
}

function printTotals(totals: Totals): MarginAccountTotals {
  return {
    totalAssets: totals.assets.toString(),
    totalLiabilities: totals.liabilities.toString(),
    netAssets: totals.net.toString(),
  };
}

/** Total assets, total liabilities (borrowed + unpaid interest) and net assets of a margin account, in USDT, exact. */
export function marginAccountTotals(coins: readonly MarginCoinInput[]): MarginAccountTotals {
  return printTotals(readCoins(coins));
}

/**
 * Risk ratio = total liabilities × maintenance margin ratio ÷ net assets (contracts/maths.md, "Spot margin").
 * No liabilities → 0; liabilities with net assets ≤ 0 → null and `liquidation`. `ratio` is cut (ROUND_DOWN) to 4
 * places for display; the level compares the exact value, and as every threshold has at most 4 places the two agree.
 */
export function marginRiskRatio(input: MarginRiskInput): MarginRiskResult {
  const isIsolated = readEnum(input.marginMode, 'marginMode', MARGIN_MODES) === ISOLATED;
  // Cross margin's ratio is fixed by the exchange, so whatever a cross caller sends is not read.
  const mmr = isIsolated
    ? readOpenRatio(input.maintenanceMarginRatio, 'maintenanceMarginRatio')
    : new MathsDecimal(CROSS_MAINTENANCE_MARGIN_RATIO);
  const totals = readCoins(input.coins);
  const printed = printTotals(totals);
  if (totals.liabilities.isZero()) return { ...printed, ratio: '0.0000', exact: '0', level: 'safe' };
  // Liabilities the assets no longer cover: the ratio has no finite value and the account is past liquidation.
  if (totals.net.lte(0)) return { ...printed, ratio: null, exact: null, level: 'liquidation' };
  const exact = totals.liabilities.times(mmr).div(totals.net);
  const level: MarginRiskLevel = exact.gte(LIQUIDATION) ? 'liquidation' : exact.gte(WARNING) ? 'warning' : 'safe';
  return { ...printed, ratio: toFixedString(exact, 4, MathsDecimal.ROUND_DOWN), exact: exact.toString(), level };
}

/**
 * Whole hours of interest charged from `fromMs` to `toMs` (epoch milliseconds): a part of an hour counts as a whole
 * hour, and a fresh borrow pays at least 1 (contracts/maths.md, "Spot margin").
 */
export function hoursCharged(fromMs: DecimalInput, toMs: DecimalInput): string {
  const from = readWhole(fromMs, 'fromMs', 0);
  const to = readWhole(toMs, 'toMs', 0);
  if (to.lt(from)) throw new MathsInputError('toMs', 'maths.out-of-range', 'toMs must not be before fromMs');
  const hours = to.minus(from).div(MS_PER_HOUR).toDecimalPlaces(0, MathsDecimal.ROUND_CEIL);
  return MathsDecimal.max(hours, 1).toString();
}

/**
 * Interest = borrowed × daily rate ÷ 24 × hours, rounded UP (toward +∞) to the coin's `places`, so the exchange is
 * never shown charging less than it will (contracts/maths.md, "Spot margin").
 */
export function marginInterest(input: MarginInterestInput): string {
  const places = readPlaces(input.places, 'places');
  const borrowed = readDecimal(input.borrowed, 'borrowed', 'non-negative');
  const dailyRate = readDecimal(input.dailyRate, 'dailyRate', 'rate');
  const hours = readWhole(input.hours, 'hours', 0);
  // Multiplied before the one division, so a whole day of hours divides exactly.
  const interest = borrowed.times(dailyRate).times(hours).div(24);
  return toFixedString(interest, places, MathsDecimal.ROUND_CEIL);
}

/** Yearly interest rate shown beside a daily one: daily × 365, exact (contracts/maths.md, "Spot margin"). */
export function marginYearlyRate(dailyRate: DecimalInput): string {
  return readDecimal(dailyRate, 'dailyRate', 'rate').times(365).toString();
}

/**
 * Most of one coin the account may still borrow: max(0, ((L − 1) × net assets − total liabilities) ÷ coinPrice),
 * capped by the platform `limit`, cut DOWN to `places` (contracts/maths.md, "Spot margin"). Net assets ≤ 0 → 0.
 */
export function maxBorrowable(input: MaxBorrowableInput): string {
  const isIsolated = readEnum(input.marginMode, 'marginMode', MARGIN_MODES) === ISOLATED;
  const places = readPlaces(input.places, 'places');
  let leverage = new MathsDecimal(CROSS_MARGIN_LEVERAGE);
  if (isIsolated) {
    leverage = readDecimal(input.leverage, 'leverage', 'positive');
    if (leverage.lt(1)) throw new MathsInputError('leverage', 'maths.out-of-range', 'leverage must be at least 1');
  }
  const totals = readCoins(input.coins);
  const coinPrice = readDecimal(input.coinPrice, 'coinPrice', 'positive');
  const limit = isMissing(input.limit) ? null : readDecimal(input.limit, 'limit', 'non-negative');
  const zero = toFixedString(new MathsDecimal(0), places, MathsDecimal.ROUND_DOWN);
  if (totals.net.lte(0)) return zero;
  // Borrowing adds as much to assets as to liabilities, so net assets stay put while assets may reach L × net.
  const room = leverage.minus(1).times(totals.net).minus(totals.liabilities);
  if (room.lte(0)) return zero;
  const amount = room.div(coinPrice);
  const capped = limit === null ? amount : MathsDecimal.min(amount, limit);
  return toFixedString(capped, places, MathsDecimal.ROUND_DOWN);
}

/**
 * Solves the isolated pair's risk ratio = 1 for the base coin's price (contracts/maths.md, "Spot margin"):
 * p = (Dq·(1+m) − Q) ÷ (B − Db·(1+m)).
 */
export function solveIsolatedLiquidationPrice(input: IsolatedLiquidationInput): IsolatedLiquidationSolution {
  const base = readDecimal(input.baseAssets, 'baseAssets', 'non-negative');
  const quote = readDecimal(input.quoteAssets, 'quoteAssets', 'non-negative');
  const baseDebt = readDecimal(input.baseLiabilities, 'baseLiabilities', 'non-negative');
  const quoteDebt = readDecimal(input.quoteLiabilities, 'quoteLiabilities', 'non-negative');
  const onePlusM = readOpenRatio(input.maintenanceMarginRatio, 'maintenanceMarginRatio').plus(1);
  if (baseDebt.isZero() && quoteDebt.isZero()) return { reason: 'no-debt', price: null };
  const denominator = base.minus(baseDebt.times(onePlusM));
  // Base held and base owed cancel out: the ratio does not move with the price, so no price liquidates the pair.
  if (denominator.isZero()) return { reason: 'zero-denominator', price: null };
  const price = quoteDebt.times(onePlusM).minus(quote).div(denominator);
  // A pair whose collateral outgrows its debt on every move (e.g. fully collateralised) is never liquidated.
  if (price.lte(0)) return { reason: 'non-positive', price: null };
  return { reason: 'ok', price };
}

/**
 * Price of the base coin at which an isolated margin pair's risk ratio reaches 1, `raw` half-up to 10 places and
 * `display` half-up to `pricePlace`, or the reason there is none (contracts/maths.md, "Spot margin").
 */
export function isolatedLiquidationPrice(input: IsolatedLiquidationInput): IsolatedLiquidationResult {
  const pricePlace = readPlaces(input.pricePlace, 'pricePlace');
  const { reason, price } = solveIsolatedLiquidationPrice(input);
  if (price === null) return { raw: null, display: null, reason };
  return { raw: toFixedString(price, 10, HALF_UP), display: toFixedString(price, pricePlace, HALF_UP), reason };
}
