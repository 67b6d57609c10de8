import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Deposits } from '../../../../gateway/asset/deposits';
import { Withdrawals, WITHDRAW_COMPLETE_MS } from '../../../../gateway/asset/withdrawals';
import { findChain } from '../../../../gateway/market/coin-networks';
import { formatMoney, MONEY_PLACES, unitsOf } from '../../../../gateway/money/money-units';
import { SPOT_WALLET_PATHS as W } from '../../../../gateway/v2-api/spot-wallet-routes';
import { V2_BILL_PATHS as B } from '../../../../gateway/v2-api/v2-bill-routes';
import { Account, type KeyHarness, makeKeyHarness, sendSigned } from '../api-keys/apikey-support';
import { T0 } from '../support';
import { ccxtBitget, subAccountKey } from './v2-wallet-support';
import { ok, refused, type V2Client, v2Client } from './v2-trade-support';

let h: KeyHarness;
let alice: Account;
let bot: V2Client;
beforeEach(async () => {
  h = makeKeyHarness();
  alice = await h.account('alice@example.com');
  bot = await v2Client(h, alice, ['transfer']);
  const { ctx } = h.trading;
  ctx.db.transaction(() => ctx.ensureAccount(alice.userId))();
});
afterEach(() => h.close());

const TO_FUTURES = { fromType: 'spot', toType: 'usdt_futures', coin: 'USDT' } as const;
const TO_SPOT = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' } as const;
/** The harness's trading clock stands at T0: every record is made then. */
const AROUND_T0 = { startTime: String(T0 - 1000), endTime: String(T0 + 1000) };

/** The owner's USDT in spot (available) and in the futures wallet, exactly, from the accounts. */
function holdings(userId: string) {
  const { accounts } = h.trading.ctx;
  return {
    spot: formatMoney(accounts.balance(userId, 'USDT').available),
    futures: formatMoney(accounts.wallet(userId)),
  };
}

const records = (client: V2Client, query: Record<string, string> = {}) =>
  client.get(W.transferRecords, { coin: 'USDT', fromType: 'spot', ...query });

