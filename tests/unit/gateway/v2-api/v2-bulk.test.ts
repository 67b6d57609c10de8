import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { MIX_BATCH_CANCEL_MAX, V2_BULK_PATHS as B } from '../../../../gateway/v2-api/v2-bulk-routes';
import type { KeyHarness } from '../api-keys/apikey-support';
import { makeKeyHarness } from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };

let h: KeyHarness;
let alice: V2Client;
let bob: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await v2Client(h, await h.account('alice@example.com'), ['spot_trade', 'futures_trade']);
  bob = await v2Client(h, await h.account('bob@example.com'), ['spot_trade', 'futures_trade']);
});
afterEach(() => h.close());

async function restSpot(client: V2Client, symbol: string) {
  return ok(
    await client.post(S.placeOrder, {
      symbol,
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: priceNear(h, 'SPOT', symbol, 0.8),
      size: symbol === 'BTCUSDT' ? '0.001' : '0.01',
    }),
  ) as { orderId: string };
}

async function restMix(client: V2Client) {
  return ok(
    await client.post(O.placeOrder, {
      ...USDT_M,
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.8),
      size: '0.01',
    }),
  ) as { orderId: string; clientOid: string };
}

const openSpot = async (client: V2Client, symbol: string) =>
  (ok(await client.get(S.unfilledOrders, { symbol })) as { orderId: string }[]).map((o) => o.orderId);

describe('v2 cancel-symbol-order (spot)', () => {
  it('cancels every open order of the pair, and nothing of another pair or another user', async () => {
    await restSpot(alice, 'BTCUSDT');
    await restSpot(alice, 'BTCUSDT');
    const eth = await restSpot(alice, 'ETHUSDT');
    const bobs = await restSpot(bob, 'BTCUSDT');
    expect(ok(await alice.post(B.spotCancelSymbol, { symbol: 'btcusdt' }))).toEqual({ symbol: 'BTCUSDT' });
    expect(await openSpot(alice, 'BTCUSDT')).toEqual([]);
    expect(await openSpot(alice, 'ETHUSDT')).toEqual([eth.orderId]);
    expect(await openSpot(bob, 'BTCUSDT')).toEqual([bobs.orderId]);
    // Nothing left is not an error.
    expect(ok(await alice.post(B.spotCancelSymbol, { symbol: 'BTCUSDT' }))).toEqual({ symbol: 'BTCUSDT' });
  });

  it('refuses a missing or unknown pair, and a key without spot trading', async () => {
    refused(await alice.post(B.spotCancelSymbol, {}), '40019');
    refused(await alice.post(B.spotCancelSymbol, { symbol: 'NOPEUSDT' }), '40034');
    const reader = await v2Client(h, await h.account('carol@example.com'), ['futures_trade']);
    expect((await reader.post(B.spotCancelSymbol, { symbol: 'BTCUSDT' })).reply.code).not.toBe('00000');
  });
});

describe('v2 batch-cancel-orders (USDT-M)', () => {
  it('cancels all of a contract without a list, and only the listed ones with one, saying which failed', async () => {
    const a1 = await restMix(alice);
    const a2 = await restMix(alice);
    const a3 = await restMix(alice);
    const bobs = await restMix(bob);
    const listed = ok(
      await alice.post(B.mixBatchCancel, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        orderIdList: [{ orderId: a1.orderId }, { orderId: bobs.orderId }],
      }),
    );
    expect(listed.successList).toEqual([{ orderId: a1.orderId, clientOid: a1.clientOid }]);
    // Another user's order reads as one that does not exist, and stays open.
    expect(listed.failureList).toEqual([expect.objectContaining({ orderId: bobs.orderId, errorCode: '40768' })]);
    const rest = ok(await alice.post(B.mixBatchCancel, { ...USDT_M, symbol: 'BTCUSDT' }));
    expect(new Set(rest.successList.map((o: { orderId: string }) => o.orderId))).toEqual(
      new Set([a2.orderId, a3.orderId]),
    );
    expect(ok(await alice.get(O.ordersPending, USDT_M)).entrustedList ?? []).toEqual([]);
    expect(
      (ok(await bob.get(O.ordersPending, USDT_M)).entrustedList as { orderId: string }[]).map((o) => o.orderId),
    ).toEqual([bobs.orderId]);
  });

  it('refuses a bad list and a product it does not simulate, cancelling nothing', async () => {
    const a1 = await restMix(alice);
    const body = { ...USDT_M, symbol: 'BTCUSDT' };
    refused(await alice.post(B.mixBatchCancel, { ...body, orderIdList: [] }), '40020');
    refused(await alice.post(B.mixBatchCancel, { ...body, orderIdList: 'all' }), '40020');
    refused(await alice.post(B.mixBatchCancel, { ...body, orderIdList: [{ orderId: 'x;drop' }] }), '40020');
    const tooMany = Array.from({ length: MIX_BATCH_CANCEL_MAX + 1 }, () => ({ orderId: a1.orderId }));
    refused(await alice.post(B.mixBatchCancel, { ...body, orderIdList: tooMany }), '40020');
    refused(await alice.post(B.mixBatchCancel, { ...body, productType: 'COIN-FUTURES' }), '40020');
    expect((ok(await alice.get(O.ordersPending, USDT_M)).entrustedList as unknown[]).length).toBe(1);
  });
});

describe('v2 close-positions (USDT-M)', () => {
  it('closes the contract’s position at market and leaves another user’s', async () => {
    const open = {
      ...USDT_M,
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'market',
      size: '0.01',
    };
    ok(await alice.post(O.placeOrder, open));
    ok(await bob.post(O.placeOrder, open));
    const closed = ok(await alice.post(B.mixClosePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' }));
    expect(closed.successList).toEqual([
      { orderId: expect.stringMatching(/^\d+$/), clientOid: expect.any(String), symbol: 'BTCUSDT' },
    ]);
    expect(ok(await alice.get(A.allPosition, USDT_M))).toEqual([]);
    expect((ok(await bob.get(A.allPosition, USDT_M)) as unknown[]).length).toBe(1);
    // No position left: the exchange's "no position" refusal.
    expect(
      (await alice.post(B.mixClosePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' })).reply.code,
    ).not.toBe('00000');
    refused(
      await alice.post(B.mixClosePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'up' }),
      '40020',
    );
  });

  it('closes every contract of the product when no symbol is sent, and no one else’s', async () => {
    const open = { ...USDT_M, marginMode: 'crossed', side: 'buy', orderType: 'market', size: '0.01' };
    ok(await alice.post(O.placeOrder, { ...open, symbol: 'BTCUSDT' }));
    ok(await alice.post(O.placeOrder, { ...open, symbol: 'ETHUSDT', size: '0.10' }));
    ok(await bob.post(O.placeOrder, { ...open, symbol: 'BTCUSDT' }));
    const closed = ok(await alice.post(B.mixClosePositions, { productType: 'USDT-FUTURES' }));
    expect(closed.successList.map((row: { symbol: string }) => row.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(ok(await alice.get(A.allPosition, USDT_M))).toEqual([]);
    expect((ok(await bob.get(A.allPosition, USDT_M)) as unknown[]).length).toBe(1);
    expect((await alice.post(B.mixClosePositions, { productType: 'USDT-FUTURES' })).reply.code).toBe('22002');
  });
});
