import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPOT_TRADE_PATHS as P } from '../../../../gateway/v2-api/spot-trade-routes';
import type { KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const ASSETS = '/api/v2/spot/account/assets';

let h: KeyHarness;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  bot = await v2Client(h, await h.account('alice@example.com'), ['spot_trade']);
});
afterEach(() => h.close());

/** The key owner's USDT spot balance as the v2 assets route answers it. */
async function usdt(): Promise<{ available: string; frozen: string }> {
  const [row] = ok(await bot.get(ASSETS, { coin: 'USDT' }));
  return { available: row.available, frozen: row.frozen };
}

describe('a resting spot limit order through the v2 routes', () => {
  it('is placed with its clientOid, read by orderInfo and unfilled-orders, cancelled, and found in history', async () => {
    const price = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const placed = ok(
      await bot.post(P.placeOrder, {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        force: 'GTC',
        price,
        size: '0.001',
        clientOid: 'e4a1c0de-0001',
      }),
    );
    expect(placed).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'e4a1c0de-0001' });
    expect(Number((await usdt()).frozen)).toBeGreaterThan(Number(price) * 0.001);

    const [info] = ok(await bot.get(P.orderInfo, { orderId: placed.orderId }));
    expect(info).toMatchObject({
      orderId: placed.orderId,
      clientOid: 'e4a1c0de-0001',
      symbol: 'BTCUSDT',
      price,
      size: '0.001000',
      orderType: 'limit',
      side: 'buy',
      force: 'gtc',
      status: 'live',
      priceAvg: '0',
      baseVolume: '0.000000',
      enterPointSource: 'API',
    });
    expect(ok(await bot.get(P.orderInfo, { clientOid: 'e4a1c0de-0001' }))[0].orderId).toBe(placed.orderId);

    const open = ok(await bot.get(P.unfilledOrders, { symbol: 'BTCUSDT' }));
    // In this list the exchange puts the order's price in priceAvg and the average fill price in basePrice.
    expect(open).toEqual([
      expect.objectContaining({
        orderId: placed.orderId,
        priceAvg: price,
        basePrice: '0',
        status: 'live',
        force: 'gtc',
      }),
    ]);

    expect(ok(await bot.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: placed.orderId }))).toEqual(placed);
    expect(ok(await bot.get(P.unfilledOrders, { symbol: 'BTCUSDT' }))).toEqual([]);
    const history = ok(await bot.get(P.historyOrders, { symbol: 'BTCUSDT' }));
    expect(history).toEqual([expect.objectContaining({ orderId: placed.orderId, status: 'cancelled' })]);
    expect(await usdt()).toEqual({ available: '10000.00000000', frozen: '0.00000000' });
  });

  it('reads a cancel by clientOid, and refuses a second cancel of the same order', async () => {
    const price = priceNear(h, 'SPOT', 'BTCUSDT', 0.95);
    const body = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price, size: '0.001', clientOid: 'c-2' };
    const placed = ok(await bot.post(P.placeOrder, body));
    expect(ok(await bot.post(P.cancelOrder, { symbol: 'btcusdt', clientOid: 'c-2' }))).toEqual(placed);
    refused(await bot.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: placed.orderId }), '43001');
  });
});

