import { MathsDecimal, type MathsDecimalValue } from '../maths/maths-decimal';
import { numericValue } from './numeric-input';

/**
 * A market buy is sized at the last price plus this share, because it walks the asks upwards and the gateway freezes
 * what the walk costs (paper-trading contract, "Spot orders"); a limit order is sized at its own price.
 */
export const MARKET_BUY_BUFFER_PERCENT = 1;

/** What {@link orderSizeFor} needs: the account's spendable figure, the order and the instrument's lot and fee. */
export interface OrderMaxInput {
  market: 'spot' | 'futures';
  side: 'buy' | 'sell';
  /** Spot buy → quote available, spot sell → base available, futures → available margin (plain decimal). */
  available: string | null;
  /** The unit price the order is valued at: the limit price, or the last price for a market order. */
  price: string | null;
  isMarket: boolean;
  /** Futures leverage (1 for spot). */
  leverage: number;
  /**
   * Futures: the fee the gateway reserves on acceptance, the instrument's taker rate. A spot buy reserves none (its
   * fee is paid in the base coin it receives), so the rate is not read for spot.
   */
  takerFeeRate: string;
  /** Lot: sizes are whole multiples of it. */
  sizeStep: string;
  /**
   * Places the gateway rounds fee and margin up to (its quote precision). The client passes the price places, which
   * never exceed the quote precision, so rounding there reserves at least as much as the gateway does.
   */
  reservePlaces: number;
  /**
   * Futures: the position this order closes before it opens anything (base coin, plain decimal): in one-way mode the
   * opposite position, for a closing order the position it closes. The gateway holds margin only for the part beyond
   * it, and charges the taker fee on the whole size. Absent or "0": the order only opens.
   */
  closable?: string;
  /** Futures: the order may only close (hedge mode's close, one-way reduce-only): it is never larger than `closable`. */
  isCloseOnly?: boolean;
  /**
   * Futures: how much the position this order opens into may still grow at this leverage under the margin tiers
   * (base coin; the gateway refuses an order that would take it past its tier's leverage). Absent: no cap.
   */
  positionRoom?: string;
}

const parse = (text: string | null): MathsDecimalValue | null => {
  const value = text === null ? null : numericValue(text);
  return value === null ? null : new MathsDecimal(value);
};

const ceilTo = (value: MathsDecimalValue, places: number) =>
  value.toDecimalPlaces(Math.max(0, places), MathsDecimal.ROUND_UP);

/**
 * What an order of `size` ties up at acceptance, rounded up as the gateway rounds (value or margin, plus fee); a
 * futures order holds margin only for what it opens beyond `closable`.
 */
function reservedFor(
  size: MathsDecimalValue,
  unitPrice: MathsDecimalValue,
  input: OrderMaxInput,
  fee: MathsDecimalValue,
  closable: MathsDecimalValue = new MathsDecimal(0),
) {
  const value = unitPrice.times(size);
  const feeReserve = ceilTo(value.times(fee), input.reservePlaces);
  if (input.market === 'futures') {
    const opening = unitPrice.times(MathsDecimal.max(0, size.minus(closable)));
    return ceilTo(opening.div(Math.max(1, input.leverage)), input.reservePlaces).plus(feeReserve);
  }
  return value.plus(feeReserve);
}

/**
 * The size (base coin, a whole number of lots, plain decimal) an order may have when it uses `percent` (0 … 100) of
 * what its side can spend: spot sell → that share of the base available; spot buy → of the quote available ÷ price
 * (the gateway freezes the value only: the fee is paid in the base coin bought); futures → of the available margin × leverage ÷ price, less the fee; a
 * futures order that first closes a position (`closable`) → that share of the largest size whose fee and opening
 * margin fit (see {@link closingMax}); a futures order opens no more than its `positionRoom`. Always floored to the lot, so the gateway never finds it above the balance;
 * "0" when nothing fits, null while the balance or the price is unknown.
 */
