import type { Database } from 'better-sqlite3';
import { type FeeMarket, scheduleRates } from '../fees/vip-levels';
import { vipVolumesOf } from '../fees/vip-volumes';
import type { InstrumentSpec } from '../market/instruments';
import { MONEY_PLACES, pow10, sizeToMoney, unitsOf } from '../money/money-units';
import type { OrderRecord } from './order-store';
import type { TradingContext } from './trading-context';

/** Who a fill was: the taker takes the order book's liquidity, the maker's resting order was hit. */
export type Liquidity = 'maker' | 'taker';

/** The instrument's level-0 fee on a value (money units), rounded up to its quote precision, in money units (paper-trading contract, "Matching"). */
export function feeOn(spec: InstrumentSpec, value: bigint, liquidity: Liquidity): bigint {
  return feeAtRate(spec, value, liquidity === 'maker' ? spec.makerFeeRate : spec.takerFeeRate);
}

/** A fee at `rate` on a value (money units), rounded up to the instrument's quote precision, in money units. */
function feeAtRate(spec: InstrumentSpec, value: bigint, rate: string): bigint {
  const places = Math.min(spec.quotePrecision, MONEY_PLACES);
  return feeOf(value, MONEY_PLACES, rate, places) * pow10(MONEY_PLACES - places);
}

/** Decimal places rates are compared at (finer than any rate of the schedule or the instruments). */
const RATE_PLACES = 12;

/** The market of an instrument's fee schedule. */
function marketOf(spec: InstrumentSpec): FeeMarket {
  return spec.instType === 'SPOT' ? 'spot' : 'futures';
}

/**
 * The rate of an instrument at a VIP level: level 0 is the instrument's own rate; a higher level the schedule's, but
 * never more than the instrument's own (an instrument with a lower rate of its own keeps it).
 */
export function rateAtLevel(spec: InstrumentSpec, level: number, liquidity: Liquidity): string {
  const own = liquidity === 'maker' ? spec.makerFeeRate : spec.takerFeeRate;
  if (level <= 0) return own;
  const scheduled = scheduleRates(marketOf(spec), level)[liquidity];
  return unitsOf(scheduled, RATE_PLACES) < unitsOf(own, RATE_PLACES) ? scheduled : own;
}

/** The fee the user pays on a value (money units) now, at their VIP level's rate: what an order freezes or holds. */
export function userFeeOn(
  ctx: TradingContext,
  userId: string,
  spec: InstrumentSpec,
  value: bigint,
  liquidity: Liquidity,
): bigint {
  const level = vipVolumesOf(ctx.db).levelOf(userId, ctx.now());
  return feeAtRate(spec, value, rateAtLevel(spec, level, liquidity));
}

/** One fill to charge: its order, instrument, value (money units of the quote coin), size (instrument units) and liquidity. */
export interface ChargedFill {
  order: Pick<OrderRecord, 'userId' | 'orderId'>;
  spec: InstrumentSpec;
  value: bigint;
  size: bigint;
  liquidity: Liquidity;
  /**
   * A spot buy paying in the base coin: the base it received (money units). The fee is then that much times the rate,
   * rounded up to the money places, in the base coin; the volume it counts is still the fill's value.
   */
  received?: bigint;
}

/**
 * The fee of a fill (in the quote coin; a spot buy paying in the base coin, in the base coin) at the user's VIP level at the moment of the fill (the level its earlier fills reached), then
 * the fill counts toward the 30-day volume: the fill that crosses a level pays the old rate, the next one the new.
 * The volume is the fill's USDT value: a spot fill's quote value (its size when USDT is the base), a futures fill's
 * notional.
 */
export function chargeFill(ctx: TradingContext, fill: ChargedFill): bigint {
  const { spec, order, value, liquidity } = fill;
  const book = vipVolumesOf(ctx.db);
  const at = ctx.now();
  const rate = rateAtLevel(spec, book.levelOf(order.userId, at), liquidity);
  const volume = spec.baseCoin === 'USDT' && spec.quoteCoin !== 'USDT' ? sizeToMoney(spec, fill.size) : value;
  book.record({ userId: order.userId, orderId: order.orderId, market: marketOf(spec), volume, liquidity, rate, at });
  if (fill.received !== undefined) return feeOf(fill.received, MONEY_PLACES, rate, MONEY_PLACES);
  return feeAtRate(spec, value, rate);
}

/**
 * How an order's fills were charged (v2 API `tradeScope`): the fill made at `at` when given, else taker when any
 * of its fills took liquidity; undefined for fills older than the record.
 */
export function recordedLiquidity(db: Database, orderId: string, at?: number): Liquidity | undefined {
  return vipVolumesOf(db).liquidityOf(orderId, at);
}

/** How long after an order's placement its fills still count as taken in that request (they are made in it). */
const TAKER_WINDOW_MS = 50;

/**
 * Whether a fill took liquidity (v2 `tradeScope`, REST fills and the `fill` channel alike): a market (or liquidation)
 * order always takes; else how matching charged the fill made at `at` (or, for a whole order's fills, any of them);
 * else, for fills older than that record, the fee against the taker rate, or with equal rates whether the fill was
 * made while the order was placed.
 */
export function fillLiquidity(
  db: Database,
  spec: InstrumentSpec,
  order: Pick<OrderRecord, 'orderId' | 'orderType' | 'cTime'> | undefined,
  fill: { value: bigint; fee: bigint; at?: number },
): Liquidity {
  if (order?.orderType !== 'limit') return 'taker';
  const recorded =
    (fill.at === undefined ? undefined : recordedLiquidity(db, order.orderId, fill.at)) ??
    recordedLiquidity(db, order.orderId);
  if (recorded) return recorded;
  if (fill.at === undefined || spec.makerFeeRate !== spec.takerFeeRate)
    return fill.fee >= feeOn(spec, fill.value, 'taker') ? 'taker' : 'maker';
  return fill.at - order.cTime <= TAKER_WINDOW_MS ? 'taker' : 'maker';
}

/**
 * A fee on a value, rounded up to the quote precision (the exchange never undercharges a fraction of a unit).
 * `value` is in units of 10^-valuePlaces; `rate` a decimal string such as "0.001"; the result is in 10^-quotePlaces.
 */
export function feeOf(value: bigint, valuePlaces: number, rate: string, quotePlaces: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new RangeError(`bad fee rate: ${rate}`);
  const rateUnits = BigInt(match[1] + (match[2] ?? ''));
  const rateScale = (match[2] ?? '').length;
  const numerator = value * rateUnits;
  const shift = valuePlaces + rateScale - quotePlaces;
  if (shift <= 0) return numerator * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  const quotient = numerator / divisor;
  return numerator % divisor === 0n ? quotient : quotient + 1n;
}
