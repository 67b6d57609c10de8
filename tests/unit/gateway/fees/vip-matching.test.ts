import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vipVolumesOf } from '../../../../gateway/fees/vip-volumes';
import { MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { ledgerBalanceOf, makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';

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

/**
 * The fee a spot buy paid in the BTC it received, checked fill by fill: each fill pays its size × `rate`, rounded up to
 * 8 places, in BTC, and the matching recorded it as a taker fill at that rate.
 */
async function baseFeeOf(trader: Trader, orderId: string, rate: string): Promise<Decimal> {
  const { rows } = await trader.ok('/v1/asset/fills?symbol=BTCUSDT');
  const fills = rows.filter((fill: { orderId: string }) => fill.orderId === orderId);
  expect(fills.length).toBeGreaterThan(0);
  let total = new Decimal(0);
  for (const fill of fills) {
    const fee = feeAt(fill.size, rate, 8);
    expect(fill).toMatchObject({ side: 'buy', fee: fee.toFixed(8), feeCoin: 'BTC' });
    total = total.plus(fee);
  }
  const charged = h.db.prepare('SELECT liquidity, rate FROM fee_fills WHERE order_id = ?').all(orderId);
  expect(charged).toEqual(fills.map(() => ({ liquidity: 'taker', rate })));
  return total;
}

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
  it('charges the crossing fill the old rate and the fill after it the new level’s rate, in the BTC bought', async () => {
    const ann = await h.trader('ann@example.com');
    tradedBefore(ann.userId, 'spot', '499990');
    const crossing = await buySpot(ann);
    // The volume a fill counts is still its USDT value.
    expect(Number(crossing.quoteVolume)).toBeGreaterThan(10);
    const crossingFee = await baseFeeOf(ann, crossing.orderId, '0.001');
    expect(crossing).toMatchObject({ baseVolume: '0.001000', fee: crossingFee.toFixed(8), feeCoin: 'BTC' });
    expect((await ann.ok('/v1/user/vip/overview')).level).toBe(1);

    const after = await buySpot(ann);
    const afterFee = await baseFeeOf(ann, after.orderId, '0.0008');
    expect(after).toMatchObject({ baseVolume: '0.001000', fee: afterFee.toFixed(8), feeCoin: 'BTC' });
    expect(afterFee.lt(feeAt(after.baseVolume, '0.001', 8))).toBe(true);
    // The BTC bought less the fees paid in it.
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({
      available: new Decimal('0.002').minus(crossingFee).minus(afterFee).toFixed(),
      frozen: '0',
    });
  });

  it('charges level 0 the instrument’s own rate on the BTC bought, and the cost alone in USDT', async () => {
    const bob = await h.trader('bob@example.com');
    const spec = h.simulator.getInstrument('SPOT', 'BTCUSDT')!;
    const order = await buySpot(bob);
    const fee = await baseFeeOf(bob, order.orderId, spec.takerFeeRate);
    expect(order).toMatchObject({ status: 'filled', fee: fee.toFixed(8), feeCoin: 'BTC' });
    expect(ledgerBalanceOf(h, bob, 'BTC')).toEqual({
      available: new Decimal(order.baseVolume).minus(fee).toFixed(),
      frozen: '0',
    });
    expect(ledgerBalanceOf(h, bob, 'USDT')).toEqual({
      available: new Decimal(10000).minus(order.quoteVolume).toFixed(),
      frozen: '0',
    });
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
    tradedBefore(ann.userId, 'futures', '20000000');
    const order = await buySpot(ann);
    const fee = await baseFeeOf(ann, order.orderId, '0.0007');
    expect(order).toMatchObject({ fee: fee.toFixed(8), feeCoin: 'BTC' });
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
      // A buy pays its fee in the BTC it receives: the sell sells what is there, cut to the lot.
      const held = new Decimal(ledgerBalanceOf(h, ann, 'BTC').available);
      await ann.ok('/v1/trade/spot/place-order', {
        symbol: 'BTCUSDT',
        side: i % 2 ? 'sell' : 'buy',
        orderType: 'market',
        size: i % 2 ? held.toFixed(6, Decimal.ROUND_DOWN) : '0.001000',
      });
    }
    const rows = h.db.prepare('SELECT COUNT(*) AS n FROM fee_volume_days').get() as { n: number };
    expect(rows.n).toBe(1);
    const overview = await ann.ok('/v1/user/vip/overview');
    expect(Number(overview.volumes.spot)).toBeGreaterThan(60 * 10);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
