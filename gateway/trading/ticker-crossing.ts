import type { InstrumentSpec } from '../market/instruments';
import type { TickerSnapshot } from '../market/market-types';
import type { OrderSide } from '../market/matching';
import { unitsOf } from '../money/money-units';

/** A ticker's last price and best bid and ask, in units of the instrument's last price decimal. */
export interface TickerPrices {
  last: bigint;
  bid: bigint;
  ask: bigint;
}

/** Reads the prices a ticker moves resting and trigger orders by. */
export function tickerPrices(spec: InstrumentSpec, ticker: TickerSnapshot): TickerPrices {
  return {
    last: unitsOf(ticker.lastPr, spec.pricePlace),
    bid: unitsOf(ticker.bidPr, spec.pricePlace),
    ask: unitsOf(ticker.askPr, spec.pricePlace),
  };
}

/** Whether a stop order's trigger is reached by the last price (upward triggers fire at or above, the others at or below). */
export function isTriggerReached(triggerUp: boolean | null, triggerPrice: bigint, prices: TickerPrices): boolean {
  return isPriceReached(triggerUp, triggerPrice, prices.last);
}

/** Whether `price` (the last or the mark price, as the order watches) reaches a trigger, as {@link isTriggerReached}. */
export function isPriceReached(triggerUp: boolean | null, triggerPrice: bigint, price: bigint): boolean {
  return triggerUp ? price >= triggerPrice : price <= triggerPrice;
}

/** Whether the market crossed a resting order at `price` (last trade or the opposite best price through it), so it fills as maker. */
export function isRestingCrossed(side: OrderSide, price: bigint, prices: TickerPrices): boolean {
  const { last, bid, ask } = prices;
  return side === 'buy' ? last <= price || (ask > 0n && ask <= price) : last >= price || bid >= price;
}
