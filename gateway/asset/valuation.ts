import type { InstrumentSpec } from '../market/instruments';
import type { MarketSimulator } from '../market/simulator';
import { divHalfUp, formatUnits, MONEY_PLACES, pow10, unitsOf } from '../money/money-units';

/** USDT per one coin as an exact fraction (a pair's price inverted stays exact this way). */
export interface UsdtPrice {
  num: bigint;
  den: bigint;
}

/** The USDT price of each coin under the assets contract's rule ("Valuation"). */
export type PriceOf = (coin: string) => UsdtPrice;

/**
 * Decimals of the exact sums values are kept in before a figure is rounded: a value of an inverted pair is not a
 * finite decimal, and 20 places keep its error far below the 4 decimals a USDT figure shows.
 */
export const VALUE_PLACES = 20;
/** Decimals of a USDT figure (assets contract, "Valuation"). */
export const USDT_FIGURE_PLACES = 4;
/** Decimals of a BTC figure (assets contract, "Valuation"). */
export const BTC_FIGURE_PLACES = 8;

/** Display currencies per 1 USDT at fixed paper rates (assets contract, "Valuation"; spec §3), in the contract's order. */
export const DISPLAY_RATES: Readonly<Record<string, string>> = Object.freeze({
  USD: '1',
  KRW: '1380',
  JPY: '150',
  VND: '25400',
  RUB: '92',
  EUR: '0.92',
  TRY: '34',
  CNY: '7.25',
  TWD: '32.5',
  IDR: '16000',
  PHP: '58',
  HKD: '7.8',
  THB: '35.5',
});

const ONE: UsdtPrice = { num: 1n, den: 1n };
const NONE: UsdtPrice = { num: 0n, den: 1n };

/**
 * The contract's coin → USDT price rule over the spot pairs: USDT is 1, a coin its `<COIN>USDT` pair's price, else
 * its `USDT<COIN>` pair's price inverted, else 0. `priceTicks` reads a pair's price in its price units (0 or
 * undefined when it has none), so the same rule values live balances at last prices and past ones at daily closes.
 */
export function usdtPrices(
  specs: readonly InstrumentSpec[],
  priceTicks: (spec: InstrumentSpec) => bigint | undefined,
): PriceOf {
  const direct = new Map<string, InstrumentSpec>();
  const inverted = new Map<string, InstrumentSpec>();
  for (const spec of specs) {
    if (spec.instType !== 'SPOT') continue;
    if (spec.quoteCoin === 'USDT') direct.set(spec.baseCoin, spec);
    else if (spec.baseCoin === 'USDT') inverted.set(spec.quoteCoin, spec);
  }
  const cache = new Map<string, UsdtPrice>();
  const lookUp = (coin: string): UsdtPrice => {
    if (coin === 'USDT') return ONE;
    const pair = direct.get(coin);
    if (pair) {
      const ticks = priceTicks(pair) ?? 0n;
      if (ticks > 0n) return { num: ticks, den: pow10(pair.pricePlace) };
    }
    const inverse = inverted.get(coin);
    if (inverse) {
      const ticks = priceTicks(inverse) ?? 0n;
      if (ticks > 0n) return { num: pow10(inverse.pricePlace), den: ticks };
    }
    return NONE;
  };
  return (coin) => {
    let price = cache.get(coin);
    if (!price) {
      price = lookUp(coin);
      cache.set(coin, price);
    }
    return price;
  };
}

/** The price rule at the simulator's current last prices (one snapshot: each pair is read once). */
export function livePrices(simulator: MarketSimulator): PriceOf {
  return usdtPrices(simulator.listInstruments('SPOT'), (spec) => {
    const last = simulator.getTicker('SPOT', spec.symbol)?.lastPr;
    return last === undefined ? undefined : unitsOf(last, spec.pricePlace);
  });
}

/** The USDT value of `amount` money units (10^-8) of a coin, in units of 10^-VALUE_PLACES USDT. */
export function coinValue(amount: bigint, price: UsdtPrice): bigint {
  return divHalfUp(amount * price.num * pow10(VALUE_PLACES - MONEY_PLACES), price.den);
}

/** A USDT-money amount (10^-8, e.g. the futures equity) in value units. */
export function usdtValueOf(amount: bigint): bigint {
  return amount * pow10(VALUE_PLACES - MONEY_PLACES);
}

/** A value as the contract's USDT figure: 4 decimals, rounded half away from zero. */
export function usdtFigure(value: bigint): string {
  return formatUnits(divHalfUp(value, pow10(VALUE_PLACES - USDT_FIGURE_PLACES)), USDT_FIGURE_PLACES);
}

/** A value as the contract's BTC figure at `btc` (USDT per BTC): 8 decimals, rounded half away from zero; 0 without a BTC price. */
export function btcFigure(value: bigint, btc: UsdtPrice): string {
  if (btc.num === 0n) return formatUnits(0n, BTC_FIGURE_PLACES);
  const units = divHalfUp(value * btc.den * pow10(BTC_FIGURE_PLACES), btc.num * pow10(VALUE_PLACES));
  return formatUnits(units, BTC_FIGURE_PLACES);
}
