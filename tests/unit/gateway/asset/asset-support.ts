import Decimal from 'decimal.js';
import type { Trader, TradingHarness } from '../trading/trading-support';

/** Decimals wide enough that the tests' own valuation never rounds before the figure does. */
export const D = Decimal.clone({ precision: 60 });
export type D = Decimal;

/** The last price of a spot pair, read from the simulator's ticker. */
export function lastOf(h: TradingHarness, symbol: string): Decimal {
  return new D(h.simulator.getTicker('SPOT', symbol)!.lastPr);
}

/** USDT per one coin at last prices, worked out here from the tickers as the contract words it. */
export function usdtPriceOf(h: TradingHarness, coin: string): Decimal {
  if (coin === 'USDT') return new D(1);
  if (h.simulator.getInstrument('SPOT', `${coin}USDT`)) return lastOf(h, `${coin}USDT`);
  if (h.simulator.getInstrument('SPOT', `USDT${coin}`)) return new D(1).div(lastOf(h, `USDT${coin}`));
  return new D(0);
}

/** A USDT figure: 4 decimals, half away from zero. */
export function usdt4(value: Decimal.Value): string {
  return new D(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

/** A BTC figure of a USDT value: 8 decimals, half away from zero. */
export function btc8(h: TradingHarness, value: Decimal.Value): string {
  return new D(value).div(lastOf(h, 'BTCUSDT')).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(8);
}

/** A POST body for `/v1/asset/transfer`. */
export function transferBody(from: string, to: string, amount: string, extra: Record<string, unknown> = {}) {
  return { from, to, coin: 'USDT', amount, ...extra };
}

/** A POST body for `/v1/asset/sub-transfer`. */
export function subTransferBody(
  fromUserId: string,
  toUserId: string,
  from: string,
  to: string,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  return { fromUserId, toUserId, from, to, coin: 'USDT', amount, ...extra };
}

/**
 * Opens a 0.1 BTC cross long for `trader` and moves BTC 3% down, so its futures account holds margin and an
 * unrealized loss; answers the account's figures after the move.
 */
export async function openLosingLong(h: TradingHarness, trader: Trader): Promise<Record<string, string>> {
  await trader.ok('/v1/trade/mix/place-order', {
    symbol: 'BTCUSDT',
    marginMode: 'crossed',
    side: 'buy',
    orderType: 'market',
    size: '0.1000',
  });
  h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', lastOf(h, 'BTCUSDT').times('0.97').toFixed(1), h.clock.now);
  h.step();
  return trader.ok('/v1/asset/futures');
}
