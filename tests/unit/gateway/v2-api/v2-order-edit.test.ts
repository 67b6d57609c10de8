import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { MIX_BATCH_PLACE_MAX, V2_ORDER_EDIT_PATHS as E } from '../../../../gateway/v2-api/v2-order-edit-routes';
import { Account, type KeyHarness, makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const ASSETS = '/api/v2/spot/account/assets';
const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const BTC_M = { ...USDT_M, symbol: 'BTCUSDT' };

let h: KeyHarness;
let alice: Account;
let trader: V2Client;
let bob: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  trader = await v2Client(h, alice, ['spot_trade', 'futures_trade']);
  bob = await v2Client(h, await h.account('bob@example.com'), ['spot_trade', 'futures_trade']);
});
afterEach(() => h.close());

/** What a spot limit buy holds: price × size (its fee is paid in the BTC it buys; 8 decimals shown). */
function spotBuyHold(price: string, size: string): string {
  return new Decimal(price).times(size).toFixed(8);
}

/** What a futures limit opening order holds: value / leverage rounded up to the quote precision (8 decimals shown). */
function mixHold(price: string, size: string, leverage = 10): string {
  const spec = h.trading.ctx.spec('USDT-FUTURES', 'BTCUSDT');
  return new Decimal(price).times(size).div(leverage).toDecimalPlaces(spec.quotePrecision, Decimal.ROUND_UP).toFixed(8);
}

async function usdt(client: V2Client) {
  const [row] = ok(await client.get(ASSETS, { coin: 'USDT' }));
  return { available: row.available as string, frozen: row.frozen as string };
}

async function futuresAccount(client: V2Client) {
  const [row] = ok(await client.get(A.accounts, { productType: 'USDT-FUTURES' }));
  return { available: row.available as string, locked: row.locked as string };
}

const spotBuy = (price: string, size: string, clientOid?: string) => ({
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  force: 'gtc',
  price,
  size,
  ...(clientOid ? { clientOid } : {}),
});

const mixLong = (price: string, size: string, clientOid?: string) => ({
  ...BTC_M,
  marginMode: 'crossed',
  side: 'buy',
  orderType: 'limit',
  price,
  size,
  ...(clientOid ? { clientOid } : {}),
});

const openSpot = async (client: V2Client) =>
  (ok(await client.get(S.unfilledOrders, { symbol: 'BTCUSDT' })) as { orderId: string; clientOid: string }[]).map(
    (o) => o.orderId,
  );
const openMix = async (client: V2Client) =>
  (ok(await client.get(O.ordersPending, USDT_M)).entrustedList ?? []) as {
    orderId: string;
    clientOid: string;
    price: string;
    size: string;
  }[];

