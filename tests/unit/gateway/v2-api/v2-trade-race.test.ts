import type { Database } from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MONEY_PLACES } from '../../../../gateway/money/money-units';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_ASSETS_PATH } from '../../../../gateway/v2-api/spot-account-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { SPOT_WALLET_PATHS as W } from '../../../../gateway/v2-api/spot-wallet-routes';
import { V2_BULK_PATHS as B } from '../../../../gateway/v2-api/v2-bulk-routes';
import { V2_ORDER_EDIT_PATHS as E } from '../../../../gateway/v2-api/v2-order-edit-routes';
import { V2_RATE_LIMITS } from '../../../../gateway/v2-api/v2-rate-limits';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { tempDir } from '../support';
import {
  createKey,
  killStarted,
  readDatabase,
  type SocketClient,
  type SocketReply,
  socketClient,
  stopGateway,
  startGateway,
} from './v2-socket-support';

/**
 * Many v2 trading requests for the same money at once, over a real socket: a gateway process (gateway/main.ts, its own
 * data directory, the API's per-route limits on) takes 30 signed calls of one bulk route at the same time. The
 * per-account limit of the route lets some through in each second and answers the rest HTTP 429 (code 429); of those
 * let through, only one may take the money or the position, and the ledger still balances when the gateway has
 * stopped.
 */

const PARALLEL = 30;
const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' } as const;
const BTC_M = { ...USDT_M, symbol: 'BTCUSDT' } as const;

let removeDir: (() => void) | null = null;
afterEach(() => {
  killStarted();
  removeDir?.();
  removeDir = null;
});

/** A fresh gateway with the seeded demo account's key (spot and futures trading) and its user id. */
async function setUp(prefix: string) {
  const dir = tempDir(prefix);
  removeDir = dir.remove;
  const gateway = await startGateway(dir.path, { rateLimits: true });
  const key = await createKey(dir.path, ['spot_trade', 'futures_trade']);
  const api = socketClient(gateway.url, key);
  const userId = String(ok(await settled(() => api.get(W.accountInfo))).userId);
  return { dir, gateway, api, userId };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one request of the test's own setup or reads, again after the second has passed if the limit refused it. */
async function settled(send: () => Promise<SocketReply>): Promise<SocketReply> {
  for (;;) {
    const reply = await send();
    if (reply.status !== 429) return reply;
    await pause(1_100);
  }
}

/** The reply's data, after checking it succeeded. */
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
function ok(reply: SocketReply): any {
  expect(reply.reply.code, reply.reply.msg).toBe('00000');
  return reply.reply.data;
}

/**
 * Sends `count` requests at once (each its own connection) and sorts the replies: those the route's limit let through,
 * and the number it refused (every one HTTP 429 with the exchange's code 429). The limit is counted per second of the
 * gateway's clock, so a burst that crosses a second's edge may let through up to the limit in each second it touches:
 * at least the limit (or all), at most the limit for every second the burst lasted, plus one.
 */
async function burst(path: string, count: number, send: (i: number) => Promise<SocketReply>) {
  const began = performance.now();
  const replies = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const seconds = Math.floor((performance.now() - began) / 1000) + 2;
  const limit = V2_RATE_LIMITS[path]!;
  const through = replies.filter((r) => r.status !== 429);
  const limited = replies.filter((r) => r.status === 429);
  expect(limited.map((r) => `${r.status} ${r.reply.code}`)).toEqual(limited.map(() => '429 429'));
  expect(through.length + limited.length).toBe(count);
  expect(through.length).toBeGreaterThanOrEqual(Math.min(limit, count));
  expect(through.length).toBeLessThanOrEqual(Math.min(count, limit * seconds));
  return { through, made: through.filter((r) => r.reply.code === '00000'), limit };
}

/**
 * Of the batches of two let through (a batch answers 00000 with its per-order results), the one placed whole: every
 * order of the others is refused with `code`. Answers the placed orders' ids, sorted.
 */
function oneBatchPlaced(made: SocketReply[], through: SocketReply[], code: string): string[] {
  expect(made).toHaveLength(through.length);
  const placed = made.filter((r) => r.reply.data.successList.length > 0);
  expect(placed).toHaveLength(1);
  expect(placed[0]!.reply.data.successList).toHaveLength(2);
  expect(placed[0]!.reply.data.failureList).toEqual([]);
  const failures = made
    .filter((r) => r !== placed[0])
    .flatMap((r) => {
      expect(r.reply.data.successList).toEqual([]);
      return (r.reply.data.failureList as { errorCode: string }[]).map((f) => f.errorCode);
    });
  expect(failures).toEqual(Array.from({ length: 2 * (through.length - 1) }, () => code));
  return (placed[0]!.reply.data.successList as { orderId: string }[]).map((o) => o.orderId).sort();
}

/** The account's spot USDT (available, frozen) and its futures account (available, locked). */
async function holdings(api: SocketClient) {
  const spot = ok(await settled(() => api.get(SPOT_ASSETS_PATH, { coin: 'USDT' })));
  const [mix] = ok(await settled(() => api.get(A.accounts, { productType: 'USDT-FUTURES' })));
  const [row = { available: '0.00000000', frozen: '0.00000000' }] = spot as { available: string; frozen: string }[];
  return {
    spot: row.available as string,
    spotFrozen: row.frozen as string,
    futures: mix.available as string,
    futuresLocked: mix.locked as string,
  };
}

/** `by` times the last price of a spot pair or perpetual, cut to `places`. */
async function priceBy(url: string, market: 'spot' | 'mix', by: string, places: number): Promise<string> {
  const path =
    market === 'spot'
      ? '/api/v2/spot/market/tickers?symbol=BTCUSDT'
      : '/api/v2/mix/market/ticker?symbol=BTCUSDT&productType=USDT-FUTURES';
  const ticker = (await (await fetch(`${url}${path}`)).json()) as { data: { lastPr: string }[] };
  return new Decimal(ticker.data[0]!.lastPr).times(by).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places);
}

