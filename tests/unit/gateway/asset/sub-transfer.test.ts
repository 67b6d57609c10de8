import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../gateway/money/money-units';
import { makeTradingHarness, Trader, type TradingHarness } from '../trading/trading-support';
import { D, openLosingLong, subTransferBody, transferBody } from './asset-support';
import { createSubOf, switchedSession } from './family-support';
import { entryCount, send } from './funds-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** The one refusal of an account a family transfer may not name. */
const REFUSED = { status: 'error', code: '40305', msg: 'This account is not available for transfers', data: null };

/** A user's spot USDT available balance and futures wallet, read from the store (works for any account). */
function holdings(userId: string) {
  const { accounts } = h.trading.ctx;
  return {
    spot: formatMoney(accounts.balance(userId, 'USDT').available),
    futures: formatMoney(accounts.wallet(userId)),
  };
}

/** The `[account, amount, ref]` rows of the signed-in user's transfer bills, newest first. */
async function transferBills(trader: Trader) {
  const { rows } = await trader.ok('/v1/asset/bills?kind=transfer');
  return rows.map((r: { account: string; amount: string; ref: string }) => [r.account, r.amount, r.ref]);
}

/** Ann (main) with two sub-accounts, desk and spare, all with paper accounts; bob (main) with a sub-account. */
async function families() {
  const ann = await h.trader('ann@example.com');
  const desk = await createSubOf(h, ann, 'desk');
  const spare = await createSubOf(h, ann, 'spare');
  const bob = await h.trader('bob@example.com');
  const bobSub = await createSubOf(h, bob, 'desk');
  for (const id of [ann.userId, desk, spare, bob.userId, bobSub]) h.trading.ctx.ensureAccount(id);
  return { ann, desk, spare, bob, bobSub };
}

describe('POST /v1/asset/sub-transfer between a main account and its sub-accounts', () => {
  it('moves USDT from the main spot account to a sub-account futures wallet, each side in its own records', async () => {
    const { ann, desk } = await families();
    const deskSession = await switchedSession(h, 'ann@example.com', desk);
    const annCursor = (await ann.ok('/v1/trade/changes?cursor=0')).cursor;
    const deskCursor = (await deskSession.ok('/v1/trade/changes?cursor=0')).cursor;

    const made = await ann.ok(
      '/v1/asset/sub-transfer',
      subTransferBody(ann.userId, desk, 'spot', 'futures', '1234.5', { clientOid: 'fund-desk' }),
    );
    expect(made).toEqual({
      transferId: expect.stringMatching(/^[0-9]{18}$/),
      fromUserId: ann.userId,
      toUserId: desk,
      from: 'spot',
      to: 'futures',
      coin: 'USDT',
      amount: '1234.50000000',
      cTime: String(h.clock.now),
    });
    expect(holdings(ann.userId)).toEqual({ spot: '8765.50000000', futures: '10000.00000000' });
    expect(holdings(desk)).toEqual({ spot: '10000.00000000', futures: '11234.50000000' });
    expect((await deskSession.ok('/v1/asset/futures')).wallet).toBe('11234.50000000');

    expect(await transferBills(ann)).toEqual([['spot', '-1234.50000000', made.transferId]]);
    expect(await transferBills(deskSession)).toEqual([['futures', '1234.50000000', made.transferId]]);
    expect(await ann.ok(`/v1/trade/changes?cursor=${annCursor}`)).toMatchObject({ topics: ['assets'] });
    expect(await deskSession.ok(`/v1/trade/changes?cursor=${deskCursor}`)).toMatchObject({ topics: ['assets'] });
  });

  it('moves USDT from a sub-account back to the main account, spot to spot, and the transit account nets to zero', async () => {
    const { ann, desk } = await families();
    const made = await ann.ok(
      '/v1/asset/sub-transfer',
      subTransferBody(desk, ann.userId, 'spot', 'spot', '0.00000001'),
    );
    expect(made).toMatchObject({ fromUserId: desk, toUserId: ann.userId, from: 'spot', to: 'spot' });
    expect(holdings(desk).spot).toBe('9999.99999999');
    expect(holdings(ann.userId).spot).toBe('10000.00000001');
    expect(await transferBills(ann)).toEqual([['spot', '0.00000001', made.transferId]]);
    const entries = h.db
      .prepare("SELECT user_id AS userId FROM ledger_entries WHERE kind = 'transfer' AND ref = ? ORDER BY seq")
      .all(made.transferId);
    expect(entries).toEqual([{ userId: desk }, { userId: ann.userId }]);
    const transit = h.db
      .prepare("SELECT amount FROM ledger_lines WHERE owner = 'system:transit'")
      .all()
      .reduce((sum: bigint, line) => sum + BigInt((line as { amount: string }).amount), 0n);
    expect(transit).toBe(0n);
  });

  it('creates the receiving sub-account its paper accounts when it had none', async () => {
    const ann = await h.trader('ann@example.com');
    const fresh = await createSubOf(h, ann, 'fresh');
    expect(h.trading.ctx.accounts.exists(fresh)).toBe(false);
    await ann.ok('/v1/asset/sub-transfer', subTransferBody(ann.userId, fresh, 'futures', 'spot', '5'));
    expect(holdings(fresh)).toEqual({ spot: '10005.00000000', futures: '10000.00000000' });
  });
});

