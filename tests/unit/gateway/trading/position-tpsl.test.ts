import BetterSqlite3 from 'better-sqlite3';
import Decimal from 'decimal.js';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { TickerSnapshot } from '../../../../gateway/market/market-types';
import { MIGRATIONS } from '../../../../gateway/migrations';
import { FuturesWatch } from '../../../../gateway/trading/futures-watch';
import { createPositionStore } from '../../../../gateway/trading/position-store';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { tempDir } from '../support';
import { makeTradingHarness, pinPerpetual, type Trader, type TradingHarness } from './trading-support';

const MIX = '/v1/trade/mix';
const SYMBOL = 'BTCUSDT';

let h: TradingHarness;
/** The perpetual's mark and last price as the gateway reads them, pinned by the test. */
let pinned: ReturnType<typeof pinPerpetual>;
/** A TP/SL watch the test feeds by hand, so no market step moves a price the test did not choose. */
let watch: FuturesWatch;

beforeEach(() => {
  h = makeTradingHarness();
  h.step();
  pinned = pinPerpetual(h, SYMBOL);
  watch = new FuturesWatch(h.trading.ctx, h.trading.futures);
});
afterEach(() => {
  vi.restoreAllMocks();
  h.close();
});

/** The simulator's own BTCUSDT perpetual ticker (before any pin). */
const realTicker = (): TickerSnapshot => h.simulator.getTicker('USDT-FUTURES', SYMBOL)!;

/** Pins the mark and last price the gateway sees, and lets the watch react to them once (one ticker). */
function pin(mark: Decimal.Value, last: Decimal.Value): void {
  pinned.set({ mark: new Decimal(mark).toFixed(1), last: new Decimal(last).toFixed(1) });
  const spec = h.simulator.getInstrument('USDT-FUTURES', SYMBOL)!;
  watch.onTicker(spec, h.simulator.getTicker('USDT-FUTURES', SYMBOL)!);
}

async function openLong(trader: Trader, size: string) {
  return trader.ok(`${MIX}/place-order`, {
    symbol: SYMBOL,
    productType: 'USDT-FUTURES',
    marginMode: 'isolated',
    side: 'buy',
    orderType: 'market',
    size,
  });
}

async function positionOf(trader: Trader) {
  const positions = await trader.ok(`${MIX}/positions?symbol=${SYMBOL}`);
  return positions[0];
}

const tpsl = (trader: Trader, body: Record<string, unknown>) =>
  trader.post(`${MIX}/place-pos-tpsl`, { symbol: SYMBOL, ...body });

describe('TP/SL trigger type', () => {
  it('closes a last-price take-profit when the last price reaches it, not when only the mark does', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    pin(base, base);
    const tp = base.plus(200).toFixed(1);
    const set = await tpsl(ann, { stopSurplusTriggerPrice: tp, stopSurplusTriggerType: 'fill_price' });
    expect(set.code, set.msg).toBe('00000');
    expect(set.data).toMatchObject({ presetStopSurplusPrice: tp, presetStopSurplusTriggerType: 'fill_price' });
    expect(set.data.presetStopLossTriggerType).toBe('mark_price');

    pin(base.plus(300), base.plus(199));
    expect(await ann.ok(`${MIX}/positions`)).toHaveLength(1);
    pin(base.plus(100), base.plus(200));
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
  });

  it('closes a mark-price stop-loss when the mark reaches it, not when only the last price does', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    pin(base, base);
    const sl = base.minus(200).toFixed(1);
    // Type left out: the mark, as before these fields existed.
    await ann.ok(`${MIX}/place-pos-tpsl`, { symbol: SYMBOL, stopLossTriggerPrice: sl });
    expect((await positionOf(ann)).presetStopLossTriggerType).toBe('mark_price');

    pin(base.minus(199), base.minus(400));
    expect(await ann.ok(`${MIX}/positions`)).toHaveLength(1);
    pin(base.minus(200), base);
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
  });

  it('checks the side against the price the preset watches (43012 names it)', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    // The last trade 100 below the mark: a price between them is above one and below the other.
    pin(base, base.minus(100));
    const between = base.minus(50).toFixed(1);
    const onMark = await tpsl(ann, { stopSurplusTriggerPrice: between });
    expect(onMark.code).toBe('43012');
    expect(onMark.msg).toContain('mark price');
    const onLast = await tpsl(ann, { stopSurplusTriggerPrice: between, stopSurplusTriggerType: 'fill_price' });
    expect(onLast.code, onLast.msg).toBe('00000');
    const slOnLast = await tpsl(ann, { stopLossTriggerPrice: between, stopLossTriggerType: 'fill_price' });
    expect(slOnLast.code).toBe('43012');
    expect(slOnLast.msg).toContain('last price');
    expect((await tpsl(ann, { stopLossTriggerPrice: between })).code, 'below the mark').toBe('00000');
  });
});