export function orderSizeFor(input: OrderMaxInput, percent: number): string | null {
  const size = balanceSizeFor(input, percent);
  const room = input.market === 'futures' && !input.isCloseOnly ? parse(input.positionRoom ?? null) : null;
  const step = parse(input.sizeStep);
  if (size === null || room === null || step === null) return size;
  // The margin tiers cap what the order may open beyond the position it closes first; a share is then a share of
  // that cap, and the balance's own size stands whenever the cap is not the smaller.
  const cap = MathsDecimal.max(0, parse(input.closable ?? '0') ?? 0).plus(MathsDecimal.max(0, room));
  if (new MathsDecimal(balanceSizeFor(input, 100) ?? '0').lte(cap)) return size;
  const share = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const places = step.decimalPlaces();
  return cap.times(share).div(100).div(step).floor().times(step).toDecimalPlaces(places).toFixed(places);
}

/** {@link orderSizeFor} by the balance alone. */
function balanceSizeFor(input: OrderMaxInput, percent: number): string | null {
  const available = parse(input.available);
  const step = parse(input.sizeStep);
  if (available === null || step === null || step.lte(0)) return null;
  const share = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const budget = available.times(share).div(100);
  const places = step.decimalPlaces();
  const floorLot = (value: MathsDecimalValue) =>
    value.div(step).floor().times(step).toDecimalPlaces(places).toFixed(places);
  if (input.market === 'spot' && input.side === 'sell')
    return floorLot(budget.isNegative() ? new MathsDecimal(0) : budget);

  const price = parse(input.price);
  if (price === null || price.lte(0)) return null;
  const fee = input.market === 'spot' ? new MathsDecimal(0) : (parse(input.takerFeeRate) ?? new MathsDecimal(0));
  const unitPrice =
    input.isMarket && input.side === 'buy' ? price.times(100 + MARKET_BUY_BUFFER_PERCENT).div(100) : price;
  const closable = input.market === 'futures' ? MathsDecimal.max(0, parse(input.closable ?? '0') ?? 0) : null;
  if (closable !== null && (closable.gt(0) || input.isCloseOnly)) {
    const most = closingMax(input, available, unitPrice, fee, closable, step);
    return floorLot(most.times(share).div(100));
  }
  if (budget.lte(0)) return floorLot(new MathsDecimal(0));
  // What one lot ties up, times the leverage for futures (p × (1 + leverage × fee)), kept a product so that the only
  // inexact step is the last division: then no rounding of a repeating quotient moves the lot count.
  const leverage = input.market === 'futures' ? Math.max(1, input.leverage) : 1;
  const perLotTimesLeverage = unitPrice.times(fee.times(leverage).plus(1)).times(step);
  const lotsWithin = (amount: MathsDecimalValue) => amount.times(leverage).div(perLotTimesLeverage).floor();
  const fits = (lots: MathsDecimalValue) => reservedFor(lots.times(step), unitPrice, input, fee).lte(budget);
  // The exact share, and a share surely within the budget however the fee (and margin) round up (each rounding adds
  // under one unit of the reserve places); the largest lot count that fits lies between them (reserve grows with size).
  let high = lotsWithin(budget).plus(1);
  const slack = new MathsDecimal(10).pow(-Math.max(0, input.reservePlaces)).times(input.market === 'futures' ? 2 : 1);
  let lots = MathsDecimal.max(0, lotsWithin(budget.minus(slack)));
  if (fits(high)) lots = high;
  while (high.minus(lots).gt(1)) {
    const middle = lots.plus(high).div(2).floor();
    if (fits(middle)) lots = middle;
    else high = middle;
  }
  return floorLot(lots.times(step));
}

/**
 * The largest size (a whole number of lots) of a futures order that first closes `closable` and whose reserve fits
 * the whole available margin: the fee on all of it, margin on what it opens; never above `closable` for an order
 * that may only close. A share of it is that share of this size (a share of the margin would buy the closing part
 * for its fee alone).
 */
