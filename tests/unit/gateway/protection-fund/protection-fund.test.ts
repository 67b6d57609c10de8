import Decimal from 'decimal.js';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { FUND_MIGRATIONS } from '../../../../gateway/protection-fund/fund-migrations';
import { FUND_PATHS, fundRoutes } from '../../../../gateway/protection-fund/fund-routes';
import { seededSteps } from '../../../../gateway/protection-fund/fund-seed';
import { makeTradingHarness, type Reply, type Trader, type TradingHarness } from '../trading/trading-support';

let h: TradingHarness;
let fundApp: Hono<GatewayEnv>;
beforeEach(() => {
  h = makeTradingHarness();
  // The gateway's migration list gathers the fund's with the others; this harness applies them itself.
  runMigrations(h.db, FUND_MIGRATIONS);
  fundApp = new Hono<GatewayEnv>().route('/', fundRoutes(h.trading.ctx));
  h.step();
});
afterEach(() => h.close());

const DAY_MS = 86_400_000;

async function fundGet(path: string): Promise<{ status: number; body: Reply }> {
  const res = await fundApp.request(`http://localhost${path}`);
  return { status: res.status, body: (await res.json()) as Reply };
}

async function fundData(path: string) {
  const { status, body } = await fundGet(path);
  expect(status, body.msg).toBe(200);
  expect(body.code, body.msg).toBe('00000');
  return body.data;
}

const balanceNow = async () => new Decimal((await fundData(FUND_PATHS.summary)).balances[0].balance);
const payoutsNow = async () => (await fundData(FUND_PATHS.payouts)).payouts as Record<string, string>[];
const lastPrice = () => new Decimal(h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!.lastPr);

/** Opens a long at market with a leverage and margin mode; returns the position as the positions route shows it. */
async function openLong(trader: Trader, size: string, leverage: number, marginMode: 'isolated' | 'crossed') {
  await trader.ok('/v1/trade/mix/set-leverage', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    leverage: String(leverage),
  });
  await trader.ok('/v1/trade/mix/place-order', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode,
    side: 'buy',
    orderType: 'market',
    size,
  });
  const [position] = await trader.ok('/v1/trade/mix/positions');
  return position;
}

/** Moves the mark to `price` in one jump and lets the watch react. */
function jumpTo(price: Decimal) {
  h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', price.toFixed(1), h.clock.now);
  h.step();
}

/** The liquidation's ledger lines as `owner → amount` (decimal strings of money units). */
function liquidationLines(): Map<string, bigint> {
  const rows = h.db
    .prepare(
      `SELECT l.owner, l.account, l.amount FROM ledger_lines l JOIN ledger_entries e ON e.seq = l.entry_seq
        WHERE e.kind = 'liquidation'`,
    )
    .all() as { owner: string; account: string; amount: string }[];
  return new Map(rows.map((row) => [row.owner, BigInt(row.amount)]));
}

