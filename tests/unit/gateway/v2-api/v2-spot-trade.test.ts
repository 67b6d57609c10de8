import Decimal from 'decimal.js';
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

/** The key owner's BTC spot balance as the v2 assets route answers it. */
async function btc(): Promise<{ available: string; frozen: string }> {
  const [row] = ok(await bot.get(ASSETS, { coin: 'BTC' }));
  return { available: row.available, frozen: row.frozen };
}

const btcusdt = () => h.trading.ctx.spec('SPOT', 'BTCUSDT');

/** A BTC balance as the assets route shows it: at BTC's size places, and any finer places a fee left (up to 8). */
const btcShown = (amount: Decimal.Value) => {
  const value = new Decimal(amount);
  return value.toFixed(Math.max(btcusdt().volumePlace, value.decimalPlaces()));
};

/** BTC held as a size to sell: cut down to the pair's lot, at its size places. */
function toLot(held: Decimal.Value): string {
  const { sizeMultiplier, volumePlace } = btcusdt();
  return new Decimal(held).div(sizeMultiplier).floor().times(sizeMultiplier).toFixed(volumePlace);
}

/**
 * The fee a taker buy paid in the BTC it received, checked fill by fill in the fills route: each fill pays its size ×
 * the taker rate, rounded up to 8 places, in BTC.
 */
async function takerBuyFee(orderId: string): Promise<Decimal> {
  const fills = ok(await bot.get(P.fills, { symbol: 'BTCUSDT', orderId }));
  expect(fills.length).toBeGreaterThan(0);
  let total = new Decimal(0);
  for (const fill of fills) {
    const fee = new Decimal(fill.size).times(btcusdt().takerFeeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(fill).toMatchObject({ orderId, side: 'buy', tradeScope: 'taker' });
    expect(fill.feeDetail).toEqual({
      deduction: 'no',
      feeCoin: 'BTC',
      totalDeductionFee: '0',
      totalFee: `-${fee.toFixed(8)}`,
    });
    total = total.plus(fee);
  }
  return total;
}

/** A buy's v2 `feeDetail` (a JSON text): the newFees block and the BTC block, both charging `fee` in BTC. */
function expectBuyFeeDetail(feeDetail: string, fee: Decimal) {
  const charged = `-${fee.toFixed(8)}`;
  expect(feeDetail).toBe(
    `{"newFees":{"c":0,"d":0,"deduction":false,"r":${charged},"t":${charged},"totalDeductionFee":0},` +
      `"BTC":{"deduction":false,"feeCoinCode":"BTC","totalDeductionFee":0,"totalFee":${charged}}}`,
  );
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
    // It holds price × size only: its fee will be paid in the BTC a fill delivers.
    const value = new Decimal(price).times('0.001');
    expect(await usdt()).toEqual({ available: new Decimal(10000).minus(value).toFixed(8), frozen: value.toFixed(8) });

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
  it('fills at once and shows in fills with its fee in BTC; a market buy spends at most its quote size on the value', async () => {
    const placed = ok(
      await bot.post(P.placeOrder, { symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '100' }),
    );
    expect(placed.clientOid).toMatch(/^\d+$/);
    const [order] = ok(await bot.get(P.orderInfo, { orderId: placed.orderId }));
    expect(order).toMatchObject({ status: 'filled', orderType: 'market', price: '0', orderSource: 'market' });
    expect(order.size).toBe(order.quoteVolume);

    const fills = ok(await bot.get(P.fills, { symbol: 'BTCUSDT' }));
    expect(fills.length).toBeGreaterThan(0);
    for (const fill of fills) {
      expect(fill).toMatchObject({ orderId: placed.orderId, side: 'buy', orderType: 'market', tradeScope: 'taker' });
    }
    const bought = fills.reduce((sum: Decimal, fill: { size: string }) => sum.plus(fill.size), new Decimal(0));
    expect(bought.toFixed(btcusdt().volumePlace)).toBe(order.baseVolume);
    const spent = fills.reduce((sum: Decimal, fill: { amount: string }) => sum.plus(fill.amount), new Decimal(0));
    expect(spent.eq(order.quoteVolume)).toBe(true);
    // The 100 USDT go to the value alone, cut to the lot: one more lot, at no less than the highest price the walk
    // reached, would pass them.
    const highest = Decimal.max(...fills.map((fill: { priceAvg: string }) => fill.priceAvg));
    expect(spent.lte(100)).toBe(true);
    expect(spent.plus(highest.times(btcusdt().sizeMultiplier)).gt(100)).toBe(true);

    // Each fill paid the taker fee on the BTC it delivered, in BTC; the order's feeDetail names BTC with their sum.
    const fee = await takerBuyFee(placed.orderId);
    expect(fee.gt(0)).toBe(true);
    expectBuyFeeDetail(order.feeDetail, fee);
    // The BTC bought less the fee; the USDT spent is the value alone.
    expect(await btc()).toEqual({ available: btcShown(bought.minus(fee)), frozen: btcShown(0) });
    expect(await usdt()).toEqual({ available: new Decimal(10000).minus(spent).toFixed(8), frozen: '0.00000000' });
  });

  it('fills a limit buy above the market, and sells what it bought less the fee paid in BTC', async () => {
    const buy = {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: priceNear(h, 'SPOT', 'BTCUSDT', 1.01),
      size: '0.002',
    };
    const placed = ok(await bot.post(P.placeOrder, buy));
    const [bought] = ok(await bot.get(P.orderInfo, { orderId: placed.orderId }));
    expect(bought).toMatchObject({ status: 'filled', baseVolume: '0.002000' });
    const fee = await takerBuyFee(placed.orderId);
    expectBuyFeeDetail(bought.feeDetail, fee);
    // What there is to sell is the BTC bought less the fee, as the balance reads, cut to the lot.
    const held = new Decimal('0.002').minus(fee);
    const { available } = await btc();
    expect(available).toBe(btcShown(held));
    const size = toLot(available);
    const sold = ok(await bot.post(P.placeOrder, { symbol: 'BTCUSDT', side: 'sell', orderType: 'market', size }));
    const [sale] = ok(await bot.get(P.orderInfo, { orderId: sold.orderId }));
    expect(sale).toMatchObject({ status: 'filled', size, baseVolume: size });
    // A sell still pays its fee in USDT.
    expect(JSON.parse(sale.feeDetail)).toHaveProperty('USDT.feeCoinCode', 'USDT');
    expect(await btc()).toEqual({ available: btcShown(held.minus(size)), frozen: btcShown(0) });
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
  it('shows a resting order’s presets, and a filled one’s closing trigger orders for the BTC bought less the fee among the tpsl unfilled orders', async () => {
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
    // The closing orders sell the BTC the buy delivered less the fee paid in it, cut to the lot.
    const held = new Decimal('0.002').minus(await takerBuyFee(filled.orderId));
    const closing = ok(await bot.get(P.unfilledOrders, { symbol: 'BTCUSDT', tpslType: 'tpsl' }));
    const leg = { side: 'sell', orderType: 'market', size: toLot(held), status: 'live', tpslType: 'tpsl' };
    expect(closing).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...leg, triggerPrice: tp }),
        expect.objectContaining({ ...leg, triggerPrice: sl }),
      ]),
    );
    expect(closing).toHaveLength(2);
    // All of it is frozen once for the pair.
    expect(await btc()).toEqual({ available: btcShown(0), frozen: btcShown(held) });
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
