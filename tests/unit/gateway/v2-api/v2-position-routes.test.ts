import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_POSITION_PATHS as P } from '../../../../gateway/v2-api/mix-position-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { Account, type KeyHarness, makeKeyHarness } from '../api-keys/apikey-support';
import { T0 } from '../support';
import { ok, refused, type V2Client, v2Client } from './v2-trade-support';

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const BTC_M = { ...USDT_M, symbol: 'BTCUSDT' };

let h: KeyHarness;
let alice: Account;
let trader: V2Client;
let bob: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  trader = await v2Client(h, alice, ['futures_trade']);
  bob = await v2Client(h, await h.account('bob@example.com'), ['futures_trade']);
});
afterEach(() => h.close());

const market = (side: 'buy' | 'sell', size: string, extra: object = {}) => ({
  ...BTC_M,
  marginMode: 'isolated',
  side,
  orderType: 'market',
  size,
  ...extra,
});

async function position(client: V2Client) {
  const rows = ok(await client.get(A.allPosition, USDT_M));
  return rows[0] as { marginSize: string; liquidationPrice: string; total: string; holdSide: string } | undefined;
}

/** Opens and closes a long of `size` at market; the session API's history row of it is the newest. */
async function roundTrip(client: V2Client, size: string) {
  ok(await client.post(O.placeOrder, market('buy', size)));
  ok(await client.post(O.placeOrder, market('sell', size, { reduceOnly: 'YES' })));
}

async function available(client: V2Client): Promise<string> {
  const [row] = ok(await client.get(A.accounts, { productType: 'USDT-FUTURES' }));
  return row.available;
}

describe('v2 set-margin', () => {
  it('adds and removes margin of an isolated position, moving its liquidation price, as ccxt sends it', async () => {
    ok(await trader.post(O.placeOrder, market('buy', '0.0100')));
    const before = (await position(trader))!;
    const free = await available(trader);
    // ccxt's addMargin: amount as a string, holdSide, no reply data ("" as the exchange answers).
    expect(ok(await trader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '20' }))).toBe('');
    const added = (await position(trader))!;
    expect(added.marginSize).toBe(new Decimal(before.marginSize).plus('20').toFixed(8));
    expect(await available(trader)).toBe(new Decimal(free).minus('20').toFixed(8));
    expect(Number(added.liquidationPrice)).toBeLessThan(Number(before.liquidationPrice));

    // ccxt's reduceMargin: a negative amount. What was added may leave, less the loss at the mark since opening.
    expect(ok(await trader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '-12.5' }))).toBe('');
    const removed = (await position(trader))!;
    expect(removed.marginSize).toBe(new Decimal(before.marginSize).plus('7.5').toFixed(8));
    expect(await available(trader)).toBe(new Decimal(free).minus('7.5').toFixed(8));
    expect(Number(removed.liquidationPrice)).toBeGreaterThan(Number(added.liquidationPrice));
    expect(Number(removed.liquidationPrice)).toBeLessThan(Number(before.liquidationPrice));
  });

  it('refuses removing more than the position may give, and amounts it cannot take, changing nothing', async () => {
    ok(await trader.post(O.placeOrder, market('buy', '0.0100')));
    const before = (await position(trader))!;
    const free = await available(trader);
    const body = { ...BTC_M, holdSide: 'long' };
    refused(await trader.post(P.setMargin, { ...body, amount: `-${before.marginSize}` }), '40713');
    refused(await trader.post(P.setMargin, { ...body, amount: '-0.00000001' }), '40713');
    refused(await trader.post(P.setMargin, { ...body, amount: '20000' }), '40762');
    refused(await trader.post(P.setMargin, { ...body, amount: '0' }), '40020');
    refused(await trader.post(P.setMargin, { ...body, amount: '+5' }), '40020');
    refused(await trader.post(P.setMargin, { ...body, amount: '1e3' }), '40020');
    refused(await trader.post(P.setMargin, { ...body, amount: '1.123456789' }), '40208');
    refused(await trader.post(P.setMargin, { ...body, amount: undefined }), '40019');
    refused(await trader.post(P.setMargin, { ...BTC_M, amount: '5' }), '40019');
    refused(await trader.post(P.setMargin, { ...body, holdSide: 'short', amount: '5' }), '22002');
    expect(await position(trader)).toEqual(before);
    expect(await available(trader)).toBe(free);
  });

  it('refuses a cross position, which has no margin of its own', async () => {
    ok(await trader.post(O.placeOrder, market('buy', '0.0100', { marginMode: 'crossed' })));
    const before = await position(trader);
    refused(await trader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '10' }), '40017');
    expect(await position(trader)).toEqual(before);
  });

  it("finds no position of its own and leaves another user's margin as it was; a read-only key gets 40014", async () => {
    ok(await bob.post(O.placeOrder, market('buy', '0.0100')));
    const bobs = await position(bob);
    refused(await trader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '-1' }), '22002');
    refused(await trader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '1' }), '22002');
    expect(await position(bob)).toEqual(bobs);

    ok(await trader.post(O.placeOrder, market('buy', '0.0100')));
    const mine = await position(trader);
    const reader = await v2Client(h, alice, []);
    refused(await reader.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '1' }), '40014');
    expect(await position(trader)).toEqual(mine);
  });
});

