/**
 * A ledger of futures positions and the account around them (contracts/maths.md, spec §3): read and checked once
 * ({@link prepareLedger}), then ticked by marks ({@link computeLedgerRows}) into rows of uPnL, ROE and liquidation
 * price, by the exact path or by decimal.js.
 */
import {
  BUSINESS_LINES,
  COIN_MARGINED,
  ISOLATED,
  LONG,
  MARGIN_MODES,
  ONE_WAY,
  POSITION_MODES,
  SIDES,
} from './futures-enums';
import { EXACT_ZERO, exactOf, integerDigits } from './exact-decimal';
import { exactRows, fitsExactPath } from './ledger-exact-rows';
import { decimalRows, literalTotals } from './ledger-literal-rows';
import {
  addLeg,
  type LedgerRow,
  type LegGroup,
  type Legs,
  legsOf,
  liquidationText,
  type MarkTick,
  ONE,
  type PreparedLedger,
  type PreparedPosition,
  ZERO,
} from './ledger-model';
import { readMarks } from './ledger-prices';
import { type MarginTier, maintenanceMarginRate } from './maintenance-margin-rate';
import { HALF_UP, MathsDecimal, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { MathsInputError } from './maths-input-error';
import { type FuturesPosition, readOpenPart } from './position-metrics';
import { type DecimalInput, type EnumInput, isMissing, readDecimal, readEnum, readPlaces } from './read-input';

export type { LedgerRow, MarkTick, PreparedLedger };

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
  /** Cross wallet balance per margin coin (`available` of the contract for cross positions), when known as one figure. */
  crossAvailable?: Readonly<Record<string, DecimalInput>>;
  /**
   * The account figures per margin coin the cross wallet balance is worked out from, here rather than on the page:
   * equity − unrealized PnL − the margins of the isolated positions in that coin. A coin in `crossAvailable` wins.
   */
  crossWallet?: Readonly<Record<string, { equity: DecimalInput; unrealizedPL: DecimalInput }>>;
}

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

/** The cross wallet balance per margin coin: given as one figure, or worked out from the account's figures. */
function crossAvailableOf(
  input: LedgerInput,
  positions: readonly { marginCoin: string; isCross: boolean; open: { margin: MathsDecimalValue } }[],
): Map<string, MathsDecimalValue> {
  const crossAvailable = new Map<string, MathsDecimalValue>();
  for (const [coin, figures] of Object.entries(input.crossWallet ?? {})) {
    let wallet = readDecimal(figures?.equity, `crossWallet.${coin}.equity`, 'any').minus(
      readDecimal(figures?.unrealizedPL, `crossWallet.${coin}.unrealizedPL`, 'any'),
    );
    // The whole margin a live isolated position holds, as the gateway's own liquidation maths takes it (a record
    // with closes holds the share of its open part).
    positions.forEach((position, index) => {
      if (position.isCross || position.marginCoin !== coin) return;
      const raw = input.positions[index]?.position;
      wallet = wallet.minus(
        raw && 'positionsOpenMarginCount' in raw
          ? readDecimal(raw.positionsOpenMarginCount, 'position.positionsOpenMarginCount', 'non-negative')
          : position.open.margin,
      );
    });
    crossAvailable.set(coin, wallet);
  }
  for (const [coin, value] of Object.entries(input.crossAvailable ?? {}))
    crossAvailable.set(coin, readDecimal(value, `crossAvailable.${coin}`, 'any'));
  return crossAvailable;
}

/** Reads and checks a whole ledger once (contracts/maths.md inputs); a bad field throws naming its position. */
export function prepareLedger(input: LedgerInput): PreparedLedger {
  if (!input || !Array.isArray(input.positions))
    throw new MathsInputError('positions', 'maths.bad-shape', 'positions must be a list');
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
  const crossAvailable = crossAvailableOf(input, positions);

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