/** After the gateway stopped: the ledger balances and every stored balance is its ledger sum. */
function expectSoundDatabase(dataDir: string, more?: (db: Database) => void) {
  readDatabase(dataDir, (db) => {
    expect(unbalancedEntries(db)).toEqual([]);
    expect(balanceMismatches(db)).toEqual([]);
    const negative = db.prepare("SELECT coin FROM trade_balances WHERE available LIKE '-%' OR frozen LIKE '-%'").all();
    expect(negative).toEqual([]);
    more?.(db);
  });
}

const units = (amount: string) => new Decimal(amount).div(new Decimal(10).pow(MONEY_PLACES));

/** The user's futures ledger lines of one entry kind, summed, with the orders (refs) they came from. */
function ledgerOf(db: Database, userId: string, kind: string) {
  const rows = db
    .prepare(
      `SELECT e.ref AS ref, l.amount AS amount FROM ledger_lines l JOIN ledger_entries e ON e.seq = l.entry_seq
       WHERE e.kind = ? AND l.owner = ? AND l.account = 'futures'`,
    )
    .all(kind, userId) as { ref: string; amount: string }[];
  return {
    sum: rows.reduce((total, r) => total.plus(units(r.amount)), new Decimal(0)),
    refs: rows.filter((r) => r.amount !== '0').map((r) => r.ref),
  };
}

function walletOf(db: Database, userId: string): Decimal {
  const wallet = db.prepare('SELECT futures_wallet FROM trade_accounts WHERE user_id = ?').pluck().get(userId);
  return units(wallet as string);
}