describe('v2 spot cancel-replace-order', () => {
  it('cancels the resting order and places the new one: the old hold is released and the new one taken', async () => {
    const p1 = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const p2 = priceNear(h, 'SPOT', 'BTCUSDT', 0.85);
    const old = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001', 'cr-old')));
    const held1 = spotBuyHold(p1, '0.001');
    expect(await usdt(trader)).toEqual({
      available: new Decimal('10000').minus(held1).toFixed(8),
      frozen: held1,
    });

    // As ccxt's editOrder sends it: orderType with the order, the sizes as strings.
    const replaced = ok(
      await trader.post(E.spotCancelReplace, {
        symbol: 'BTCUSDT',
        orderId: old.orderId,
        orderType: 'limit',
        price: p2,
        size: '0.002',
        newClientOid: 'cr-new',
      }),
    );
    expect(replaced).toEqual({
      orderId: expect.stringMatching(/^\d{18}$/),
      clientOid: 'cr-new',
      success: 'success',
      msg: null,
    });
    const held2 = spotBuyHold(p2, '0.002');
    expect(await usdt(trader)).toEqual({ available: new Decimal('10000').minus(held2).toFixed(8), frozen: held2 });
    expect(await openSpot(trader)).toEqual([replaced.orderId]);
    const [info] = ok(await trader.get(S.orderInfo, { orderId: replaced.orderId }));
    expect(info).toMatchObject({ side: 'buy', orderType: 'limit', price: p2, size: '0.002000', status: 'live' });
    expect(ok(await trader.get(S.orderInfo, { orderId: old.orderId }))[0].status).toBe('cancelled');

    // Named by clientOid, without a new one: the new order gets an id of its own.
    const again = ok(
      await trader.post(E.spotCancelReplace, { symbol: 'BTCUSDT', clientOid: 'cr-new', price: p1, size: '0.001' }),
    );
    expect(again).toMatchObject({ success: 'success', clientOid: expect.stringMatching(/^\d+$/) });
    expect(await usdt(trader)).toEqual({
      available: new Decimal('10000').minus(held1).toFixed(8),
      frozen: held1,
    });
  });

  it('places nothing when the cancel fails, and refuses malformed input before touching the order', async () => {
    const p1 = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const old = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001')));
    ok(await trader.post(S.cancelOrder, { symbol: 'BTCUSDT', orderId: old.orderId }));
    const body = { symbol: 'BTCUSDT', orderId: old.orderId, price: p1, size: '0.001' };
    refused(await trader.post(E.spotCancelReplace, body), '43001');
    refused(await trader.post(E.spotCancelReplace, { ...body, orderId: '123456789012345678' }), '43001');
    expect(await openSpot(trader)).toEqual([]);
    expect(await usdt(trader)).toEqual({ available: '10000.00000000', frozen: '0.00000000' });

    const live = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001')));
    const held = await usdt(trader);
    const live1 = { ...body, orderId: live.orderId };
    refused(await trader.post(E.spotCancelReplace, { ...live1, price: undefined }), '40019');
    refused(await trader.post(E.spotCancelReplace, { ...live1, size: '-1' }), '40020');
    refused(await trader.post(E.spotCancelReplace, { ...live1, size: '0.0000001' }), '40808');
    refused(await trader.post(E.spotCancelReplace, { ...live1, orderType: 'market' }), '40020');
    refused(await trader.post(E.spotCancelReplace, { ...live1, executeTakeProfitPrice: p1 }), '40020');
    refused(await trader.post(E.spotCancelReplace, { ...live1, newClientOid: 'x'.repeat(51) }), '40305');
    expect(await openSpot(trader)).toEqual([live.orderId]);
    expect(await usdt(trader)).toEqual(held);
  });

  it('leaves the old order cancelled and answers failure when the new order is refused, as the exchange does', async () => {
    const p1 = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const old = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001', 'keep-me')));
    const other = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001', 'taken')));
    // More than the account holds.
    const failed = ok(
      await trader.post(E.spotCancelReplace, { symbol: 'BTCUSDT', orderId: old.orderId, price: p1, size: '1' }),
    );
    expect(failed).toEqual({
      orderId: old.orderId,
      clientOid: 'keep-me',
      success: 'failure',
      msg: 'Insufficient balance',
    });
    expect(await openSpot(trader)).toEqual([other.orderId]);
    const held = spotBuyHold(p1, '0.001');
    expect(await usdt(trader)).toEqual({ available: new Decimal('10000').minus(held).toFixed(8), frozen: held });

    // The documented case: a newClientOid already used cancels the old order and places nothing.
    const dup = ok(
      await trader.post(E.spotCancelReplace, {
        symbol: 'BTCUSDT',
        orderId: other.orderId,
        price: p1,
        size: '0.001',
        newClientOid: 'keep-me',
      }),
    );
    expect(dup).toMatchObject({
      orderId: other.orderId,
      success: 'failure',
      msg: expect.stringContaining('clientOid'),
    });
    expect(await openSpot(trader)).toEqual([]);
    expect(await usdt(trader)).toEqual({ available: '10000.00000000', frozen: '0.00000000' });
  });

  it("refuses another user's order as not found and leaves it and its hold as they were", async () => {
    const p1 = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const bobs = ok(await bob.post(S.placeOrder, spotBuy(p1, '0.001', 'bob-1')));
    const bobFunds = await usdt(bob);
    const body = { symbol: 'BTCUSDT', price: priceNear(h, 'SPOT', 'BTCUSDT', 0.8), size: '0.001' };
    refused(await trader.post(E.spotCancelReplace, { ...body, orderId: bobs.orderId }), '43001');
    refused(await trader.post(E.spotCancelReplace, { ...body, clientOid: 'bob-1' }), '43001');
    expect(await openSpot(bob)).toEqual([bobs.orderId]);
    expect(await usdt(bob)).toEqual(bobFunds);
    expect(await openSpot(trader)).toEqual([]);
  });
});

