import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signatureWrong, timestampExpired } from '../../../../gateway/api-keys/api-key-errors';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_POSITION_PATHS as MP } from '../../../../gateway/v2-api/mix-position-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_ASSETS_PATH } from '../../../../gateway/v2-api/spot-account-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { SPOT_WALLET_PATHS as W } from '../../../../gateway/v2-api/spot-wallet-routes';
import { V2_ORDER_EDIT_PATHS as E } from '../../../../gateway/v2-api/v2-order-edit-routes';
import { V2_PLAN_PATHS as P } from '../../../../gateway/v2-api/v2-plan-routes';
import {
  type KeyCredentials,
  type KeyHarness,
  makeKeyHarness,
  type SignedRequest,
  sendSigned,
} from '../api-keys/apikey-support';
import { ok, priceNear, refused, type V2Client, v2Client } from './v2-trade-support';

/**
 * A signed request captured and sent again: the exact same bytes (timestamp, signature, body) a second time, to each of
 * the newer routes that change money or orders. The gateway takes a signature once, so the copy is refused with the
 * exchange's "Request timestamp expired" and changes nothing; a request whose body or route was changed after signing
 * is refused as a wrong signature and moves nothing either.
 */

/** The gateway's refusal of a signature it has taken before (the exchange's code for an expired timestamp). */
const REPLAYED = timestampExpired().code;
/** The gateway's refusal of a request that is not what was signed. */
const NOT_SIGNED = signatureWrong().code;

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const BTC_M = { ...USDT_M, symbol: 'BTCUSDT' };
const TO_FUTURES = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT' } as const;

let h: KeyHarness;
let bot: V2Client;
let key: KeyCredentials;
beforeEach(async () => {
  h = makeKeyHarness();
  bot = await v2Client(h, await h.account('alice@example.com'), ['spot_trade', 'futures_trade', 'transfer']);
  key = bot.key;
});
afterEach(() => h.close());

let lastRead = 0;
/** A signed GET of the key to the current gateway (a restart makes a new one), each a fresh millisecond. */
function read(path: string, query: Record<string, string> = {}) {
  lastRead = Math.max(Date.now(), lastRead + 1);
  const search = new URLSearchParams(query).toString();
  return sendSigned(h.app, key, { path: search ? `${path}?${search}` : path, timestamp: lastRead });
}

/** Everything of the account a caller can see change: balances, orders, plans, positions, transfers. */
async function everything() {
  return {
    spot: ok(await read(SPOT_ASSETS_PATH)),
    futures: ok(await read(A.accounts, { productType: 'USDT-FUTURES' })),
    positions: ok(await read(A.allPosition, USDT_M)),
    spotOrders: ok(await read(S.unfilledOrders, { symbol: 'BTCUSDT' })),
    mixOrders: ok(await read(O.ordersPending, USDT_M)),
    spotPlans: ok(await read(P.spotCurrent, { symbol: 'BTCUSDT' })),
    mixPlans: ok(await read(P.mixPending, { ...USDT_M, planType: 'normal_plan' })),
    transfersOut: ok(await read(W.transferRecords, { coin: 'USDT', fromType: 'spot' })),
    transfersIn: ok(await read(W.transferRecords, { coin: 'USDT', fromType: 'usdt_futures' })),
  };
}

/** One signed POST as a client library sends it, at a fixed millisecond, so it can be sent again byte for byte. */
const signedPost = (path: string, body: unknown): SignedRequest => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
  timestamp: Date.now(),
});

const spotBuy = (price: string, size: string) => ({
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  force: 'gtc',
  price,
  size,
});
const mixLong = (price: string, size: string) => ({
  ...BTC_M,
  marginMode: 'crossed',
  side: 'buy',
  orderType: 'limit',
  price,
  size,
});

/**
 * Each route with what it needs in place and a body that changes something: without clientOids where the route takes
 * one, so a copy taken again would place or move a second time rather than be answered as a duplicate.
 */
const ROUTES: { route: string; path: string; body: () => Promise<unknown> }[] = [
  {
    route: 'spot/wallet/transfer',
    path: W.transfer,
    body: async () => ({ ...TO_FUTURES, amount: '25.5' }),
  },
  {
    route: 'spot/trade/cancel-replace-order',
    path: E.spotCancelReplace,
    body: async () => {
      const old = ok(await bot.post(S.placeOrder, spotBuy(priceNear(h, 'SPOT', 'BTCUSDT', 0.9), '0.001')));
      return { symbol: 'BTCUSDT', orderId: old.orderId, price: priceNear(h, 'SPOT', 'BTCUSDT', 0.85), size: '0.002' };
    },
  },
  {
    route: 'mix/order/modify-order',
    path: E.mixModify,
    body: async () => {
      const old = ok(await bot.post(O.placeOrder, mixLong(priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9), '0.0100')));
      return {
        ...BTC_M,
        orderId: old.orderId,
        newSize: '0.0200',
        newPrice: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.85),
        newClientOid: 'modified-1',
      };
    },
  },
  {
    route: 'mix/order/place-plan-order',
    path: P.mixPlace,
    body: async () => ({
      ...BTC_M,
      planType: 'normal_plan',
      marginMode: 'crossed',
      size: '0.0100',
      price: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9),
      triggerPrice: priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9),
      triggerType: 'mark_price',
      side: 'buy',
      orderType: 'limit',
    }),
  },
  {
    route: 'spot/trade/place-plan-order',
    path: P.spotPlace,
    body: async () => ({
      symbol: 'BTCUSDT',
      side: 'buy',
      triggerPrice: priceNear(h, 'SPOT', 'BTCUSDT', 0.9),
      orderType: 'limit',
      executePrice: priceNear(h, 'SPOT', 'BTCUSDT', 0.9),
      size: '0.002',
    }),
  },
  {
    route: 'mix/account/set-margin',
    path: MP.setMargin,
    body: async () => {
      ok(
        await bot.post(O.placeOrder, {
          ...BTC_M,
          marginMode: 'isolated',
          side: 'buy',
          orderType: 'market',
          size: '0.0100',
        }),
      );
      return { ...BTC_M, holdSide: 'long', amount: '20' };
    },
  },
  {
    route: 'mix/order/batch-place-order',
    path: E.mixBatchPlace,
    body: async () => {
      const price = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.9);
      return {
        ...BTC_M,
        marginMode: 'crossed',
        orderList: [
          { side: 'buy', orderType: 'limit', price, size: '0.0100' },
          { side: 'buy', orderType: 'limit', price, size: '0.0200' },
        ],
      };
    },
  },
];

