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
} from './futures-enums';
import { solve } from './liquidation-price';
import { type MarginTier, maintenanceMarginRate } from './maintenance-margin-rate';
import {
  divide50,
  divideToText,
  EXACT_ZERO,
  type Exact,
  estimatedQuotientText,
  exactOf,
  FLOAT_EXACT_LIMIT,
  FLOAT_POW10,
  integerDigits,
  minus,
  plus,
  readPlain,
  roundedFloatText,
  roundedText,
  times,
} from './exact-decimal';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type FuturesPosition, measureOpenPart, type OpenPart, readOpenPart } from './position-metrics';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

/** One position of a ledger: the position record plus what its liquidation price needs (spec §3). */
export interface LedgerPosition {
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
export interface LedgerInput {
  positions: readonly LedgerPosition[];
  /** Cross wallet balance per margin coin (`available` of the contract for cross positions). */
  crossAvailable: Readonly<Record<string, DecimalInput>>;
}

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

interface PreparedPosition {
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
  /** The integers of the exact slope, offset, margin and liquidation denominator as floats (see {@link floatLinear}). */
  floatSlope: number;
  floatOffset: number;
  floatMargin: number;
  floatLpDenominator: number;
}

/**
 * The cross legs of one symbol in one margin coin. For linear contracts their uPnL minus maintenance margin is
 * `mark · slope − offset`, so a tick costs one product per group, not a pass over every other position.
 */
interface LegGroup {
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
interface PriceState {
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

const ZERO = new MathsDecimal(0);
const ONE = new MathsDecimal(1);
const HUNDRED = new MathsDecimal(100);

/** Whether a text holds a control character (U+0000–U+001F, U+007F). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 127) return true;
  }
  return false;
}

function fieldOf(index: number, name: string): string {
  return `positions[${index}].${name}`;
}

function rethrowWithin(index: number, error: unknown): never {
  if (error instanceof MathsInputError)
    throw new MathsInputError(fieldOf(index, error.field), error.code, `positions[${index}]: ${error.message}`);
  throw error;
}

interface Legs {
  longSize: MathsDecimalValue;
  longEntry: MathsDecimalValue;
  shortSize: MathsDecimalValue;
  shortEntry: MathsDecimalValue;
}

function liquidationText(
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

type LegFields = Pick<PreparedPosition, 'isCross' | 'isLong' | 'legGroup' | 'open'>;

function ownLegs(position: LegFields): Legs {
  return position.isLong
    ? { longSize: position.open.size, longEntry: position.open.entry, shortSize: ZERO, shortEntry: ZERO }
    : { longSize: ZERO, longEntry: ZERO, shortSize: position.open.size, shortEntry: position.open.entry };
}

/** Adds a cross position to its symbol's legs. */
function addLeg(crossLegs: Map<string, Legs>, position: LegFields): void {
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
function legsOf(position: LegFields, crossLegs: Map<string, Legs>): Legs {
  return position.isCross ? (crossLegs.get(position.legGroup) ?? ownLegs(position)) : ownLegs(position);
}

/**
 * Reads one position with every field of {@link PreparedPosition} in place (the ledger-wide ones are filled in
 * later): objects of one literal shape share a hidden class, where spread copies each got their own and made every
 * property read of a tick a slow lookup.
 */
function readPosition(entry: LedgerPosition, ids: Set<string>, index: number): PreparedPosition {
  if (typeof entry.id !== 'string' || entry.id === '' || ids.has(entry.id))
    throw new MathsInputError('id', 'maths.bad-shape', 'id must be a unique non-empty string');
  // Ids and symbols travel as cells of a rows frame, whose separators are control characters.
  if (hasControl(entry.id)) throw new MathsInputError('id', 'maths.bad-shape', 'id must not hold control characters');
  ids.add(entry.id);
  if (typeof entry.symbol !== 'string' || entry.symbol === '')
    throw new MathsInputError('symbol', 'maths.bad-shape', 'symbol must be a non-empty string');
  if (hasControl(entry.symbol))
    throw new MathsInputError('symbol', 'maths.bad-shape', 'symbol must not hold control characters');
  if (typeof entry.marginCoin !== 'string' || entry.marginCoin === '')
    throw new MathsInputError('marginCoin', 'maths.bad-shape', 'marginCoin must be a non-empty string');
  const businessLine = readEnum(entry.businessLine, 'businessLine', BUSINESS_LINES);
  const marginMode = readEnum(entry.marginMode, 'marginMode', MARGIN_MODES);
  const positionMode = isMissing(entry.positionMode)
    ? ONE_WAY
    : readEnum(entry.positionMode, 'positionMode', POSITION_MODES);
  const open = readOpenPart({ ...entry.position, businessLine });
  const isLong = readEnum(entry.position.position, 'position.position', SIDES) === LONG;
  const pricePlace = readPlaces(entry.pricePlace, 'pricePlace');
  const sizePlace = readPlaces(entry.sizePlace, 'sizePlace', 4);
  const signedSize = open.size.times(open.direction);
  const margin = exactOf(open.margin);
  const slope = exactOf(signedSize);
  const offset = exactOf(signedSize.times(open.entry));
  return {
    id: entry.id,
    index,
    symbolIndex: 0,
    coinIndex: 0,
    symbol: entry.symbol,
    marginCoin: entry.marginCoin,
    legGroup: `${entry.marginCoin}\u0000${entry.symbol}`,
    isInverse: businessLine === COIN_MARGINED,
    isCross: marginMode !== ISOLATED,
    isLong,
    positionMode,
    businessLine,
    marginMode,
    open,
    pricePlace,
    profitDp: readPlaces(entry.profitDp, 'profitDp', 2),
    tiers: entry.tiers,
    feeRate: readDecimal(entry.feeRate, 'feeRate', 'rate'),
    delegated: isMissing(entry.totalDelegateValue)
      ? ZERO
      : readDecimal(entry.totalDelegateValue, 'totalDelegateValue', 'non-negative'),
    sizeText: toFixedString(open.size, sizePlace, HALF_UP),
    entryText: toFixedString(open.entry, pricePlace, HALF_UP),
    marginText: toFixedString(open.margin, 2, HALF_UP),
    upnlSlope: signedSize,
    upnlOffset: signedSize.times(open.entry),
    mm: ZERO,
    isolatedLiquidation: null,
    group: null,
    lpConstant: ZERO,
    lpDenominator: null,
    exactSlope: slope,
    exactOffset: offset,
    exactMargin: margin,
    exactMarginPercent: { n: margin.n, scale: margin.scale + 2 },
    exactLpConstant: EXACT_ZERO,
    exactLpDenominator: null,
    floatSlope: Number(slope.n),
    floatOffset: Number(offset.n),
    floatMargin: Number(margin.n),
    floatLpDenominator: Number.NaN,
  };
}

/** Reads and checks a whole ledger once (contracts/maths.md inputs); a bad field throws naming its position. */
export function prepareLedger(input: LedgerInput): PreparedLedger {
  if (!input || !Array.isArray(input.positions))
    throw new MathsInputError('positions', 'maths.bad-shape', 'positions must be a list');
  const crossAvailable = new Map<string, MathsDecimalValue>();
  for (const [coin, value] of Object.entries(input.crossAvailable ?? {}))
    crossAvailable.set(coin, readDecimal(value, `crossAvailable.${coin}`, 'any'));
  const ids = new Set<string>();
  const symbolIndexes = new Map<string, number>();
  const coinIndexes = new Map<string, number>();
  const positions = input.positions.map((entry, index) => {
    try {
      return readPosition(entry, ids, index);
    } catch (error) {
      return rethrowWithin(index, error);
    }
  });

  for (const position of positions) {
    position.symbolIndex = indexIn(symbolIndexes, position.symbol);
    position.coinIndex = indexIn(coinIndexes, position.marginCoin);
  }

  // Cross legs of a symbol share one equation, and their tier is chosen on long and short sizes together.
  const crossLegs = new Map<string, Legs>();
  for (const position of positions) {
    if (!position.isCross) continue;
    addLeg(crossLegs, position);
  }
  // A coin whose cross positions are all linear takes the fast path; a coin-margined one divides by each mark.
  const inverseCoins = new Set(
    positions.filter((position) => position.isCross && position.isInverse).map((position) => position.marginCoin),
  );
  const groups = new Map<string, LegGroup>();

  positions.forEach((position, index) => {
    try {
      const legs = legsOf(position, crossLegs);
      position.mm = new MathsDecimal(
        maintenanceMarginRate({
          marginMode: position.marginMode,
          side: position.isLong ? 1 : 2,
          longOpenCount: legs.longSize.toString(),
          shortOpenCount: legs.shortSize.toString(),
          tiers: position.tiers,
        }),
      );
      if (!position.isCross) {
        // bp only matters for coin-margined isolated positions, whose margin is a coin amount: solved per tick there,
        // as (margin · bp − dir·size·entry) / (size·rate − L + S).
        position.isolatedLiquidation = position.isInverse
          ? null
          : liquidationText(position, legs, position.open.margin, { upnl: ZERO, maintain: ZERO }, ONE);
        if (position.isInverse) {
          const denominator = legs.longSize
            .plus(legs.shortSize)
            .times(position.mm.plus(position.feeRate))
            .minus(legs.longSize)
            .plus(legs.shortSize);
          position.exactLpDenominator =
            position.open.size.isZero() || denominator.isZero() ? null : exactOf(denominator);
          position.floatLpDenominator = position.exactLpDenominator
            ? Number(position.exactLpDenominator.n)
            : Number.NaN;
        }
        return;
      }
      if (inverseCoins.has(position.marginCoin)) return;
      let group = groups.get(position.legGroup);
      if (!group) {
        group = {
          index: groups.size,
          symbolIndex: position.symbolIndex,
          coinIndex: position.coinIndex,
          symbol: position.symbol,
          marginCoin: position.marginCoin,
          slope: legs.longSize.minus(legs.shortSize),
          offset: legs.longSize.times(legs.longEntry).minus(legs.shortSize.times(legs.shortEntry)),
          exactSlope: EXACT_ZERO,
          exactOffset: EXACT_ZERO,
        };
        groups.set(position.legGroup, group);
      }
      // Each leg's maintenance margin is size · mark · mm: its share of the group's slope.
      group.slope = group.slope.minus(position.open.size.times(position.mm));
      position.group = group;
      // LP = (X − R − L·Lp + S·Sp) / (Q·rate − L + S) with X = available + others, others = coin total − this group.
      const rate = position.mm.plus(position.feeRate);
      const reserved = position.positionMode === ONE_WAY ? position.delegated.times(rate) : ZERO;
      position.lpConstant = (crossAvailable.get(position.marginCoin) ?? ZERO).minus(reserved).minus(group.offset);
      const ownCount = position.isLong ? legs.longSize : legs.shortSize;
      const denominator = MathsDecimal.max(legs.longSize, legs.shortSize)
        .times(rate)
        .minus(legs.longSize)
        .plus(legs.shortSize);
      position.lpDenominator = ownCount.isZero() || denominator.isZero() ? null : denominator;
      position.exactLpConstant = exactOf(position.lpConstant);
      position.exactLpDenominator = position.lpDenominator ? exactOf(position.lpDenominator) : null;
      position.floatLpDenominator = position.exactLpDenominator ? Number(position.exactLpDenominator.n) : Number.NaN;
    } catch (error) {
      rethrowWithin(index, error);
    }
  });
  let integer = 0;
  let places = 0;
  const measure = (value: MathsDecimalValue) => {
    integer = Math.max(integer, integerDigits(value));
    places = Math.max(places, value.decimalPlaces());
  };
  for (const group of groups.values()) {
    group.exactSlope = exactOf(group.slope);
    group.exactOffset = exactOf(group.offset);
    measure(group.slope);
    measure(group.offset);
  }
  for (const position of positions) {
    measure(position.upnlSlope);
    measure(position.upnlOffset);
    measure(position.lpConstant);
    // A coin-margined isolated position multiplies its margin by the index price.
    if (position.isInverse && !position.isCross) measure(position.open.margin);
  }
  return {
    positions,
    crossAvailable,
    symbols: [...symbolIndexes.keys()],
    coinCount: coinIndexes.size,
    groups: [...groups.values()],
    hasLiteralCross: positions.some((position) => position.isCross && !position.group),
    // Each sum can carry a digit; a ledger of n positions sums at most n terms.
    exactIntegerDigits: integer + String(positions.length).length + 2,
    exactPlaces: places,
    markCache: [],
    indexCache: [],
  };
}

/** The index of a key in a list being built, adding it at the end when new. */
function indexIn(indexes: Map<string, number>, key: string): number {
  let index = indexes.get(key);
  if (index === undefined) {
    index = indexes.size;
    indexes.set(key, index);
  }
  return index;
}

/**
 * Reads a mark or index price into `price` (a symbol's one state object, reused tick after tick). A short plain
 * decimal (`"68000.5"`, as feeds send prices) is read straight into its exact value; anything else goes through the
 * contract's input checks, which refuse it or read it as decimal.js.
 */
function readPrice(
  price: PriceState | undefined,
  raw: unknown,
  input: 'marks' | 'indexPrices',
  symbol: string,
): PriceState {
  const plain = typeof raw === 'string' ? readPlain(raw) : null;
  let decimal: MathsDecimalValue | null = null;
  let exact: Exact;
  let length: number;
  if (plain !== null && plain.n > 0n) {
    exact = { n: plain.n, scale: plain.scale };
    length = plain.integerDigits + plain.places;
  } else {
    // The field is named only here: a tick of plain prices makes no field names.
    decimal = readDecimal(raw, `${input}.${symbol}`, 'positive');
    exact = exactOf(decimal);
    length = integerDigits(decimal) + Math.max(0, decimal.decimalPlaces());
  }
  const state = price ?? { raw, exact, length, decimal, float: 0, isCanonical: false, text: '', textPlaces: -1 };
  state.raw = raw;
  state.exact = exact;
  state.length = length;
  state.decimal = decimal;
  state.float = plain !== null && decimal === null ? plain.float : Number(exact.n);
  state.isCanonical = plain !== null && decimal === null && plain.isCanonical;
  state.text = '';
  state.textPlaces = -1;
  return state;
}

/** The decimal.js value of a price (a plain decimal read directly is parsed only when a decimal route needs it). */
function decimalOf(price: PriceState): MathsDecimalValue {
  if (price.decimal === null) price.decimal = new MathsDecimal(price.raw as string);
  return price.decimal;
}

/** Legs of one symbol show the same mark: printed once per symbol and precision. */
function markTextOf(price: PriceState, places: number): string {
  if (price.textPlaces !== places) {
    // A feed sends marks at the symbol's precision: then the text is the mark as it came.
    price.text =
      price.isCanonical && price.exact.scale === places ? (price.raw as string) : roundedText(price.exact, places);
    price.textPlaces = places;
  }
  return price.text;
}

/** The tick's mark of each of the ledger's symbols, by symbol index (undefined: no mark yet). */
type Marks = (PriceState | undefined)[];

function readMarks(ledger: PreparedLedger, tick: MarkTick): Marks {
  const marks: Marks = new Array(ledger.symbols.length);
  for (let i = 0; i < ledger.symbols.length; i += 1) {
    const symbol = ledger.symbols[i];
    const raw = tick.marks?.[symbol];
    if (isMissing(raw)) continue;
    let cached = ledger.markCache[i];
    if (cached?.raw !== raw) {
      cached = readPrice(cached, raw, 'marks', symbol);
      ledger.markCache[i] = cached;
    }
    marks[i] = cached;
  }
  return marks;
}

/** Cross positions on the literal path (coin-margined coins): totals per coin and per symbol, and each symbol's legs. */
interface LiteralTotals {
  coins: Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue }>;
  symbols: Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue }>;
  legs: Map<string, Legs>;
  /** Each literal position's uPnL at this tick, by position index, so its row does not divide by the mark again. */
  upnls: (MathsDecimalValue | undefined)[];
}

function decimalUpnl(position: PreparedPosition, mark: MathsDecimalValue): MathsDecimalValue {
  return position.isInverse
    ? measureOpenPart(position.open, mark).upnl
    : mark.times(position.upnlSlope).minus(position.upnlOffset);
}

function literalTotals(ledger: PreparedLedger, marks: Marks): LiteralTotals {
  const totals: LiteralTotals = { coins: new Map(), symbols: new Map(), legs: new Map(), upnls: [] };
  for (const position of ledger.positions) {
    const price = marks[position.symbolIndex];
    if (!position.isCross || position.group || !price) continue;
    const mark = decimalOf(price);
    const upnl = decimalUpnl(position, mark);
    totals.upnls[position.index] = upnl;
    // Maintenance margin of a leg: its value times the tier rate; an inverse leg's value in its margin coin is its size.
    const maintain = (position.isInverse ? position.open.size : position.open.size.times(mark)).times(position.mm);
    const coin = totals.coins.get(position.marginCoin) ?? { upnl: ZERO, maintain: ZERO };
    totals.coins.set(position.marginCoin, { upnl: coin.upnl.plus(upnl), maintain: coin.maintain.plus(maintain) });
    const own = totals.symbols.get(position.legGroup) ?? { upnl: ZERO, maintain: ZERO };
    totals.symbols.set(position.legGroup, { upnl: own.upnl.plus(upnl), maintain: own.maintain.plus(maintain) });
    addLeg(totals.legs, position);
  }
  return totals;
}

/** The liquidation price of a position off the linear cross path: coin-margined cross, or coin-margined isolated. */
function literalLiquidation(
  position: PreparedPosition,
  tick: MarkTick,
  mark: MathsDecimalValue,
  ledger: PreparedLedger,
  totals: LiteralTotals,
): string | null {
  // The margin coin's index price for coin-margined contracts; the mark stands in until an index arrives.
  const bp = position.isInverse ? indexDecimalOf(ledger, tick, position.symbolIndex, mark) : ONE;
  if (!position.isCross)
    return liquidationText(position, ownLegs(position), position.open.margin, { upnl: ZERO, maintain: ZERO }, bp);
  const coin = totals.coins.get(position.marginCoin) ?? { upnl: ZERO, maintain: ZERO };
  const own = totals.symbols.get(position.legGroup) ?? { upnl: ZERO, maintain: ZERO };
  const others = { upnl: coin.upnl.minus(own.upnl), maintain: coin.maintain.minus(own.maintain) };
  // In one-way mode a symbol has one leg; in hedge mode both legs of the symbol enter the equation together.
  return liquidationText(
    position,
    legsOf(position, totals.legs),
    ledger.crossAvailable.get(position.marginCoin) ?? ZERO,
    others,
    bp,
  );
}

/**
 * Every row of a ledger at the given marks: uPnL and ROE per position, and the liquidation price with the other
 * cross positions' uPnL and maintenance margin summed per margin coin (contracts/maths.md). A symbol without a mark
 * yet shows its static figures and null for the rest.
 *
 * Linear contracts (the common case) take the exact path: every value before a division is exact, so regrouping
 * the cross sums per symbol gives the very quotient the formula read literally gives, and BigInt does it several
 * times faster than decimal.js. Coin-margined contracts take the literal decimal route, since each of their uPnLs is
 * itself a rounded division. `exact: false` forces decimal.js throughout (tests compare the two).
 */
export function computeLedgerRows(
  ledger: PreparedLedger,
  tick: MarkTick,
  options: { exact?: boolean } = {},
): LedgerRow[] {
  const marks = readMarks(ledger, tick);
  const totals = ledger.hasLiteralCross ? literalTotals(ledger, marks) : null;
  return options.exact !== false && fitsExactPath(ledger, marks)
    ? exactRows(ledger, tick, marks, totals)
    : decimalRows(ledger, tick, marks, totals);
}

/** False when a mark is so long that decimal.js at 50 digits would round a sum beside the ledger's constants (then it decides). */
function fitsExactPath(ledger: PreparedLedger, marks: Marks): boolean {
  const room = 50 - ledger.exactIntegerDigits - ledger.exactPlaces;
  for (const price of marks) if (price !== undefined && price.length > room) return false;
  return true;
}

function exactRows(ledger: PreparedLedger, tick: MarkTick, marks: Marks, totals: LiteralTotals | null): LedgerRow[] {
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

function exactRow(
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
function floatLinear(position: PreparedPosition, price: PriceState): number {
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
function inverseIsolatedLiquidation(position: PreparedPosition, bp: PriceState): string | null {
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
function positiveQuotientText(
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

/**
 * The margin coin's index price of a coin-margined symbol (the mark until an index arrives), or null when it is too
 * long for the exact path beside the ledger's constants.
 */
function indexPriceOf(
  ledger: PreparedLedger,
  tick: MarkTick,
  symbolIndex: number,
  mark: PriceState,
): PriceState | null {
  const index = cachedIndex(ledger, tick, symbolIndex);
  if (index === null) return mark;
  return index.length + ledger.exactIntegerDigits + ledger.exactPlaces > 50 ? null : index;
}

/** The tick's index price of a symbol, read once per value; null when the tick has none. */
function cachedIndex(ledger: PreparedLedger, tick: MarkTick, symbolIndex: number): PriceState | null {
  const symbol = ledger.symbols[symbolIndex];
  const raw = tick.indexPrices?.[symbol];
  if (isMissing(raw)) return null;
  let cached = ledger.indexCache[symbolIndex];
  if (cached?.raw !== raw) {
    cached = readPrice(cached, raw, 'indexPrices', symbol);
    ledger.indexCache[symbolIndex] = cached;
  }
  return cached;
}

/** The index price of a coin-margined symbol as decimal.js reads it (the mark until an index arrives), read once per value. */
function indexDecimalOf(
  ledger: PreparedLedger,
  tick: MarkTick,
  symbolIndex: number,
  mark: MathsDecimalValue,
): MathsDecimalValue {
  const index = cachedIndex(ledger, tick, symbolIndex);
  return index === null ? mark : decimalOf(index);
}

function decimalRows(ledger: PreparedLedger, tick: MarkTick, marks: Marks, totals: LiteralTotals | null): LedgerRow[] {
  const groupWallet = new Map<LegGroup, MathsDecimalValue>();
  const coinWallet = new Map<string, MathsDecimalValue>();
  for (const group of ledger.groups) {
    const price = marks[group.symbolIndex];
    if (!price) continue;
    const own = decimalOf(price).times(group.slope).minus(group.offset);
    groupWallet.set(group, own);
    coinWallet.set(group.marginCoin, (coinWallet.get(group.marginCoin) ?? ZERO).plus(own));
  }
  return ledger.positions.map((position) => {
    const price = marks[position.symbolIndex];
    if (!price) return row(position, null, null, null, position.isolatedLiquidation);
    return decimalRow(position, ledger, tick, price, totals, { groupWallet, coinWallet });
  });
}

function decimalRow(
  position: PreparedPosition,
  ledger: PreparedLedger,
  tick: MarkTick,
  price: PriceState,
  totals: LiteralTotals | null,
  wallets: { groupWallet: Map<LegGroup, MathsDecimalValue>; coinWallet: Map<string, MathsDecimalValue> } | null,
): LedgerRow {
  const mark = decimalOf(price);
  const upnl = totals?.upnls[position.index] ?? decimalUpnl(position, mark);
  let liquidation = position.isolatedLiquidation;
  if (position.group && wallets) {
    const own = wallets.groupWallet.get(position.group) ?? ZERO;
    const denominator = position.lpDenominator;
    if (denominator) {
      const lp = position.lpConstant
        .plus((wallets.coinWallet.get(position.marginCoin) ?? ZERO).minus(own))
        .div(denominator);
      liquidation = lp.lte(0) ? null : toFixedString(lp, position.pricePlace, HALF_UP);
    } else {
      liquidation = null;
    }
  } else if (position.isCross || position.isInverse) {
    liquidation = literalLiquidation(
      position,
      tick,
      mark,
      ledger,
      totals ?? { coins: new Map(), symbols: new Map(), legs: new Map(), upnls: [] },
    );
  }
  const roePercent = position.open.margin.isZero()
    ? '0.00'
    : toFixedString(upnl.div(position.open.margin).times(HUNDRED), 2, HALF_UP);
  return row(
    position,
    markTextOf(price, position.pricePlace),
    toFixedString(upnl, position.profitDp, HALF_UP),
    roePercent,
    liquidation,
  );
}

/** One row in one literal shape (see {@link readPosition}). */
function row(
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
