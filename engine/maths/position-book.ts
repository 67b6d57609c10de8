import { BUSINESS_LINES, type BusinessLine, COIN_MARGINED, ISOLATED, LONG, MARGIN_MODES, type MarginMode, ONE_WAY, POSITION_MODES, type PositionMode, SIDES } from './futures-enums';
import { solve } from './liquidation-price';
import { type MarginTier, maintenanceMarginRate } from './maintenance-margin-rate';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type FuturesPosition, measureOpenPart, type OpenPart, readOpenPart } from './position-metrics';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

/** One position of a book: the position record plus what its liquidation price needs (spec §3). */
export interface BookPosition {
  /** Stable id of the row (the position id, or symbol and side). */
  id: string;
  symbol: string;
  /** Coin of the wallet the margin comes from (`USDT`, `USDC`, `BTC`); cross positions share it. */
  marginCoin: string;
  businessLine: EnumInput;
  marginMode: EnumInput;
  /** One-way 1 (default) or hedge 2. */
  positionMode?: EnumInput;
  position: FuturesPosition;
  pricePlace: DecimalInput;
  /** Decimals of the size; 4 when left out. */
  sizePlace?: DecimalInput;
  /** Decimals of the profit; 2 when left out (spec §3). */
  profitDp?: DecimalInput;
  tiers: readonly MarginTier[];
  feeRate: DecimalInput;
  /** Value of this symbol's open opening orders (counted in cross one-way mode only). */
  totalDelegateValue?: DecimalInput;
}

/** A set of positions and the account around them, as the maths worker receives it. */
export interface BookInput {
  positions: readonly BookPosition[];
  /** Cross wallet balance per margin coin (`available` of the contract for cross positions). */
  crossAvailable: Readonly<Record<string, DecimalInput>>;
}

/** Mark prices per symbol, plus the margin coin's index price per symbol for coin-margined contracts. */
export interface MarkTick {
  marks: Readonly<Record<string, DecimalInput>>;
  indexPrices?: Readonly<Record<string, DecimalInput>>;
}