describe('POST /api/v2/spot/wallet/transfer', () => {
  it('moves exactly the amount from spot to USDT-M futures, lists it in transferRecords and both bills', async () => {
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
    const made = ok(await bot.post(W.transfer, { ...TO_FUTURES, amount: '123.45678901', clientOid: 'bot-t.1' }));
    expect(made).toEqual({ transferId: expect.stringMatching(/^\d{18}$/), clientOid: 'bot-t.1' });
    expect(holdings(alice.userId)).toEqual({ spot: '9876.54321099', futures: '10123.45678901' });
    const account = ok(await bot.get('/api/v2/mix/account/accounts', { productType: 'USDT-FUTURES' }));
    expect(account[0].available).toBe('10123.45678901');

    expect(ok(await records(bot))).toEqual([
      {
        coin: 'USDT',
        status: 'Successful',
        toType: 'usdt_futures',
        toSymbol: '',
        fromType: 'spot',
        fromSymbol: '',
        size: '123.45678901',
        ts: String(T0),
        clientOid: 'bot-t.1',
        transferId: made.transferId,
      },
    ]);
    expect(ok(await records(bot, { fromType: 'usdt_futures' }))).toEqual([]);

    const [spotBill] = ok(await bot.get(B.spotBills, { coin: 'USDT' }));
    expect(spotBill).toMatchObject({
      groupType: 'transfer',
      businessType: 'transfer_out',
      size: '-123.45678901',
      fees: '0.00000000',
      balance: '9876.54321099',
      cTime: String(T0),
    });
    const { bills } = ok(await bot.get(B.mixBill, { productType: 'USDT-FUTURES' }));
    expect(bills[0]).toMatchObject({
      symbol: '',
      amount: '123.45678901',
      fee: '0.00000000',
      businessType: 'trans_from_exchange',
      coin: 'USDT',
      balance: '10123.45678901',
    });

    const back = ok(await bot.post(W.transfer, { ...TO_SPOT, amount: '23.45678901' }));
    expect(back.clientOid).toMatch(/^\d+$/);
    expect(holdings(alice.userId)).toEqual({ spot: '9900.00000000', futures: '10100.00000000' });
    expect(ok(await records(bot, { fromType: 'usdt_futures' }))).toEqual([
      expect.objectContaining({ fromType: 'usdt_futures', toType: 'spot', size: '23.45678901', ...back }),
    ]);
    const { bills: after } = ok(
      await bot.get(B.mixBill, { productType: 'USDT-FUTURES', businessType: 'trans_to_exchange' }),
    );
    expect(after).toEqual([expect.objectContaining({ amount: '-23.45678901', balance: '10100.00000000' })]);
  });

  it('answers the earlier transfer for a clientOid used before, and moves the money once', async () => {
    const first = ok(await bot.post(W.transfer, { ...TO_FUTURES, amount: '10', clientOid: 'same-1' }));
    const again = ok(await bot.post(W.transfer, { ...TO_FUTURES, amount: '10', clientOid: 'same-1' }));
    expect(again).toEqual(first);
    expect(holdings(alice.userId)).toEqual({ spot: '9990.00000000', futures: '10010.00000000' });
    expect(ok(await records(bot))).toHaveLength(1);
  });

  it('refuses more than the source holds (43012 from spot, 40762 from futures) and changes nothing', async () => {
    refused(await bot.post(W.transfer, { ...TO_FUTURES, amount: '10000.00000001' }), '43012');
    refused(await bot.post(W.transfer, { ...TO_SPOT, amount: '10000.00000001' }), '40762');
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
    expect(ok(await records(bot))).toEqual([]);
    expect(ok(await records(bot, { fromType: 'usdt_futures' }))).toEqual([]);
    // All of it is transferable.
    ok(await bot.post(W.transfer, { ...TO_FUTURES, amount: '10000' }));
    expect(holdings(alice.userId)).toEqual({ spot: '0.00000000', futures: '20000.00000000' });
  });

  it('refuses a key without the transfer permission with 40014, moving nothing', async () => {
    const trader = await v2Client(h, alice, ['spot_trade', 'futures_trade']);
    const msg = refused(await trader.post(W.transfer, { ...TO_FUTURES, amount: '5' }), '40014');
    expect(msg).toContain('transfer');
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
    // It may still read the records.
    expect(ok(await records(trader))).toEqual([]);
  });

  it('refuses a bad amount: signed, zero, too many decimals, not a plain decimal, absent', async () => {
    const bad: Array<[unknown, string]> = [
      ['-5', '40020'],
      ['0', '40020'],
      ['0.00000000', '40020'],
      ['0.000000001', '40020'],
      ['1.123456789', '40020'],
      ['1e3', '40020'],
      ['+5', '40020'],
      ['5 USDT', '40020'],
      // JSON numbers are read as their text (ccxt sends one), so those whose text is not a plain decimal are refused.
      [-5, '40020'],
      [0, '40020'],
      [1e-9, '40020'],
      [0.1 + 0.2, '40020'],
      [true, '40020'],
      [{ value: '5' }, '40020'],
      [undefined, '40019'],
      ['', '40019'],
    ];
    for (const [amount, code] of bad) {
      const msg = refused(await bot.post(W.transfer, { ...TO_FUTURES, amount }), code);
      expect(msg, String(amount)).toContain('amount');
    }
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
    expect(ok(await records(bot))).toEqual([]);
  });

  it('refuses accounts it does not simulate, the same account twice, a coin other than USDT and a bad clientOid', async () => {
    for (const [body, code, word] of [
      [{ ...TO_FUTURES, toType: 'coin_futures' }, '40020', 'only spot and usdt_futures are simulated'],
      [{ ...TO_FUTURES, fromType: 'crossed_margin' }, '40020', 'only spot and usdt_futures are simulated'],
      [{ ...TO_FUTURES, toType: 'p2p' }, '40020', 'only spot and usdt_futures are simulated'],
      [{ ...TO_FUTURES, toType: 'savings' }, '40020', 'toType'],
      [{ ...TO_FUTURES, toType: 'spot' }, '40020', 'toType'],
      [{ ...TO_FUTURES, toType: undefined }, '40019', 'toType'],
      [{ ...TO_FUTURES, coin: 'BTC' }, '40020', 'coin'],
      [{ ...TO_FUTURES, clientOid: 'x'.repeat(51) }, '40305', 'Client_oid'],
    ] as const) {
      const msg = refused(await bot.post(W.transfer, { amount: '5', ...body }), code);
      expect(msg).toContain(word);
    }
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
  });

  it("keeps a demo account's transfer within its own paper accounts", async () => {
    const switched = await alice.post('/v1/user/sub/switchTradeDemo', {});
    expect(switched.code, switched.msg).toBe('00000');
    // The switched session acts for the demo account: a key it creates is the demo account's.
    const demoBrowser = new Account(h, switched.data.userId);
    for (const [name, value] of alice.cookies) demoBrowser.cookies.set(name, value);
    const demo = await v2Client(h, demoBrowser, ['transfer']);
    const info = ok(await demo.get(W.accountInfo));
    expect(info.userId).not.toBe(alice.userId);
    expect(info.parentId).toBe(Number(alice.userId));
    ok(await demo.post(W.transfer, { ...TO_FUTURES, amount: '500' }));
    expect(holdings(info.userId)).toEqual({ spot: '49500.00000000', futures: '50500.00000000' });
    expect(holdings(alice.userId)).toEqual({ spot: '10000.00000000', futures: '10000.00000000' });
  });
});

