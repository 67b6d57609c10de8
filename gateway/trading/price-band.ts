import type { InstrumentSpec } from '../market/instruments';
import type { OrderSide } from '../market/matching';
import { formatUnits } from '../money/money-units';
import { TradeError } from './trade-errors';

/**
 * The price band of a limit or trigger price around the last price, per side. Toward the market it is the exchange's
 * `buyLimitPriceRatio` / `sellLimitPriceRatio` (5 %): a buy at most 5 % above the last price, a sell at most 5 % below.
 * Away from the market it is a hundredfold: a buy down to a hundredth of the last price, a sell up to a hundred times
 * it. So a typo (a buy of 5 BTC at 1.23 USDT, a sell at 100× the price) is refused, while an order resting well away
 * from the market is still taken.
 */
export const PRICE_BAND = { towardPercent: 5n, awayFactor: 100n } as const;

/** `43011`: a limit or trigger price outside the price band around the last price. */
export const outsidePriceBand = (field: string, low: string, high: string) =>
  new TradeError('43011', `${field} must be between ${low} and ${high} for this side, around the last price`);

/** The lowest and highest price (in price units) a `side` order may name around `last`. */
export function priceBandOf(side: OrderSide, last: bigint): { low: bigint; high: bigint } {
  const toward = (last * PRICE_BAND.towardPercent) / 100n;
  return side === 'buy'
    ? { low: last / PRICE_BAND.awayFactor, high: last + toward }
    : { low: last - toward, high: last * PRICE_BAND.awayFactor };
}

/** Throws `43011` when `price` lies outside the band of `side` around `last`; without a last price there is no band. */
export function checkPriceBand(
  spec: InstrumentSpec,
  side: OrderSide,
  field: string,
  price: bigint | null,
  last: bigint,
): void {
  if (price === null || last <= 0n) return;
  const { low, high } = priceBandOf(side, last);
  if (price < low || price > high)
    throw outsidePriceBand(field, formatUnits(low, spec.pricePlace), formatUnits(high, spec.pricePlace));
}