describe('30 v2 bulk trading calls at once for the same money, over a socket', () => {
  it('spot batch-orders: of the batches let through, one is placed whole; every other order is refused for the balance', async () => {
    const { dir, gateway, api, userId } = await setUp('v2-race-spot-batch-');
    const start = await holdings(api);
    expect(start.spotFrozen).toBe('0.00000000');
    const price = await priceBy(gateway.url, 'spot', '0.8', 2);
    // Two orders a batch, each holding 49.5% of the balance: one batch fits, and nothing of a second.
    const size = new Decimal(start.spot).times('0.495').div(price).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
    const held = new Decimal(price).times(size).times(2);

    const { through, made, limit } = await burst(S.batchOrders, PARALLEL, (i) =>
      api.post(S.batchOrders, {
        symbol: 'BTCUSDT',
        orderList: [0, 1].map((n) => ({
          side: 'buy',
          orderType: 'limit',
          force: 'gtc',
          price,
          size,
          clientOid: `batch-${i}-${n}`,
        })),
      }),
    );
    expect(limit).toBe(5);
    const placed = oneBatchPlaced(made, through, '43012');
    const open = ok(await settled(() => api.get(S.unfilledOrders, { symbol: 'BTCUSDT' }))) as { orderId: string }[];
    expect(open.map((o) => o.orderId).sort()).toEqual(placed);
    const end = await holdings(api);
    expect(end.spotFrozen).toBe(held.toFixed(8));
    expect(end.spot).toBe(new Decimal(start.spot).minus(held).toFixed(8));

    await stopGateway(gateway);
    expectSoundDatabase(dir.path, (db) => {
      expect(
        db.prepare("SELECT COUNT(*) FROM trade_orders WHERE user_id = ? AND market = 'spot'").pluck().get(userId),
      ).toBe(2);
    });
  }, 180_000);

  it('mix batch-place-order: of the batches let through, one is placed whole; every other order is refused for the margin', async () => {
    const { dir, gateway, api, userId } = await setUp('v2-race-mix-batch-');
    ok(await settled(() => api.post(A.setLeverage, { ...BTC_M, leverage: '10' })));
    const start = await holdings(api);
    expect(start.futuresLocked).toBe('0.00000000');
    const price = await priceBy(gateway.url, 'mix', '0.8', 1);
    // Two orders a batch, each holding about 49.5% of the available margin at 10x: one batch fits, nothing of a second.
    const size = new Decimal(start.futures).times('4.95').div(price).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    // Margin is value / 10, exact here (a tenth of a price of 1 place times a size of 4 places).
    const one = new Decimal(price).times(size).div(10);

    const { through, made, limit } = await burst(E.mixBatchPlace, PARALLEL, (i) =>
      api.post(E.mixBatchPlace, {
        ...BTC_M,
        marginMode: 'crossed',
        orderList: [0, 1].map((n) => ({
          side: 'buy',
          orderType: 'limit',
          force: 'gtc',
          price,
          size,
          clientOid: `batch-${i}-${n}`,
        })),
      }),
    );
    expect(limit).toBe(5);
    const placed = oneBatchPlaced(made, through, '40762');
    const pending = ok(await settled(() => api.get(O.ordersPending, USDT_M)));
    expect((pending.entrustedList as { orderId: string }[]).map((o) => o.orderId).sort()).toEqual(placed);
    const end = await holdings(api);
    expect(end.futuresLocked).toBe(one.times(2).toFixed(8));
    expect(end.futures).toBe(new Decimal(start.futures).minus(end.futuresLocked).toFixed(8));

    await stopGateway(gateway);
    expectSoundDatabase(dir.path, (db) => {
      expect(
        db.prepare("SELECT COUNT(*) FROM trade_orders WHERE user_id = ? AND market = 'futures'").pluck().get(userId),
      ).toBe(2);
      expect(walletOf(db, userId).toFixed(8)).toBe(new Decimal(start.futures).toFixed(8));
    });
  }, 180_000);

  it('mix cancel-all-orders: each resting order is cancelled by one call only, and its margin comes back once', async () => {
    const { dir, gateway, api, userId } = await setUp('v2-race-mix-cancel-');
    const start = await holdings(api);
    const below = await priceBy(gateway.url, 'mix', '0.8', 1);
    const above = await priceBy(gateway.url, 'mix', '1.2', 1);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const order = ok(
        await settled(() =>
          api.post(O.placeOrder, {
            ...BTC_M,
            marginMode: 'crossed',
            side: i % 2 === 0 ? 'buy' : 'sell',
            orderType: 'limit',
            force: 'gtc',
            price: i % 2 === 0 ? below : above,
            size: `0.0${i + 1}00`,
            clientOid: `rest-${i}`,
          }),
        ),
      );
      ids.push(order.orderId);
    }
    expect(new Decimal((await holdings(api)).futuresLocked).gt(0)).toBe(true);

    const { through, made, limit } = await burst(E.mixCancelAll, PARALLEL, () =>
      api.post(E.mixCancelAll, { ...USDT_M, symbol: 'BTCUSDT' }),
    );
    expect(limit).toBe(10);
    expect(made).toHaveLength(through.length);
    const cancelled = made.flatMap((r) => (r.reply.data.successList as { orderId: string }[]).map((o) => o.orderId));
    expect(cancelled.sort()).toEqual([...ids].sort());
    expect(made.flatMap((r) => r.reply.data.failureList)).toEqual([]);
    expect(ok(await settled(() => api.get(O.ordersPending, USDT_M))).entrustedList ?? []).toEqual([]);
    expect(await holdings(api)).toEqual(start);

    await stopGateway(gateway);
    expectSoundDatabase(dir.path, (db) => {
      const states = db
        .prepare("SELECT status FROM trade_orders WHERE user_id = ? AND market = 'futures'")
        .pluck()
        .all(userId);
      expect(states).toEqual(ids.map(() => 'cancelled'));
      expect(walletOf(db, userId).toFixed(8)).toBe(new Decimal(start.futures).toFixed(8));
    });
  }, 180_000);

  it('mix close-positions: the position is closed once, by one close order, its PnL entered once', async () => {
    const { dir, gateway, api, userId } = await setUp('v2-race-mix-close-');
    const start = await holdings(api);
    const opened = ok(
      await settled(() =>
        api.post(O.placeOrder, {
          ...BTC_M,
          marginMode: 'crossed',
          side: 'buy',
          orderType: 'market',
          size: '0.0500',
          clientOid: 'open-1',
        }),
      ),
    );

    const { through, made, limit } = await burst(B.mixClosePositions, PARALLEL, () =>
      api.post(B.mixClosePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' }),
    );
    expect(limit).toBe(1);
    expect(made).toHaveLength(1);
    // Any other let through (the burst crossed a second) found no position left.
    expect(through.filter((r) => r !== made[0]).map((r) => `${r.status} ${r.reply.code}`)).toEqual(
      Array.from({ length: through.length - 1 }, () => '400 22002'),
    );
    const [close] = made[0]!.reply.data.successList as { orderId: string }[];
    expect(ok(await settled(() => api.get(A.allPosition, USDT_M)))).toEqual([]);
    const history = ok(await settled(() => api.get(O.ordersHistory, { ...USDT_M, limit: '100' })));
    const orders = history.entrustedList as { orderId: string; status: string; totalProfits: string; fee: string }[];
    expect(orders.map((o) => o.orderId).sort()).toEqual([opened.orderId, close!.orderId].sort());
    const closeOrder = orders.find((o) => o.orderId === close!.orderId)!;
    expect(closeOrder.status).toBe('filled');
    // Fees are shown as charges (negative).
    const fees = orders.reduce((total, o) => total.plus(o.fee), new Decimal(0));
    const end = await holdings(api);
    expect(end.futuresLocked).toBe('0.00000000');

    await stopGateway(gateway);
    expectSoundDatabase(dir.path, (db) => {
      const pnl = ledgerOf(db, userId, 'realized_pnl');
      expect(pnl.sum.toFixed(8)).toBe(new Decimal(closeOrder.totalProfits).toFixed(8));
      expect(pnl.refs.every((ref) => ref === close!.orderId)).toBe(true);
      expect(ledgerOf(db, userId, 'fee').sum.toFixed(8)).toBe(fees.toFixed(8));
      // The wallet: the start, less the fees, plus the one PnL (and a funding settlement, should one fall in the test).
      const funding = ledgerOf(db, userId, 'funding').sum;
      expect(end.futures).toBe(
        new Decimal(start.futures).plus(fees).plus(closeOrder.totalProfits).plus(funding).toFixed(8),
      );
      expect(walletOf(db, userId).toFixed(8)).toBe(end.futures);
      expect(db.prepare('SELECT COUNT(*) FROM trade_positions WHERE user_id = ?').pluck().get(userId)).toBe(0);
    });
  }, 180_000);

  it('mix click-backhand: every reversal let through is whole; one position of the original size remains', async () => {
    const { dir, gateway, api, userId } = await setUp('v2-race-mix-backhand-');
    const start = await holdings(api);
    const opened = ok(
      await settled(() =>
        api.post(O.placeOrder, {
          ...BTC_M,
          marginMode: 'crossed',
          side: 'buy',
          orderType: 'market',
          size: '0.0400',
          clientOid: 'open-1',
        }),
      ),
    );

    const { through, made, limit } = await burst(E.mixReversal, PARALLEL, (i) =>
      api.post(E.mixReversal, { ...BTC_M, size: '0.0400', clientOid: `flip-${i}` }),
    );
    expect(limit).toBe(5);
    // Each call let through finds the position the one before it left, and reverses it.
    expect(made).toHaveLength(through.length);
    const positions = ok(await settled(() => api.get(A.allPosition, USDT_M)));
    expect(positions).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        holdSide: made.length % 2 === 0 ? 'long' : 'short',
        total: '0.0400',
      }),
    ]);
    const history = ok(await settled(() => api.get(O.ordersHistory, { ...USDT_M, limit: '100' })));
    const orders = history.entrustedList as { orderId: string; status: string; fee: string; totalProfits: string }[];
    // The opening order, and a close and an open for each reversal, all filled.
    expect(orders).toHaveLength(1 + 2 * made.length);
    expect(orders.map((o) => o.status)).toEqual(orders.map(() => 'filled'));
    const opens = made.map((r) => r.reply.data.orderId as string);
    expect(new Set(opens).size).toBe(made.length);
    for (const id of [opened.orderId, ...opens]) expect(orders.map((o) => o.orderId)).toContain(id);
    const fees = orders.reduce((total, o) => total.plus(o.fee), new Decimal(0));
    const profits = orders.reduce((total, o) => total.plus(o.totalProfits), new Decimal(0));
    expect(ok(await settled(() => api.get(O.ordersPending, USDT_M))).entrustedList ?? []).toEqual([]);

    await stopGateway(gateway);
    expectSoundDatabase(dir.path, (db) => {
      // The wallet is the start, less every fee, plus every realized PnL, as the orders and the ledger both say.
      const pnl = ledgerOf(db, userId, 'realized_pnl');
      expect(pnl.sum.toFixed(8)).toBe(profits.toFixed(8));
      expect(ledgerOf(db, userId, 'fee').sum.toFixed(8)).toBe(fees.toFixed(8));
      // A funding settlement, should one fall in the test, is the wallet's too.
      const funding = ledgerOf(db, userId, 'funding').sum;
      expect(walletOf(db, userId).toFixed(8)).toBe(
        new Decimal(start.futures).plus(fees).plus(profits).plus(funding).toFixed(8),
      );
      expect(
        db.prepare("SELECT COUNT(*) FROM trade_orders WHERE user_id = ? AND market = 'futures'").pluck().get(userId),
      ).toBe(1 + 2 * made.length);
      expect(db.prepare('SELECT COUNT(*) FROM trade_positions WHERE user_id = ?').pluck().get(userId)).toBe(1);
    });
  }, 180_000);
});
