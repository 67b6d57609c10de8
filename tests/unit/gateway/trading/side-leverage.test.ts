import BetterSqlite3 from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import { maxSizeAtLeverage } from '../../../../gateway/market/margin-tiers';
import { createAccountStore } from '../../../../gateway/trading/account-store';
import { TRADING_MIGRATIONS } from '../../../../gateway/trading/trading-migrations';
import { makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const MIX = '/v1/trade/mix';
const SYMBOL = 'BTCUSDT';

/** Places a futures order of `ann` on BTCUSDT and expects it accepted; returns it. */
function order(trader: Trader, fields: Record<string, string>) {
  return trader.ok(`${MIX}/place-order`, { symbol: SYMBOL, productType: 'USDT-FUTURES', ...fields });
}

/** The user's open position of one side, as the positions route shows it. */
async function positionOf(trader: Trader, holdSide: 'long' | 'short') {
  const positions: Array<Record<string, string>> = await trader.ok(`${MIX}/positions?symbol=${SYMBOL}`);
  return positions.find((p) => p.holdSide === holdSide)!;
}

/** Margin = price × size / leverage, rounded up to 10^-8, as the gateway holds it. */
const marginAt = (price: string, size: string, leverage: number) =>
  new Decimal(price).times(size).div(leverage).toDecimalPlaces(8, Decimal.ROUND_UP);

const available = async (trader: Trader) => new Decimal((await trader.ok(`${MIX}/account`)).available);

/** A hedge-mode trader in isolated margin on BTCUSDT with a long and a short of `size` open at the default 10×. */
async function hedgedTrader(size: string) {
  const ann = await h.trader('ann@example.com');
  await ann.ok(`${MIX}/set-position-mode`, { posMode: 'hedge_mode' });
  await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
  const open = { marginMode: 'isolated', tradeSide: 'open', orderType: 'market', size };
  const long = await order(ann, { ...open, side: 'buy' });
  const short = await order(ann, { ...open, side: 'sell' });
  return { ann, long, short };
}

describe('migration 360 (side leverage)', () => {
  it('gives both isolated sides the leverage a symbol had, and keeps it as the cross leverage', () => {
    const db = new BetterSqlite3(':memory:');
    try {
      runMigrations(
        db,
        TRADING_MIGRATIONS.filter((migration) => migration.id < 360),
      );
      db.prepare("INSERT INTO trade_accounts (user_id, futures_wallet, created_at) VALUES ('ann', '0', 1)").run();
      const insert = db.prepare(
        'INSERT INTO trade_settings (user_id, symbol, leverage, margin_mode) VALUES (?, ?, ?, ?)',
      );
      insert.run('ann', 'BTCUSDT', 25, 'isolated');
      insert.run('ann', 'ETHUSDT', 3, 'crossed');
      expect(runMigrations(db, TRADING_MIGRATIONS)).toContain(360);
      const accounts = createAccountStore(db);
      const defaults = { crossLeverage: 10, longLeverage: 10, shortLeverage: 10, marginMode: 'crossed' as const };
      expect(accounts.settings('ann', 'BTCUSDT', defaults)).toEqual({
        crossLeverage: 25,
        longLeverage: 25,
        shortLeverage: 25,
        marginMode: 'isolated',
      });
      expect(accounts.settings('ann', 'ETHUSDT', defaults)).toEqual({
        crossLeverage: 3,
        longLeverage: 3,
        shortLeverage: 3,
        marginMode: 'crossed',
      });
    } finally {
      db.close();
    }
  });
});

describe('margin held per side in isolated margin', () => {
  it('holds a long at the long leverage and a short at the short one, and shows both in the settings', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-position-mode`, { posMode: 'hedge_mode' });
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    expect(await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20', holdSide: 'short' })).toEqual({
      symbol: SYMBOL,
      leverage: '10',
      crossMarginLeverage: '10',
      isolatedLongLever: '10',
      isolatedShortLever: '20',
      marginMode: 'isolated',
    });
    const open = { marginMode: 'isolated', tradeSide: 'open', orderType: 'market', size: '0.1000' };
    const long = await order(ann, { ...open, side: 'buy' });
    const short = await order(ann, { ...open, side: 'sell' });
    expect(long.leverage).toBe('10');
    expect(short.leverage).toBe('20');
    expect(await positionOf(ann, 'long')).toMatchObject({
      positionsLevel: '10',
      positionsOpenMarginCount: marginAt(long.priceAvg, '0.1', 10).toFixed(8),
    });
    expect(await positionOf(ann, 'short')).toMatchObject({
      positionsLevel: '20',
      positionsOpenMarginCount: marginAt(short.priceAvg, '0.1', 20).toFixed(8),
    });
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toMatchObject({
      leverage: '10',
      isolatedLongLever: '10',
      isolatedShortLever: '20',
      // Each side's largest position under the margin tiers is the one of its own leverage.
      maxLongPositionSize: maxSizeAtLeverage(SYMBOL, 10),
      maxShortPositionSize: maxSizeAtLeverage(SYMBOL, 20),
    });
    expect(maxSizeAtLeverage(SYMBOL, 20)).not.toBe(maxSizeAtLeverage(SYMBOL, 10));
  });

  it('holds a resting order at its side leverage in one-way mode and caps each side by its own tier', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '125', holdSide: 'long' });
    // Far below the market so it rests; 150.0001 BTC is beyond the 125× tier, so only the 10× short side takes it.
    const low = { marginMode: 'isolated', orderType: 'limit', price: '1000.0', size: '150.0001' };
    expect(await ann.post(`${MIX}/place-order`, { symbol: SYMBOL, ...low, side: 'buy' })).toMatchObject({
      code: '43008',
    });
    const buy = await order(ann, { ...low, side: 'buy', size: '1.0000' });
    expect(buy).toMatchObject({ status: 'live', leverage: '125' });
    expect((await ann.ok(`${MIX}/account`)).locked).toBe(marginAt('1000', '1', 125).toFixed(8));
  });
});

describe('setting one side of an isolated position', () => {
  it('re-margins only that side: the other position and its margin stay as they were', async () => {
    const { ann, short } = await hedgedTrader('0.1000');
    const longBefore = await positionOf(ann, 'long');
    const shortBefore = await positionOf(ann, 'short');
    const freeBefore = await available(ann);
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20', holdSide: 'short' });
    const shortAfter = await positionOf(ann, 'short');
    expect(shortAfter.positionsLevel).toBe('20');
    expect(shortAfter.positionsOpenMarginCount).toBe(marginAt(short.priceAvg, '0.1', 20).toFixed(8));
    expect(await positionOf(ann, 'long')).toMatchObject({
      positionsLevel: '10',
      positionsOpenMarginCount: longBefore.positionsOpenMarginCount,
    });
    const released = new Decimal(shortBefore.positionsOpenMarginCount).minus(shortAfter.positionsOpenMarginCount);
    expect(released.gt(0)).toBe(true);
    expect((await available(ann)).minus(freeBefore).eq(released)).toBe(true);
  });

  it('refuses a lower leverage the available margin cannot cover (43004), changing nothing', async () => {
    // About 5,000 USDT of margin at 10× on a 10,000 USDT wallet: 1× would need ten times that.
    const last = new Decimal(h.simulator.getTicker('USDT-FUTURES', SYMBOL)!.lastPr);
    const size = new Decimal(45000).div(last).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4);
    const { ann } = await hedgedTrader(size);
    const before = await ann.ok(`${MIX}/positions?symbol=${SYMBOL}`);
    const settings = await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`);
    const refused = await ann.post(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '1', holdSide: 'long' });
    expect(refused.code).toBe('43004');
    expect(await ann.ok(`${MIX}/positions?symbol=${SYMBOL}`)).toEqual(before);
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toEqual(settings);
  });

  it('changes both sides without a holdSide in one-way isolated margin', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20', holdSide: 'short' });
    expect(await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '7' })).toMatchObject({
      isolatedLongLever: '7',
      isolatedShortLever: '7',
    });
  });
});

