import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_TRADE_PATHS as P } from '../../../../gateway/v2-api/spot-trade-routes';
import { type Account, type KeyHarness, makeKeyHarness, sendSigned } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const UNKNOWN_ID = '123456789012345678';

let h: KeyHarness;
let alice: Account;
let trader: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  trader = await v2Client(h, alice, ['spot_trade', 'futures_trade']);
});
afterEach(() => h.close());

/** How many orders of each market the account holds, open or not. */
function orderCount(userId: string): { spot: number; futures: number } {
  const count = (market: string) =>
    h.db.prepare('SELECT COUNT(*) FROM trade_orders WHERE user_id = ? AND market = ?').pluck().get(userId, market);
  return { spot: count('spot') as number, futures: count('futures') as number };
}

const restingBuy = () => ({
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  price: priceNear(h, 'SPOT', 'BTCUSDT', 0.9),
  size: '0.001',
});
const restingLong = () => ({
  ...USDT_M,
  symbol: 'BTCUSDT',
  marginMode: 'crossed',
  side: 'buy',
  orderType: 'limit',
  price: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9),
  size: '0.0100',
});

describe('a key without trade permission', () => {
  it('reads but cannot place or cancel spot or futures orders (40014), and nothing is placed', async () => {
    const reader = await v2Client(h, alice, []);
    const spot = ok(await trader.post(P.placeOrder, restingBuy()));
    const long = ok(await trader.post(O.placeOrder, restingLong()));
    refused(await reader.post(P.placeOrder, restingBuy()), '40014');
    refused(await reader.post(P.batchOrders, { symbol: 'BTCUSDT', orderList: [restingBuy()] }), '40014');
    refused(await reader.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: spot.orderId }), '40014');
    refused(await reader.post(P.batchCancel, { symbol: 'BTCUSDT', orderList: [{ orderId: spot.orderId }] }), '40014');
    refused(await reader.post(O.placeOrder, restingLong()), '40014');
    refused(await reader.post(O.cancelOrder, { ...USDT_M, symbol: 'BTCUSDT', orderId: long.orderId }), '40014');
    refused(await reader.post(A.setLeverage, { ...USDT_M, symbol: 'BTCUSDT', leverage: '5' }), '40014');
    expect(orderCount(alice.userId)).toEqual({ spot: 1, futures: 1 });
    expect(ok(await reader.get(P.unfilledOrders))).toEqual([expect.objectContaining({ orderId: spot.orderId })]);
    expect(ok(await reader.get(O.ordersPending, USDT_M)).entrustedList).toHaveLength(1);
  });

  it('of one product line only cannot trade the other', async () => {
    const spotOnly = await v2Client(h, alice, ['spot_trade']);
    refused(await spotOnly.post(O.placeOrder, restingLong()), '40014');
    const futuresOnly = await v2Client(h, alice, ['futures_trade']);
    refused(await futuresOnly.post(P.placeOrder, restingBuy()), '40014');
    expect(orderCount(alice.userId)).toEqual({ spot: 0, futures: 0 });
  });
});

describe("one account's key and another account's orders", () => {
  it('reads and cancels them exactly as unknown orders, and they stay open', async () => {
    const spot = ok(await trader.post(P.placeOrder, { ...restingBuy(), clientOid: 'alice-1' }));
    const long = ok(await trader.post(O.placeOrder, { ...restingLong(), clientOid: 'alice-2' }));
    const mallory = await v2Client(h, await h.account('mallory@example.com'), ['spot_trade', 'futures_trade']);

    const spotInfo = refused(await mallory.get(P.orderInfo, { orderId: spot.orderId }), '43001');
    expect(refused(await mallory.get(P.orderInfo, { orderId: UNKNOWN_ID }), '43001')).toBe(spotInfo);
    expect(refused(await mallory.get(P.orderInfo, { clientOid: 'alice-1' }), '43001')).toBe(spotInfo);
    const spotCancel = refused(
      await mallory.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: spot.orderId }),
      '43001',
    );
    expect(refused(await mallory.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: UNKNOWN_ID }), '43001')).toBe(
      spotCancel,
    );
    expect(ok(await mallory.get(P.unfilledOrders))).toEqual([]);

    const query = { ...USDT_M, symbol: 'BTCUSDT' };
    const detail = refused(await mallory.get(O.detail, { ...query, orderId: long.orderId }), '40109');
    expect(refused(await mallory.get(O.detail, { ...query, orderId: UNKNOWN_ID }), '40109')).toBe(detail);
    const cancel = refused(await mallory.post(O.cancelOrder, { ...query, orderId: long.orderId }), '40768');
    expect(refused(await mallory.post(O.cancelOrder, { ...query, clientOid: 'alice-2' }), '40768')).toBe(cancel);
    expect(ok(await mallory.get(O.ordersPending, USDT_M)).entrustedList).toEqual([]);
    expect(ok(await mallory.get(A.allPosition, USDT_M))).toEqual([]);

    expect(ok(await trader.get(P.orderInfo, { orderId: spot.orderId }))[0].status).toBe('live');
    expect(ok(await trader.get(O.detail, { ...query, orderId: long.orderId })).state).toBe('live');
  });
});

