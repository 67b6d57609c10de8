import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_PLACES } from '../../../../gateway/money/money-units';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { assetOf, makeTradingHarness, type Reply, type Trader, type TradingHarness } from './trading-support';

/**
 * Many session (/v1) requests for the same money at once: 30 calls sent together (Promise.all) against one account,
 * each needing the whole balance or acting on the same orders or position. Only one may take the money or the
 * position; the others are refused with the exchange's code, and every cent held is given back once. The market is
 * held still (the test clock does not move), so fills see one book.
 */

const PARALLEL = 30;
const MIX = '/v1/trade/mix';
const SPOT = '/v1/trade/spot';
const START = '10000.00000000';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** Sends `count` requests at once and answers every reply. */
function atOnce(count: number, send: (i: number) => Promise<Reply>): Promise<Reply[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** The replies that succeeded, and the codes of the others. */
function split(replies: Reply[]) {
  return {
    made: replies.filter((r) => r.code === '00000'),
    refusals: replies.filter((r) => r.code !== '00000').map((r) => r.code),
  };
}

const times = (count: number, code: string) => Array.from({ length: count }, () => code);

/** A price `by` times the best bid, cut to `places`. */
function belowBid(inst: 'SPOT' | 'USDT-FUTURES', symbol: string, by: string, places: number): string {
  const bid = h.simulator.getBook(inst, symbol, 5)!.bids[0]![0];
  return new Decimal(bid).times(by).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places);
}

/** The ledger is balanced and every stored balance is its ledger sum. */
function expectLedgerSound(): void {
  expect(unbalancedEntries(h.db)).toEqual([]);
  expect(balanceMismatches(h.db)).toEqual([]);
}

/** The trader's futures wallet as stored, 8 decimals. */
function walletOf(trader: Trader): string {
  const row = h.db.prepare('SELECT futures_wallet FROM trade_accounts WHERE user_id = ?').get(trader.userId) as {
    futures_wallet: string;
  };
  return new Decimal(row.futures_wallet).div(new Decimal(10).pow(MONEY_PLACES)).toFixed(8);
}

/** The sum of the trader's futures ledger lines of one entry kind (fee, realized_pnl), 8 decimals. */
function ledgerSum(trader: Trader, kind: string): string {
  const amounts = h.db
    .prepare(
      `SELECT l.amount FROM ledger_lines l JOIN ledger_entries e ON e.seq = l.entry_seq
       WHERE e.kind = ? AND l.owner = ? AND l.account = 'futures'`,
    )
    .pluck()
    .all(kind, trader.userId) as string[];
  return amounts
    .reduce((sum, a) => sum.plus(a), new Decimal(0))
    .div(new Decimal(10).pow(MONEY_PLACES))
    .toFixed(8);
}

type HistoryOrder = { orderId: string; side: string; status: string; fee: string; totalProfits: string };

const sum = (orders: HistoryOrder[], field: 'fee' | 'totalProfits') =>
  orders.reduce((total, o) => total.plus(o[field]), new Decimal(0));

describe('30 spot limit buys at once, each for the whole USDT', () => {
  it('accepts one, refuses 29 with 43004, and holds exactly what the one needs', async () => {
    const ann = await h.trader('ann@example.com');
    expect(await assetOf(ann, 'USDT')).toEqual(expect.objectContaining({ available: START, frozen: '0.00000000' }));
    const price = belowBid('SPOT', 'BTCUSDT', '0.9', 2);
    // The largest size the balance pays for: any two together are far past it.
    const size = new Decimal(START).div(price).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
    const held = new Decimal(price).times(size);
    expect(held.times(2).gt(START)).toBe(true);

    const { made, refusals } = split(
      await atOnce(PARALLEL, (i) =>
        ann.post(`${SPOT}/place-order`, {
          symbol: 'BTCUSDT',
          side: 'buy',
          orderType: 'limit',
          price,
          size,
          clientOid: `whole-${i}`,
        }),
      ),
    );
    expect(made).toHaveLength(1);
    expect(refusals).toEqual(times(PARALLEL - 1, '43004'));
    const open = (await ann.ok(`${SPOT}/open-orders?symbol=BTCUSDT`)) as { orderId: string }[];
    expect(open.map((o) => o.orderId)).toEqual([made[0]!.data.orderId]);
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: new Decimal(START).minus(held).toFixed(8),
      frozen: held.toFixed(8),
    });
    expect(h.db.prepare('SELECT COUNT(*) FROM trade_orders WHERE user_id = ?').pluck().get(ann.userId)).toBe(1);
    expectLedgerSound();
  });
});

