import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deposit } from '../../../../gateway/asset/funds';
import { DAILY_WINDOW_MS, WITHDRAW_COMPLETE_MS } from '../../../../gateway/asset/withdrawals';
import { createDevMailbox } from '../../../../gateway/auth/dev-mailbox/dev-mailbox';
import { createLogger } from '../../../../gateway/log/logger';
import { assetOf, type Trader } from '../trading/trading-support';
import { D, lastOf } from './asset-support';
import {
  ADDRESSES,
  entryCount,
  type FundsHarness,
  grantWithdraw,
  makeFundsHarness,
  sameBrowserOn,
  send,
  strictApp,
  withdrawBody,
} from './funds-support';

const WITHDRAW = '/v1/asset/spot/withdraw';

let h: FundsHarness;
beforeEach(() => {
  h = makeFundsHarness();
  h.step();
});
afterEach(() => h.close());

/** A signed-in user whose paper accounts exist already (they open on the first asset call). */
async function trader(email: string): Promise<Trader> {
  const browser = await h.trader(email);
  await browser.ok('/v1/asset/overview');
  return browser;
}

/** What a refused withdrawal must leave alone: balances, entries and records. */
function snapshot() {
  return {
    balances: h.db.prepare('SELECT * FROM trade_balances ORDER BY user_id, coin').all(),
    entries: h.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get(),
    withdrawals: h.db.prepare('SELECT COUNT(*) AS n FROM asset_withdrawals').get(),
  };
}

/** Proves a fresh second factor the way the client does: a code mailed for the step-up, then `security/verify`. */
async function stepUpByEmail(browser: Trader, mailbox: string): Promise<void> {
  const options = await browser.ok('/v1/user/security/verify/options', { purpose: 'withdraw' });
  expect(options).toMatchObject({ purpose: 'withdraw', methods: ['email'] });
  await browser.ok('/v1/msg/verify-code/send', { type: 'email', scene: 'security' });
  const code = createDevMailbox(h.db, createLogger('silent'), Date.now).list(1, mailbox)[0]!.code;
  await browser.ok('/v1/user/security/verify', { purpose: 'withdraw', emailCode: code });
}

