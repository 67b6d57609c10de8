import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../../gateway/auth/dev-mailbox/dev-seed';
import type { InstrumentSpec } from '../../../../gateway/market/instruments';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { MARGIN_TIERS } from '../../../../gateway/market/margin-tiers';
import { STARTING_USDT } from '../../../../gateway/trading/trading-context';
import { makeTradingHarness, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const perpetuals = DEFAULT_INSTRUMENTS.filter((spec) => spec.instType === 'USDT-FUTURES');

/** The smallest whole-lot size of at least the minimum size worth twice the minimum value at `price` (as the trading bench orders). */
function smallSize(spec: InstrumentSpec, price: string): string {
  const lot = new Decimal(spec.sizeMultiplier);
  const wanted = Decimal.max(spec.minTradeNum, new Decimal(spec.minTradeUSDT).times(2).div(price));
  return wanted.div(lot).ceil().times(lot).toFixed(spec.volumePlace);
}

describe('hedge mode across every perpetual', () => {
  it('holds a long and a short on each of the 20 perpetuals, and the positions list without a symbol shows all 40', async () => {
    expect(perpetuals).toHaveLength(20);
    // The bench's account: a main account, so it starts with the regular futures balance.
    const demo = await h.trader(DEMO_ACCOUNT.email);
    await demo.ok('/v1/trade/mix/set-position-mode', { posMode: 'hedge_mode' });
    let spent = new Decimal(0);
    for (const spec of perpetuals) {
      const size = smallSize(spec, h.simulator.getTicker('USDT-FUTURES', spec.symbol)!.lastPr);
      for (const side of ['buy', 'sell']) {
        const order = await demo.ok('/v1/trade/mix/place-order', {
          symbol: spec.symbol,
          productType: 'USDT-FUTURES',
          marginMode: 'isolated',
          side,
          tradeSide: 'open',
          orderType: 'market',
          size,
        });
        expect(order, `${spec.symbol} ${side}`).toMatchObject({ status: 'filled', baseVolume: size });
        expect(new Decimal(order.priceAvg).times(size).gte(spec.minTradeUSDT), `${spec.symbol} ${side} value`).toBe(
          true,
        );
        spent = spent.plus(order.fee);
      }
    }

    const positions: Array<Record<string, string>> = await demo.ok('/v1/trade/mix/positions');
    expect(positions).toHaveLength(40);
    const held = positions.map((p) => `${p.symbol}:${p.holdSide}`).sort();
    expect(held).toEqual(perpetuals.flatMap((spec) => [`${spec.symbol}:long`, `${spec.symbol}:short`]).sort());
    for (const position of positions) {
      const spec = perpetuals.find((candidate) => candidate.symbol === position.symbol)!;
      // Small isolated positions at the default 10×, in the first tier of their own table.
      expect(position, position.symbol).toMatchObject({
        positionsLevel: '10',
        mm: String(MARGIN_TIERS[spec.symbol]![0]![2]),
      });
      // Each row names its coin and size places: a screen lists every symbol's positions.
      expect(position, position.symbol).toMatchObject({ baseCoin: spec.baseCoin, volumePlace: spec.volumePlace });
      spent = spent.plus(position.positionsOpenMarginCount);
    }
    // The fees are paid and the margin is held from the account's futures balance, with most of it left over.
    const account = await demo.ok('/v1/trade/mix/account');
    expect(account.available).toBe(new Decimal(STARTING_USDT.regular).minus(spent).toFixed(8));
    expect(spent.lt(100)).toBe(true);

    // Per symbol the list still narrows to that symbol's two sides.
    const sol: Array<Record<string, string>> = await demo.ok('/v1/trade/mix/positions?symbol=SOLUSDT');
    expect(sol.map((p) => p.holdSide).sort()).toEqual(['long', 'short']);
  });
});