describe('GET /api/v2/spot/account/transferRecords', () => {
  it('pages newest first by idLessThan and limit, and filters by time and clientOid', async () => {
    const made = [];
    for (const amount of ['1', '2', '3']) made.push(ok(await bot.post(W.transfer, { ...TO_FUTURES, amount })));
    const all = ok(await records(bot));
    expect(all.map((row: { size: string }) => row.size)).toEqual(['3.00000000', '2.00000000', '1.00000000']);
    const first = ok(await records(bot, { limit: '2' }));
    expect(first).toEqual(all.slice(0, 2));
    expect(ok(await records(bot, { idLessThan: first[1].transferId }))).toEqual(all.slice(2));
    expect(ok(await records(bot, { clientOid: made[1]!.clientOid }))).toEqual([all[1]]);
    expect(ok(await records(bot, AROUND_T0))).toEqual(all);
    expect(ok(await records(bot, { startTime: String(T0 + 1) }))).toEqual([]);
    expect(ok(await records(bot, { fromType: 'isolated_margin' }))).toEqual([]);
    refused(await records(bot, { fromType: 'nowhere' }), '40020');
    refused(await bot.get(W.transferRecords, { coin: 'USDT' }), '40019');
    refused(await bot.get(W.transferRecords, { fromType: 'spot' }), '40019');
    refused(await records(bot, { limit: '501' }), '40020');
    refused(await records(bot, { idLessThan: 'abc' }), '40020');
  });

  it("never shows another account's transfers, nor pages from another account's transfer id", async () => {
    const mine = ok(await bot.post(W.transfer, { ...TO_FUTURES, amount: '7', clientOid: 'shared-oid' }));
    const bob = await v2Client(h, await h.account('bob@example.com'), ['transfer']);
    expect(ok(await records(bob))).toEqual([]);
    expect(ok(await records(bob, { idLessThan: mine.transferId }))).toEqual([]);
    expect(ok(await records(bob, { clientOid: 'shared-oid' }))).toEqual([]);
    // Bob's clientOid space is his own: the same clientOid makes his own transfer, not an answer with Alice's.
    const his = ok(await bob.post(W.transfer, { ...TO_FUTURES, amount: '1', clientOid: 'shared-oid' }));
    expect(his.transferId).not.toBe(mine.transferId);
    expect(ok(await records(bot)).map((row: { transferId: string }) => row.transferId)).toEqual([mine.transferId]);
    expect(ok(await bob.get(B.spotBills, { groupType: 'transfer' }))).toEqual([
      expect.objectContaining({ size: '-1.00000000' }),
    ]);
  });
});

describe('GET /api/v2/spot/wallet/deposit-address', () => {
  it('answers the address the session API gives, on the named network or the coin’s first', async () => {
    const session = await alice.get('/v1/asset/deposit-address?coin=USDT&chain=ERC20');
    expect(ok(await bot.get(W.depositAddress, { coin: 'usdt', chain: 'erc20' }))).toEqual({
      coin: 'USDT',
      address: session.data.address,
      chain: 'ERC20',
      tag: null,
      url: '',
    });
    const trc = ok(await bot.get(W.depositAddress, { coin: 'USDT' }));
    expect(trc.chain).toBe('TRC20');
    expect(trc.address).toMatch(/^T/);
    const xrp = ok(await bot.get(W.depositAddress, { coin: 'XRP' }));
    expect(xrp.tag).toMatch(/^\d{9}$/);
    // Another account has addresses of its own.
    const bob = await v2Client(h, await h.account('bob@example.com'), []);
    expect(ok(await bob.get(W.depositAddress, { coin: 'USDT' })).address).not.toBe(trc.address);
    refused(await bot.get(W.depositAddress, { coin: 'USDT', chain: 'BTC' }), '40020');
    refused(await bot.get(W.depositAddress, { coin: 'DOGE' }), '40020');
    refused(await bot.get(W.depositAddress, {}), '40019');
  });
});