describe('POST /v1/asset/spot/withdraw', () => {
  it('takes amount + fee at once after a real step-up, which one withdrawal uses up', async () => {
    const ann = await trader('ann@example.com');
    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    await stepUpByEmail(ann, 'ann@example.com');
    const made = await ann.ok(WITHDRAW, withdrawBody('USDT', 'TRC20', '100', 'w-1'));
    expect(made).toEqual({
      id: expect.stringMatching(/^[0-9]{18}$/),
      coin: 'USDT',
      chain: 'TRC20',
      address: ADDRESSES.TRC20,
      memo: null,
      amount: '100.00000000',
      fee: '1.00000000',
      txId: null,
      status: 'processing',
      cTime: String(h.clock.now),
      uTime: String(h.clock.now),
    });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '9899.00000000' });
    expect(await ann.ok(`/v1/trade/changes?cursor=${cursor}`)).toMatchObject({ topics: ['assets'] });
    const bills = (await ann.ok('/v1/asset/bills?coin=USDT&account=spot')).rows.slice(0, 2);
    expect(bills.map((b: { kind: string; amount: string; ref: string }) => [b.kind, b.amount, b.ref])).toEqual([
      ['withdraw_fee', '-1.00000000', made.id],
      ['withdraw', '-100.00000000', made.id],
    ]);

    const before = snapshot();
    const again = await ann.post(WITHDRAW, withdrawBody('USDT', 'TRC20', '100', 'w-2'));
    expect(again).toMatchObject({ status: 'error', code: '40112', data: null });
    expect(snapshot()).toEqual(before);
  });

  it('refuses without a step-up with 40112 and moves nothing; another session’s step-up does not count', async () => {
    const ann = await trader('ann@example.com');
    const bob = await trader('bob@example.com');
    grantWithdraw(h, bob);
    const before = snapshot();
    expect(await ann.post(WITHDRAW, withdrawBody('USDT', 'ERC20', '50', 'w-1'))).toMatchObject({ code: '40112' });
    expect(snapshot()).toEqual(before);
  });

  it('outside local mode refuses a call without a risk token as the §7.6 check does, and takes one it issued', async () => {
    const ann = await trader('ann@example.com');
    const strict = sameBrowserOn(strictApp(h), ann);
    grantWithdraw(h, ann);
    const before = snapshot();
    expect(await strict.post(WITHDRAW, withdrawBody('USDT', 'TRC20', '20', 'w-1'))).toEqual({
      status: 'error',
      code: '40140',
      msg: 'Risk check failed, please refresh the page and try again',
      data: null,
    });
    expect(snapshot()).toEqual(before);
    const { token } = await strict.ok('/v1/constantid/udid/c1');
    const res = await strict.request(WITHDRAW, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'risk-token': token },
      body: JSON.stringify(withdrawBody('USDT', 'TRC20', '20', 'w-1')),
    });
    expect(await res.json()).toMatchObject({ code: '00000', data: { status: 'processing' } });
  });

  it('refuses a clientOid used before with 43015, moving nothing and keeping the step-up', async () => {
    const ann = await trader('ann@example.com');
    grantWithdraw(h, ann);
    await ann.ok(WITHDRAW, withdrawBody('USDT', 'TRC20', '20', 'once'));
    grantWithdraw(h, ann);
    const before = snapshot();
    expect(await ann.post(WITHDRAW, withdrawBody('USDT', 'ERC20', '30', 'once'))).toMatchObject({
      code: '43015',
      data: null,
    });
    expect(snapshot()).toEqual(before);
    // The refusal rolled back, so the step-up is still there for the next withdrawal.
    await ann.ok(WITHDRAW, withdrawBody('USDT', 'ERC20', '30', 'twice'));
    expect(entryCount(h, 'withdraw')).toBe(2);
  });

  it('refuses with 40002 naming the field for bad amounts, addresses of another chain, memos and a missing clientOid', async () => {
    const ann = await trader('ann@example.com');
    grantWithdraw(h, ann);
    const usdt = withdrawBody('USDT', 'TRC20', '20', 'w-1');
    const xrp = { ...withdrawBody('XRP', 'XRP', '25', 'w-2'), memo: '12345' };
    const cases: [unknown, string][] = [
      [{ ...usdt, amount: '2e1' }, 'amount'],
      [{ ...usdt, amount: '-20' }, 'amount'],
      [{ ...usdt, amount: '20.000000001' }, 'amount'],
      [{ ...usdt, amount: '1000000000000' }, 'amount'],
      [{ ...usdt, amount: '99999999999999999999999' }, 'amount'],
      [{ ...usdt, amount: 20 }, 'amount'],
      [{ ...usdt, amount: '0' }, 'amount'],
      [{ ...usdt, amount: ' 20' }, 'amount'],
      [{ ...usdt, amount: undefined }, 'amount'],
      [{ ...usdt, address: ADDRESSES.ERC20 }, 'address'],
      [{ ...usdt, address: `${ADDRESSES.TRC20}0` }, 'address'],
      [{ ...usdt, address: ADDRESSES.TRC20.replace('T', 't') }, 'address'],
      [{ ...usdt, chain: 'ERC20', address: ADDRESSES.TRC20 }, 'address'],
      [{ ...usdt, coin: 'BTC', chain: 'BTC', address: ADDRESSES.BTC.toUpperCase() }, 'address'],
      [{ ...usdt, address: 'x'.repeat(300) }, 'address'],
      [{ ...usdt, chain: 'BTC' }, 'chain'],
      [{ ...usdt, coin: 'DOGE' }, 'coin'],
      [{ ...usdt, memo: '12345' }, 'memo'],
      [{ ...xrp, memo: undefined }, 'memo'],
      [{ ...xrp, memo: 'tag-1' }, 'memo'],
      [{ ...xrp, memo: 12345 }, 'memo'],
      [{ ...xrp, memo: '4294967296' }, 'memo'],
      [{ ...usdt, clientOid: undefined }, 'clientOid'],
      [{ ...usdt, clientOid: 'has space' }, 'clientOid'],
    ];
    const before = snapshot();
    for (const [body, field] of cases) {
      const { status, reply } = await send(ann, WITHDRAW, body);
      expect([status, reply.status, reply.code], JSON.stringify(body).slice(0, 200)).toEqual([200, 'error', '40002']);
      expect(reply.msg, JSON.stringify(body).slice(0, 200)).toContain(field);
    }
    expect(snapshot()).toEqual(before);
    // None of them used the step-up.
    await ann.ok(WITHDRAW, usdt);
  });

  it('refuses below the minimum with 43003 and more than available with the fee with 43004', async () => {
    const ann = await trader('ann@example.com');
    grantWithdraw(h, ann);
    const before = snapshot();
    expect(await ann.post(WITHDRAW, withdrawBody('USDT', 'ERC20', '19.99999999', 'w-1'))).toMatchObject({
      code: '43003',
    });
    // 9,997 + the 3 USDT fee is all of it; a unit more is too much.
    expect(await ann.post(WITHDRAW, withdrawBody('USDT', 'ERC20', '9997.00000001', 'w-2'))).toMatchObject({
      code: '43004',
    });
    expect(snapshot()).toEqual(before);
    await ann.ok(WITHDRAW, withdrawBody('USDT', 'ERC20', '9997', 'w-3'));
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '0.00000000' });
  });

  it('charges the network fee in the coin itself and completes 10 s later with a transaction id', async () => {
    const ann = await trader('ann@example.com');
    deposit(h.trading.ctx, { userId: ann.userId, coin: 'BTC', amount: 100_000_000n });
    grantWithdraw(h, ann);
    const made = await ann.ok(WITHDRAW, withdrawBody('BTC', 'BTC', '0.25', 'w-1'));
    expect(made).toMatchObject({ amount: '0.25000000', fee: '0.00020000', status: 'processing' });
    expect(await assetOf(ann, 'BTC')).toMatchObject({ available: '0.749800' });
    const fees = h.db
      .prepare("SELECT amount FROM ledger_lines WHERE owner = 'system:fees' AND coin = 'BTC'")
      .pluck()
      .all();
    expect(fees).toEqual(['20000']);

    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    expect(h.settle(WITHDRAW_COMPLETE_MS - 1)).toEqual({ credited: 0, completed: 0 });
    expect(h.settle(1)).toEqual({ credited: 0, completed: 1 });
    const [done] = (await ann.ok('/v1/asset/withdrawals')).rows;
    expect(done).toEqual({
      ...made,
      txId: expect.stringMatching(/^[0-9a-f]{64}$/),
      status: 'completed',
      uTime: String(h.clock.now),
    });
    expect(await ann.ok(`/v1/trade/changes?cursor=${cursor}`)).toMatchObject({ topics: ['assets'] });
    expect(h.settle(WITHDRAW_COMPLETE_MS)).toEqual({ credited: 0, completed: 0 });
    expect(entryCount(h, 'withdraw')).toBe(1);
  });

  it('keeps a rolling 24 h limit of 100,000 USDT, each withdrawal valued at its own time (43019 past it)', async () => {
    const ann = await trader('ann@example.com');
    deposit(h.trading.ctx, { userId: ann.userId, coin: 'BTC', amount: 500_000_000n });
    const price = lastOf(h, 'BTCUSDT');
    const oneBtc = price.toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(4);
    grantWithdraw(h, ann);
    await ann.ok(WITHDRAW, withdrawBody('BTC', 'BTC', '1', 'w-1'));
    const info = await ann.ok('/v1/asset/withdraw/info?coin=BTC&chain=BTC');
    expect(info).toEqual({
      coin: 'BTC',
      chain: 'BTC',
      available: '3.99980000',
      fee: '0.0002',
      minWithdraw: '0.001',
      dailyLimitUsdt: '100000.0000',
      usedTodayUsdt: oneBtc,
      remainingUsdt: new D(100000).minus(price).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(4),
    });

    // The price halves: the first withdrawal still counts at its own value, the next at the new price.
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', price.div(2).toFixed(2), h.clock.now);
    h.step();
    const half = lastOf(h, 'BTCUSDT');
    const fits = new D(100000).minus(price).div(half).toDecimalPlaces(8, D.ROUND_DOWN);
    grantWithdraw(h, ann);
    const before = snapshot();
    expect(
      await ann.post(WITHDRAW, withdrawBody('BTC', 'BTC', fits.plus('0.00000001').toFixed(8), 'w-2')),
    ).toMatchObject({
      code: '43019',
    });
    expect(snapshot()).toEqual(before);
    await ann.ok(WITHDRAW, withdrawBody('BTC', 'BTC', fits.toFixed(8), 'w-3'));
    grantWithdraw(h, ann);
    expect(await ann.post(WITHDRAW, withdrawBody('USDT', 'TRC20', '10', 'w-4'))).toMatchObject({ code: '43019' });
    expect((await ann.ok('/v1/asset/withdraw/info?coin=USDT&chain=TRC20')).remainingUsdt).toMatch(/^0\.\d{4}$/);

    // A day after the first withdrawal, its value is free again.
    h.clock.now += DAILY_WINDOW_MS;
    await ann.ok(WITHDRAW, withdrawBody('USDT', 'TRC20', '10', 'w-5'));
  });

  it('refuses a demo account (40305, HTTP 403) before and after a step-up: simulated money stays in the simulation', async () => {
    const ann = await trader('ann@example.com');
    const demo = await ann.ok('/v1/user/sub/switchTradeDemo', {});
    expect(demo).toMatchObject({ isDemo: true, parentId: ann.userId });
    const asDemo = sameBrowserOn(h.app, ann);
    // Refused before a second factor is asked for, and the withdraw screen's figures too.
    const info = await send(asDemo, '/v1/asset/withdraw/info?coin=USDT&chain=TRC20');
    expect([info.status, info.reply.code]).toEqual([403, '40305']);
    const before = snapshot();
    const first = await asDemo.post(WITHDRAW, withdrawBody('USDT', 'TRC20', '20', 'd-1'));
    expect(first).toMatchObject({ code: '40305' });
    // The code goes to the main account's mailbox: the demo account has no sign-in of its own.
    await stepUpByEmail(asDemo, 'ann@example.com');
    expect(await asDemo.post(WITHDRAW, withdrawBody('USDT', 'TRC20', '20', 'd-2'))).toMatchObject({ code: '40305' });
    expect(snapshot()).toEqual(before);
    expect(await assetOf(asDemo, 'USDT')).toMatchObject({ available: '50000.00000000' });
  });
});