describe('a liquidation at a price gap beyond what the account can lose', () => {
  it('pays the shortfall from the fund and leaves the cross account at exactly 0', async () => {
    const ann = await h.trader('ann@example.com');
    // A cross long of about 15x the wallet, then the mark gaps 20 % down: the loss is about three wallets.
    const size = new Decimal(150_000).div(lastPrice()).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    const position = await openLong(ann, size, 20, 'crossed');
    const walletBefore = new Decimal((await ann.ok('/v1/trade/mix/account')).equity).minus(position.unrealizedPL);
    const fundBefore = await balanceNow();
    jumpTo(lastPrice().times('0.8'));

    expect(await ann.ok('/v1/trade/mix/positions')).toEqual([]);
    const account = await ann.ok('/v1/trade/mix/account');
    expect(account.equity).toBe('0.00000000');
    expect(account.available).toBe('0.00000000');
    const [liquidation] = await ann.ok('/v1/trade/mix/history-orders');
    const lossAtMark = new Decimal(liquidation.totalProfits).neg();
    const shortfall = lossAtMark.minus(walletBefore);
    expect(shortfall.gt(10_000)).toBe(true);

    const payouts = await payoutsNow();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ symbol: 'BTCUSDT', holdSide: 'long', size, coin: 'USDT' });
    expect(payouts[0]!.amount).toBe(shortfall.toFixed(8));
    expect(payouts[0]!.user).toMatch(/^\*{4}[0-9A-F]{6}$/);
    expect((await balanceNow()).toFixed(8)).toBe(fundBefore.minus(shortfall).toFixed(8));
    const summary = await fundData(FUND_PATHS.summary);
    expect(summary.totalPayouts30d).toBe(shortfall.toFixed(8));

    // The paper ledger shows it: the market gets the whole loss at the mark, the fund pays the shortfall.
    const lines = liquidationLines();
    expect(lines.get('system:market')).toBe(BigInt(lossAtMark.times(1e8).toFixed(0)));
    expect(lines.get('system:protection-fund')).toBe(-BigInt(shortfall.times(1e8).toFixed(0)));
    expect(lines.get(ann.userId)).toBe(-BigInt(walletBefore.times(1e8).toFixed(0)));
  });

  it('pays what an isolated position loses past its margin, and the user loses only the margin', async () => {
    const ann = await h.trader('ann@example.com');
    const position = await openLong(ann, '0.1000', 50, 'isolated');
    jumpTo(lastPrice().times('0.9'));
    const [liquidation] = await ann.ok('/v1/trade/mix/history-orders');
    expect(liquidation.totalProfits).toBe(`-${position.positionsOpenMarginCount}`);
    const lossAtMark = new Decimal(liquidation.quoteVolume)
      .minus(new Decimal(position.positionsOpenAvgPrice).times('0.1'))
      .neg();
    const [payout] = await payoutsNow();
    expect(new Decimal(payout!.amount).toFixed(8)).toBe(
      lossAtMark.minus(position.positionsOpenMarginCount).toDecimalPlaces(8).toFixed(8),
    );
  });
});

describe('a normal liquidation', () => {
  it('puts the margin left after the close into the fund and pays nothing out', async () => {
    const ann = await h.trader('ann@example.com');
    const position = await openLong(ann, '0.1000', 50, 'isolated');
    const before = await ann.ok('/v1/trade/mix/account');
    const fundBefore = await balanceNow();
    // Just past the liquidation price: the mark is still above the price where the margin would be used up.
    jumpTo(new Decimal(position.liquidationPrice).minus(50));

    expect(await ann.ok('/v1/trade/mix/positions')).toEqual([]);
    const [liquidation] = await ann.ok('/v1/trade/mix/history-orders');
    expect(liquidation).toMatchObject({
      orderType: 'liquidation',
      totalProfits: `-${position.positionsOpenMarginCount}`,
    });
    // The user's side is what it always was: the margin is lost, the rest of the wallet untouched.
    expect((await ann.ok('/v1/trade/mix/account')).available).toBe(before.available);
    expect(await payoutsNow()).toEqual([]);
    const inflow = (await balanceNow()).minus(fundBefore);
    expect(inflow.gt(0)).toBe(true);
    expect(inflow.lt(position.positionsOpenMarginCount)).toBe(true);
    const lines = liquidationLines();
    expect(lines.get('system:protection-fund')).toBe(BigInt(inflow.times(1e8).toFixed(0)));
    expect([...lines.values()].reduce((sum, amount) => sum + amount, 0n)).toBe(0n);
  });
});