describe('GET deposit-records and withdrawal-records', () => {
  it('lists deposits pending, then credited, by time, orderId and idLessThan; another account sees none', async () => {
    for (const amount of ['50', '60']) {
      const reply = await alice.post('/v1/asset/dev/deposit', { coin: 'USDT', chain: 'TRC20', amount });
      expect(reply.code, reply.msg).toBe('00000');
    }
    const pending = ok(await bot.get(W.depositRecords, AROUND_T0));
    expect(pending).toEqual([
      expect.objectContaining({ coin: 'USDT', type: 'deposit', size: '60.00000000', status: 'pending' }),
      expect.objectContaining({ size: '50.00000000', status: 'pending', chain: 'TRC20', dest: 'on_chain' }),
    ]);
    new Deposits(h.trading.ctx).progress(T0 + 60_000);
    const [newest, older] = ok(await bot.get(W.depositRecords, { ...AROUND_T0, coin: 'USDT' }));
    expect(newest).toMatchObject({ orderId: pending[0].orderId, status: 'success', tradeId: pending[0].tradeId });
    expect(holdings(alice.userId).spot).toBe('10110.00000000');
    expect(ok(await bot.get(W.depositRecords, { ...AROUND_T0, limit: '1' }))).toEqual([newest]);
    expect(ok(await bot.get(W.depositRecords, { ...AROUND_T0, idLessThan: newest.orderId }))).toEqual([older]);
    expect(ok(await bot.get(W.depositRecords, { orderId: older.orderId }))).toEqual([older]);
    expect(ok(await bot.get(W.depositRecords, { ...AROUND_T0, coin: 'BTC' }))).toEqual([]);
    expect(ok(await bot.get(W.depositRecords, { startTime: String(T0 + 1), endTime: String(T0 + 9) }))).toEqual([]);
    refused(await bot.get(W.depositRecords, { endTime: String(T0) }), '40019');
    refused(await bot.get(W.depositRecords, { startTime: String(T0) }), '40019');

    const bob = await v2Client(h, await h.account('bob@example.com'), []);
    expect(ok(await bob.get(W.depositRecords, AROUND_T0))).toEqual([]);
    expect(ok(await bob.get(W.depositRecords, { orderId: older.orderId }))).toEqual([]);
  });

  it('lists a withdrawal with its fee and clientOid, processing then completed', async () => {
    const withdrawals = new Withdrawals(h.trading.ctx);
    const spec = findChain('USDT', 'TRC20')!;
    const address = `T${'9'.repeat(33)}`;
    const made = withdrawals.make(alice.userId, {
      coin: 'USDT',
      spec,
      address,
      memo: null,
      amount: unitsOf('20', MONEY_PLACES),
      clientOid: 'w-1',
    });
    const [row] = ok(await bot.get(W.withdrawalRecords, AROUND_T0));
    expect(row).toEqual({
      orderId: made.id,
      tradeId: null,
      clientOid: 'w-1',
      coin: 'USDT',
      type: 'withdraw',
      // What left the account: the amount and the network fee (ccxt reads amount = size − fee).
      size: '21.00000000',
      fee: '-1.00000000',
      status: 'pending',
      toAddress: address,
      dest: 'on_chain',
      chain: 'TRC20',
      confirm: '0',
      fromAddress: null,
      tag: null,
      cTime: String(T0),
      uTime: String(T0),
    });
    withdrawals.progress(T0 + WITHDRAW_COMPLETE_MS);
    const [done] = ok(await bot.get(W.withdrawalRecords, { clientOid: 'w-1' }));
    expect(done).toMatchObject({ orderId: made.id, status: 'success', confirm: String(spec.confirmations) });
    expect(done.tradeId).toMatch(/^[0-9a-f]{64}$/);
    expect(ok(await bot.get(W.withdrawalRecords, { clientOid: 'w-2' }))).toEqual([]);
    const [bill] = ok(await bot.get(B.spotBills, { groupType: 'withdraw' }));
    expect(bill).toMatchObject({ businessType: 'withdraw', size: '-20.00000000', fees: '-1.00000000' });
    expect(bill.balance).toBe(holdings(alice.userId).spot);
    const bob = await v2Client(h, await h.account('bob@example.com'), []);
    expect(ok(await bob.get(W.withdrawalRecords, { clientOid: 'w-1' }))).toEqual([]);
  });
});