describe('a session switched into a sub-account', () => {
  it('acts for its main account: it may move money from the main account to itself and to a sibling', async () => {
    const { ann, desk, spare } = await families();
    const deskSession = await switchedSession(h, 'ann@example.com', desk);
    await deskSession.ok('/v1/asset/sub-transfer', subTransferBody(ann.userId, desk, 'spot', 'spot', '100'));
    await deskSession.ok('/v1/asset/sub-transfer', subTransferBody(ann.userId, spare, 'futures', 'futures', '40'));
    expect(holdings(ann.userId)).toEqual({ spot: '9900.00000000', futures: '9960.00000000' });
    expect(holdings(desk).spot).toBe('10100.00000000');
    expect(holdings(spare).futures).toBe('10040.00000000');
  });

  it('is refused in the family demo account, even between the main account and its sub-account', async () => {
    const { ann, desk } = await families();
    const demo = await switchedSession(h, 'ann@example.com', 'demo');
    const before = [holdings(ann.userId), holdings(desk)];
    const { status, reply } = await send(
      demo,
      '/v1/asset/sub-transfer',
      subTransferBody(ann.userId, desk, 'spot', 'spot', '1'),
    );
    expect([status, reply]).toEqual([403, REFUSED]);
    // The session is refused before its body is read: even a body that is bad input gets the same answer.
    const same = await send(demo, '/v1/asset/sub-transfer', subTransferBody(desk, desk, 'spot', 'spot', '0'));
    expect(same).toEqual({ status: 403, reply: REFUSED });
    expect([holdings(ann.userId), holdings(desk)]).toEqual(before);
    expect(entryCount(h, 'transfer')).toBe(0);
  });
});