describe('GET /v1/asset/withdrawals', () => {
  it('pages newest first by coin and shows a user only their own, whatever the query says', async () => {
    const ann = await trader('ann@example.com');
    const bob = await trader('bob@example.com');
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      grantWithdraw(h, ann);
      h.clock.now += 1000;
      made.unshift((await ann.ok(WITHDRAW, withdrawBody('USDT', i % 2 ? 'ERC20' : 'TRC20', `${20 + i}`, `a-${i}`))).id);
    }
    grantWithdraw(h, bob);
    await bob.ok(WITHDRAW, withdrawBody('USDT', 'TRC20', '99', 'a-0'));
    const first = await ann.ok('/v1/asset/withdrawals?limit=2');
    const second = await ann.ok(`/v1/asset/withdrawals?limit=2&cursor=${first.next}`);
    const third = await ann.ok(`/v1/asset/withdrawals?limit=2&cursor=${second.next}`);
    expect(third.next).toBeNull();
    expect([...first.rows, ...second.rows, ...third.rows].map((r: { id: string }) => r.id)).toEqual(made);
    expect(
      (await bob.ok(`/v1/asset/withdrawals?userId=${ann.userId}`)).rows.map((r: { amount: string }) => r.amount),
    ).toEqual(['99.00000000']);
    expect((await ann.ok('/v1/asset/withdrawals?coin=BTC')).rows).toEqual([]);
  });
});

describe('GET /v1/asset/withdraw/info', () => {
  it('refuses with 40002 naming chain for a chain the coin cannot be withdrawn on', async () => {
    const ann = await trader('ann@example.com');
    const { status, reply } = await send(ann, '/v1/asset/withdraw/info?coin=ETH&chain=TRC20');
    expect([status, reply.status, reply.code]).toEqual([200, 'error', '40002']);
    expect(reply.msg).toContain('chain');
  });
});
