import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetOf, makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const bestBid = (inst: 'SPOT' | 'USDT-FUTURES', symbol: string) => h.simulator.getBook(inst, symbol, 5)!.bids[0]![0];
const below = (inst: 'SPOT' | 'USDT-FUTURES', symbol: string, by: string, places: number) =>
  new Decimal(bestBid(inst, symbol)).times(by).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places);

async function restSpot(trader: Trader, symbol: string, size: string) {
  return trader.ok('/v1/trade/spot/place-order', {
    symbol,
    side: 'buy',
    orderType: 'limit',
    price: below('SPOT', symbol, '0.9', 2),
    size,
  });
}

describe('cancel all open orders of a pair (spot)', () => {
  it('cancels each of the pair, gives every frozen cent back, and leaves other pairs and other users alone', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const a1 = await restSpot(ann, 'BTCUSDT', '0.010000');
    const a2 = await restSpot(ann, 'BTCUSDT', '0.020000');
    const eth = await restSpot(ann, 'ETHUSDT', '0.1000');
    const b1 = await restSpot(bob, 'BTCUSDT', '0.010000');

    const reply = await ann.ok('/v1/trade/spot/cancel-all-orders', { symbol: 'BTCUSDT' });
    expect(new Set(reply.successList.map((r: { orderId: string }) => r.orderId))).toEqual(
      new Set([a1.orderId, a2.orderId]),
    );
    expect(reply.failureList).toEqual([]);
    expect(await ann.ok('/v1/trade/spot/open-orders?symbol=BTCUSDT')).toEqual([]);
    // The ETH order still holds exactly its own funds: all that is frozen is its price × size (a buy pays its fee in
    // the coin it buys).
    const held = new Decimal(eth.price).times(eth.size);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: held.toFixed(8) });
    expect(
      (await bob.ok('/v1/trade/spot/open-orders?symbol=BTCUSDT')).map((o: { orderId: string }) => o.orderId),
    ).toEqual([b1.orderId]);
    // Nothing left to cancel is not an error: an empty list.
    expect(await ann.ok('/v1/trade/spot/cancel-all-orders', { symbol: 'BTCUSDT' })).toEqual({
      successList: [],
      failureList: [],
    });
  });

  it('raced against itself and single cancels, gives every cent back exactly once', async () => {
    const ann = await h.trader('ann@example.com');
    const orders = [];
    for (let i = 0; i < 10; i += 1) orders.push(await restSpot(ann, 'BTCUSDT', '0.001000'));
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => ann.post('/v1/trade/spot/cancel-all-orders', { symbol: 'BTCUSDT' })),
      ...orders.map((o) => ann.post('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: o.orderId })),
    ]);
    const cancelledByAll = replies
      .slice(0, 10)
      .flatMap((r) => (r.data as { successList: { orderId: string }[] }).successList.map((x) => x.orderId));
    const cancelledOneByOne = replies.slice(10).filter((r) => r.code === '00000').length;
    expect(new Set(cancelledByAll).size).toBe(cancelledByAll.length);
    expect(cancelledByAll.length + cancelledOneByOne).toBe(10);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
  });

  it('refuses an unknown pair and a missing one, cancelling nothing', async () => {
    const ann = await h.trader('ann@example.com');
    const order = await restSpot(ann, 'BTCUSDT', '0.010000');
    expect(await ann.post('/v1/trade/spot/cancel-all-orders', { symbol: 'NOPEUSDT' })).toMatchObject({ code: '43001' });
    expect((await ann.post('/v1/trade/spot/cancel-all-orders', {})).code).not.toBe('00000');
    expect((await ann.ok('/v1/trade/spot/open-orders?symbol=BTCUSDT'))[0].orderId).toBe(order.orderId);
  });
});

describe('cancel all open orders of a contract (futures)', () => {
  it('cancels the contract’s resting orders, releases their held margin, and keeps another contract’s', async () => {
    const ann = await h.trader('ann@example.com');
    const place = (symbol: string, size: string, places: number) =>
      ann.ok('/v1/trade/mix/place-order', {
        symbol,
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'limit',
        price: below('USDT-FUTURES', symbol, '0.9', places),
        size,
      });
    const before = await ann.ok('/v1/trade/mix/account');
    await place('BTCUSDT', '0.0100', 1);
    await place('BTCUSDT', '0.0200', 1);
    const eth = await place('ETHUSDT', '0.10', 2);
    const reply = await ann.ok('/v1/trade/mix/cancel-all-orders', { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' });
    expect(reply.successList).toHaveLength(2);
    expect(await ann.ok('/v1/trade/mix/open-orders?symbol=BTCUSDT')).toEqual([]);
    expect(
      (await ann.ok('/v1/trade/mix/open-orders?symbol=ETHUSDT')).map((o: { orderId: string }) => o.orderId),
    ).toEqual([eth.orderId]);
    await ann.ok('/v1/trade/mix/cancel-all-orders', { symbol: 'ETHUSDT', productType: 'USDT-FUTURES' });
    const after = await ann.ok('/v1/trade/mix/account');
    expect(after.available).toBe(before.available);
  });
});