describe('a marketable spot order through the v2 routes', () => {
  it('fills at once and shows in fills with its fee; a market buy spends at most its quote size', async () => {
    const placed = ok(
      await bot.post(P.placeOrder, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '100' }),
    );
    expect(placed.clientOid).toMatch(/^\d+$/);
    const [order] = ok(await bot.get(P.orderInfo, { orderId: placed.orderId }));
    expect(order).toMatchObject({ status: 'filled', orderType: 'market', price: '0', orderSource: 'market' });
    const fee = -JSON.parse(order.feeDetail).newFees.t;
    expect(fee).toBeGreaterThan(0);
    expect(Number(order.quoteVolume) + fee).toBeLessThanOrEqual(100);
    expect(Number(order.quoteVolume)).toBeGreaterThan(99);
    expect(order.size).toBe(order.quoteVolume);

    const fills = ok(await bot.get(P.fills, { symbol: 'BTCUSDT' }));
    expect(fills.length).toBeGreaterThan(0);
    for (const fill of fills) {
      expect(fill).toMatchObject({ orderId: placed.orderId, side: 'buy', orderType: 'market', tradeScope: 'taker' });
      expect(fill.feeDetail).toMatchObject({ feeCoin: 'USDT', deduction: 'no' });
      expect(Number(fill.feeDetail.totalFee)).toBeLessThan(0);
    }
    const bought = fills.reduce((sum: number, fill: { size: string }) => sum + Number(fill.size), 0);
    expect(bought).toBeCloseTo(Number(order.baseVolume), 6);
    const charged = fills.reduce(
      (sum: number, f: { feeDetail: { totalFee: string } }) => sum - Number(f.feeDetail.totalFee),
      0,
    );
    expect(charged).toBeCloseTo(fee, 8);
    const assets = ok(await bot.get(ASSETS));
    expect(assets.find((row: { coin: string }) => row.coin === 'BTC').available).toBe(order.baseVolume);
  });

  it('fills a limit buy above the market, and sells what it bought', async () => {
    const buy = {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: priceNear(h, 'SPOT', 'BTCUSDT', 1.01),
      size: '0.002',
    };
    const placed = ok(await bot.post(P.placeOrder, buy));
    expect(ok(await bot.get(P.orderInfo, { orderId: placed.orderId }))[0]).toMatchObject({
      status: 'filled',
      baseVolume: '0.002000',
    });
    const sold = ok(
      await bot.post(P.placeOrder, { symbol: 'BTCUSDT', side: 'sell', orderType: 'market', size: '0.002' }),
    );
    expect(ok(await bot.get(P.orderInfo, { orderId: sold.orderId }))[0]).toMatchObject({
      status: 'filled',
      size: '0.002000',
    });
    const history = ok(await bot.get(P.historyOrders, { symbol: 'BTCUSDT', limit: '1' }));
    expect(history.map((o: { orderId: string }) => o.orderId)).toEqual([sold.orderId]);
    const older = ok(await bot.get(P.historyOrders, { symbol: 'BTCUSDT', idLessThan: sold.orderId }));
    expect(older.map((o: { orderId: string }) => o.orderId)).toEqual([placed.orderId]);
  });
});

