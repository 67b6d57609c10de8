import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import { MIGRATIONS } from '../../../../gateway/migrations';
import { createFuturesFillStore } from '../../../../gateway/trading/futures-fill-store';
import { createPositionStore } from '../../../../gateway/trading/position-store';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_POSITION_PATHS as P } from '../../../../gateway/v2-api/mix-position-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { type KeyHarness, makeKeyHarness } from '../api-keys/apikey-support';
import { T0, tempDir } from '../support';
import { ok, priceNear, type V2Client, v2Client } from './v2-trade-support';

/*
 * USDT-M fills one by one: `GET /api/v2/mix/order/fills` lists each fill of an order at its own price with its own
 * tradeId (the one the `fill` channel pushes), and a closed position's open and close fees are what its opening and
 * closing fills paid, not one total shared by value.
 */

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };
const BTC_M = { ...USDT_M, symbol: 'BTCUSDT' };

let h: KeyHarness;
let clock: { now: number };
let alice: V2Client;
let bob: V2Client;
beforeEach(async () => {
  clock = { now: T0 };
  h = makeKeyHarness({ clock, started: true });
  alice = await v2Client(h, await h.account('alice@example.com'), ['futures_trade']);
  bob = await v2Client(h, await h.account('bob@example.com'), ['futures_trade']);
});
afterEach(() => h.close());

interface FillRow {
  tradeId: string;
  orderId: string;
  price: string;
  baseVolume: string;
  quoteVolume: string;
  profit: string;
  tradeScope: string;
  feeDetail: Array<{ feeCoin: string; totalFee: string }>;
}

const fillsOf = async (client: V2Client, query: Record<string, string> = {}) =>
  ok(await client.get(O.fills, { ...USDT_M, symbol: 'BTCUSDT', ...query })) as { fillList: FillRow[]; endId: string };

const orderOf = async (client: V2Client, orderId: string) =>
  ok(await client.get(O.detail, { ...BTC_M, orderId })) as { fee: string; baseVolume: string; quoteVolume: string };

/** Moves the perpetual's last price (its mark with it) and lets paper trading react. */
function jump(price: string): void {
  h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', price, clock.now);
  clock.now += 250;
  h.simulator.step(clock.now);
}

describe('v2 mix fills, one by one', () => {
  it('lists a market order walking two levels as two fills at the levels’ prices, the same ids the fill store keeps', async () => {
    ok(await alice.post(A.setLeverage, { ...BTC_M, leverage: '100' }));
    const asks = h.simulator.getBook('USDT-FUTURES', 'BTCUSDT', 2)!.asks;
    const size = new Decimal(asks[0]![1]).plus('0.0010').toFixed(4);
    const placed = ok(
      await alice.post(O.placeOrder, { ...BTC_M, marginMode: 'crossed', side: 'buy', orderType: 'market', size }),
    ) as { orderId: string };

    const { fillList, endId } = await fillsOf(alice);
    expect(fillList).toHaveLength(2);
    // Newest first: the second level's part, then the first's.
    const [second, first] = fillList as [FillRow, FillRow];
    expect(first).toMatchObject({ orderId: placed.orderId, price: asks[0]![0], baseVolume: asks[0]![1] });
    expect(second).toMatchObject({ orderId: placed.orderId, price: asks[1]![0], baseVolume: '0.0010' });
    for (const fill of fillList) expect(fill.tradeScope).toBe('taker');
    expect(BigInt(second.tradeId) > BigInt(first.tradeId)).toBe(true);
    expect(endId).toBe(first.tradeId);
    const kept = h.trading.ctx.futuresFills.ofOrder(placed.orderId).map((fill) => fill.fillId);
    expect([first.tradeId, second.tradeId]).toEqual(kept);

    const order = await orderOf(alice, placed.orderId);
    const total = (field: 'baseVolume' | 'quoteVolume') =>
      fillList.reduce((sum, fill) => sum.plus(fill[field]), new Decimal(0));
    expect(total('baseVolume').eq(order.baseVolume)).toBe(true);
    expect(total('quoteVolume').eq(order.quoteVolume)).toBe(true);
    const fees = fillList.reduce((sum, fill) => sum.plus(fill.feeDetail[0]!.totalFee), new Decimal(0));
    expect(fees.eq(order.fee)).toBe(true);

    // Paged by tradeId, and by order.
    const page = await fillsOf(alice, { limit: '1' });
    expect(page.fillList.map((fill) => fill.tradeId)).toEqual([second.tradeId]);
    const next = await fillsOf(alice, { limit: '1', idLessThan: page.endId });
    expect(next.fillList.map((fill) => fill.tradeId)).toEqual([first.tradeId]);
    expect((await fillsOf(alice, { orderId: placed.orderId })).fillList).toHaveLength(2);
  });

  it('shows another account none of the fills, by its order id or otherwise', async () => {
    const placed = ok(
      await alice.post(O.placeOrder, {
        ...BTC_M,
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.0100',
      }),
    ) as { orderId: string };
    expect((await fillsOf(bob, { orderId: placed.orderId })).fillList).toEqual([]);
    expect((await fillsOf(bob)).fillList).toEqual([]);
    expect((await fillsOf(alice, { orderId: placed.orderId })).fillList).toHaveLength(1);
  });

  it('gives a position opened as a maker and closed as a taker the open fee and close fee each paid', async () => {
    const price = priceNear(h, 'USDT-FUTURES', 'BTCUSDT', 0.99);
    const opened = ok(
      await alice.post(O.placeOrder, {
        ...BTC_M,
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'limit',
        price,
        size: '0.0200',
      }),
    ) as { orderId: string };
    jump(new Decimal(price).times(0.99).toDecimalPlaces(1).toFixed(1));
    const openOrder = await orderOf(alice, opened.orderId);
    expect(openOrder.baseVolume).toBe('0.0200');
    const [maker] = (await fillsOf(alice, { orderId: opened.orderId })).fillList;
    expect(maker).toMatchObject({ tradeScope: 'maker', price });

    const closed = ok(
      await alice.post(O.placeOrder, {
        ...BTC_M,
        marginMode: 'crossed',
        side: 'sell',
        orderType: 'market',
        size: '0.0200',
        reduceOnly: 'YES',
      }),
    ) as { orderId: string };
    const closeOrder = await orderOf(alice, closed.orderId);
    const [taker] = (await fillsOf(alice, { orderId: closed.orderId })).fillList;
    expect(taker!.tradeScope).toBe('taker');

    const { list } = ok(await alice.get(P.historyPosition, { ...USDT_M })) as {
      list: Array<{ openFee: string; closeFee: string; totalFee?: string }>;
    };
    expect(list).toHaveLength(1);
    // The maker rate is below the taker rate, so sharing one total by value would give other figures.
    expect(new Decimal(list[0]!.openFee).eq(openOrder.fee)).toBe(true);
    expect(new Decimal(list[0]!.closeFee).eq(closeOrder.fee)).toBe(true);
    expect(new Decimal(openOrder.fee).div(new Decimal(openOrder.quoteVolume)).abs().toNumber()).toBeLessThan(
      new Decimal(closeOrder.fee).div(new Decimal(closeOrder.quoteVolume)).abs().toNumber(),
    );
  });
});

