import { afterEach, describe, expect, it } from 'vitest';
import { createFundsProgress } from '../../../../gateway/asset/funds-progress';
import { DEPOSIT_CONFIRM_MS } from '../../../../gateway/asset/deposits';
import { ADDRESS_PATTERNS, COIN_NETWORKS } from '../../../../gateway/market/coin-networks';
import { createLogger } from '../../../../gateway/log/logger';
import { assetOf, Trader } from '../trading/trading-support';
import { entryCount, type FundsHarness, makeFundsHarness, send, strictApp, sameBrowserOn } from './funds-support';

const harnesses: FundsHarness[] = [];
afterEach(() => {
  for (const h of harnesses.splice(0)) h.close();
});
function harness(dataDir?: string): FundsHarness {
  const h = makeFundsHarness({ dataDir });
  harnesses.push(h);
  return h;
}

const DEV = '/v1/asset/dev/deposit';
const creditedCount = (h: FundsHarness) =>
  (h.db.prepare("SELECT COUNT(*) AS n FROM asset_deposits WHERE status = 'credited'").get() as { n: number }).n;

describe('GET /v1/asset/coins', () => {
  it('lists every paper network with its limits and the address pattern both sides check', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    const coins = await ann.ok('/v1/asset/coins');
    expect(
      coins.map((c: { coin: string; chains: { chain: string }[] }) => [c.coin, c.chains.map((n) => n.chain)]),
    ).toEqual([
      ['USDT', ['TRC20', 'ERC20']],
      ['BTC', ['BTC']],
      ['ETH', ['ERC20']],
      ['XRP', ['XRP']],
    ]);
    expect(coins[3].chains[0]).toEqual({
      chain: 'XRP',
      name: 'Ripple (XRP)',
      depositEnabled: true,
      withdrawEnabled: true,
      minDeposit: '1',
      confirmations: 2,
      withdrawFee: '0.2',
      minWithdraw: '20',
      memoRequired: true,
      addressPattern: ADDRESS_PATTERNS.XRP,
    });
    for (const coin of coins) for (const chain of coin.chains) expect(chain.confirmations).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /v1/asset/deposit-address', () => {
  it('gives each user one stable address per coin and chain, valid on the chain, unlike any other user’s', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const seen = new Set<string>();
    for (const { coin, chains } of COIN_NETWORKS)
      for (const spec of chains) {
        const query = `/v1/asset/deposit-address?coin=${coin}&chain=${spec.chain}`;
        const first = await ann.ok(query);
        expect(first).toEqual({
          coin,
          chain: spec.chain,
          address: expect.stringMatching(new RegExp(spec.addressPattern)),
          memo: spec.memoRequired ? expect.stringMatching(/^[0-9]{9}$/) : null,
        });
        expect(await ann.ok(`${query}&userId=${bob.userId}`)).toEqual(first);
        const other = await bob.ok(query);
        expect(other.address).not.toBe(first.address);
        seen.add(first.address).add(other.address);
      }
    expect(seen.size).toBe(10);
  });

  it('keeps the address across a restart', async () => {
    const first = harness();
    const ann = await first.trader('ann@example.com');
    const before = await ann.ok('/v1/asset/deposit-address?coin=BTC&chain=BTC');
    first.close(true);
    const again = harness(first.dataDir);
    const same = await again.trader('ann@example.com');
    expect(await same.ok('/v1/asset/deposit-address?coin=BTC&chain=BTC')).toEqual(before);
  });

  it('refuses with 40002 naming the field for an unknown coin or a chain the coin is not on', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    for (const [query, field] of [
      ['coin=DOGE&chain=BTC', 'coin'],
      ['chain=BTC', 'coin'],
      ['coin=btc&chain=BTC', 'coin'],
      ['coin=BTC&chain=ERC20', 'chain'],
      ['coin=BTC', 'chain'],
    ]) {
      const { status, reply } = await send(ann, `/v1/asset/deposit-address?${query}`);
      expect([status, reply.status, reply.code], query).toEqual([200, 'error', '40002']);
      expect(reply.msg, query).toContain(field);
    }
  });
});