describe('v2 mix modify-order', () => {
  it('replaces price and size under the new clientOid, and the margin held follows', async () => {
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const p2 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.85);
    const old = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0100', 'm-old')));
    expect((await futuresAccount(trader)).locked).toBe(mixHold(p1, '0.01'));

    // As ccxt's editOrder sends it: no marginCoin, a uuid newClientOid.
    const uuid = '3f1c2a9e-6b7d-4e21-9c0a-5d8e7f6a1b2c';
    const modified = ok(
      await trader.post(E.mixModify, {
        orderId: old.orderId,
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        newSize: '0.0200',
        newPrice: p2,
        newClientOid: uuid,
      }),
    );
    expect(modified).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: uuid });
    const held = mixHold(p2, '0.02');
    expect(await futuresAccount(trader)).toEqual({
      locked: held,
      available: new Decimal('10000').minus(held).toFixed(8),
    });
    const pending = await openMix(trader);
    expect(pending).toEqual([
      expect.objectContaining({ orderId: modified.orderId, clientOid: uuid, price: p2, size: '0.0200' }),
    ]);
    expect(ok(await trader.get(O.detail, { ...BTC_M, orderId: old.orderId })).state).toBe('canceled');
    expect(ok(await trader.get(O.detail, { ...BTC_M, clientOid: uuid })).orderId).toBe(modified.orderId);
  });

  it('refuses a filled or cancelled order (40768) and a request the exchange refuses, changing nothing', async () => {
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const filled = ok(
      await trader.post(O.placeOrder, {
        ...BTC_M,
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.0100',
      }),
    );
    const modify = (orderId: string, extra: object = {}) =>
      trader.post(E.mixModify, { ...BTC_M, orderId, newSize: '0.0100', newPrice: p1, newClientOid: 'n-1', ...extra });
    refused(await modify(filled.orderId), '40768');
    const cancelled = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0100')));
    ok(await trader.post(O.cancelOrder, { ...BTC_M, orderId: cancelled.orderId }));
    refused(await modify(cancelled.orderId), '40768');

    const live = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0100', 'live-1')));
    const account = await futuresAccount(trader);
    refused(await modify(live.orderId, { newClientOid: undefined }), '22003');
    refused(await modify(live.orderId, { newPrice: undefined }), '40019');
    refused(await modify(live.orderId, { newSize: undefined, newPrice: undefined }), '40017');
    // The new order refused (below the minimum size, a clientOid in use): the old one keeps resting.
    refused(await modify(live.orderId, { newSize: '0.00001' }), '40808');
    refused(await modify(live.orderId, { newClientOid: 'live-1' }), '40017');
    refused(await modify(live.orderId, { newSize: '2.0000' }), '40762');
    expect((await openMix(trader)).map((o) => o.orderId)).toEqual([live.orderId]);
    expect(await futuresAccount(trader)).toEqual(account);
  });

  it("refuses another user's order as not found and leaves it resting", async () => {
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const bobs = ok(await bob.post(O.placeOrder, mixLong(p1, '0.0100', 'bob-m')));
    const body = { ...BTC_M, newSize: '0.0200', newPrice: p1, newClientOid: 'steal' };
    refused(await trader.post(E.mixModify, { ...body, orderId: bobs.orderId }), '40768');
    refused(await trader.post(E.mixModify, { ...body, clientOid: 'bob-m' }), '40768');
    expect(await openMix(bob)).toEqual([expect.objectContaining({ orderId: bobs.orderId, size: '0.0100' })]);
    expect((await futuresAccount(bob)).locked).toBe(mixHold(p1, '0.01'));
  });
});