describe('futures fills migration', () => {
  it('keeps each futures order filled before it as one fill of its totals, and marks partly closed positions', () => {
    const dir = tempDir();
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.id < 420),
      );
      db.prepare("INSERT INTO trade_accounts (user_id, futures_wallet, created_at) VALUES ('u1', '0', 1)").run();
      const order = db.prepare(
        `INSERT INTO trade_orders (order_id, user_id, market, symbol, client_oid, side, order_type, force, size,
           plan_status, status, base_volume, quote_volume, fee, total_profits, c_time, u_time)
         VALUES (?, 'u1', ?, 'BTCUSDT', '', 'buy', 'market', 'gtc', '200', 'none', ?, ?, ?, ?, ?, 1, ?)`,
      );
      order.run('1001', 'futures', 'filled', '200', '1200000000000', '720000000', '-150000000', 5);
      order.run('1002', 'futures', 'partially_filled', '50', '300000000000', '60000000', '0', 3);
      order.run('1003', 'futures', 'live', '0', '0', '0', '0', 2);
      order.run('1004', 'spot', 'filled', '200', '1200000000000', '720000000', '0', 4);
      const position = db.prepare(
        `INSERT INTO trade_positions (user_id, symbol, hold_side, margin_mode, size, open_value, margin, leverage,
           c_time, u_time) VALUES ('u1', ?, 'long', 'crossed', '100', '6000000000', '600000000', 10, 1, 1)`,
      );
      position.run('BTCUSDT');
      position.run('ETHUSDT');
      db.prepare("UPDATE trade_positions SET closed_size = '50' WHERE symbol = 'ETHUSDT'").run();

      expect(runMigrations(db, MIGRATIONS)).toContain(420);
      const fills = createFuturesFillStore(db).after('u1', 0, 10);
      expect(fills).toEqual([
        expect.objectContaining({ orderId: '1002', size: 50n, value: 300000000000n, fee: 60000000n, at: 3 }),
        expect.objectContaining({ orderId: '1001', size: 200n, fee: 720000000n, profit: -150000000n, liquidity: null }),
      ]);
      const positions = createPositionStore(db, () => undefined);
      expect(positions.get('u1', 'BTCUSDT', 'long')!.closeFees).toBe(0n);
      expect(positions.get('u1', 'ETHUSDT', 'long')!.closeFees).toBeNull();
    } finally {
      db.close();
      dir.remove();
    }
  });
});