describe('cross margin has one leverage', () => {
  it('ignores a holdSide in cross margin and holds both sides at the cross leverage; a later isolated switch starts from it', async () => {
    const ann = await h.trader('ann@example.com');
    expect(await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '15', holdSide: 'short' })).toEqual({
      symbol: SYMBOL,
      leverage: '15',
      crossMarginLeverage: '15',
      isolatedLongLever: '15',
      isolatedShortLever: '15',
      marginMode: 'crossed',
    });
    const resting = await order(ann, {
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price: '1000.0',
      size: '1.0000',
    });
    expect(resting.leverage).toBe('15');
    await ann.ok(`${MIX}/cancel-order`, { symbol: SYMBOL, orderId: resting.orderId });
    expect(await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' })).toMatchObject({
      leverage: '15',
      isolatedLongLever: '15',
      isolatedShortLever: '15',
    });
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '30', holdSide: 'long' });
    // Back in cross the cross leverage is the one it was: an isolated side's change never touches it.
    expect(await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'crossed' })).toMatchObject({
      leverage: '15',
      crossMarginLeverage: '15',
      isolatedLongLever: '30',
      isolatedShortLever: '15',
    });
  });
});

describe('set-leverage with a holdSide: hostile input', () => {
  it('refuses a side that is not long or short (40002), even in cross margin, and changes nothing', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    const settings = await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`);
    for (const holdSide of ['LONG', 'both', 'net', ' long', 1, true, ['long'], { side: 'long' }, null]) {
      const reply = await ann.post(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20', holdSide });
      expect(reply.code, JSON.stringify(holdSide)).toBe('40002');
    }
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'crossed' });
    expect((await ann.post(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20', holdSide: 'up' })).code).toBe(
      '40002',
    );
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toEqual(settings);
  });

  it('refuses a leverage out of range for one side (43008) and leaves the other side and the cross one alone', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    for (const leverage of [0, 126, '999999']) {
      const reply = await ann.post(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage, holdSide: 'short' });
      expect(reply.code, String(leverage)).toBe('43008');
    }
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toMatchObject({
      crossMarginLeverage: '10',
      isolatedLongLever: '10',
      isolatedShortLever: '10',
    });
  });

  it('needs the side in isolated hedge mode (40002), not in cross hedge mode', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-position-mode`, { posMode: 'hedge_mode' });
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '12' });
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    const reply = await ann.post(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '20' });
    expect(reply.code).toBe('40002');
    expect(reply.msg).toContain('holdSide');
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toMatchObject({
      isolatedLongLever: '12',
      isolatedShortLever: '12',
    });
  });

  it("changes only the caller's own settings: another user's stay at theirs", async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    await bob.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    await bob.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '40', holdSide: 'short' });
    await ann.ok(`${MIX}/set-margin-mode`, { symbol: SYMBOL, marginMode: 'isolated' });
    await ann.ok(`${MIX}/set-leverage`, { symbol: SYMBOL, leverage: '3', holdSide: 'long' });
    expect(await bob.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toMatchObject({
      isolatedLongLever: '10',
      isolatedShortLever: '40',
    });
    expect(await ann.ok(`${MIX}/settings?symbol=${SYMBOL}`)).toMatchObject({
      isolatedLongLever: '3',
      isolatedShortLever: '10',
    });
  });
});