describe('a v2 order the engine refuses', () => {
  it('answers the exchange code for each bad size, price or symbol, and places nothing', async () => {
    const buy = restingBuy();
    refused(await trader.post(P.cancelOrder, { symbol: 'BTCUSDT', orderId: UNKNOWN_ID }), '43001');
    refused(await trader.post(P.placeOrder, { ...buy, size: '0.0000001' }), '40808');
    refused(await trader.post(P.placeOrder, { ...buy, price: `${buy.price}1` }), '41103');
    refused(await trader.post(P.placeOrder, { ...buy, size: '0.00001' }), '45110');
    refused(await trader.post(P.placeOrder, { ...buy, size: '-1' }), '40020');
    refused(await trader.post(P.placeOrder, { ...buy, size: '1e-3' }), '40020');
    refused(await trader.post(P.placeOrder, { ...buy, size: undefined }), '40019');
    refused(await trader.post(P.placeOrder, { ...buy, price: undefined }), '40019');
    refused(await trader.post(P.placeOrder, { ...buy, side: 'long' }), '40020');
    refused(await trader.post(P.placeOrder, { ...buy, symbol: 'NOPEUSDT' }), '40034');
    refused(await trader.post(P.placeOrder, { ...buy, clientOid: 'x'.repeat(51) }), '40305');
    refused(await trader.post(P.placeOrder, { ...buy, size: '1' }), '43012');
    refused(await trader.post(P.placeOrder, { ...buy, price: priceNear(h, 'SPOT', 'BTCUSDT', 1.2) }), '41117');
    const long = restingLong();
    refused(await trader.post(O.placeOrder, { ...long, size: '0.00001' }), '40808');
    refused(await trader.post(O.placeOrder, { ...long, size: '100' }), '40762');
    refused(
      await trader.post(O.placeOrder, { ...long, side: 'sell', orderType: 'market', reduceOnly: 'YES' }),
      '22002',
    );
    refused(await trader.post(O.placeOrder, { ...long, productType: undefined }), '40019');
    refused(await trader.post(O.placeOrder, { ...long, marginCoin: 'BTC' }), '40020');
    refused(await trader.post(O.cancelOrder, { ...USDT_M, symbol: 'BTCUSDT', orderId: UNKNOWN_ID }), '40768');
    expect(orderCount(alice.userId)).toEqual({ spot: 0, futures: 0 });
    const [usdt] = ok(await trader.get('/api/v2/spot/account/assets', { coin: 'USDT' }));
    expect(usdt).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
    expect(ok(await trader.get(A.accounts, USDT_M))[0].available).toBe('10000.00000000');
  });

  it('refuses a clientOid the account already used, keeping the first order only', async () => {
    ok(await trader.post(P.placeOrder, { ...restingBuy(), clientOid: 'once' }));
    refused(await trader.post(P.placeOrder, { ...restingBuy(), clientOid: 'once' }), '40017');
    refused(await trader.post(O.placeOrder, { ...restingLong(), clientOid: 'once' }), '40017');
    expect(orderCount(alice.userId)).toEqual({ spot: 1, futures: 0 });
  });
});

describe('a replayed v2 place-order', () => {
  it('is refused the second time (40008) and places no second order', async () => {
    const timestamp = Date.now();
    const request = { method: 'POST' as const, path: P.placeOrder, body: JSON.stringify(restingBuy()), timestamp };
    ok(await sendSigned(h.app, trader.key, request));
    refused(await sendSigned(h.app, trader.key, request), '40008');
    const futures = { method: 'POST' as const, path: O.placeOrder, body: JSON.stringify(restingLong()), timestamp };
    ok(await sendSigned(h.app, trader.key, futures));
    refused(await sendSigned(h.app, trader.key, futures), '40008');
    expect(orderCount(alice.userId)).toEqual({ spot: 1, futures: 1 });
  });
});
