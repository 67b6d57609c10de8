import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MAX } from '../../../../gateway/asset/address-book';
import { ADDRESSES, type FundsHarness, makeFundsHarness, send } from './funds-support';

let h: FundsHarness;
beforeEach(() => {
  h = makeFundsHarness();
});
afterEach(() => h.close());

const ADD = '/v1/asset/address/add';
const DELETE = '/v1/asset/address/delete';
const entries = () => (h.db.prepare('SELECT COUNT(*) AS n FROM asset_address_book').get() as { n: number }).n;

describe('the address book', () => {
  it('saves, lists newest first (optionally by coin) and deletes the user’s own entries', async () => {
    const ann = await h.trader('ann@example.com');
    const usdt = await ann.ok(ADD, { coin: 'USDT', chain: 'TRC20', address: ADDRESSES.TRC20, label: ' Cold wallet ' });
    expect(usdt).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      coin: 'USDT',
      chain: 'TRC20',
      address: ADDRESSES.TRC20,
      memo: null,
      label: 'Cold wallet',
      cTime: String(h.clock.now),
    });
    const xrp = await ann.ok(ADD, {
      coin: 'XRP',
      chain: 'XRP',
      address: ADDRESSES.XRP,
      memo: '4294967295',
      label: '交易所 🚀',
    });
    expect(xrp).toMatchObject({ memo: '4294967295', label: '交易所 🚀' });
    expect((await ann.ok('/v1/asset/address/list')).map((e: { id: string }) => e.id)).toEqual([xrp.id, usdt.id]);
    expect(await ann.ok('/v1/asset/address/list?coin=USDT')).toEqual([usdt]);
    expect(await ann.ok(DELETE, { id: usdt.id })).toEqual({ id: usdt.id });
    expect(await ann.ok('/v1/asset/address/list')).toEqual([xrp]);
  });

  it('never lists, nor deletes, another user’s entry: its id answers 43018 like one that does not exist', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const annEntry = await ann.ok(ADD, { coin: 'BTC', chain: 'BTC', address: ADDRESSES.BTC, label: 'mine' });
    expect(await bob.ok(`/v1/asset/address/list?userId=${ann.userId}`)).toEqual([]);
    for (const id of [annEntry.id, Number(annEntry.id), '999999']) {
      expect(await bob.post(DELETE, { id, userId: ann.userId })).toMatchObject({ code: '43018', data: null });
    }
    expect(await ann.ok('/v1/asset/address/list')).toEqual([annEntry]);
    await ann.ok(DELETE, { id: annEntry.id });
    expect(await ann.post(DELETE, { id: annEntry.id })).toMatchObject({ code: '43018' });
  });

  it('refuses the same coin, chain, address and memo twice with 43017 (ERC20 in any letter case)', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const erc = { coin: 'USDT', chain: 'ERC20', address: ADDRESSES.ERC20, label: 'a' };
    await ann.ok(ADD, erc);
    expect(await ann.post(ADD, { ...erc, label: 'b' })).toMatchObject({ code: '43017' });
    expect(await ann.post(ADD, { ...erc, address: ADDRESSES.ERC20.toLowerCase() })).toMatchObject({ code: '43017' });
    // Another coin on the chain, or another user, is another entry.
    await ann.ok(ADD, { ...erc, coin: 'ETH' });
    await bob.ok(ADD, erc);
    const xrp = { coin: 'XRP', chain: 'XRP', address: ADDRESSES.XRP, memo: '1', label: 'x' };
    await ann.ok(ADD, xrp);
    expect(await ann.post(ADD, xrp)).toMatchObject({ code: '43017' });
    await ann.ok(ADD, { ...xrp, memo: '2' });
    expect(entries()).toBe(5);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} entries (43016)`, async () => {
    const ann = await h.trader('ann@example.com');
    for (let tag = 1; tag <= ADDRESS_BOOK_MAX; tag += 1)
      await ann.ok(ADD, { coin: 'XRP', chain: 'XRP', address: ADDRESSES.XRP, memo: String(tag), label: `tag ${tag}` });
    expect(await ann.post(ADD, { coin: 'BTC', chain: 'BTC', address: ADDRESSES.BTC, label: 'one more' })).toMatchObject(
      { code: '43016' },
    );
    expect(entries()).toBe(ADDRESS_BOOK_MAX);
  });

  it('refuses with 40002 naming the field for an address of another chain, a missing memo, a bad label or id', async () => {
    const ann = await h.trader('ann@example.com');
    const good = { coin: 'XRP', chain: 'XRP', address: ADDRESSES.XRP, memo: '77', label: 'ok' };
    const cases: [string, unknown, string][] = [
      [ADD, { ...good, address: ADDRESSES.TRC20 }, 'address'],
      [ADD, { ...good, address: `${ADDRESSES.XRP}\n` }, 'address'],
      [ADD, { ...good, memo: undefined }, 'memo'],
      [ADD, { ...good, memo: '' }, 'memo'],
      [ADD, { ...good, coin: 'USDT', chain: 'TRC20', address: ADDRESSES.TRC20 }, 'memo'],
      [ADD, { ...good, chain: 'ERC20' }, 'chain'],
      [ADD, { ...good, label: '' }, 'label'],
      [ADD, { ...good, label: '   ' }, 'label'],
      [ADD, { ...good, label: 'x'.repeat(21) }, 'label'],
      [ADD, { ...good, label: 'tab\there' }, 'label'],
      [ADD, { ...good, label: 7 }, 'label'],
      [DELETE, { id: 'abc' }, 'id'],
      [DELETE, { id: -1 }, 'id'],
      [DELETE, { id: '1 OR 1=1' }, 'id'],
      [DELETE, {}, 'id'],
    ];
    for (const [path, body, field] of cases) {
      const { status, reply } = await send(ann, path, body);
      expect([status, reply.status, reply.code], JSON.stringify(body)).toEqual([200, 'error', '40002']);
      expect(reply.msg, JSON.stringify(body)).toContain(field);
    }
    expect(entries()).toBe(0);
  });
});
