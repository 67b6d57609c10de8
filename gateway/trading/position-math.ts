import type { InstrumentSpec } from '../market/instruments';
import type { MarginModeName } from './account-store';
import { ceilMoney, divCeil, divHalfUp, roundMoney, notional } from '../money/money-units';
import type { HoldSide } from './order-store';
import type { PositionRecord } from './position-store';

/** +1 for a long, −1 for a short (maths contract `dir`). */
export function directionOf(holdSide: HoldSide): 1n | -1n {
  return holdSide === 'long' ? 1n : -1n;
}

/** The other side of a hedge pair: short for long, long for short. */
export function oppositeOf(side: HoldSide): HoldSide {
  return side === 'long' ? 'short' : 'long';
}

/** Initial margin of a value at a leverage: value / leverage, rounded up to the quote precision. */
export function marginFor(spec: InstrumentSpec, value: bigint, leverage: number): bigint {
  return ceilMoney(divCeil(value, BigInt(leverage)), spec.quotePrecision);
}

/** Unrealized PnL of a position at a mark price (units), in money units: dir · (mark · size − open value). */
export function unrealizedPnl(spec: InstrumentSpec, position: PositionRecord, mark: bigint): bigint {
  return directionOf(position.holdSide) * (notional(spec, mark, position.size) - position.openValue);
}

/** A new empty position of a user on one side. */
export function emptyPosition(input: {
  userId: string;
  symbol: string;
  holdSide: HoldSide;
  marginMode: MarginModeName;
  leverage: number;
  now: number;
}): PositionRecord {
  return {
    userId: input.userId,
    symbol: input.symbol,
    holdSide: input.holdSide,
    marginMode: input.marginMode,
    size: 0n,
    openValue: 0n,
    margin: 0n,
    leverage: input.leverage,
    achievedProfits: 0n,
    presetTp: null,
    presetSl: null,
    presetTpType: 'mark_price',
    presetSlType: 'mark_price',
    presetTpSize: null,
    presetSlSize: null,
    openedSize: 0n,
    openedValue: 0n,
    closedSize: 0n,
    closedValue: 0n,
    fees: 0n,
    closeFees: 0n,
    funding: 0n,
    lastFundingTime: input.now,
    cTime: input.now,
    uTime: input.now,
  };
}

/** Adds a fill to a position: size and open value grow, margin grows by the fill's value / leverage. */
export function openMore(
  spec: InstrumentSpec,
  position: PositionRecord,
  price: bigint,
  size: bigint,
  now: number,
): void {
  const value = notional(spec, price, size);
  position.size += size;
  position.openValue += value;
  position.openedSize += size;
  position.openedValue += value;
  position.margin += marginFor(spec, value, position.leverage);
  position.uTime = now;
}

/**
 * Closes `size` of a position at `price`: the closed part's share of the open value and margin leave the position,
 * and the realized PnL (dir · (exit value − cost), half-up to the quote precision) is returned and added to
 * `achievedProfits`.
 */
export function closePart(
  spec: InstrumentSpec,
  position: PositionRecord,
  price: bigint,
  size: bigint,
  now: number,
): bigint {
  const whole = size >= position.size;
  const closed = whole ? position.size : size;
  const cost = whole
    ? position.openValue
    : roundMoney(divHalfUp(position.openValue * closed, position.size), spec.quotePrecision);
  const released = whole ? position.margin : divHalfUp(position.margin * closed, position.size);
  const exit = notional(spec, price, closed);
  const pnl = directionOf(position.holdSide) * (exit - cost);
  position.closedSize += closed;
  position.closedValue += exit;
  position.size -= closed;
  position.openValue -= cost;
  position.margin -= released;
  position.achievedProfits += pnl;
  position.uTime = now;
  if (position.size === 0n) {
    position.openValue = 0n;
    position.margin = 0n;
  }
  return pnl;
}