describe('30 futures opening orders at once, each for the whole available margin', () => {
  it('accepts one, refuses 29 with 43004, and locks what the one holds', async () => {
    const ann = await h.trader('ann@example.com');
    const before = await ann.ok(`${MIX}/account`);
    expect(before.available).toBe(START);
    await ann.ok(`${MIX}/set-leverage`, { symbol: 'BTCUSDT', leverage: 10 });
    const price = belowBid('USDT-FUTURES', 'BTCUSDT', '0.9', 1);
    // At 10x the margin is value / 10 (rounded up to the quote precision): 99% of the available margin, so any two
    // together are far past it.
    const size = new Decimal(START).times(10).div(price).times('0.99').toDecimalPlaces(4, Decimal.ROUND_DOWN);
    const places = h.trading.ctx.spec('USDT-FUTURES', 'BTCUSDT').quotePrecision;
    const margin = new Decimal(price).times(size).div(10).toDecimalPlaces(places, Decimal.ROUND_UP);
    expect(margin.times(2).gt(START)).toBe(true);

    const { made, refusals } = split(
      await atOnce(PARALLEL, (i) =>
        ann.post(`${MIX}/place-order`, {
          symbol: 'BTCUSDT',
          productType: 'USDT-FUTURES',
          marginMode: 'crossed',
          side: 'buy',
          orderType: 'limit',
          price,
          size: size.toFixed(4),
          clientOid: `whole-${i}`,
        }),
      ),
    );
    expect(made).toHaveLength(1);
    expect(refusals).toEqual(times(PARALLEL - 1, '43004'));
    const open = (await ann.ok(`${MIX}/open-orders?symbol=BTCUSDT`)) as { orderId: string }[];
    expect(open.map((o) => o.orderId)).toEqual([made[0]!.data.orderId]);
    const after = await ann.ok(`${MIX}/account`);
    // The one order holds its margin (and no more); the wallet itself is untouched until a fill.
    const locked = new Decimal(START).minus(after.available);
    expect(locked.toFixed(8)).toBe(margin.toFixed(8));
    expect(walletOf(ann)).toBe(START);
    await ann.ok(`${MIX}/cancel-order`, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      orderId: made[0]!.data.orderId,
    });
    expect((await ann.ok(`${MIX}/account`)).available).toBe(START);
    expectLedgerSound();
  });
});

