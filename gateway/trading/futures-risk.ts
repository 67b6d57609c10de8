import Decimal from 'decimal.js';
import { liquidationPrice, maintenanceMarginRate } from '../../engine/maths';
import type { InstrumentSpec } from '../market/instruments';
import { tiersOf } from '../market/margin-tiers';
import { averagePrice, formatMoney, formatUnits, unitsOf, notional } from '../money/money-units';
import type { OrderRecord } from './order-store';
import { unrealizedPnl } from './position-math';
import type { PositionRecord } from './position-store';

/** A user's position ledger: what the risk maths reads about their futures wallet, positions and open orders. */
export interface PositionLedger {
  wallet: bigint;
  positions: readonly PositionRecord[];
  openOrders: readonly OrderRecord[];
  /** The perpetual of a symbol. */
  specOf(symbol: string): InstrumentSpec;
  /** The mark price of a symbol in its price units. */
  markOf(symbol: string): bigint;
}

/** Enum numbers of the maths contract. */
const ENUMS = { isolated: 1, crossed: 2, long: 1, short: 2 } as const;

/** Entry price with 12 decimals, for the maths (the open value over the size). */
function entryOf(spec: InstrumentSpec, position: PositionRecord | undefined): string {
  return position && position.size > 0n ? averagePrice(spec, position.openValue, position.size, 12) : '0';
}

/** The maintenance margin rate of a position's tier (maths contract, "Tier choice"). */
export function mmRateOf(spec: InstrumentSpec, position: PositionRecord, ledger: PositionLedger): string {
  const legs = legsOf(position, ledger);
  return maintenanceMarginRate({
    marginMode: ENUMS[position.marginMode],
    side: ENUMS[position.holdSide],
    longOpenCount: formatUnits(legs.long?.size ?? 0n, spec.volumePlace),
    shortOpenCount: formatUnits(legs.short?.size ?? 0n, spec.volumePlace),
    tiers: tiersOf(spec.symbol),
  });
}

/** The long and short legs that share a position's risk: itself alone when isolated, both cross legs of its symbol when crossed. */
function legsOf(position: PositionRecord, ledger: PositionLedger): { long?: PositionRecord; short?: PositionRecord } {
  if (position.marginMode === 'isolated') return { [position.holdSide]: position };
  const same = (side: 'long' | 'short') =>
    ledger.positions.find((p) => p.symbol === position.symbol && p.holdSide === side && p.marginMode === 'crossed');
  return { long: same('long'), short: same('short') };
}

/**
 * `totalDelegateValue` of the maths contract for a position: the value (price × unfilled size; the mark for a market
 * trigger) of its symbol's open cross opening orders. It counts in cross one-way mode only, so it is 0 otherwise.
 */
export function delegateValueOf(position: PositionRecord, ledger: PositionLedger, hedge: boolean): bigint {
  if (position.marginMode !== 'crossed' || hedge) return 0n;
  const spec = ledger.specOf(position.symbol);
  let delegate = 0n;
  for (const order of ledger.openOrders) {
    if (
      order.symbol !== position.symbol ||
      order.marginMode !== 'crossed' ||
      order.tradeSide === 'close' ||
      order.reduceOnly
    )
      continue;
    const price = order.price ?? ledger.markOf(order.symbol);
    delegate += notional(spec, price, order.size - order.baseVolume);
  }
  return delegate;
}

/** A liquidation price, and which way the mark must cross it to liquidate. */
export interface Liquidation {
  raw: string;
  display: string;
  /**
   * True when the mark at or below the price liquidates. Equity minus maintenance at price P is
   * `X − R − L·Lp + S·Sp − P·(Q·(mm + fee) − L + S)`, so it falls as P rises exactly when the contract's denominator
   * `Q·(mm + fee) − L + S` is positive: a net short, or cross legs that hedge each other, is liquidated by a rise,
   * whichever leg is looked at.
   */
  fallsBelow: boolean;
}

/**
 * The gateway's liquidation price of a position by the maths contract: isolated uses the position's margin; cross
 * uses the wallet less isolated margins, the other cross positions' uPnL and maintenance, and this symbol's opening
 * cross orders. Returns the raw (10 places) and display strings, or null when there is none.
 */
export function liquidationOf(position: PositionRecord, ledger: PositionLedger, hedge: boolean): Liquidation | null {
  const spec = ledger.specOf(position.symbol);
  const legs = legsOf(position, ledger);
  const isolated = position.marginMode === 'isolated';
  let available = position.margin;
  let othersUpnl = 0n;
  let othersMaintain = new Decimal(0);
  let delegate = 0n;
  if (!isolated) {
    available =
      ledger.wallet -
      ledger.positions.filter((p) => p.marginMode === 'isolated').reduce((sum, p) => sum + p.margin, 0n);
    for (const other of ledger.positions) {
      if (other.marginMode !== 'crossed' || other.symbol === position.symbol) continue;
      const otherSpec = ledger.specOf(other.symbol);
      const mark = ledger.markOf(other.symbol);
      othersUpnl += unrealizedPnl(otherSpec, other, mark);
      othersMaintain = othersMaintain.plus(
        new Decimal(mmRateOf(otherSpec, other, ledger)).times(formatMoney(notional(otherSpec, mark, other.size))),
      );
    }
    delegate = delegateValueOf(position, ledger, hedge);
  }
  const longCount = formatUnits(legs.long?.size ?? 0n, spec.volumePlace);
  const shortCount = formatUnits(legs.short?.size ?? 0n, spec.volumePlace);
  const mm = mmRateOf(spec, position, ledger);
  const result = liquidationPrice({
    businessLine: 10,
    marginMode: ENUMS[position.marginMode],
    positionMode: hedge ? 2 : 1,
    side: ENUMS[position.holdSide],
    pricePlace: spec.pricePlace,
    available: formatMoney(available),
    othersUpnl: formatMoney(othersUpnl),
    othersMaintain: othersMaintain.toFixed(),
    longOpenPrice: entryOf(spec, legs.long),
    longOpenCount: longCount,
    shortOpenPrice: entryOf(spec, legs.short),
    shortOpenCount: shortCount,
    totalDelegateValue: formatMoney(delegate),
    mm,
    feeRate: spec.takerFeeRate,
  });
  if (result.raw === null || result.display === null) return null;
  const denominator = Decimal.max(longCount, shortCount)
    .times(new Decimal(mm).plus(spec.takerFeeRate))
    .minus(longCount)
    .plus(shortCount);
  return { raw: result.raw, display: result.display, fallsBelow: denominator.isNegative() };
}

/** True when the mark has reached the liquidation price from the side that liquidates (see {@link Liquidation}). */
export function isLiquidated(mark: bigint, spec: InstrumentSpec, liquidation: Liquidation | null): boolean {
  if (!liquidation) return false;
  const markDecimal = new Decimal(formatUnits(mark, spec.pricePlace));
  return liquidation.fallsBelow ? markDecimal.lte(liquidation.raw) : markDecimal.gte(liquidation.raw);
}

/** The mark price of a ticker in price units. */
export function markUnits(spec: InstrumentSpec, markPrice: string | undefined, lastPr: string): bigint {
  return unitsOf(markPrice ?? lastPr, spec.pricePlace);
}