describe('v2 mix cancel-all-orders', () => {
  it('cancels every open order of the product (or of one contract) and releases all their margin', async () => {
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const a1 = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0100')));
    const a2 = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0200')));
    const eth = ok(
      await trader.post(O.placeOrder, {
        ...mixLong(priceNear(h, 'USDT-FUTURES', 'ETHUSDT', 0.9), '0.10'),
        symbol: 'ETHUSDT',
      }),
    );
    const bobs = ok(await bob.post(O.placeOrder, mixLong(p1, '0.0100')));

    const btcOnly = ok(await trader.post(E.mixCancelAll, { ...USDT_M, symbol: 'BTCUSDT' }));
    expect(new Set(btcOnly.successList.map((o: { orderId: string }) => o.orderId))).toEqual(
      new Set([a1.orderId, a2.orderId]),
    );
    expect(btcOnly.failureList).toEqual([]);
    expect((await openMix(trader)).map((o) => o.orderId)).toEqual([eth.orderId]);

    expect(ok(await trader.post(E.mixCancelAll, { productType: 'USDT-FUTURES' }))).toEqual({
      successList: [eth],
      failureList: [],
    });
    expect(await futuresAccount(trader)).toEqual({ locked: '0.00000000', available: '10000.00000000' });
    // Nothing left, or a product line not simulated: nothing to cancel.
    expect(ok(await trader.post(E.mixCancelAll, { productType: 'USDT-FUTURES' }))).toEqual({
      successList: [],
      failureList: [],
    });
    expect(ok(await trader.post(E.mixCancelAll, { productType: 'COIN-FUTURES' }))).toEqual({
      successList: [],
      failureList: [],
    });
    refused(await trader.post(E.mixCancelAll, {}), '40019');
    // Another user's orders and margin are untouched.
    expect((await openMix(bob)).map((o) => o.orderId)).toEqual([bobs.orderId]);
    expect((await futuresAccount(bob)).locked).toBe(mixHold(p1, '0.01'));
  });
});

describe('v2 mix batch-place-order', () => {
  it('places each order on its own: one refused does not stop the other', async () => {
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    // As ccxt's createOrders sends it: the contract, margin mode and coin once, the orders in a list.
    const reply = ok(
      await trader.post(E.mixBatchPlace, {
        ...BTC_M,
        marginMode: 'crossed',
        orderList: [
          { side: 'buy', orderType: 'limit', price: p1, size: '0.0100', force: 'GTC', clientOid: 'b-good' },
          { side: 'buy', orderType: 'limit', price: p1, size: '0.00001', clientOid: 'b-bad' },
          { side: 'buy', orderType: 'limit', price: p1, size: '2.0000', clientOid: 'b-poor' },
        ],
      }),
    );
    expect(reply.successList).toEqual([{ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'b-good' }]);
    expect(reply.failureList).toEqual([
      { orderId: '', clientOid: 'b-bad', errorMsg: expect.any(String), errorCode: '40808' },
      { orderId: '', clientOid: 'b-poor', errorMsg: 'The order amount exceeds the balance', errorCode: '40762' },
    ]);
    expect((await openMix(trader)).map((o) => o.clientOid)).toEqual(['b-good']);
    expect((await futuresAccount(trader)).locked).toBe(mixHold(p1, '0.01'));
  });

  it(`refuses a list that is empty or over ${MIX_BATCH_PLACE_MAX}, or a batch without its margin mode`, async () => {
    const item = { side: 'buy', orderType: 'limit', price: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9), size: '0.01' };
    const batch = { ...BTC_M, marginMode: 'crossed' };
    refused(await trader.post(E.mixBatchPlace, { ...batch, orderList: [] }), '40020');
    const tooMany = Array.from({ length: MIX_BATCH_PLACE_MAX + 1 }, () => item);
    refused(await trader.post(E.mixBatchPlace, { ...batch, orderList: tooMany }), '40020');
    refused(await trader.post(E.mixBatchPlace, { ...BTC_M, orderList: [item] }), '40019');
    refused(await trader.post(E.mixBatchPlace, { ...batch, symbol: 'NOPEUSDT', orderList: [item] }), '40034');
    expect(await openMix(trader)).toEqual([]);
  });
});

