import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetOf, makeTradingHarness, Trader, type TradingHarness } from '../trading/trading-support';
import { D, lastOf, openLosingLong, transferBody } from './asset-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** The spot USDT available balance and the futures wallet, as the trade routes show them. */
async function balances(trader: Trader) {
  const spot = (await assetOf(trader, 'USDT')).available;
  const account = await trader.ok('/v1/trade/mix/account');
  return { spot, futures: new D(account.equity).minus(account.unrealizedPL).toFixed(8) };
}

const transferCount = () =>
  (h.db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE kind = 'transfer'").get() as { n: number }).n;

describe('POST /v1/asset/transfer', () => {
  it('moves USDT from spot to futures and back, one transfer entry each, and reports assets on the change feed', async () => {
    const ann = await h.trader('ann@example.com');
    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    const made = await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '1234.5', { clientOid: 'move-1' }));
    expect(made).toEqual({
      transferId: expect.stringMatching(/^[0-9]{18}$/),
      from: 'spot',
      to: 'futures',
      coin: 'USDT',
      amount: '1234.50000000',
      cTime: String(h.clock.now),
    });
    expect(await balances(ann)).toEqual({ spot: '8765.50000000', futures: '11234.50000000' });
    expect(await ann.ok(`/v1/trade/changes?cursor=${cursor}`)).toMatchObject({ topics: ['assets'] });

    await ann.ok('/v1/asset/transfer', transferBody('futures', 'spot', '0.00000001'));
    expect(await balances(ann)).toEqual({ spot: '8765.50000001', futures: '11234.49999999' });
    const { rows } = await ann.ok('/v1/asset/bills?kind=transfer');
    expect(rows.map((r: { account: string; amount: string }) => [r.account, r.amount])).toEqual([
      ['futures', '-0.00000001'],
      ['spot', '0.00000001'],
      ['spot', '-1234.50000000'],
      ['futures', '1234.50000000'],
    ]);
    expect(rows.every((r: { ref: string }) => /^[0-9]{18}$/.test(r.ref))).toBe(true);
    expect(transferCount()).toBe(2);
  });

  it('refuses more than the spot available balance with 43004, counting frozen funds as not available', async () => {
    const ann = await h.trader('ann@example.com');
    const price = lastOf(h, 'BTCUSDT').times('0.9').toFixed(2);
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.010000',
    });
    const before = await balances(ann);
    const refused = await ann.post('/v1/asset/transfer', transferBody('spot', 'futures', '10000'));
    expect(refused).toMatchObject({ code: '43004', data: null });
    expect(await balances(ann)).toEqual(before);
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', before.spot));
    expect((await balances(ann)).spot).toBe('0.00000000');
  });

  it('refuses more than the futures transferable amount, which leaves out margins and any unrealized loss', async () => {
    const ann = await h.trader('ann@example.com');
    const futures = await openLosingLong(h, ann);
    expect(new D(futures.unrealizedPL).isNegative()).toBe(true);
    expect(futures.transferable).toBe(new D(futures.available).plus(futures.unrealizedPL).toFixed(8));
    const over = new D(futures.transferable).plus('0.00000001').toFixed(8);
    // More than transferable but less than available: the unrealized loss is what stops it.
    expect(new D(over).lt(futures.available)).toBe(true);
    expect(await ann.post('/v1/asset/transfer', transferBody('futures', 'spot', over))).toMatchObject({
      code: '43004',
    });
    expect(transferCount()).toBe(0);
    await ann.ok('/v1/asset/transfer', transferBody('futures', 'spot', futures.transferable));
    expect((await ann.ok('/v1/asset/futures')).transferable).toBe('0.00000000');
  });

  it('refuses with 40002 naming the field for the same account, another coin, a missing, zero, negative or over-precise amount', async () => {
    const ann = await h.trader('ann@example.com');
    const cases: [unknown, string][] = [
      [transferBody('spot', 'spot', '1'), 'to'],
      [transferBody('spot', 'margin', '1'), 'to'],
      [transferBody('wallet', 'futures', '1'), 'from'],
      [{ ...transferBody('spot', 'futures', '1'), coin: 'BTC' }, 'coin'],
      [{ from: 'spot', to: 'futures', amount: '1' }, 'coin'],
      [{ from: 'spot', to: 'futures', coin: 'USDT' }, 'amount'],
      [transferBody('spot', 'futures', '0'), 'amount'],
      [transferBody('spot', 'futures', '0.000000000'), 'amount'],
      [transferBody('spot', 'futures', '-5'), 'amount'],
      [transferBody('spot', 'futures', '1.000000001'), 'amount'],
      [transferBody('spot', 'futures', '1e3'), 'amount'],
      [{ ...transferBody('spot', 'futures', '1'), amount: 1 }, 'amount'],
      [transferBody('spot', 'futures', '1', { clientOid: 'has space' }), 'clientOid'],
    ];
    for (const [body, field] of cases) {
      const res = await ann.request('/v1/asset/transfer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const reply = await res.json();
      expect([res.status, reply.status, reply.code], JSON.stringify(body)).toEqual([200, 'error', '40002']);
      expect(reply.msg, JSON.stringify(body)).toContain(field);
    }
    expect(transferCount()).toBe(0);
  });

  it('refuses a clientOid the user has used before with 43015 and moves nothing; another user may use it', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '100', { clientOid: 'once' }));
    const before = await balances(ann);
    const again = await ann.post('/v1/asset/transfer', transferBody('futures', 'spot', '50', { clientOid: 'once' }));
    expect(again).toMatchObject({ code: '43015', data: null });
    expect(await balances(ann)).toEqual(before);
    expect(transferCount()).toBe(1);
    await bob.ok('/v1/asset/transfer', transferBody('spot', 'futures', '100', { clientOid: 'once' }));
    expect(transferCount()).toBe(2);
  });
});

describe('signed-out callers', () => {
  it('answers 00005 with HTTP 401 on every asset route and moves nothing', async () => {
    const stranger = new Trader(() => h.app, '');
    for (const path of [
      '/v1/asset/overview',
      '/v1/asset/spot',
      '/v1/asset/futures',
      '/v1/asset/valuation-history',
      '/v1/asset/bills',
    ]) {
      const res = await stranger.request(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toMatchObject({ code: '00005', data: null });
    }
    const res = await stranger.request('/v1/asset/transfer', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(transferBody('spot', 'futures', '1')),
    });
    expect(res.status).toBe(401);
    expect(transferCount()).toBe(0);
  });
});