describe('the same signed request sent twice', () => {
  it.each(ROUTES)('$route: the copy is refused as a replay and changes nothing', async ({ path, body }) => {
    const request = signedPost(path, await body());
    const before = await everything();
    ok(await sendSigned(h.app, key, request));
    const after = await everything();
    // The first one changed something a caller sees, so a copy taken again would show.
    expect(after).not.toEqual(before);
    refused(await sendSigned(h.app, key, request), REPLAYED);
    expect(await everything()).toEqual(after);
    // Still refused however often it comes again.
    refused(await sendSigned(h.app, key, request), REPLAYED);
    expect(await everything()).toEqual(after);
  });

  it('copies of one signed transfer sent at once: one is taken, every other is refused as a replay', async () => {
    const request = signedPost(W.transfer, { ...TO_FUTURES, amount: '100' });
    const replies = await Promise.all(Array.from({ length: 12 }, () => sendSigned(h.app, key, request)));
    expect(replies.map((r) => r.reply.code).sort()).toEqual(['00000', ...Array.from({ length: 11 }, () => REPLAYED)]);
    const { spot, futures } = await everything();
    expect(spot.find((row: { coin: string }) => row.coin === 'USDT').available).toBe('9900.00000000');
    expect(futures[0].available).toBe('10100.00000000');
  });

  it('a copy with other unsigned headers (address, locale, demo flag, passphrase) is still a replay', async () => {
    const request = signedPost(W.transfer, { ...TO_FUTURES, amount: '60' });
    ok(await sendSigned(h.app, key, request));
    const after = await everything();
    const changes: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.99' },
      { locale: 'zh-CN' },
      { paptrading: '1' },
      { 'ACCESS-PASSPHRASE': 'Other2passphrase' },
    ];
    for (const headers of changes) {
      refused(await sendSigned(h.app, key, { ...request, headers }), REPLAYED);
      expect(await everything(), Object.keys(headers)[0]).toEqual(after);
    }
  });

  it('a transfer sent again after a restart within the window is refused, and moves nothing', async () => {
    const request = signedPost(W.transfer, { ...TO_FUTURES, amount: '40' });
    ok(await sendSigned(h.app, key, request));
    const after = await everything();
    h.db.close();
    h = makeKeyHarness({ dir: h.dir });
    refused(await sendSigned(h.app, key, request), REPLAYED);
    expect(await everything()).toEqual(after);
  });
});

describe('a signed request changed after signing', () => {
  it('is refused as a wrong signature and moves nothing; the request as signed is still taken once', async () => {
    const signed = { ...TO_FUTURES, amount: '1', clientOid: 'signed-1' };
    const request = signedPost(W.transfer, signed);
    const before = await everything();
    const changed: Array<[string, Partial<SignedRequest>]> = [
      ['a larger amount', { body: JSON.stringify({ ...signed, amount: '9000' }) }],
      ['the other direction', { body: JSON.stringify({ ...signed, fromType: 'usdt_futures', toType: 'spot' }) }],
      ['another clientOid', { body: JSON.stringify({ ...signed, clientOid: 'signed-2' }) }],
      // The same JSON written otherwise: the signature covers the bytes sent, not what they parse to.
      ['the same fields spaced out', { body: JSON.stringify(signed, null, 1) }],
      ['another route', { path: MP.setMargin }],
      ['a query added', { path: `${W.transfer}?amount=9000` }],
    ];
    for (const [name, change] of changed) {
      const sent = await sendSigned(h.app, key, {
        ...request,
        ...change,
        signedPath: request.path,
        signedBody: request.body,
      });
      expect(sent.reply.code, name).toBe(NOT_SIGNED);
      expect(sent.status, name).toBe(400);
      expect(await everything(), name).toEqual(before);
    }
    // The changed copies used nothing up: the request as it was signed goes through, once.
    expect(ok(await sendSigned(h.app, key, request))).toMatchObject({ clientOid: 'signed-1' });
    const { spot, futures, transfersOut } = await everything();
    expect(spot.find((row: { coin: string }) => row.coin === 'USDT').available).toBe('9999.00000000');
    expect(futures[0].available).toBe('10001.00000000');
    expect(transfersOut).toEqual([expect.objectContaining({ clientOid: 'signed-1', size: '1.00000000' })]);
    refused(await sendSigned(h.app, key, request), REPLAYED);
  });
});