describe('GET /api/v2/spot/account/info', () => {
  it("answers the key owner, the key's allow-list and permissions, and a sub-account's main account", async () => {
    const key = await v2Client(h, alice, ['spot_trade', 'transfer']);
    const info = ok(await key.get(W.accountInfo));
    expect(info).toEqual({
      userId: alice.userId,
      inviterId: '',
      channelCode: '',
      channel: '',
      regisTime: expect.stringMatching(/^\d{13}$/),
      ips: '',
      authorities: ['stor', 'coor', 'cpor', 'wtor', 'stow', 'wtow'],
      parentId: Number(alice.userId),
      traderType: 'not_trader',
    });
    const limited = await alice.credentials({ permissions: [], ips: ['198.51.100.10', '203.0.113.0/24'] });
    expect(ok(await sendSigned(h.app, limited, { path: W.accountInfo }))).toMatchObject({
      ips: '198.51.100.10,203.0.113.0/24',
      authorities: ['stor', 'coor', 'cpor', 'wtor'],
    });

    // A sub-account's key: its own account, its main account as parent.
    const desk = await subAccountKey(h, alice, 'desk', ['transfer']);
    expect(ok(await sendSigned(h.app, desk.key, { path: W.accountInfo }))).toMatchObject({
      userId: desk.userId,
      parentId: Number(alice.userId),
      authorities: ['stor', 'coor', 'cpor', 'wtor', 'wtow'],
    });
  });
});

describe('the wallet routes through ccxt', () => {
  it('transfers, and reads transfers, the deposit address, deposits and withdrawals as ccxt asks for them', async () => {
    const bitget = ccxtBitget(h.app, bot.key);
    // ccxt sends the amount as a JSON number.
    const made = await bitget.transfer('USDT', 12.5, 'spot', 'swap', { clientOid: 'ccxt-1' });
    expect(made.id).toMatch(/^\d{18}$/);
    expect(holdings(alice.userId)).toEqual({ spot: '9987.50000000', futures: '10012.50000000' });
    await bitget.transfer('USDT', 2.25, 'swap', 'spot');

    const spotOut = await bitget.fetchTransfers('USDT');
    expect(spotOut).toEqual([
      expect.objectContaining({ id: made.id, amount: 12.5, fromAccount: 'spot', toAccount: 'swap', status: 'ok' }),
    ]);
    expect(spotOut[0]!.timestamp).toBe(T0);
    const swapOut = await bitget.fetchTransfers('USDT', undefined, undefined, { fromAccount: 'swap' });
    expect(swapOut).toEqual([expect.objectContaining({ amount: 2.25, fromAccount: 'swap', toAccount: 'spot' })]);

    const address = await bitget.fetchDepositAddress('USDT', { network: 'TRC20' });
    expect(address).toMatchObject({ currency: 'USDT', network: 'TRC20', address: expect.stringMatching(/^T/) });

    await alice.post('/v1/asset/dev/deposit', { coin: 'USDT', chain: 'TRC20', amount: '50' });
    new Deposits(h.trading.ctx).progress(T0 + 60_000);
    new Withdrawals(h.trading.ctx).make(alice.userId, {
      coin: 'USDT',
      spec: findChain('USDT', 'TRC20')!,
      address: `T${'8'.repeat(33)}`,
      memo: null,
      amount: unitsOf('20', MONEY_PLACES),
      clientOid: 'w-ccxt',
    });
    // ccxt looks back 90 days from its own clock; the harness's records are at T0, so the window is given.
    const window = { until: T0 + 1000 };
    const deposits = await bitget.fetchDeposits('USDT', T0 - 1000, undefined, window);
    expect(deposits).toEqual([
      expect.objectContaining({
        type: 'deposit',
        amount: 50,
        status: 'ok',
        network: 'TRC20',
        address: address.address,
      }),
    ]);
    const withdrawals = await bitget.fetchWithdrawals('USDT', T0 - 1000, undefined, window);
    expect(withdrawals).toEqual([
      expect.objectContaining({
        type: 'withdrawal',
        amount: 20,
        status: 'pending',
        fee: { currency: 'USDT', cost: 1 },
      }),
    ]);
  });
});