describe('POST /v1/asset/dev/deposit', () => {
  it('sends a pending transfer to the own address that gains a confirmation every 2 s and is credited once at the count', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    const { address } = await ann.ok('/v1/asset/deposit-address?coin=BTC&chain=BTC');
    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    const made = await ann.ok(DEV, { coin: 'BTC', chain: 'BTC', amount: '0.5' });
    expect(made).toEqual({
      id: expect.stringMatching(/^[0-9]{18}$/),
      coin: 'BTC',
      chain: 'BTC',
      address,
      memo: null,
      amount: '0.50000000',
      txId: expect.stringMatching(/^[0-9a-f]{64}$/),
      confirmations: 0,
      required: 2,
      status: 'pending',
      cTime: String(h.clock.now),
      uTime: String(h.clock.now),
    });
    expect(h.settle(DEPOSIT_CONFIRM_MS - 1)).toEqual({ credited: 0, completed: 0 });
    expect(h.settle(1)).toEqual({ credited: 0, completed: 0 });
    expect((await ann.ok('/v1/asset/deposits')).rows[0]).toMatchObject({ confirmations: 1, status: 'pending' });
    expect(await assetOf(ann, 'BTC')).toMatchObject({ available: '0' });
    expect(entryCount(h, 'deposit')).toBe(0);

    expect(h.settle(DEPOSIT_CONFIRM_MS)).toEqual({ credited: 1, completed: 0 });
    const credited = (await ann.ok('/v1/asset/deposits')).rows[0];
    expect(credited).toMatchObject({ id: made.id, confirmations: 2, status: 'credited', uTime: String(h.clock.now) });
    expect(await assetOf(ann, 'BTC')).toMatchObject({ available: '0.500000' });
    expect(await ann.ok(`/v1/trade/changes?cursor=${cursor}`)).toMatchObject({ topics: ['assets'] });
    const bills = (await ann.ok('/v1/asset/bills?kind=deposit')).rows;
    expect(bills).toEqual([expect.objectContaining({ coin: 'BTC', amount: '0.50000000', ref: made.id })]);

    // However often it runs afterwards, nothing more is credited.
    for (let i = 0; i < 3; i += 1) expect(h.settle(DEPOSIT_CONFIRM_MS)).toEqual({ credited: 0, completed: 0 });
    expect(entryCount(h, 'deposit')).toBe(1);
  });

  it('credits once when two progressions run over the same database, and when it runs late by many confirmations', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    for (let i = 0; i < 5; i += 1) await ann.ok(DEV, { coin: 'USDT', chain: 'ERC20', amount: '100' });
    const other = createFundsProgress(h.trading, { logger: createLogger('silent') });
    h.clock.now += 60 * DEPOSIT_CONFIRM_MS;
    const results = [h.funds.progress(h.clock.now), other.progress(h.clock.now), h.funds.progress(h.clock.now)];
    expect(results.map((r) => r.credited)).toEqual([5, 0, 0]);
    expect(entryCount(h, 'deposit')).toBe(5);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '10500.00000000' });
  });

  it('carries on after a restart midway: confirmations kept, the credit made once', async () => {
    const first = harness();
    const ann = await first.trader('ann@example.com');
    const made = await ann.ok(DEV, { coin: 'XRP', chain: 'XRP', amount: '30' });
    expect(made.memo).toMatch(/^[0-9]{9}$/);
    first.settle(DEPOSIT_CONFIRM_MS);
    first.close(true);

    const again = harness(first.dataDir);
    again.clock.now = first.clock.now;
    const same = await again.trader('ann@example.com');
    expect((await same.ok('/v1/asset/deposits')).rows[0]).toMatchObject({ confirmations: 1, status: 'pending' });
    expect(again.settle(DEPOSIT_CONFIRM_MS)).toEqual({ credited: 1, completed: 0 });
    expect(again.settle(DEPOSIT_CONFIRM_MS)).toEqual({ credited: 0, completed: 0 });
    expect(await assetOf(same, 'XRP')).toMatchObject({ available: '30.00' });
    expect(creditedCount(again)).toBe(1);
  });

  it('runs on its timer only between start and stop', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    await ann.ok(DEV, { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    h.clock.now += 10 * DEPOSIT_CONFIRM_MS;
    const ticking = createFundsProgress(h.trading, { logger: createLogger('silent'), tickMs: 5 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(creditedCount(h)).toBe(0);
    ticking.start();
    ticking.start();
    await expect.poll(() => creditedCount(h), { timeout: 1000, interval: 5 }).toBe(1);
    ticking.stop();
    await ann.ok(DEV, { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    h.clock.now += 10 * DEPOSIT_CONFIRM_MS;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(creditedCount(h)).toBe(1);
    ticking.stop();
  });

  it('refuses an amount below the network minimum with 43003 and records nothing', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    expect(await ann.post(DEV, { coin: 'USDT', chain: 'TRC20', amount: '0.99999999' })).toMatchObject({
      code: '43003',
      data: null,
    });
    expect((await ann.ok('/v1/asset/deposits')).rows).toEqual([]);
  });

  it('refuses with 40002 naming the field for a bad coin, chain or amount', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    const body = { coin: 'USDT', chain: 'TRC20', amount: '10' };
    for (const [bad, field] of [
      [{ ...body, coin: 'DOGE' }, 'coin'],
      [{ ...body, chain: 'BTC' }, 'chain'],
      [{ ...body, amount: '1e3' }, 'amount'],
      [{ ...body, amount: '-10' }, 'amount'],
      [{ ...body, amount: 10 }, 'amount'],
      [{ ...body, amount: '10.000000001' }, 'amount'],
      [{ ...body, amount: '1000000000000' }, 'amount'],
      [{ ...body, amount: '0' }, 'amount'],
    ] as const) {
      const { status, reply } = await send(ann, DEV, bad);
      expect([status, reply.status, reply.code], JSON.stringify(bad)).toEqual([200, 'error', '40002']);
      expect(reply.msg, JSON.stringify(bad)).toContain(field);
    }
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM asset_deposits').get()).toEqual({ n: 0 });
  });

  it('does not exist outside local mode (404), and the records stay', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    await ann.ok(DEV, { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    const strict = sameBrowserOn(strictApp(h), ann);
    const { status, reply } = await send(strict, DEV, { coin: 'BTC', chain: 'BTC', amount: '0.01' });
    expect([status, reply.code]).toEqual([404, '40404']);
    expect((await strict.ok('/v1/asset/deposits')).rows).toHaveLength(1);
  });
});

describe('GET /v1/asset/deposits', () => {
  it('pages newest first by coin, and shows a user only their own deposits whatever the query says', async () => {
    const h = harness();
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      h.clock.now += 1000;
      const coin = i % 2 === 0 ? 'ETH' : 'USDT';
      const chain = i % 2 === 0 ? 'ERC20' : 'TRC20';
      made.unshift((await ann.ok(DEV, { coin, chain, amount: `${i + 1}` })).id);
    }
    await bob.ok(DEV, { coin: 'ETH', chain: 'ERC20', amount: '1' });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: { id: string }[]; next: string | null } = await ann.ok(
        `/v1/asset/deposits?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      ids.push(...page.rows.map((r) => r.id));
      cursor = page.next;
    } while (cursor !== null);
    expect(ids).toEqual(made);
    expect((await ann.ok('/v1/asset/deposits?coin=USDT')).rows.map((r: { amount: string }) => r.amount)).toEqual([
      '6.00000000',
      '4.00000000',
      '2.00000000',
    ]);
    const bobs = await bob.ok(`/v1/asset/deposits?userId=${ann.userId}&user_id=${ann.userId}`);
    expect(bobs.rows.map((r: { amount: string }) => r.amount)).toEqual(['1.00000000']);
    for (const query of ['limit=0', 'limit=101', 'cursor=x', 'coin=usdt']) {
      const { status, reply } = await send(ann, `/v1/asset/deposits?${query}`);
      expect([status, reply.status, reply.code], query).toEqual([200, 'error', '40002']);
    }
  });
});

describe('signed-out callers', () => {
  it('answers 00005 with HTTP 401 on every deposit, withdrawal and record route, and records nothing', async () => {
    const h = harness();
    const stranger = new Trader(() => h.app, '');
    const reads = [
      '/v1/asset/coins',
      '/v1/asset/deposit-address?coin=BTC&chain=BTC',
      '/v1/asset/deposits',
      '/v1/asset/address/list',
      '/v1/asset/withdraw/info?coin=BTC&chain=BTC',
      '/v1/asset/withdrawals',
      '/v1/asset/orders',
      '/v1/asset/fills',
    ];
    const writes: [string, unknown][] = [
      [DEV, { coin: 'BTC', chain: 'BTC', amount: '1' }],
      [
        '/v1/asset/address/add',
        { coin: 'BTC', chain: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: 'x' },
      ],
      ['/v1/asset/address/delete', { id: '1' }],
      ['/v1/asset/spot/withdraw', { coin: 'USDT', chain: 'TRC20', amount: '20', clientOid: 'x' }],
    ];
    for (const path of reads) {
      const { status, reply } = await send(stranger, path);
      expect([status, reply.code], path).toEqual([401, '00005']);
    }
    for (const [path, body] of writes) {
      const { status, reply } = await send(stranger, path, body);
      expect([status, reply.code], path).toEqual([401, '00005']);
    }
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM trade_accounts').get()).toEqual({ n: 0 });
  });
});
