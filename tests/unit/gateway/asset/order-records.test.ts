import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fillsParams,
  fillsSql,
  NEXT_OF_ORDER_SQL,
  ordersParams,
  ordersSql,
} from '../../../../gateway/asset/order-records';
import { systemLine, userLine } from '../../../../gateway/money/ledger-lines';
import { newOrderRecord, type OrderStatus } from '../../../../gateway/trading/order-store';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';
import { D } from './asset-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

type Page = { rows: Record<string, string>[]; next: string | null };

/** Every row of a record list, page after page. */
async function allPages(trader: Trader, path: string, limit: number): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await trader.ok(
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

/** A signed-in user whose paper accounts exist. */
async function trader(email: string): Promise<Trader> {
  const browser = await h.trader(email);
  await browser.ok('/v1/asset/overview');
  return browser;
}

const STATUSES: OrderStatus[] = ['live', 'partially_filled', 'filled', 'cancelled'];
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];

/** Stores `count` orders of the user straight in the order store, cycling markets, symbols and statuses. */
function storeOrders(userId: string, count: number): void {
  const { ctx } = h.trading;
  ctx.db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const order = newOrderRecord({
        orderId: ctx.newOrderId(),
        userId,
        market: i % 3 === 0 ? 'futures' : 'spot',
        symbol: SYMBOLS[i % 2]!,
        now: h.clock.now + i,
        request: {
          clientOid: '',
          side: 'buy',
          orderType: 'limit',
          force: 'gtc',
          price: 100n,
          size: 1n,
          triggerPrice: null,
        },
      });
      order.status = STATUSES[i % 4]!;
      ctx.orders.insert(order);
    }
  })();
}

/** The user's orders straight from the table, newest first, as `market symbol status orderId`. */
function storedOrders(userId: string): string[] {
  return (
    h.db
      .prepare('SELECT market, symbol, status, order_id FROM trade_orders WHERE user_id = ? ORDER BY seq DESC')
      .all(userId) as { market: string; symbol: string; status: string; order_id: string }[]
  ).map((o) => `${o.market} ${o.symbol} ${o.status} ${o.order_id}`);
}

const key = (row: Record<string, string>) => `${row.market} ${row.symbol} ${row.status} ${row.orderId}`;

describe('GET /v1/asset/orders', () => {
  it('pages through thousands of orders of both markets newest first, each exactly once, with every filter', async () => {
    const ann = await trader('ann@example.com');
    const bob = await trader('bob@example.com');
    storeOrders(ann.userId, 2400);
    storeOrders(bob.userId, 30);
    const expected = storedOrders(ann.userId);
    expect((await allPages(ann, '/v1/asset/orders', 100)).map(key)).toEqual(expected);
    const only = (predicate: (k: string) => boolean) => expected.filter(predicate);
    expect((await allPages(ann, '/v1/asset/orders?market=futures', 97)).map(key)).toEqual(
      only((k) => k.startsWith('futures ')),
    );
    expect((await allPages(ann, '/v1/asset/orders?market=spot&symbol=ETHUSDT&status=filled', 100)).map(key)).toEqual(
      only((k) => k.startsWith('spot ETHUSDT filled ')),
    );
    expect((await allPages(ann, '/v1/asset/orders?symbol=BTCUSDT&status=live', 100)).map(key)).toEqual(
      only((k) => k.includes(' BTCUSDT live ')),
    );
    const from = h.clock.now + 100;
    const to = h.clock.now + 199;
    const ranged = await allPages(ann, `/v1/asset/orders?from=${from}&to=${to}`, 100);
    expect(ranged).toHaveLength(100);
    expect(ranged.every((r) => Number(r.cTime) >= from && Number(r.cTime) <= to)).toBe(true);
  });

  it('shows each order in the trade routes’ shape plus its market, and never another user’s', async () => {
    const ann = await trader('ann@example.com');
    const bob = await trader('bob@example.com');
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.001000',
    });
    await ann.ok('/v1/trade/mix/place-order', {
      symbol: 'ETHUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'market',
      size: '0.10',
    });
    const [futures, spot] = (await ann.ok('/v1/asset/orders')).rows;
    const spotHistory = (await ann.ok('/v1/trade/spot/history-orders'))[0];
    expect(spot).toEqual({ ...spotHistory, market: 'spot' });
    expect(futures).toMatchObject({ market: 'futures', symbol: 'ETHUSDT', marginMode: 'crossed', status: 'filled' });
    for (const query of ['', `?userId=${ann.userId}`, `?user_id=${ann.userId}&market=spot`])
      expect((await bob.ok(`/v1/asset/orders${query}`)).rows).toEqual([]);
  });

  it('refuses with 40002 naming the field for a bad market, status, symbol, time, cursor or limit', async () => {
    const ann = await trader('ann@example.com');
    for (const [query, field] of [
      ['market=margin', 'market'],
      ['status=open', 'status'],
      ['symbol=btc-usdt', 'symbol'],
      ['from=x', 'from'],
      ['from=5&to=4', 'to'],
      ['cursor=-1', 'cursor'],
      ['limit=500', 'limit'],
    ]) {
      const res = await ann.request(`/v1/asset/orders?${query}`);
      const reply = await res.json();
      expect([res.status, reply.status, reply.code], query).toEqual([200, 'error', '40002']);
      expect(reply.msg, query).toContain(field);
    }
  });

  it('reads a page on an index in seq order whatever the filters, never sorting the history', () => {
    for (const market of [undefined, 'spot'] as const)
      for (const symbol of [undefined, 'BTCUSDT'])
        for (const status of [undefined, 'live'] as const)
          for (const [from, to] of [
            [undefined, undefined],
            [1, 2],
          ] as const)
            for (const before of [undefined, 10]) {
              const query = { market, symbol, status, from, to, before, limit: 50 };
              const plan = (
                h.db.prepare(`EXPLAIN QUERY PLAN ${ordersSql(query)}`).all(ordersParams('u', query)) as {
                  detail: string;
                }[]
              ).map((step) => step.detail);
              expect(plan, JSON.stringify(query)).toHaveLength(1);
              expect(plan[0], JSON.stringify(query)).toMatch(
                /^SEARCH trade_orders USING INDEX trade_orders_user\w* \(user_id=\?/,
              );
            }
  });
});

