import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vipVolumesOf } from '../../../../gateway/fees/vip-volumes';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** Puts `volume` USDT of earlier fills on the user's 30-day record, as if traded an hour ago. */
function tradedBefore(userId: string, market: 'spot' | 'futures', volume: string) {
  vipVolumesOf(h.db).record({
    userId,
    orderId: 'earlier',
    market,
    volume: unitsOf(volume, MONEY_PLACES),
    liquidity: 'taker',
    rate: '0.001',
    at: h.clock.now - 3_600_000,
  });
}

/** The fee of one fill of `quoteVolume` at `rate`, rounded up at `places`. */
const feeAt = (quoteVolume: string, rate: string, places: number) =>
  new Decimal(quoteVolume).times(rate).toDecimalPlaces(places, Decimal.ROUND_UP);

async function buySpot(trader: Trader) {
  return trader.ok('/v1/trade/spot/place-order', {
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'market',
    size: '0.001000',
  });
}

async function openFutures(trader: Trader) {
  return trader.ok('/v1/trade/mix/place-order', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    side: 'buy',
    orderType: 'market',
    size: '0.0010',
  });
}

describe('spot matching at the VIP level', () => {
  it('charges the crossing fill the old rate and the fill after it the new level’s rate', async () => {
    const ann = await h.trader('ann@example.com');
    const places = h.simulator.getInstrument('SPOT', 'BTCUSDT')!.quotePrecision;
    tradedBefore(ann.userId, 'spot', '499990');
    const crossing = await buySpot(ann);
    expect(Number(crossing.quoteVolume)).toBeGreaterThan(10);
    expect(new Decimal(crossing.fee).eq(feeAt(crossing.quoteVolume, '0.001', places))).toBe(true);
    expect((await ann.ok('/v1/user/vip/overview')).level).toBe(1);

    const after = await buySpot(ann);
    expect(new Decimal(after.fee).eq(feeAt(after.quoteVolume, '0.0008', places))).toBe(true);
    expect(new Decimal(after.fee).lt(feeAt(after.quoteVolume, '0.001', places))).toBe(true);
  });

  it('charges level 0 the instrument’s own rate', async () => {
    const bob = await h.trader('bob@example.com');
    const places = h.simulator.getInstrument('SPOT', 'BTCUSDT')!.quotePrecision;
    const order = await buySpot(bob);
    expect(new Decimal(order.fee).eq(feeAt(order.quoteVolume, '0.001', places))).toBe(true);
  });
});

describe('futures matching at the VIP level', () => {
  it('charges the crossing fill the old rate and the fill after it the new level’s taker rate', async () => {
    const ann = await h.trader('ann@example.com');
    const places = h.simulator.getInstrument('USDT-FUTURES', 'BTCUSDT')!.quotePrecision;
    tradedBefore(ann.userId, 'futures', '4999990');
    const crossing = await openFutures(ann);
    expect(Number(crossing.quoteVolume)).toBeGreaterThan(10);
    expect(new Decimal(crossing.fee).eq(feeAt(crossing.quoteVolume, '0.0006', places))).toBe(true);

    const after = await openFutures(ann);
    expect(new Decimal(after.fee).eq(feeAt(after.quoteVolume, '0.00054', places))).toBe(true);
    const [position] = await ann.ok('/v1/trade/mix/positions?symbol=BTCUSDT');
    expect(position.positionsCount).toBe('0.0020');
  });

  it('lowers the spot rates too once futures volume reaches a level', async () => {
    const ann = await h.trader('ann@example.com');
    const places = h.simulator.getInstrument('SPOT', 'BTCUSDT')!.quotePrecision;
    tradedBefore(ann.userId, 'futures', '20000000');
    const order = await buySpot(ann);
    expect(new Decimal(order.fee).eq(feeAt(order.quoteVolume, '0.0007', places))).toBe(true);
  });
});

describe('volume from fills', () => {
  it('adds a spot fill’s quote value and a futures fill’s notional to the 30-day volumes', async () => {
    const ann = await h.trader('ann@example.com');
    const spot = await buySpot(ann);
    const futures = await openFutures(ann);
    const overview = await ann.ok('/v1/user/vip/overview');
    expect(new Decimal(overview.volumes.spot).eq(spot.quoteVolume)).toBe(true);
    expect(new Decimal(overview.volumes.futures).eq(futures.quoteVolume)).toBe(true);
  });

  it('keeps no volume of an order the balance refused', async () => {
    const ann = await h.trader('ann@example.com');
    const reply = await ann.post('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '5.000000',
    });
    expect(reply.code).toBe('43004');
    expect((await ann.ok('/v1/user/vip/overview')).volumes.spot).toBe('0.00000000');
  });

  it('stays fast over many real fills', async () => {
    const ann = await h.trader('ann@example.com');
    const started = performance.now();
    for (let i = 0; i < 60; i += 1) {
      await ann.ok('/v1/trade/spot/place-order', {
        symbol: 'BTCUSDT',
        side: i % 2 ? 'sell' : 'buy',
        orderType: 'market',
        size: '0.001000',
      });
    }
    const rows = h.db.prepare('SELECT COUNT(*) AS n FROM fee_volume_days').get() as { n: number };
    expect(rows.n).toBe(1);
    const overview = await ann.ok('/v1/user/vip/overview');
    expect(Number(overview.volumes.spot)).toBeGreaterThan(60 * 10);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