/** The numbers of one row, unformatted: fixed-point strings as the contract rounds them. */
export interface BookRow {
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

interface PreparedPosition {
  id: string;
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
  mm: MathsDecimalValue;
  feeRate: MathsDecimalValue;
  delegated: MathsDecimalValue;
  sizeText: string;
  entryText: string;
  marginText: string;
  /** Isolated positions do not depend on the mark: their liquidation price is solved once. */
  isolatedLiquidation: string | null;
}

/** A book read and checked once; ticks then only do arithmetic. */
export interface PreparedBook {
  positions: PreparedPosition[];
  crossAvailable: Map<string, MathsDecimalValue>;
  /** The book's symbols, so a tick reads only the marks it needs. */
  symbols: ReadonlySet<string>;
}

const ZERO = new MathsDecimal(0);

function fieldOf(index: number, name: string): string {
  return `positions[${index}].${name}`;
}

function rethrowWithin(index: number, error: unknown): never {
  if (error instanceof MathsInputError) throw new MathsInputError(fieldOf(index, error.field), error.code, `positions[${index}]: ${error.message}`);
  throw error;
}

function liquidationText(position: PreparedPosition, legs: Legs, available: MathsDecimalValue, others: { upnl: MathsDecimalValue; maintain: MathsDecimalValue }, bp: MathsDecimalValue): string | null {
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

interface Legs {
  longSize: MathsDecimalValue;
  longEntry: MathsDecimalValue;
  shortSize: MathsDecimalValue;
  shortEntry: MathsDecimalValue;
}

function ownLegs(position: PreparedPosition): Legs {
  return position.isLong
    ? { longSize: position.open.size, longEntry: position.open.entry, shortSize: ZERO, shortEntry: ZERO }
    : { longSize: ZERO, longEntry: ZERO, shortSize: position.open.size, shortEntry: position.open.entry };
}

/** Reads and checks a whole book once (contracts/maths.md inputs); a bad field throws naming its position. */
export function prepareBook(input: BookInput): PreparedBook {
  if (!input || !Array.isArray(input.positions)) throw new MathsInputError('positions', 'maths.bad-shape', 'positions must be a list');
  const crossAvailable = new Map<string, MathsDecimalValue>();
  for (const [coin, value] of Object.entries(input.crossAvailable ?? {})) crossAvailable.set(coin, readDecimal(value, `crossAvailable.${coin}`, 'any'));
  const ids = new Set<string>();
  const positions = input.positions.map((entry, index): PreparedPosition => {
    try {
      if (typeof entry.id !== 'string' || entry.id === '' || ids.has(entry.id)) throw new MathsInputError('id', 'maths.bad-shape', 'id must be a unique non-empty string');
      ids.add(entry.id);
      if (typeof entry.symbol !== 'string' || entry.symbol === '') throw new MathsInputError('symbol', 'maths.bad-shape', 'symbol must be a non-empty string');
      if (typeof entry.marginCoin !== 'string' || entry.marginCoin === '') throw new MathsInputError('marginCoin', 'maths.bad-shape', 'marginCoin must be a non-empty string');
      const businessLine = readEnum(entry.businessLine, 'businessLine', BUSINESS_LINES);
      const marginMode = readEnum(entry.marginMode, 'marginMode', MARGIN_MODES);
      const positionMode = isMissing(entry.positionMode) ? ONE_WAY : readEnum(entry.positionMode, 'positionMode', POSITION_MODES);
      const open = readOpenPart({ ...entry.position, businessLine });
      const isLong = readEnum(entry.position.position, 'position.position', SIDES) === LONG;
      const pricePlace = readPlaces(entry.pricePlace, 'pricePlace');
      const sizePlace = readPlaces(entry.sizePlace, 'sizePlace', 4);
      const isCross = marginMode !== ISOLATED;
      const mm = new MathsDecimal(
        maintenanceMarginRate({
          marginMode,
          side: isLong ? 1 : 2,
          longOpenCount: isLong ? open.size.toString() : '0',
          shortOpenCount: isLong ? '0' : open.size.toString(),
          tiers: entry.tiers,
        }),
      );
      const prepared: PreparedPosition = {
        id: entry.id,
        symbol: entry.symbol,
        marginCoin: entry.marginCoin,
        legGroup: `${entry.marginCoin}\u0000${entry.symbol}`,
        isInverse: businessLine === COIN_MARGINED,
        isCross,
        isLong,
        positionMode,
        businessLine,
        marginMode,
        open,
        pricePlace,
        profitDp: readPlaces(entry.profitDp, 'profitDp', 2),
        mm,
        feeRate: readDecimal(entry.feeRate, 'feeRate', 'rate'),
        delegated: isMissing(entry.totalDelegateValue) ? ZERO : readDecimal(entry.totalDelegateValue, 'totalDelegateValue', 'non-negative'),
        sizeText: toFixedString(open.size, sizePlace, HALF_UP),
        entryText: toFixedString(open.entry, pricePlace, HALF_UP),
        marginText: toFixedString(open.margin, 2, HALF_UP),
        isolatedLiquidation: null,
      };
      if (!isCross) {
        // bp only matters for coin-margined isolated positions, whose margin is a coin amount: solved per tick there.
        prepared.isolatedLiquidation = prepared.isInverse ? null : liquidationText(prepared, ownLegs(prepared), open.margin, { upnl: ZERO, maintain: ZERO }, new MathsDecimal(1));
      }
      return prepared;
    } catch (error) {
      return rethrowWithin(index, error);
    }
  });
  return { positions, crossAvailable, symbols: new Set(positions.map((position) => position.symbol)) };
}

function readMarks(tick: MarkTick, symbols: ReadonlySet<string>): Map<string, MathsDecimalValue> {
  const marks = new Map<string, MathsDecimalValue>();
  for (const symbol of symbols) {
    const value = tick.marks?.[symbol];
    if (!isMissing(value)) marks.set(symbol, readDecimal(value, `marks.${symbol}`, 'positive'));
  }
  return marks;
}

/**
 * Every row of a book at the given marks: uPnL and ROE per position, and the liquidation price with the other
 * cross positions' uPnL and maintenance margin summed per margin coin (contracts/maths.md). A symbol without a mark
 * yet shows its static figures and null for the rest.
 */
export function computeBookRows(book: PreparedBook, tick: MarkTick): BookRow[] {
  const marks = readMarks(tick, book.symbols);
  const measured = book.positions.map((position) => {
    const mark = marks.get(position.symbol);
    return mark ? measureOpenPart(position.open, mark) : null;
  });
  // Cross sums per margin coin and per symbol, so "others" is the coin's total minus this symbol's legs: O(n) per tick.
  const coinTotals = new Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue }>();
  const symbolTotals = new Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue; legs: Legs }>();
  book.positions.forEach((position, index) => {
    const metrics = measured[index];
    const mark = marks.get(position.symbol);
    if (!position.isCross || !metrics || !mark) return;
    // Maintenance margin of a leg: its value times the tier rate; an inverse leg's value in its margin coin is its size.
    const maintain = (position.isInverse ? position.open.size : position.open.size.times(mark)).times(position.mm);
    const coin = coinTotals.get(position.marginCoin) ?? { upnl: ZERO, maintain: ZERO };
    coinTotals.set(position.marginCoin, { upnl: coin.upnl.plus(metrics.upnl), maintain: coin.maintain.plus(maintain) });
    const own = symbolTotals.get(position.legGroup) ?? { upnl: ZERO, maintain: ZERO, legs: { longSize: ZERO, longEntry: ZERO, shortSize: ZERO, shortEntry: ZERO } };
    const legs = position.isLong
      ? { ...own.legs, longSize: position.open.size, longEntry: position.open.entry }
      : { ...own.legs, shortSize: position.open.size, shortEntry: position.open.entry };
    symbolTotals.set(position.legGroup, { upnl: own.upnl.plus(metrics.upnl), maintain: own.maintain.plus(maintain), legs });
  });