describe('v2 history-position', () => {
  it('lists a closed position with the pnl and fees of the session API’s position history', async () => {
    await roundTrip(trader, '0.0100');
    const [session] = (await alice.get('/v1/trade/mix/history-position')).data;
    const page = ok(await trader.get(P.historyPosition, { productType: 'USDT-FUTURES' }));
    expect(page.list).toEqual([
      {
        positionId: session.positionId,
        marginCoin: 'USDT',
        symbol: 'BTCUSDT',
        holdSide: 'long',
        openAvgPrice: session.openAvgPrice,
        closeAvgPrice: session.closeAvgPrice,
        marginMode: 'isolated',
        openTotalPos: '0.0100',
        closeTotalPos: '0.0100',
        pnl: session.pnl,
        netProfit: session.netProfit,
        totalFunding: session.totalFunding,
        openFee: expect.stringMatching(/^-\d+\.\d{8}$/),
        closeFee: expect.stringMatching(/^-\d+\.\d{8}$/),
        cTime: session.cTime,
        uTime: session.uTime,
      },
    ]);
    expect(page.endId).toBe(session.positionId);
    const [row] = page.list;
    // Open and close fees add up to the fees the session API shows, and the net is pnl + funding + fees.
    expect(new Decimal(row.openFee).plus(row.closeFee).toFixed(8)).toBe(new Decimal(session.totalFee).neg().toFixed(8));
    expect(new Decimal(row.pnl).plus(row.totalFunding).plus(row.openFee).plus(row.closeFee).toFixed(8)).toBe(
      row.netProfit,
    );
    // The close of one fill: the pnl is what the closing order realized.
    const { entrustedList } = ok(await trader.get(O.ordersHistory, USDT_M));
    expect(new Decimal(row.pnl).toFixed(8)).toBe(new Decimal(entrustedList[0].totalProfits).toFixed(8));
  });

  it('pages newest first by idLessThan and limit, and filters by symbol, product and close time', async () => {
    await roundTrip(trader, '0.0100');
    await roundTrip(trader, '0.0200');
    const all = ok(await trader.get(P.historyPosition, {})).list;
    expect(all.map((r: { openTotalPos: string }) => r.openTotalPos)).toEqual(['0.0200', '0.0100']);
    const first = ok(await trader.get(P.historyPosition, { productType: 'USDT-FUTURES', limit: '1' }));
    expect(first.list).toEqual([all[0]]);
    expect(first.endId).toBe(all[0].positionId);
    const second = ok(await trader.get(P.historyPosition, { productType: 'USDT-FUTURES', idLessThan: first.endId }));
    expect(second).toEqual({ list: [all[1]], endId: all[1].positionId });
    expect(ok(await trader.get(P.historyPosition, { idLessThan: all[1].positionId }))).toEqual({ list: [], endId: '' });

    expect(ok(await trader.get(P.historyPosition, { symbol: 'btcusdt' })).list).toEqual(all);
    expect(ok(await trader.get(P.historyPosition, { symbol: 'ETHUSDT' })).list).toEqual([]);
    expect(ok(await trader.get(P.historyPosition, { productType: 'COIN-FUTURES' })).list).toEqual([]);
    // The demo product name reads the same rows, in its margin coin.
    const demo = ok(await trader.get(P.historyPosition, { productType: 'SUSDT-FUTURES' })).list;
    expect(demo.map((r: { marginCoin: string; positionId: string }) => [r.marginCoin, r.positionId])).toEqual(
      all.map((r: { positionId: string }) => ['SUSDT', r.positionId]),
    );
    // The harness clock stands at T0: every position closed then.
    expect(ok(await trader.get(P.historyPosition, { startTime: String(T0), endTime: String(T0) })).list).toEqual(all);
    expect(ok(await trader.get(P.historyPosition, { startTime: String(T0 + 1) })).list).toEqual([]);

    refused(await trader.get(P.historyPosition, { limit: '101' }), '40020');
    refused(await trader.get(P.historyPosition, { idLessThan: 'x;1' }), '40020');
    refused(await trader.get(P.historyPosition, { symbol: 'NOPEUSDT' }), '40034');
  });

  it("shows no other user's closed positions, to a read-only key as well", async () => {
    await roundTrip(bob, '0.0100');
    const reader = await v2Client(h, alice, []);
    expect(ok(await reader.get(P.historyPosition, { productType: 'USDT-FUTURES' }))).toEqual({ list: [], endId: '' });
    expect(ok(await bob.get(P.historyPosition, { productType: 'USDT-FUTURES' })).list).toHaveLength(1);
  });
});

describe("a demo account's key on the position routes", () => {
  it('moves margin and reads history of its own paper accounts only', async () => {
    ok(await trader.post(O.placeOrder, market('buy', '0.0100')));
    const mainPosition = await position(trader);
    const switched = await alice.post('/v1/user/sub/switchTradeDemo', {});
    expect(switched.code, switched.msg).toBe('00000');
    const demoBrowser = new Account(h, switched.data.userId);
    for (const [name, value] of alice.cookies) demoBrowser.cookies.set(name, value);
    const demo = await v2Client(h, demoBrowser, ['futures_trade']);

    refused(await demo.post(P.setMargin, { ...BTC_M, holdSide: 'long', amount: '-1' }), '22002');
    expect(ok(await demo.get(P.historyPosition, {}))).toEqual({ list: [], endId: '' });
    await roundTrip(demo, '0.0100');
    expect(ok(await demo.get(P.historyPosition, {})).list).toHaveLength(1);
    expect(ok(await trader.get(P.historyPosition, {})).list).toEqual([]);
    expect(await position(trader)).toEqual(mainPosition);
  });
});
