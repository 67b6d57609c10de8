import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import { formatUnits } from '../money/money-units';
import { TradeError } from './trade-errors';

/**
 * The price band of a limit price around the last price, per side. Toward the market it is the exchange's
 * `buyLimitPriceRatio` / `sellLimitPriceRatio` (5 %): a buy at most 5 % above the last price, a sell at most 5 % below.
 * Away from the market it is a hundredfold: a buy down to a hundredth of the last price, a sell up to a hundred times
 * it. So a typo (a buy of 5 BTC at 1.23 USDT, a sell at 100× the price) is refused, while an order resting well away
 * from the market is still taken. A trigger order's limit price is banded around its trigger price, where it starts to
 * rest; the trigger price itself waits for the market from either side (a stop below it, a breakout above), so it is
 * held only to the hundredfold both ways.
 */
export const PRICE_BAND = { towardPercent: 5n, awayFactor: 100n } as const;

/** `43011`: a limit or trigger price outside its price band. */
export const outsidePriceBand = (field: string, low: string, high: string) =>
  new TradeError('43011', `${field} must be between ${low} and ${high} for this side, around the last price`);

/** The lowest and highest price (in price units) a `side` order may name around `last`. */
export function priceBandOf(side: OrderSide, last: bigint): { low: bigint; high: bigint } {
  const toward = (last * PRICE_BAND.towardPercent) / 100n;
  return side === 'buy'
    ? { low: last / PRICE_BAND.awayFactor, high: last + toward }
    : { low: last - toward, high: last * PRICE_BAND.awayFactor };
}

/** The lowest and highest trigger price (in price units) around `last`: a hundredfold either way. */
export function triggerBandOf(last: bigint): { low: bigint; high: bigint } {
  return { low: last / PRICE_BAND.awayFactor, high: last * PRICE_BAND.awayFactor };
}

/**
 * Throws `43011` when an order's limit or trigger price lies outside its band (see {@link PRICE_BAND}): the limit price
 * of `side` around the trigger price when there is one, else around `last`; without a last price there is no band.
 */
export function checkPriceBands(
  spec: InstrumentSpec,
  side: OrderSide,
  prices: { price: bigint | null; triggerPrice: bigint | null },
  last: bigint,
): void {
  if (last <= 0n) return;
  const check = (field: string, price: bigint | null, band: { low: bigint; high: bigint }) => {
    if (price !== null && (price < band.low || price > band.high))
      throw outsidePriceBand(field, formatUnits(band.low, spec.pricePlace), formatUnits(band.high, spec.pricePlace));
  };
  check('triggerPrice', prices.triggerPrice, triggerBandOf(last));
  check('price', prices.price, priceBandOf(side, prices.triggerPrice ?? last));
}
