/**
 * A ledger's rows by decimal.js, reading contracts/maths.md literally: the route of coin-margined positions, whose
 * uPnL is itself a rounded division, and of marks too long for the exact path.
 */
import {
  addLeg,
  HUNDRED,
  type LedgerRow,
  type LegGroup,
  type Legs,
  legsOf,
  liquidationText,
  type MarkTick,
  ONE,
  ownLegs,
  type PreparedLedger,
  type PreparedPosition,
  type PriceState,
  row,
  ZERO,
} from './ledger-model';
import { decimalOf, indexDecimalOf, type Marks, markTextOf } from './ledger-prices';
import { HALF_UP, type MathsDecimalValue, toFixedString } from './maths-decimal';
import { measureOpenPart } from './position-metrics';

/** Cross positions on the literal path (coin-margined coins): totals per coin and per symbol, and each symbol's legs. */
export interface LiteralTotals {
  coins: Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue }>;
  symbols: Map<string, { upnl: MathsDecimalValue; maintain: MathsDecimalValue }>;
  legs: Map<string, Legs>;
  /** Each literal position's uPnL at this tick, by position index, so its row does not divide by the mark again. */
  upnls: (MathsDecimalValue | undefined)[];
}

/** A position's uPnL at a mark in decimal.js (contracts/maths.md). */
export function decimalUpnl(position: PreparedPosition, mark: MathsDecimalValue): MathsDecimalValue {
  return position.isInverse
    ? measureOpenPart(position.open, mark).upnl
    : mark.times(position.upnlSlope).minus(position.upnlOffset);
}

/** The literal path's totals at this tick: uPnL and maintenance margin per coin and per symbol, and the legs. */
export function literalTotals(ledger: PreparedLedger, marks: Marks): LiteralTotals {
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
export function literalLiquidation(
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

/** Every row by decimal.js, reading the contract literally (contracts/maths.md). */
export function decimalRows(
  ledger: PreparedLedger,
  tick: MarkTick,
  marks: Marks,
  totals: LiteralTotals | null,
): LedgerRow[] {
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

/** One row by decimal.js: uPnL, ROE and the liquidation price of its leg group or of the literal route. */
export function decimalRow(
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