describe('v2 mix click-backhand', () => {
  const marketLong = { ...BTC_M, marginMode: 'crossed', side: 'buy', orderType: 'market', size: '0.0100' };

  it('turns a one-way long of 0.01 into a short of 0.01 under the clientOid sent', async () => {
    ok(await trader.post(O.placeOrder, marketLong));
    const reversed = ok(await trader.post(E.mixReversal, { ...BTC_M, size: '0.0100', clientOid: 'flip-1' }));
    expect(reversed).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'flip-1' });
    expect(ok(await trader.get(A.allPosition, USDT_M))).toEqual([
      expect.objectContaining({ symbol: 'BTCUSDT', holdSide: 'short', total: '0.0100', marginMode: 'crossed' }),
    ]);
    expect(ok(await trader.get(O.detail, { ...BTC_M, clientOid: 'flip-1' }))).toMatchObject({
      orderId: reversed.orderId,
      side: 'sell',
      state: 'filled',
      baseVolume: '0.0100',
    });
    // One-way mode reverses the whole position whatever size is sent, as the exchange ignores it there.
    ok(await trader.post(E.mixReversal, { ...BTC_M, size: '0.0010' }));
    expect(ok(await trader.get(A.allPosition, USDT_M))).toEqual([
      expect.objectContaining({ holdSide: 'long', total: '0.0100' }),
    ]);
    refused(await trader.post(E.mixReversal, { ...BTC_M, clientOid: 'flip-1' }), '40017');
  });

  it('reverses a hedge-mode side named by side and tradeSide open, in part or whole', async () => {
    ok(await trader.post(A.setPositionMode, { productType: 'USDT-FUTURES', posMode: 'hedge_mode' }));
    ok(await trader.post(O.placeOrder, { ...marketLong, tradeSide: 'open' }));
    const body = { ...BTC_M, side: 'buy', tradeSide: 'open' };
    refused(await trader.post(E.mixReversal, { ...BTC_M, size: '0.0100' }), '40019');
    refused(await trader.post(E.mixReversal, { ...body, tradeSide: 'close' }), '40020');
    refused(await trader.post(E.mixReversal, { ...body, size: '0.00505' }), '40808');
    expect(ok(await trader.get(A.allPosition, USDT_M))).toEqual([
      expect.objectContaining({ holdSide: 'long', total: '0.0100' }),
    ]);
    // Part of the long: 0.003 closes and a short of 0.003 opens beside the rest.
    const part = ok(await trader.post(E.mixReversal, { ...body, size: '0.0030', clientOid: 'part-1' }));
    const sides = async () =>
      Object.fromEntries(
        (ok(await trader.get(A.allPosition, USDT_M)) as { holdSide: string; total: string }[]).map((p) => [
          p.holdSide,
          p.total,
        ]),
      );
    expect(await sides()).toEqual({ long: '0.0070', short: '0.0030' });
    expect(ok(await trader.get(O.detail, { ...BTC_M, orderId: part.orderId }))).toMatchObject({
      clientOid: 'part-1',
      side: 'sell',
      tradeSide: 'open',
      baseVolume: '0.0030',
    });
    // More than the long holds reverses all of it, onto the short.
    ok(await trader.post(E.mixReversal, { ...body, size: '0.0500' }));
    expect(await sides()).toEqual({ short: '0.0100' });
    // The long is gone: reversing it again finds no position.
    refused(await trader.post(E.mixReversal, body), '22002');
    ok(await trader.post(E.mixReversal, { ...BTC_M, side: 'sell', tradeSide: 'open' }));
    expect(await sides()).toEqual({ long: '0.0100' });
  });

  it("finds no position of its own to reverse and leaves another user's position as it was", async () => {
    ok(await bob.post(O.placeOrder, marketLong));
    refused(await trader.post(E.mixReversal, { ...BTC_M, size: '0.0100' }), '22002');
    expect(ok(await bob.get(A.allPosition, USDT_M))).toEqual([
      expect.objectContaining({ holdSide: 'long', total: '0.0100' }),
    ]);
    expect(ok(await trader.get(A.allPosition, USDT_M))).toEqual([]);
  });
});