describe('partial TP/SL size', () => {
  it('closes only its size at market, clears only its own preset and nets in the ledger', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    pin(base, base);
    const tp = base.plus(200).toFixed(1);
    const sl = base.minus(300).toFixed(1);
    const set = await ann.ok(`${MIX}/place-pos-tpsl`, {
      symbol: SYMBOL,
      holdSide: 'long',
      stopSurplusTriggerPrice: tp,
      stopSurplusSize: '0.004',
      stopLossTriggerPrice: sl,
      stopLossTriggerType: 'fill_price',
    });
    expect(set).toMatchObject({
      presetStopSurplusSize: '0.0040',
      presetStopLossSize: '',
      presetStopLossTriggerType: 'fill_price',
    });
    const walletBefore = h.trading.ctx.accounts.wallet(ann.userId);

    pin(base.plus(250), base.plus(250));
    const left = await positionOf(ann);
    expect(left.positionsCount).toBe('0.0060');
    expect(left).toMatchObject({
      presetStopSurplusPrice: '',
      presetStopSurplusSize: '',
      presetStopSurplusTriggerType: 'mark_price',
      presetStopLossPrice: sl,
      presetStopLossTriggerType: 'fill_price',
    });
    const [close] = await ann.ok(`${MIX}/history-orders?symbol=${SYMBOL}`);
    expect(close).toMatchObject({ orderType: 'market', size: '0.0040', baseVolume: '0.0040', reduceOnly: 'YES' });
    // The wallet moved by the close's realized PnL less its fee, each one ledger entry.
    const moved = new Decimal(close.totalProfits).minus(close.fee).times(1e8);
    expect((h.trading.ctx.accounts.wallet(ann.userId) - walletBefore).toString()).toBe(moved.toFixed(0));
    expect(unbalancedEntries(h.db)).toEqual([]);
    expect(balanceMismatches(h.db)).toEqual([]);

    // The stop-loss still watches the last price, for the whole rest.
    pin(base, base.minus(300));
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
    expect(balanceMismatches(h.db)).toEqual([]);
  });

  it('caps a preset size at what is left when the position shrank since', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    pin(base, base);
    await ann.ok(`${MIX}/place-pos-tpsl`, {
      symbol: SYMBOL,
      stopLossTriggerPrice: base.minus(200).toFixed(1),
      stopLossSize: '0.0080',
    });
    await ann.ok(`${MIX}/place-order`, {
      symbol: SYMBOL,
      marginMode: 'isolated',
      side: 'sell',
      orderType: 'market',
      size: '0.0050',
      reduceOnly: 'YES',
    });
    pin(base.minus(250), base.minus(250));
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
    const [close] = await ann.ok(`${MIX}/history-orders?symbol=${SYMBOL}`);
    expect(close.size).toBe('0.0050');
  });
});