describe('history', () => {
  it('answers one closing balance per day for 30, 90 and 180 days, ending with the current balance', async () => {
    const balance = (await balanceNow()).toFixed(8);
    const today = Math.floor(h.clock.now / DAY_MS);
    for (const days of [30, 90, 180]) {
      const data = await fundData(`${FUND_PATHS.history}?days=${days}`);
      expect(data.days).toBe(days);
      expect(data.points).toHaveLength(days);
      const times = data.points.map((point: { time: string }) => Number(point.time) / DAY_MS);
      expect(times[0]).toBe(today - days + 1);
      expect(times.at(-1)).toBe(today);
      expect(data.points.at(-1).balance).toBe(balance);
    }
    expect((await fundData(FUND_PATHS.history)).points).toHaveLength(30);
  });

  it('is seeded the same on every fresh gateway and grows over the 180 days', async () => {
    const points = (await fundData(`${FUND_PATHS.history}?days=180`)).points as { balance: string }[];
    const other = makeTradingHarness();
    try {
      runMigrations(other.db, FUND_MIGRATIONS);
      const otherApp = new Hono<GatewayEnv>().route('/', fundRoutes(other.trading.ctx));
      const reply = (await (await otherApp.request(`http://localhost${FUND_PATHS.history}?days=180`)).json()) as Reply;
      expect(reply.data.points).toEqual(points);
    } finally {
      other.close();
    }
    expect(new Decimal(points.at(-1)!.balance).gt(points[0]!.balance)).toBe(true);
    expect(seededSteps(1000)).toEqual(seededSteps(1000));
  });
});

describe('hostile query parameters', () => {
  it.each([
    `${FUND_PATHS.history}?days=7`,
    `${FUND_PATHS.history}?days=30&days=90`,
    `${FUND_PATHS.history}?days=030`,
    `${FUND_PATHS.history}?days=3e1`,
    `${FUND_PATHS.history}?days=%00`,
    `${FUND_PATHS.history}?days=${'9'.repeat(500)}`,
    `${FUND_PATHS.payouts}?limit=0`,
    `${FUND_PATHS.payouts}?limit=51`,
    `${FUND_PATHS.payouts}?limit=-1`,
    `${FUND_PATHS.payouts}?limit=1.5`,
    `${FUND_PATHS.payouts}?limit=abc`,
    `${FUND_PATHS.payouts}?limit=`,
    `${FUND_PATHS.payouts}?limit=5&limit=6`,
    `${FUND_PATHS.payouts}?limit=%31%30%30`,
  ])('refuses %s with 40940', async (path) => {
    const { status, body } = await fundGet(path);
    expect([status, body.status, body.code, body.data]).toEqual([200, 'error', '40940', null]);
  });

  it('ignores what the request layer adds to every request and parameters no route reads', async () => {
    const plain = await fundData(`${FUND_PATHS.history}?days=90`);
    const added = await fundData(`${FUND_PATHS.history}?days=90&languageType=0&_t=1795734585211&__proto__=1`);
    expect(added).toEqual(plain);
    expect((await fundData(`${FUND_PATHS.summary}?userId=1&coin=BTC`)).balances).toHaveLength(1);
  });

  it('accepts the limits at the edges', async () => {
    expect((await fundData(`${FUND_PATHS.payouts}?limit=1`)).payouts).toEqual([]);
    expect((await fundData(`${FUND_PATHS.payouts}?limit=50`)).payouts).toEqual([]);
  });
});

describe('payouts', () => {
  it('never expose the user id, in the reply or in the fund ledger', async () => {
    const ann = await h.trader('ann@example.com');
    const size = new Decimal(150_000).div(lastPrice()).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    await openLong(ann, size, 20, 'crossed');
    jumpTo(lastPrice().times('0.8'));
    const text = JSON.stringify(await fundData(FUND_PATHS.payouts));
    expect(JSON.parse(text).payouts).toHaveLength(1);
    expect(text).not.toContain(ann.userId);
    expect(text).not.toContain('ann@example.com');
    const stored = JSON.stringify(h.db.prepare('SELECT * FROM protection_fund_ledger').all());
    expect(stored).not.toContain(ann.userId);
  });
});