describe('the time in force of a v2 spot order', () => {
  it('cancels a post-only order that would take, a fill-or-kill that cannot fill whole, and the rest of an ioc', async () => {
    const high = priceNear(h, 'SPOT', 'BTCUSDT', 1.01);
    const low = priceNear(h, 'SPOT', 'BTCUSDT', 0.95);
    const order = (force: string, price: string, size: string) =>
      bot.post(P.placeOrder, { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', force, price, size });
    const postOnly = ok(await order('post_only', high, '0.001'));
    const fok = ok(await order('fok', low, '0.001'));
    const ioc = ok(await order('IOC', low, '0.001'));
    for (const placed of [postOnly, fok, ioc]) {
      const [info] = ok(await bot.get(P.orderInfo, { orderId: placed.orderId }));
      expect(info).toMatchObject({ status: 'cancelled', baseVolume: '0.000000' });
    }
    expect(await usdt()).toEqual({ available: '10000.00000000', frozen: '0.00000000' });
    const filled = ok(await order('fok', high, '0.001'));
    expect(ok(await bot.get(P.orderInfo, { orderId: filled.orderId }))[0].status).toBe('filled');
  });
});

describe('v2 spot batch orders', () => {
  it('places two orders and refuses a bad one in its failureList, then cancels both in one batch', async () => {
    const price = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const placed = ok(
      await bot.post(P.batchOrders, {
        symbol: 'BTCUSDT',
        orderList: [
          { side: 'buy', orderType: 'limit', force: 'gtc', price, size: '0.001', clientOid: 'b-1' },
          { side: 'buy', orderType: 'limit', force: 'gtc', price, size: '0.002', clientOid: 'b-2' },
          { side: 'buy', orderType: 'limit', force: 'gtc', price, size: '0.0000001', clientOid: 'b-3' },
        ],
      }),
    );
    expect(placed.successList.map((o: { clientOid: string }) => o.clientOid)).toEqual(['b-1', 'b-2']);
    expect(placed.failureList).toEqual([
      { orderId: '', clientOid: 'b-3', errorCode: '40808', errorMsg: expect.stringContaining('size') },
    ]);
    expect(ok(await bot.get(P.unfilledOrders))).toHaveLength(2);

    const ids = placed.successList.map((o: { orderId: string }) => ({ orderId: o.orderId }));
    const cancelled = ok(
      await bot.post(P.batchCancel, { symbol: 'BTCUSDT', orderList: [...ids, { orderId: '123456789012345678' }] }),
    );
    expect(cancelled.successList).toEqual(placed.successList);
    expect(cancelled.failureList).toEqual([
      expect.objectContaining({ orderId: '123456789012345678', errorCode: '43001' }),
    ]);
    expect(ok(await bot.get(P.unfilledOrders))).toEqual([]);
    expect(await usdt()).toEqual({ available: '10000.00000000', frozen: '0.00000000' });
  });
});

describe('v2 spot orders with TP/SL presets', () => {
  it('shows a resting order’s presets, and a filled one’s closing trigger orders among the tpsl unfilled orders', async () => {
    const tp = priceNear(h, 'SPOT', 'BTCUSDT', 1.05);
    const sl = priceNear(h, 'SPOT', 'BTCUSDT', 0.85);
    const resting = ok(
      await bot.post(P.placeOrder, {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        price: priceNear(h, 'SPOT', 'BTCUSDT', 0.9),
        size: '0.001',
        presetTakeProfitPrice: tp,
        presetStopLossPrice: sl,
      }),
    );
    expect(ok(await bot.get(P.unfilledOrders, { symbol: 'BTCUSDT' }))).toEqual([
      expect.objectContaining({
        orderId: resting.orderId,
        presetTakeProfitPrice: tp,
        executeTakeProfitPrice: '',
        presetStopLossPrice: sl,
        executeStopLossPrice: '',
        tpslType: 'normal',
      }),
    ]);
    expect(ok(await bot.get(P.unfilledOrders, { tpslType: 'tpsl' }))).toEqual([]);

    const filled = ok(
      await bot.post(P.placeOrder, {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        price: priceNear(h, 'SPOT', 'BTCUSDT', 1.01),
        size: '0.002',
        presetTakeProfitPrice: tp,
        presetStopLossPrice: sl,
      }),
    );
    expect(ok(await bot.get(P.orderInfo, { orderId: filled.orderId }))[0].status).toBe('filled');
    const closing = ok(await bot.get(P.unfilledOrders, { symbol: 'BTCUSDT', tpslType: 'tpsl' }));
    const leg = { side: 'sell', orderType: 'market', size: '0.002000', status: 'live', tpslType: 'tpsl' };
    expect(closing).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...leg, triggerPrice: tp }),
        expect.objectContaining({ ...leg, triggerPrice: sl }),
      ]),
    );
    expect(closing).toHaveLength(2);
    const btc = ok(await bot.get(ASSETS, { coin: 'BTC' }))[0];
    expect({ available: Number(btc.available), frozen: Number(btc.frozen) }).toEqual({ available: 0, frozen: 0.002 });
  });

  it('refuses presets on the wrong side, off the tick, and a limit execution price, placing nothing', async () => {
    const price = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const buy = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price, size: '0.001' };
    const below = priceNear(h, 'SPOT', 'BTCUSDT', 0.8);
    expect(refused(await bot.post(P.placeOrder, { ...buy, presetTakeProfitPrice: below }), '40020')).toContain(
      'presetTakeProfitPrice',
    );
    expect(refused(await bot.post(P.placeOrder, { ...buy, presetStopLossPrice: price }), '40020')).toContain(
      'presetStopLossPrice',
    );
    refused(await bot.post(P.placeOrder, { ...buy, presetStopLossPrice: `${below}1` }), '41103');
    refused(await bot.post(P.placeOrder, { ...buy, presetTakeProfitPrice: 'high' }), '40020');
    const execute = { ...buy, presetStopLossPrice: below, executeStopLossPrice: below };
    expect(refused(await bot.post(P.placeOrder, execute), '40020')).toContain('executeStopLossPrice');
    expect(ok(await bot.get(P.historyOrders, { symbol: 'BTCUSDT' }))).toEqual([]);
    expect(await usdt()).toEqual({ available: '10000.00000000', frozen: '0.00000000' });
  });
});