describe('30 cancel-all-orders at once over the same resting orders', () => {
  it('spot: cancels each order once, in one reply only, and gives every held cent back once', async () => {
    const ann = await h.trader('ann@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const order = await ann.ok(`${SPOT}/place-order`, {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        price: belowBid('SPOT', 'BTCUSDT', '0.9', 2),
        size: `0.00${i + 1}000`,
      });
      ids.push(order.orderId);
    }
    expect(new Decimal((await assetOf(ann, 'USDT')).frozen).gt(0)).toBe(true);

    const replies = await atOnce(PARALLEL, () => ann.post(`${SPOT}/cancel-all-orders`, { symbol: 'BTCUSDT' }));
    expect(replies.map((r) => r.code)).toEqual(times(PARALLEL, '00000'));
    const cancelled = replies.flatMap((r) => (r.data.successList as { orderId: string }[]).map((o) => o.orderId));
    expect(cancelled.sort()).toEqual([...ids].sort());
    expect(replies.flatMap((r) => r.data.failureList)).toEqual([]);
    expect(await ann.ok(`${SPOT}/open-orders?symbol=BTCUSDT`)).toEqual([]);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: START, frozen: '0.00000000' });
    const states = h.db
      .prepare('SELECT status FROM trade_orders WHERE user_id = ?')
      .pluck()
      .all(ann.userId) as string[];
    expect(states).toEqual(times(ids.length, 'cancelled'));
    expectLedgerSound();
  });

  it('futures: cancels each order once, in one reply only, and releases every held cent once', async () => {
    const ann = await h.trader('ann@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const order = await ann.ok(`${MIX}/place-order`, {
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        side: i % 2 === 0 ? 'buy' : 'sell',
        orderType: 'limit',
        price:
          i % 2 === 0 ? belowBid('USDT-FUTURES', 'BTCUSDT', '0.9', 1) : belowBid('USDT-FUTURES', 'BTCUSDT', '1.1', 1),
        size: `0.0${i + 1}00`,
      });
      ids.push(order.orderId);
    }
    expect(new Decimal((await ann.ok(`${MIX}/account`)).available).lt(START)).toBe(true);

    const replies = await atOnce(PARALLEL, () =>
      ann.post(`${MIX}/cancel-all-orders`, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }),
    );
    expect(replies.map((r) => r.code)).toEqual(times(PARALLEL, '00000'));
    const cancelled = replies.flatMap((r) => (r.data.successList as { orderId: string }[]).map((o) => o.orderId));
    expect(cancelled.sort()).toEqual([...ids].sort());
    expect(replies.flatMap((r) => r.data.failureList)).toEqual([]);
    expect(await ann.ok(`${MIX}/open-orders?symbol=BTCUSDT`)).toEqual([]);
    expect((await ann.ok(`${MIX}/account`)).available).toBe(START);
    expect(walletOf(ann)).toBe(START);
    expectLedgerSound();
  });
});

describe('30 reverse-position at once on one position', () => {
  it('ends as one position of the same size; each success is one close and one open in history; the wallet is the ledger’s', async () => {
    const ann = await h.trader('ann@example.com');
    const opened = await ann.ok(`${MIX}/place-order`, {
      symbol: 'ETHUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'market',
      size: '0.40',
    });

    const { made, refusals } = split(
      await atOnce(PARALLEL, () =>
        ann.post(`${MIX}/reverse-position`, { symbol: 'ETHUSDT', productType: 'USDT-FUTURES' }),
      ),
    );
    // Each call finds the position the one before it left: every one reverses it (none is refused).
    expect(refusals).toEqual([]);
    const [position, ...more] = await ann.ok(`${MIX}/positions?symbol=ETHUSDT`);
    expect(more).toEqual([]);
    expect(new Decimal(position.positionsCount).toFixed()).toBe('0.4');
    expect(position.holdSide).toBe(made.length % 2 === 0 ? 'long' : 'short');

    const history = (await ann.ok(`${MIX}/history-orders?symbol=ETHUSDT&limit=100`)) as HistoryOrder[];
    // The opening order, then a close and an open for each success, all filled.
    expect(history).toHaveLength(1 + 2 * made.length);
    expect(history.map((o) => o.status)).toEqual(times(history.length, 'filled'));
    const replied = made.flatMap((r) => [r.data.closeOrder.orderId, r.data.openOrder.orderId]);
    expect(new Set(replied).size).toBe(2 * made.length);
    expect(history.map((o) => o.orderId).sort()).toEqual([opened.orderId, ...replied].sort());

    // The wallet: the start, less every fee, plus every realized PnL, as the ledger's entries have them.
    const fees = sum(history, 'fee');
    const pnl = sum(history, 'totalProfits');
    expect(ledgerSum(ann, 'fee')).toBe(fees.negated().toFixed(8));
    expect(ledgerSum(ann, 'realized_pnl')).toBe(pnl.toFixed(8));
    expect(walletOf(ann)).toBe(new Decimal(START).minus(fees).plus(pnl).toFixed(8));
    expect(await ann.ok(`${MIX}/open-orders?symbol=ETHUSDT`)).toEqual([]);
    expectLedgerSound();
  });
});