function closingMax(
  input: OrderMaxInput,
  available: MathsDecimalValue,
  unitPrice: MathsDecimalValue,
  fee: MathsDecimalValue,
  closable: MathsDecimalValue,
  step: MathsDecimalValue,
): MathsDecimalValue {
  const fits = (lots: MathsDecimalValue) =>
    reservedFor(lots.times(step), unitPrice, input, fee, closable).lte(available);
  const leverage = Math.max(1, input.leverage);
  const cap = input.isCloseOnly ? closable.div(step).floor() : null;
  // The whole lots an amount pays for before any rounding: the fee alone while the order only closes (size × p × fee),
  // beyond the position the fee on all of it and margin on what opens ((amount × L + C × p) ÷ (p × (fee × L + 1))).
  const lotsFor = (amount: MathsDecimalValue) => {
    const closingOnly = fee.gt(0) ? amount.div(unitPrice.times(fee)) : null;
    const size = closingOnly?.lt(closable)
      ? closingOnly
      : amount
          .times(leverage)
          .plus(closable.times(unitPrice))
          .div(unitPrice.times(fee.times(leverage).plus(1)));
    const lots = MathsDecimal.max(0, size.div(step).floor());
    return cap === null ? lots : MathsDecimal.min(cap, lots);
  };
  // Fee and margin each round up by under one unit of the reserve places, as in the plain sizing: the largest count
  // that fits lies between the count for the available margin less two units and one more than the count for all of it.
  const slack = new MathsDecimal(10).pow(-Math.max(0, input.reservePlaces)).times(2);
  let lots = lotsFor(available.minus(slack));
  let high = lotsFor(available).plus(1);
  if (!fits(lots)) return new MathsDecimal(0);
  while (high.minus(lots).gt(1)) {
    const middle = lots.plus(high).div(2).floor();
    if (fits(middle)) lots = middle;
    else high = middle;
  }
  return lots.times(step);
}

/**
 * The share (0 … 100, nearest whole percent) of the 100 % size that `size` is, for the slider to follow a typed
 * amount; 0 while either is unknown or the maximum is zero, 100 at or above it.
 */
export function percentOfMax(size: string, maxSize: string | null): number {
  const value = parse(size);
  const max = parse(maxSize);
  if (value === null || max === null || max.lte(0) || value.lte(0)) return 0;
  if (value.gte(max)) return 100;
  // Nearest whole percent (a lot floor leaves a chosen share a fraction under it), but 100 only at the maximum.
  return Math.min(99, value.times(100).div(max).toDecimalPlaces(0, MathsDecimal.ROUND_HALF_UP).toNumber());
}

/**
 * The base size an amount typed in the quote coin buys at `price`: quote ÷ price floored to the lot (plain decimal
 * with the lot's places); null while either is not a number or the price is not positive.
 */
export function sizeFromQuote(quoteAmount: string, price: string | null, sizeStep: string): string | null {
  const quote = parse(quoteAmount);
  const unit = parse(price);
  const step = parse(sizeStep);
  if (quote === null || unit === null || step === null || unit.lte(0) || step.lte(0)) return null;
  const places = step.decimalPlaces();
  return quote.div(unit).div(step).floor().times(step).toDecimalPlaces(places).toFixed(places);
}

/**
 * The value in the quote coin a base size has at `price`, rounded down to `places` (what the quote field shows
 * after the slider or Max filled it); null while either is not a number.
 */
export function quoteFromSize(size: string, price: string | null, places: number): string | null {
  const base = parse(size);
  const unit = parse(price);
  if (base === null || unit === null) return null;
  return base.times(unit).toFixed(Math.max(0, places), MathsDecimal.ROUND_DOWN);
}

/** What is left of `cap` once `held` sizes are counted (plain decimals), never below zero. */
export function roomUnder(cap: string, held: readonly string[]): string {
  const total = held.reduce((sum, size) => sum.plus(parse(size) ?? 0), new MathsDecimal(0));
  return MathsDecimal.max(0, (parse(cap) ?? new MathsDecimal(0)).minus(total)).toFixed();
}