describe('place-pos-tpsl hostile input', () => {
  it('refuses bad types and sizes, and another user’s position, storing nothing', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    await openLong(ann, '0.0100');
    const base = new Decimal(realTicker().lastPr);
    pin(base, base);
    const tp = base.plus(200).toFixed(1);
    const stored = () => h.db.prepare('SELECT * FROM trade_positions').all();
    const before = stored();

    const refusals: [Record<string, unknown>, string][] = [
      [{ stopSurplusTriggerType: 'last_price' }, '40002'],
      [{ stopSurplusTriggerType: 'MARK_PRICE' }, '40002'],
      [{ stopSurplusTriggerType: 1 }, '40002'],
      [{ stopSurplusTriggerType: null }, '40002'],
      [{ stopSurplusTriggerType: ['fill_price'] }, '40002'],
      [{ stopSurplusSize: '0' }, '40002'],
      [{ stopSurplusSize: '0.0000' }, '40002'],
      [{ stopSurplusSize: '-0.001' }, '40002'],
      [{ stopSurplusSize: 0.001 }, '40002'],
      [{ stopSurplusSize: 'half' }, '40002'],
      [{ stopSurplusSize: '1e-3' }, '40002'],
      [{ stopSurplusSize: ' 0.001' }, '40002'],
      [{ stopSurplusSize: '0.00015' }, '43002'],
      [{ stopSurplusSize: '0.0101' }, '43007'],
      [{ stopSurplusSize: '99999' }, '43007'],
    ];
    for (const [extra, code] of refusals) {
      const reply = await tpsl(ann, { stopSurplusTriggerPrice: tp, ...extra });
      expect(reply.code, JSON.stringify(extra)).toBe(code);
    }
    // A valid take-profit does not go in beside a refused stop-loss.
    const mixed = await tpsl(ann, {
      stopSurplusTriggerPrice: tp,
      stopLossTriggerPrice: base.minus(200).toFixed(1),
      stopLossSize: '0.02',
    });
    expect(mixed.code).toBe('43007');
    // A type or size without a price of its own.
    expect((await tpsl(ann, { stopSurplusTriggerType: 'fill_price' })).code).toBe('40002');
    expect((await tpsl(ann, { stopLossTriggerPrice: '', stopLossSize: '0.001' })).code).toBe('40002');
    expect((await tpsl(ann, { stopLossTriggerPrice: tp, stopSurplusSize: '0.001' })).code).toBe('40002');
    // Text where a price goes.
    expect((await tpsl(ann, { stopSurplusTriggerPrice: 'high', stopSurplusTriggerType: 'fill_price' })).code).toBe(
      '40002',
    );
    // Bob reaches no one else's position, whatever he sends.
    const bobs = await tpsl(bob, {
      holdSide: 'long',
      stopSurplusTriggerPrice: tp,
      stopSurplusTriggerType: 'fill_price',
      stopSurplusSize: '0.001',
    });
    expect(bobs.code).toBe('43007');
    expect(stored()).toEqual(before);
    expect(await positionOf(ann)).toMatchObject({
      presetStopSurplusPrice: '',
      presetStopSurplusTriggerType: 'mark_price',
      presetStopSurplusSize: '',
    });
  });
});

describe('position TP/SL migration', () => {
  it('gives presets stored before it the mark price and the whole position', () => {
    const dir = tempDir();
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      runMigrations(
        db,
        MIGRATIONS.filter((m) => m.id < 370),
      );
      db.prepare("INSERT INTO trade_accounts (user_id, futures_wallet, created_at) VALUES ('u1', '0', 1)").run();
      db.prepare(
        `INSERT INTO trade_positions (user_id, symbol, hold_side, margin_mode, size, open_value, margin, leverage,
           preset_tp, preset_sl, c_time, u_time)
         VALUES ('u1', 'BTCUSDT', 'long', 'isolated', '100', '6000000000', '600000000', 10, '700000', '500000', 1, 1)`,
      ).run();
      expect(runMigrations(db, MIGRATIONS)).toContain(370);
      const position = createPositionStore(db, () => undefined).get('u1', 'BTCUSDT', 'long')!;
      expect(position).toMatchObject({
        presetTp: 700000n,
        presetSl: 500000n,
        presetTpType: 'mark_price',
        presetSlType: 'mark_price',
        presetTpSize: null,
        presetSlSize: null,
      });
    } finally {
      db.close();
      dir.remove();
    }
  });
});