describe('30 close-position at once on one position', () => {
  it('closes it once: one close order in history, its PnL and fee entered once, 29 refused', async () => {
    const ann = await h.trader('ann@example.com');
    const opened = await ann.ok(`${MIX}/place-order`, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'market',
      size: '0.0500',
    });

    const { made, refusals } = split(
      await atOnce(PARALLEL, () =>
        ann.post(`${MIX}/close-position`, { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' }),
      ),
    );
    expect(made).toHaveLength(1);
    expect(refusals).toEqual(times(PARALLEL - 1, '43007'));
    const [close] = made[0]!.data as { orderId: string }[];
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);

    const history = (await ann.ok(`${MIX}/history-orders?symbol=BTCUSDT`)) as HistoryOrder[];
    expect(history.map((o) => o.orderId).sort()).toEqual([opened.orderId, close!.orderId].sort());
    const closeOrder = history.find((o) => o.orderId === close!.orderId)!;
    expect(closeOrder).toMatchObject({ side: 'sell', status: 'filled' });
    const positions = await ann.ok(`${MIX}/history-position?symbol=BTCUSDT`);
    expect(positions).toHaveLength(1);
    expect(positions[0].pnl).toBe(closeOrder.totalProfits);

    const fees = sum(history, 'fee');
    expect(ledgerSum(ann, 'realized_pnl')).toBe(new Decimal(closeOrder.totalProfits).toFixed(8));
    expect(ledgerSum(ann, 'fee')).toBe(fees.negated().toFixed(8));
    expect(walletOf(ann)).toBe(new Decimal(START).minus(fees).plus(closeOrder.totalProfits).toFixed(8));
    expect((await ann.ok(`${MIX}/account`)).available).toBe(walletOf(ann));
    expectLedgerSound();
  });
});

describe('30 close-all-positions at once over two positions', () => {
  it('closes each position once, in one reply only; each PnL and fee entered once', async () => {
    const ann = await h.trader('ann@example.com');
    const open = (symbol: string, side: 'buy' | 'sell', size: string) =>
      ann.ok(`${MIX}/place-order`, {
        symbol,
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        side,
        orderType: 'market',
        size,
      });
    await open('BTCUSDT', 'buy', '0.0500');
    await open('ETHUSDT', 'sell', '0.50');

    const replies = await atOnce(PARALLEL, () => ann.post(`${MIX}/close-all-positions`, {}));
    expect(replies.map((r) => r.code)).toEqual(times(PARALLEL, '00000'));
    const closed = replies.flatMap((r) => (r.data.successList as { symbol: string }[]).map((o) => o.symbol));
    expect(closed.sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(replies.flatMap((r) => r.data.failureList)).toEqual([]);
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);

    const history = [
      ...((await ann.ok(`${MIX}/history-orders?symbol=BTCUSDT`)) as HistoryOrder[]),
      ...((await ann.ok(`${MIX}/history-orders?symbol=ETHUSDT`)) as HistoryOrder[]),
    ];
    // Two opening orders and one close of each position.
    expect(history).toHaveLength(4);
    expect(history.map((o) => o.status)).toEqual(times(4, 'filled'));
    expect(await ann.ok(`${MIX}/history-position`)).toHaveLength(2);
    const fees = sum(history, 'fee');
    const pnl = sum(history, 'totalProfits');
    expect(ledgerSum(ann, 'realized_pnl')).toBe(pnl.toFixed(8));
    expect(ledgerSum(ann, 'fee')).toBe(fees.negated().toFixed(8));
    expect(walletOf(ann)).toBe(new Decimal(START).minus(fees).plus(pnl).toFixed(8));
    expect((await ann.ok(`${MIX}/account`)).available).toBe(walletOf(ann));
    expectLedgerSound();
  });
});
