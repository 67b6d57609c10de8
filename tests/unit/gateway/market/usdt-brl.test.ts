import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { TRADE_SHORTCUT } from '../../../../engine/rules/trade-shortcut';
import { T0 } from '../support';
import { assetOf, makeTradingHarness, type TradingHarness } from '../trading/trading-support';

/** Where USDT has traded in reais: the pair must stay a believable quote of it. */
const BRL_PER_USDT = { low: 5, high: 6 };
const inBand = (price: number) => price >= BRL_PER_USDT.low && price <= BRL_PER_USDT.high;
const USDTBRL = DEFAULT_INSTRUMENTS.find((spec) => spec.instType === 'SPOT' && spec.symbol === 'USDTBRL')!;

describe('the USDT/BRL spot pair (spec §3 trade shortcut)', () => {
  it('is simulated as the trade shortcut’s pair: USDT priced in BRL', () => {
    expect(USDTBRL).toMatchObject({ symbol: TRADE_SHORTCUT.symbol, baseCoin: 'USDT', quoteCoin: 'BRL' });
    expect(inBand(Number(USDTBRL.startPrice))).toBe(true);
  });

  it('walks its own price within 5–6 BRL, over its 100 days of candles and a simulated day of steps', () => {
    const sim = new MarketSimulator({ seed: 11, nowMs: T0, instruments: [USDTBRL], levelChangesPerStep: 2 });
    const scale = 10 ** USDTBRL.pricePlace;
    const history = sim.getCandleHistory('SPOT', 'USDTBRL')!;
    expect(history.hours.length).toBeGreaterThanOrEqual(100 * 24);
    for (const hour of history.hours) expect(inBand(hour.low / scale) && inBand(hour.high / scale)).toBe(true);
    const seen = new Set<string>();
    for (let i = 1; i <= 1440; i += 1) {
      sim.step(T0 + i * 60_000);
      const last = sim.getTicker('SPOT', 'USDTBRL')!.lastPr;
      seen.add(last);
      expect(inBand(Number(last)), last).toBe(true);
    }
    // A walk, not a fixed quote.
    expect(seen.size).toBeGreaterThan(10);
  });

  it('keeps a coherent book: bids below asks, each side ordered, around the last price', () => {
    const sim = new MarketSimulator({ seed: 3, nowMs: T0 });
    for (let i = 1; i <= 200; i += 1) sim.step(T0 + i * 250);
    const book = sim.getBook('SPOT', 'USDTBRL', 20)!;
    const bids = book.bids.map(([price]) => Number(price));
    const asks = book.asks.map(([price]) => Number(price));
    expect(bids.length).toBe(20);
    expect(asks.length).toBe(20);
    expect(bids[0]!).toBeLessThan(asks[0]!);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    const last = Number(sim.getTicker('SPOT', 'USDTBRL')!.lastPr);
    expect(Math.abs(asks[0]! - last) / last).toBeLessThan(0.005);
    for (const [price, size] of [...book.bids, ...book.asks]) {
      expect(price).toMatch(/^\d+\.\d{3}$/);
      expect(Number(size)).toBeGreaterThan(0);
    }
  });
});

describe('trading USDT/BRL on paper', () => {
  let h: TradingHarness;
  beforeEach(() => {
    h = makeTradingHarness();
    h.step();
  });
  afterEach(() => h.close());

  it('fills a market sell of USDT into BRL, then a market buy of USDT with those reais', async () => {
    const ann = await h.trader('ann@example.com');
    const bid = h.simulator.getBook('SPOT', 'USDTBRL', 1)!.bids[0]!;
    expect(new Decimal(bid[1]).gte(100)).toBe(true);
    const sold = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'USDTBRL',
      side: 'sell',
      orderType: 'market',
      size: '100.00',
    });
    const proceeds = new Decimal(bid[0]).times(100);
    expect(sold).toMatchObject({ status: 'filled', baseVolume: '100.00', feeCoin: 'BRL' });
    expect(new Decimal(sold.quoteVolume).eq(proceeds)).toBe(true);
    const brl = new Decimal((await assetOf(ann, 'BRL')).available);
    expect(brl.eq(proceeds.minus(sold.fee))).toBe(true);
    expect((await assetOf(ann, 'USDT')).available).toBe(new Decimal(10000).minus(100).toFixed(8));

    h.step();
    const bought = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'USDTBRL',
      side: 'buy',
      orderType: 'market',
      size: '10.00',
    });
    expect(bought).toMatchObject({ status: 'filled', baseVolume: '10.00' });
    expect(new Decimal((await assetOf(ann, 'BRL')).available).lt(brl)).toBe(true);
  });
});