describe('accounts a family transfer may not name', () => {
  it('answers one 403 refusal for another family, an unknown, a malformed or a demo id, on either side', async () => {
    const { ann, desk, bob, bobSub } = await families();
    const demoId = (await switchedSession(h, 'ann@example.com', 'demo')).userId;
    const bobBefore = [holdings(bob.userId), holdings(bobSub)];
    const annBefore = [holdings(ann.userId), holdings(desk)];
    const strangers: [string, unknown][] = [
      ["another family's sub-account", bobSub],
      ["another family's main account", bob.userId],
      ['an unknown id', '9999999999'],
      ['a malformed id', '12ab'],
      ['an empty id', ''],
      ['a negative number', -1],
      ['a fraction', 1.5],
      ['null', null],
      ['an object', { id: desk }],
      ['the demo account', demoId],
    ];
    for (const [what, stranger] of strangers) {
      for (const body of [
        { ...subTransferBody(desk, ann.userId, 'spot', 'spot', '1'), fromUserId: stranger },
        { ...subTransferBody(ann.userId, desk, 'spot', 'spot', '1'), toUserId: stranger },
      ]) {
        const { status, reply } = await send(ann, '/v1/asset/sub-transfer', body);
        expect([status, reply], `${what} ${JSON.stringify(body)}`).toEqual([403, REFUSED]);
      }
    }
    const { fromUserId: _absent, ...noSender } = subTransferBody(desk, ann.userId, 'spot', 'spot', '1');
    expect(await send(ann, '/v1/asset/sub-transfer', noSender)).toEqual({ status: 403, reply: REFUSED });
    // Bob's own main session cannot reach into ann's family either.
    expect(await send(bob, '/v1/asset/sub-transfer', subTransferBody(desk, bob.userId, 'spot', 'spot', '1'))).toEqual({
      status: 403,
      reply: REFUSED,
    });
    expect([holdings(bob.userId), holdings(bobSub)]).toEqual(bobBefore);
    expect([holdings(ann.userId), holdings(desk)]).toEqual(annBefore);
    expect(entryCount(h, 'transfer')).toBe(0);
  });

  it('refuses with 40002 naming toUserId for the same account on both sides, and the transfer field checks of /transfer', async () => {
    const { ann, desk } = await families();
    const cases: [unknown, string][] = [
      [subTransferBody(desk, desk, 'spot', 'futures', '1'), 'toUserId'],
      [
        { ...subTransferBody(ann.userId, ann.userId, 'spot', 'futures', '1'), toUserId: Number(ann.userId) },
        'toUserId',
      ],
      [subTransferBody(ann.userId, desk, 'spot', 'margin', '1'), 'to'],
      [{ ...subTransferBody(ann.userId, desk, 'spot', 'spot', '1'), coin: 'BTC' }, 'coin'],
      [subTransferBody(ann.userId, desk, 'spot', 'spot', '0'), 'amount'],
      [subTransferBody(ann.userId, desk, 'spot', 'spot', '1.000000001'), 'amount'],
      [subTransferBody(ann.userId, desk, 'spot', 'spot', '1', { clientOid: 'has space' }), 'clientOid'],
    ];
    for (const [body, field] of cases) {
      const { status, reply } = await send(ann, '/v1/asset/sub-transfer', body);
      expect([status, reply.status, reply.code], JSON.stringify(body)).toEqual([200, 'error', '40002']);
      expect(reply.msg, JSON.stringify(body)).toContain(field);
    }
    expect(entryCount(h, 'transfer')).toBe(0);
  });

  it('answers 00005 with HTTP 401 without a session', async () => {
    const { ann, desk } = await families();
    const stranger = new Trader(() => h.app, '');
    const { status, reply } = await send(
      stranger,
      '/v1/asset/sub-transfer',
      subTransferBody(ann.userId, desk, 'spot', 'spot', '1'),
    );
    expect([status, reply.code]).toEqual([401, '00005']);
    expect(entryCount(h, 'transfer')).toBe(0);
  });
});

describe('sub-transfer refusals move nothing', () => {
  it("refuses more than the sender's transferable with 43004: spot available, futures less margins and unrealized loss", async () => {
    const { ann, desk } = await families();
    const deskSession = await switchedSession(h, 'ann@example.com', desk);
    const futures = await openLosingLong(h, deskSession);
    const over = new D(futures.transferable).plus('0.00000001').toFixed(8);
    expect(new D(over).lt(futures.available)).toBe(true);
    const before = [holdings(ann.userId), holdings(desk)];
    const body = subTransferBody(desk, ann.userId, 'futures', 'spot', over);
    expect(await ann.post('/v1/asset/sub-transfer', body)).toMatchObject({ code: '43004', data: null });
    const spotOver = subTransferBody(ann.userId, desk, 'spot', 'spot', '10000.00000001');
    expect(await ann.post('/v1/asset/sub-transfer', spotOver)).toMatchObject({ code: '43004', data: null });
    expect([holdings(ann.userId), holdings(desk)]).toEqual(before);
    expect(entryCount(h, 'transfer')).toBe(0);

    await ann.ok('/v1/asset/sub-transfer', subTransferBody(desk, ann.userId, 'futures', 'spot', futures.transferable));
    expect((await deskSession.ok('/v1/asset/futures')).transferable).toBe('0.00000000');
  });

  it("refuses a clientOid the session's user used before with 43015; /transfer's clientOids are a space apart", async () => {
    const { ann, desk, spare } = await families();
    const body = subTransferBody(ann.userId, desk, 'spot', 'spot', '100', { clientOid: 'once' });
    await ann.ok('/v1/asset/sub-transfer', body);
    const before = [holdings(ann.userId), holdings(desk), holdings(spare)];
    const again = subTransferBody(desk, spare, 'futures', 'spot', '5', { clientOid: 'once' });
    expect(await ann.post('/v1/asset/sub-transfer', again)).toMatchObject({ code: '43015', data: null });
    expect([holdings(ann.userId), holdings(desk), holdings(spare)]).toEqual(before);
    expect(entryCount(h, 'transfer')).toBe(2);

    // The clientOid belongs to the session's user: desk's own switched session has not used it.
    const deskSession = await switchedSession(h, 'ann@example.com', desk);
    await deskSession.ok('/v1/asset/sub-transfer', again);
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '1', { clientOid: 'once' }));
  });
});
