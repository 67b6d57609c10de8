import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billsParams, billsSql } from '../../../../gateway/asset/asset-ledger';
import { deposit, withdraw } from '../../../../gateway/asset/funds';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';
import { lastOf, transferBody } from './asset-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

type Row = { id: string; time: string; kind: string; account: string; coin: string; amount: string; ref: string };

/** Every bill of the user, page after page, with the page size `limit`. */
async function allPages(trader: Trader, query: string, limit: number): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { rows: Row[]; next: string | null } = await trader.ok(
      `/v1/asset/bills?limit=${limit}${query}${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...page.rows);
    cursor = page.next;
    pages += 1;
  } while (cursor !== null);
  return { rows, pages };
}

/** The user's balance changes straight from the ledger tables: per entry, account (frozen counts as spot) and coin. */
function ledgerRows(userId: string): { id: string; amount: bigint }[] {
  const lines = h.db
    .prepare(
      `SELECT e.seq, l.account, l.coin, l.amount FROM ledger_entries e JOIN ledger_lines l ON l.entry_seq = e.seq
       WHERE l.owner = ? AND e.kind NOT IN ('freeze', 'unfreeze') ORDER BY e.seq DESC, l.rowid`,
    )
    .all(userId) as { seq: number; account: string; coin: string; amount: string }[];
  const rows = new Map<string, bigint>();
  for (const line of lines) {
    const id = `${line.seq}-${line.account === 'futures' ? 'futures' : 'spot'}-${line.coin}`;
    rows.set(id, (rows.get(id) ?? 0n) + BigInt(line.amount));
  }
  return [...rows].filter(([, amount]) => amount !== 0n).map(([id, amount]) => ({ id, amount }));
}

/** Deposits `count` amounts of a coin (0.1 and a few units more each), each a second after the last. */
function deposits(trader: Trader, coin: string, count: number): void {
  for (let i = 0; i < count; i += 1) {
    h.clock.now += 1000;
    deposit(h.trading.ctx, { userId: trader.userId, coin, amount: 10_000_000n + BigInt(i) });
  }
}

describe('GET /v1/asset/bills', () => {
  it('pages through more than 2,000 rows newest first, each row exactly once, an entry never split', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    deposits(ann, 'USDT', 700);
    deposits(bob, 'USDT', 50);
    deposits(ann, 'BTC', 700);
    for (let i = 0; i < 300; i += 1)
      withdraw(h.trading.ctx, { userId: ann.userId, coin: 'USDT', amount: 100_000n, fee: 1_000n });
    for (let i = 0; i < 20; i += 1) {
      await ann.ok('/v1/trade/spot/place-order', {
        symbol: 'BTCUSDT',
        side: i % 2 === 0 ? 'buy' : 'sell',
        orderType: 'market',
        size: '0.000100',
      });
    }
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '10'));
    const expected = ledgerRows(ann.userId);
    expect(expected.length).toBeGreaterThan(2000);

    for (const limit of [100, 37]) {
      const { rows, pages } = await allPages(ann, '', limit);
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(rows.map((r) => BigInt(r.amount.replace('.', '')))).toEqual(expected.map((r) => r.amount));
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / limit));
      // Rows of one entry share a seq; a page boundary between them would show as a seq on two pages.
      const seqs = rows.map((r) => Number(r.id.split('-')[0]));
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    }
  });

  it('reads a page on the user index walking back from the cursor, whatever the filters, never sorting the history', () => {
    for (const coin of [undefined, 'USDT'])
      for (const kind of [undefined, 'fee'] as const)
        for (const account of [undefined, 'spot', 'futures'] as const)
          for (const [from, to] of [
            [undefined, undefined],
            [1, 2],
          ] as const)
            for (const before of [undefined, 10]) {
              const query = { coin, kind, account, from, to, before };
              const plan = (
                h.db.prepare(`EXPLAIN QUERY PLAN ${billsSql(query)}`).all(billsParams('u', query)) as {
                  detail: string;
                }[]
              ).map((step) => step.detail);
              expect(plan[0], JSON.stringify(query)).toMatch(/^SEARCH e USING INDEX ledger_entries_user/);
              expect(plan[1], JSON.stringify(query)).toMatch(/^SEARCH l USING INDEX ledger_lines_entry/);
              expect(plan, JSON.stringify(query)).toHaveLength(2);
            }
  });

  it('shows a user only their own rows and ignores a userId in the query', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    deposits(ann, 'ETH', 3);
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '5'));
    deposits(bob, 'BTC', 2);
    const annRefs = new Set((await allPages(ann, '', 100)).rows.map((r) => r.ref));
    for (const query of ['', `&userId=${ann.userId}`, `&user_id=${ann.userId}&uid=${ann.userId}`]) {
      const { rows } = await allPages(bob, query, 100);
      expect(rows.map((r) => [r.kind, r.coin])).toEqual([
        ['deposit', 'BTC'],
        ['deposit', 'BTC'],
        ['grant', 'USDT'],
        ['grant', 'USDT'],
      ]);
      expect(rows.some((r) => annRefs.has(r.ref) && r.kind !== 'grant')).toBe(false);
    }
    const overview = await bob.ok(`/v1/asset/overview?userId=${ann.userId}`);
    expect(overview.accounts[1]).toMatchObject({ account: 'futures', usdt: '10000.0000' });
  });

  it('filters by coin, kind, account and an inclusive time range', async () => {
    const ann = await h.trader('ann@example.com');
    deposits(ann, 'ETH', 5);
    const times = (await allPages(ann, '&kind=deposit', 100)).rows.map((r) => r.time);
    await ann.ok('/v1/asset/transfer', transferBody('spot', 'futures', '5'));
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'ETHUSDT',
      side: 'sell',
      orderType: 'market',
      size: '0.0010',
    });
    const only = async (query: string) => (await allPages(ann, query, 100)).rows;

    expect((await only('&coin=ETH')).map((r) => r.kind)).toEqual(['trade', ...times.map(() => 'deposit')]);
    expect((await only('&kind=fee')).map((r) => [r.coin, r.account])).toEqual([['USDT', 'spot']]);
    expect((await only('&account=futures')).map((r) => r.kind)).toEqual(['transfer', 'grant']);
    expect((await only('&account=spot&kind=transfer')).map((r) => r.amount)).toEqual(['-5.00000000']);
    expect((await only('&coin=ETH&kind=trade&account=spot')).map((r) => r.amount)).toEqual(['-0.00100000']);
    // times are newest first; from and to are both inclusive.
    expect((await only(`&kind=deposit&from=${times[3]}&to=${times[1]}`)).map((r) => r.time)).toEqual(times.slice(1, 4));
    expect(await only(`&from=${Number(times[0]) + 1}&to=${Number(times[0]) + 1}`)).toEqual([]);
  });

  it('leaves freezes out: a resting order shows nothing until it fills, then its trade and fee', async () => {
    const ann = await h.trader('ann@example.com');
    const price = lastOf(h, 'BGBUSDT').times('0.9').toFixed(4);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '10.0000',
    });
    const ofOrder = async () => (await allPages(ann, '', 100)).rows.filter((r) => r.ref === order.orderId);
    expect(await ofOrder()).toEqual([]);
    expect((await allPages(ann, '&kind=freeze', 100)).rows).toEqual([]);
    h.simulator.jumpPrice('SPOT', 'BGBUSDT', (Number(price) * 0.98).toFixed(4), h.clock.now);
    h.step();
    expect((await ann.ok('/v1/trade/spot/history-orders'))[0]).toMatchObject({ status: 'filled' });
    expect((await ofOrder()).map((r) => [r.kind, r.coin, r.amount])).toEqual([
      // A buy's fee is paid in the BGB it received.
      ['fee', 'BGB', expect.stringMatching(/^-0\.0/)],
      ['trade', 'USDT', `-${(Number(price) * 10).toFixed(8)}`],
      ['trade', 'BGB', '10.00000000'],
    ]);
  });

  it('refuses with 40002 naming the field for a bad coin, kind, account, time, cursor or limit', async () => {
    const ann = await h.trader('ann@example.com');
    for (const [query, field] of [
      ['coin=btc', 'coin'],
      ['coin=BTC-USDT', 'coin'],
      ['kind=bonus', 'kind'],
      ['account=margin', 'account'],
      ['from=yesterday', 'from'],
      ['to=-1', 'to'],
      ['from=20&to=10', 'to'],
      ['cursor=abc', 'cursor'],
      ['cursor=1.5', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
    ]) {
      const res = await ann.request(`/v1/asset/bills?${query}`);
      const reply = await res.json();
      expect([res.status, reply.status, reply.code], query).toEqual([200, 'error', '40002']);
      expect(reply.msg, query).toContain(field);
    }
  });
});