describe('a read-only key on the order-editing routes', () => {
  it('is refused with 40014 on every route, and nothing changes', async () => {
    const reader = await v2Client(h, alice, []);
    const spotOrder = ok(await trader.post(S.placeOrder, spotBuy(priceNear(h, 'SPOT', 'BTCUSDT', 0.9), '0.001')));
    const p1 = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
    const mixOrder = ok(await trader.post(O.placeOrder, mixLong(p1, '0.0100')));
    const spotFunds = await usdt(trader);
    const account = await futuresAccount(trader);
    const attempts: [string, object][] = [
      [E.spotCancelReplace, { symbol: 'BTCUSDT', orderId: spotOrder.orderId, price: p1, size: '0.001' }],
      [E.mixModify, { ...BTC_M, orderId: mixOrder.orderId, newSize: '0.02', newPrice: p1, newClientOid: 'r-1' }],
      [E.mixCancelAll, USDT_M],
      [E.mixBatchPlace, { ...BTC_M, marginMode: 'crossed', orderList: [mixLong(p1, '0.0100')] }],
      [E.mixReversal, { ...BTC_M, size: '0.0100' }],
    ];
    for (const [path, body] of attempts) refused(await reader.post(path, body), '40014');
    // A key for the other product line only is refused too.
    const spotOnly = await v2Client(h, alice, ['spot_trade']);
    refused(await spotOnly.post(E.mixCancelAll, USDT_M), '40014');
    const futuresOnly = await v2Client(h, alice, ['futures_trade']);
    refused(await futuresOnly.post(attempts[0]![0], attempts[0]![1]), '40014');
    expect(await openSpot(trader)).toEqual([spotOrder.orderId]);
    expect((await openMix(trader)).map((o) => o.orderId)).toEqual([mixOrder.orderId]);
    expect(await usdt(trader)).toEqual(spotFunds);
    expect(await futuresAccount(trader)).toEqual(account);
  });
});

describe("a demo account's key", () => {
  it('edits its own demo orders only: the main account’s orders and balances are untouched', async () => {
    const p1 = priceNear(h, 'SPOT', 'BTCUSDT', 0.9);
    const mains = ok(await trader.post(S.placeOrder, spotBuy(p1, '0.001')));
    const mainFunds = await usdt(trader);
    const switched = await alice.post('/v1/user/sub/switchTradeDemo', {});
    expect(switched.code, switched.msg).toBe('00000');
    // The switched session acts for the demo account: a key it creates is the demo account's.
    const demoBrowser = new Account(h, switched.data.userId);
    for (const [name, value] of alice.cookies) demoBrowser.cookies.set(name, value);
    const demo = await v2Client(h, demoBrowser, ['spot_trade', 'futures_trade']);
    expect(await usdt(demo)).toEqual({ available: '50000.00000000', frozen: '0.00000000' });

    refused(
      await demo.post(E.spotCancelReplace, { symbol: 'BTCUSDT', orderId: mains.orderId, price: p1, size: '0.001' }),
      '43001',
    );
    expect(ok(await demo.post(E.mixCancelAll, USDT_M))).toEqual({ successList: [], failureList: [] });
    const own = ok(await demo.post(S.placeOrder, spotBuy(p1, '0.001')));
    const p2 = priceNear(h, 'SPOT', 'BTCUSDT', 0.8);
    expect(
      ok(await demo.post(E.spotCancelReplace, { symbol: 'BTCUSDT', orderId: own.orderId, price: p2, size: '0.002' })),
    ).toMatchObject({ success: 'success' });
    const held = spotBuyHold(p2, '0.002');
    expect(await usdt(demo)).toEqual({ available: new Decimal('50000').minus(held).toFixed(8), frozen: held });
    expect(await openSpot(trader)).toEqual([mains.orderId]);
    expect(await usdt(trader)).toEqual(mainFunds);
  });
});