  return book.positions.map((position, index): BookRow => {
    const metrics = measured[index];
    const mark = marks.get(position.symbol);
    const base = {
      id: position.id,
      symbol: position.symbol,
      side: position.isLong ? ('long' as const) : ('short' as const),
      size: position.sizeText,
      entry: position.entryText,
      margin: position.marginText,
    };
    if (!metrics || !mark) return { ...base, mark: null, upnl: null, roePercent: null, liquidation: position.isolatedLiquidation };
    const index_ = tick.indexPrices?.[position.symbol];
    // The margin coin's index price for coin-margined contracts; the mark stands in until an index arrives.
    const bp = position.isInverse ? (isMissing(index_) ? mark : readDecimal(index_, `indexPrices.${position.symbol}`, 'positive')) : new MathsDecimal(1);
    let liquidation = position.isolatedLiquidation;
    if (position.isCross) {
      const coin = coinTotals.get(position.marginCoin) ?? { upnl: ZERO, maintain: ZERO };
      const own = symbolTotals.get(position.legGroup) ?? { upnl: ZERO, maintain: ZERO, legs: ownLegs(position) };
      const others = { upnl: coin.upnl.minus(own.upnl), maintain: coin.maintain.minus(own.maintain) };
      // In one-way mode a symbol has one leg; in hedge mode both legs of the symbol enter the equation together.
      liquidation = liquidationText(position, own.legs, book.crossAvailable.get(position.marginCoin) ?? ZERO, others, bp);
    } else if (position.isInverse) {
      liquidation = liquidationText(position, ownLegs(position), position.open.margin, { upnl: ZERO, maintain: ZERO }, bp);
    }
    return {
      ...base,
      mark: toFixedString(mark, position.pricePlace, HALF_UP),
      upnl: toFixedString(metrics.upnl, position.profitDp, HALF_UP),
      roePercent: toFixedString(metrics.roePercent, 2, HALF_UP),
      liquidation,
    };
  });
}