/** Posts one synthetic spot fill of the user: the trade entry, then its fee entry unless the fee is zero. */
function postFill(
  userId: string,
  orderId: string,
  side: 'buy' | 'sell',
  size: bigint,
  value: bigint,
  fee: bigint,
  at: number,
) {
  const { accounts } = h.trading.ctx;
  const sign = side === 'buy' ? 1n : -1n;
  const entry = { userId, ref: orderId, symbol: 'BTCUSDT', at };
  accounts.post({
    ...entry,
    kind: 'trade',
    lines: [
      userLine(userId, 'spot', 'USDT', -sign * value),
      systemLine('market', 'USDT', sign * value),
      userLine(userId, 'spot', 'BTC', sign * size),
      systemLine('market', 'BTC', -sign * size),
    ],
  });
  if (fee > 0n)
    accounts.post({
      ...entry,
      kind: 'fee',
      lines: [userLine(userId, 'spot', 'USDT', -fee), systemLine('fees', 'USDT', fee)],
    });
}

describe('GET /v1/asset/fills', () => {
  it('reads real fills from the ledger: per order their sizes, values and fees add up to the order’s', async () => {
    const ann = await trader('ann@example.com');
    for (const [symbol, side, size] of [
      ['BTCUSDT', 'buy', '0.050000'],
      ['ETHUSDT', 'buy', '0.5000'],
      ['BTCUSDT', 'sell', '0.020000'],
    ] as const)
      await ann.ok('/v1/trade/spot/place-order', { symbol, side, orderType: 'market', size });
    const fills = await allPages(ann, '/v1/asset/fills', 100);
    const orders = await ann.ok('/v1/trade/spot/history-orders');
    expect(new Set(fills.map((f) => f.orderId))).toEqual(new Set(orders.map((o: { orderId: string }) => o.orderId)));
    for (const order of orders) {
      const own = fills.filter((f) => f.orderId === order.orderId);
      const sum = (field: string) => own.reduce((total, f) => total.plus(f[field]!), new D(0));
      expect(sum('size').eq(order.baseVolume), order.symbol).toBe(true);
      expect(sum('value').eq(order.quoteVolume), order.symbol).toBe(true);
      expect(sum('fee').eq(order.fee), order.symbol).toBe(true);
      for (const fill of own) {
        // The fee is paid in the coin the fill delivered: a buy's base coin, a sell's USDT; the order names the same.
        const spec = h.simulator.getInstrument('SPOT', order.symbol)!;
        const feeCoin = order.side === 'buy' ? spec.baseCoin : 'USDT';
        expect(fill).toMatchObject({ symbol: order.symbol, side: order.side, feeCoin });
        expect(order.feeCoin).toBe(feeCoin);
        const price = new D(fill.value!).div(fill.size!).toDecimalPlaces(spec.pricePlace, D.ROUND_HALF_UP);
        expect(fill.price).toBe(price.toFixed(spec.pricePlace));
      }
    }
    expect((await allPages(ann, '/v1/asset/fills?side=sell', 100)).every((f) => f.side === 'sell')).toBe(true);
    expect((await allPages(ann, '/v1/asset/fills?symbol=ETHUSDT', 100)).every((f) => f.symbol === 'ETHUSDT')).toBe(
      true,
    );
  });

  it('pairs each trade with its own fee entry: none when the fee was nothing, never a later fill’s or another order’s', async () => {
    const ann = await trader('ann@example.com');
    const at = h.clock.now;
    postFill(ann.userId, '111', 'buy', 1000n, 6_800_000n, 0n, at);
    postFill(ann.userId, '222', 'buy', 2000n, 13_600_000n, 13_600n, at);
    postFill(ann.userId, '111', 'buy', 3000n, 20_400_000n, 20_400n, at);
    postFill(ann.userId, '111', 'sell', 500n, 3_400_000n, 0n, at);
    const fills = await allPages(ann, '/v1/asset/fills', 100);
    expect(fills.map((f) => [f.orderId, f.side, f.size, f.value, f.fee, f.price])).toEqual([
      ['111', 'sell', '0.000005', '0.03400000', '0.00000000', '6800.00'],
      ['111', 'buy', '0.000030', '0.20400000', '0.00020400', '6800.00'],
      ['222', 'buy', '0.000020', '0.13600000', '0.00013600', '6800.00'],
      ['111', 'buy', '0.000010', '0.06800000', '0.00000000', '6800.00'],
    ]);
  });

  it('pages through thousands of fills newest first, by side, symbol and time, and shows a user only their own', async () => {
    const ann = await trader('ann@example.com');
    const bob = await trader('bob@example.com');
    h.trading.ctx.db.transaction(() => {
      for (let i = 0; i < 2200; i += 1)
        postFill(
          ann.userId,
          String(1000 + (i % 7)),
          i % 5 === 4 ? 'sell' : 'buy',
          100n,
          680_000n,
          680n,
          h.clock.now + i,
        );
      postFill(bob.userId, '999', 'buy', 100n, 680_000n, 680n, h.clock.now);
    })();
    const rows = await allPages(ann, '/v1/asset/fills', 100);
    expect(rows).toHaveLength(2200);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rows.every((r) => r.fee === '0.00000680')).toBe(true);
    const sells = await allPages(ann, '/v1/asset/fills?side=sell', 33);
    expect(sells.map((r) => r.id)).toEqual(rows.filter((r) => r.side === 'sell').map((r) => r.id));
    expect(await allPages(ann, '/v1/asset/fills?symbol=ETHUSDT', 100)).toEqual([]);
    const ranged = await allPages(ann, `/v1/asset/fills?from=${h.clock.now + 10}&to=${h.clock.now + 19}`, 4);
    expect(ranged.map((r) => Number(r.time))).toEqual(Array.from({ length: 10 }, (_, i) => h.clock.now + 19 - i));
    const bobs = await allPages(bob, `/v1/asset/fills?userId=${ann.userId}`, 100);
    expect(bobs.map((r) => r.orderId)).toEqual(['999']);
  });

  it('walks the user’s trade entries on their index, and finds a fill’s fee on the order’s, never sorting', () => {
    for (const symbol of [undefined, 'BTCUSDT'])
      for (const [from, to] of [
        [undefined, undefined],
        [1, 2],
      ] as const)
        for (const before of [undefined, 10]) {
          const query = { symbol, from, to, before };
          const plan = (
            h.db.prepare(`EXPLAIN QUERY PLAN ${fillsSql(query)}`).all(fillsParams('u', query)) as { detail: string }[]
          ).map((step) => step.detail);
          expect(plan, JSON.stringify(query)).toHaveLength(2);
          expect(plan[0], JSON.stringify(query)).toMatch(
            /^SEARCH e USING INDEX ledger_entries_user_kind \(user_id=\? AND kind=\?/,
          );
          expect(plan[1], JSON.stringify(query)).toMatch(/^SEARCH l USING INDEX ledger_lines_entry/);
        }
    const fee = (
      h.db.prepare(`EXPLAIN QUERY PLAN ${NEXT_OF_ORDER_SQL}`).all({ user: 'u', ref: '1', seq: 1 }) as {
        detail: string;
      }[]
    ).map((step) => step.detail);
    expect(fee[0]).toMatch(/^SEARCH e USING INDEX ledger_entries_ref \(ref=\? AND seq>\?\)/);
    expect(fee.some((step) => step.includes('TEMP B-TREE'))).toBe(false);
  });
});
