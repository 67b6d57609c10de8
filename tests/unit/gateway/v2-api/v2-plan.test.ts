import ccxt from 'ccxt';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstType } from '../../../../gateway/market/instruments';
import { formatUnits, unitsOf } from '../../../../gateway/money/money-units';
import { FuturesWatch } from '../../../../gateway/trading/futures-watch';
import { SPOT_ASSETS_PATH } from '../../../../gateway/v2-api/spot-account-routes';
import { MIX_ACCOUNT_PATHS as A } from '../../../../gateway/v2-api/mix-account-routes';
import { MIX_ORDER_PATHS as O } from '../../../../gateway/v2-api/mix-trade-routes';
import { SPOT_TRADE_PATHS as S } from '../../../../gateway/v2-api/spot-trade-routes';
import { V2_PLAN_PATHS as P } from '../../../../gateway/v2-api/v2-plan-routes';
import { type KeyCredentials, type KeyHarness, makeKeyHarness, sendSigned } from '../api-keys/apikey-support';
import { T0, tempDir } from '../support';
import { ok, refused, type V2Client } from './v2-trade-support';

const USDT_M = { productType: 'USDT-FUTURES', marginCoin: 'USDT' };

/** The key harness with a market the test moves: a clock, steps, and a restart over the same database. */
interface PlanHarness extends KeyHarness {
  clock: { now: number };
  /** Advances the clock by `ms` and steps the market (paper trading reacts at once). */
  step(ms?: number): void;
  /** Moves an instrument's last price (a perpetual's mark with it) and steps the market once. */
  jump(instType: InstType, symbol: string, price: string): void;
  /** A v2 client signing with `key` against this harness's gateway. */
  client(key: KeyCredentials): V2Client;
}

let nextTimestamp = 0;
const timestamp = () => {
  nextTimestamp = Math.max(Date.now(), nextTimestamp + 1);
  return nextTimestamp;
};

const open: PlanHarness[] = [];

/**
 * A gateway over `dir` (a fresh one unless given) with paper trading started on a test clock from `start` (ccxt's
 * history reads ask for the last 90 days of the real clock).
 */
function makePlanHarness(dir = tempDir('gateway-plans-'), start = T0): PlanHarness {
  const clock = { now: start };
  const base = makeKeyHarness({ dir, clock, started: true });
  const { app, simulator } = base;
  const harness: PlanHarness = {
    ...base,
    clock,
    step: (ms = 250) => {
      clock.now += ms;
      simulator.step(clock.now);
    },
    jump: (instType, symbol, price) => {
      simulator.jumpPrice(instType, symbol, price, clock.now);
      harness.step();
    },
    client: (key) => ({
      key,
      get: (path, query = {}) => {
        const search = new URLSearchParams(query).toString();
        return sendSigned(app, key, { path: search ? `${path}?${search}` : path, timestamp: timestamp() });
      },
      post: (path, body) =>
        sendSigned(app, key, { method: 'POST', path, body: JSON.stringify(body), timestamp: timestamp() }),
    }),
  };
  open.push(harness);
  return harness;
}

/** Stops paper trading and closes the database as a shutdown would, and starts a new gateway over the same data. */
function restart(h: PlanHarness): PlanHarness {
  h.trading.stop();
  h.db.close();
  open.splice(open.indexOf(h), 1);
  return makePlanHarness(h.dir);
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const harness of open.splice(0)) harness.close();
});

/** A key of a new account with `permissions` (read is always there), and its v2 client. */
async function botOf(h: PlanHarness, email: string, permissions: string[]) {
  const account = await h.account(email);
  const key = await account.credentials({ permissions });
  return { account, key, bot: h.client(key) };
}

/** The last price of an instrument times `factor`, on its tick. */
function near(h: PlanHarness, instType: InstType, symbol: string, factor: number): string {
  const spec = h.trading.ctx.spec(instType, symbol);
  const last = unitsOf(h.simulator.getTicker(instType, symbol)!.lastPr, spec.pricePlace);
  const scaled = (last * BigInt(Math.round(factor * 10_000))) / 10_000n;
  const step = BigInt(spec.priceEndStep);
  return formatUnits(scaled - (scaled % step), spec.pricePlace);
}

/** The key owner's spot balance of a coin as the v2 assets route answers it. */
async function balance(bot: V2Client, coin: string): Promise<{ available: string; frozen: string }> {
  const rows = ok(await bot.get(SPOT_ASSETS_PATH, { coin }));
  const row = rows[0] ?? { available: '0', frozen: '0' };
  return { available: row.available, frozen: row.frozen };
}

/** ccxt's bitget with every REST host moved to the gateway, its requests answered in process. */
function ccxtOn(h: PlanHarness, key: KeyCredentials) {
  const exchange = new ccxt.bitget({ apiKey: key.apiKey, secret: key.secretKey, password: key.passphrase });
  const api = exchange.urls.api as Record<string, unknown>;
  for (const [name, host] of Object.entries(api)) if (typeof host === 'string') api[name] = 'http://localhost';
  exchange.fetchImplementation = (url: string, init: RequestInit) => h.app.request(url, init);
  return exchange;
}

describe('a spot plan buy below the market', { timeout: 30_000 }, () => {
  it('holds its funds, lists as current, fires once when the last price crosses it, and lists as executed', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['spot_trade']);
    const trigger = near(h, 'SPOT', 'BTCUSDT', 0.97);
    const execute = near(h, 'SPOT', 'BTCUSDT', 0.975);
    const placed = ok(
      await bot.post(P.spotPlace, {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: trigger,
        orderType: 'limit',
        executePrice: execute,
        size: '0.001',
        triggerType: 'fill_price',
        clientOid: 'dip-1',
      }),
    );
    expect(placed).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'dip-1' });
    // The limit price times the size plus at most the taker fee is held, and nothing else moved.
    const held = await balance(bot, 'USDT');
    const value = new Decimal(execute).times('0.001');
    expect(new Decimal(held.frozen).gte(value)).toBe(true);
    expect(new Decimal(held.frozen).lte(value.times(1.01))).toBe(true);
    expect(new Decimal(held.available).plus(held.frozen).toFixed(8)).toBe('10000.00000000');

    const current = ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' }));
    expect(current).toEqual({
      nextFlag: false,
      idLessThan: placed.orderId,
      orderList: [
        {
          orderId: placed.orderId,
          clientOid: 'dip-1',
          symbol: 'BTCUSDT',
          size: '0.001000',
          executePrice: execute,
          triggerPrice: trigger,
          status: 'live',
          orderType: 'limit',
          planType: 'amount',
          side: 'buy',
          triggerType: 'fill_price',
          enterPointSource: 'API',
          cTime: String(h.clock.now),
          uTime: String(h.clock.now),
        },
      ],
    });
    // Not yet reached: a few market steps leave it waiting.
    for (let i = 0; i < 3; i++) h.step();
    expect(ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList).toHaveLength(1);

    h.jump('SPOT', 'BTCUSDT', near(h, 'SPOT', 'BTCUSDT', 0.96));
    for (let i = 0; i < 4; i++) h.step();
    expect(ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList).toEqual([]);
    const history = ok(
      await bot.get(P.spotHistory, { symbol: 'BTCUSDT', startTime: String(T0), endTime: String(h.clock.now) }),
    );
    expect(history.orderList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, status: 'executed', triggerPrice: trigger, side: 'buy' }),
    ]);
    const [info] = ok(await bot.get(S.orderInfo, { orderId: placed.orderId }));
    expect(info).toMatchObject({ orderId: placed.orderId, status: 'filled', baseVolume: '0.001000', side: 'buy' });
    // Bought once: the base coin arrived once, less its 0.1 % fee paid in BTC, and the hold is gone.
    expect((await balance(bot, 'BTC')).available).toBe('0.000999');
    expect((await balance(bot, 'USDT')).frozen).toBe('0.00000000');
  });

  it('gives its hold back exactly when cancelled, and a second cancel finds nothing', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['spot_trade']);
    const before = await balance(bot, 'USDT');
    const body = {
      symbol: 'BTCUSDT',
      side: 'buy',
      triggerPrice: near(h, 'SPOT', 'BTCUSDT', 0.95),
      orderType: 'limit',
      executePrice: near(h, 'SPOT', 'BTCUSDT', 0.95),
      size: '0.002',
    };
    const placed = ok(await bot.post(P.spotPlace, body));
    expect((await balance(bot, 'USDT')).frozen).not.toBe('0.00000000');
    expect(ok(await bot.post(P.spotCancel, { orderId: placed.orderId }))).toEqual({ result: 'success' });
    expect(await balance(bot, 'USDT')).toEqual(before);
    refused(await bot.post(P.spotCancel, { orderId: placed.orderId }), '43001');
    const history = ok(await bot.get(P.spotHistory, { symbol: 'BTCUSDT' }));
    expect(history.orderList).toEqual([expect.objectContaining({ orderId: placed.orderId, status: 'cancelled' })]);
  });

  it('moves its trigger, price and size on modify, holding for the new order only', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['spot_trade']);
    const placed = ok(
      await bot.post(P.spotPlace, {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: near(h, 'SPOT', 'BTCUSDT', 0.95),
        orderType: 'limit',
        executePrice: near(h, 'SPOT', 'BTCUSDT', 0.95),
        size: '0.001',
        clientOid: 'mod-1',
      }),
    );
    const first = new Decimal((await balance(bot, 'USDT')).frozen);
    const trigger = near(h, 'SPOT', 'BTCUSDT', 0.9);
    const execute = near(h, 'SPOT', 'BTCUSDT', 0.9);
    const modified = ok(
      await bot.post(P.spotModify, {
        clientOid: 'mod-1',
        triggerPrice: trigger,
        orderType: 'limit',
        executePrice: execute,
        size: '0.003',
      }),
    );
    expect(modified).toEqual(placed);
    const [row] = ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList;
    expect(row).toMatchObject({
      orderId: placed.orderId,
      triggerPrice: trigger,
      executePrice: execute,
      size: '0.003000',
    });
    const second = new Decimal((await balance(bot, 'USDT')).frozen);
    // About three times the value at nine tenths of the price: the first hold went back.
    expect(second.div(first).toNumber()).toBeCloseTo((3 * 0.9) / 0.95, 2);
    // A refused change (a size far beyond the balance) keeps the order and its hold as they were.
    refused(
      await bot.post(P.spotModify, {
        orderId: placed.orderId,
        triggerPrice: trigger,
        orderType: 'limit',
        executePrice: execute,
        size: '50',
      }),
      '43012',
    );
    expect((await balance(bot, 'USDT')).frozen).toBe(second.toFixed(8));
    expect(ok(await bot.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList[0].size).toBe('0.003000');
  });
});

describe('a plan order across a restart', { timeout: 30_000 }, () => {
  it('is still waiting over the same database, and fires once after it', async () => {
    let h = makePlanHarness();
    h.step();
    const { key, bot } = await botOf(h, 'ann@example.com', ['spot_trade', 'futures_trade']);
    const trigger = near(h, 'SPOT', 'BTCUSDT', 0.97);
    const placed = ok(
      await bot.post(P.spotPlace, {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: trigger,
        orderType: 'market',
        planType: 'amount',
        size: '0.001',
      }),
    );
    const futuresTrigger = near(h, 'USDT-FUTURES', 'BTCUSDT', 0.97);
    const futuresPlan = ok(
      await bot.post(P.mixPlace, {
        ...USDT_M,
        planType: 'normal_plan',
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        size: '0.0100',
        triggerPrice: futuresTrigger,
        triggerType: 'mark_price',
        side: 'buy',
        orderType: 'market',
      }),
    );
    const held = await balance(bot, 'USDT');

    h = restart(h);
    h.step();
    const again = h.client(key);
    expect(await balance(again, 'USDT')).toEqual(held);
    expect(ok(await again.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, status: 'live', triggerPrice: trigger }),
    ]);
    const pending = ok(await again.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' }));
    expect(pending.entrustedList).toEqual([
      expect.objectContaining({ orderId: futuresPlan.orderId, planStatus: 'live', triggerType: 'mark_price' }),
    ]);

    // The spot pair and the perpetual move together: both triggers are crossed.
    h.jump('SPOT', 'BTCUSDT', near(h, 'SPOT', 'BTCUSDT', 0.96));
    for (let i = 0; i < 4; i++) h.step();
    // Bought once, less the 0.1 % fee paid in the BTC bought.
    expect((await balance(again, 'BTC')).available).toBe('0.000999');
    expect(ok(await again.get(P.spotHistory, { symbol: 'BTCUSDT' })).orderList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, status: 'executed' }),
    ]);
    const positions = ok(await again.get(A.allPosition, USDT_M));
    expect(positions).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', holdSide: 'long', total: '0.0100' })]);
    const history = ok(await again.get(P.mixHistory, { ...USDT_M, planType: 'normal_plan' }));
    expect(history.entrustedList).toEqual([
      expect.objectContaining({
        orderId: futuresPlan.orderId,
        planStatus: 'executed',
        executeOrderId: futuresPlan.orderId,
        baseVolume: '0.0100',
      }),
    ]);
  });
});

describe('a USDT-M normal_plan', { timeout: 30_000 }, () => {
  /** Pins the mark and last price the gateway reads for BTCUSDT's perpetual, and lets a watch react to them once. */
  function pinner(h: PlanHarness) {
    const real = h.simulator.getTicker.bind(h.simulator);
    let pinned: { mark: string; last: string } | null = null;
    vi.spyOn(h.simulator, 'getTicker').mockImplementation((instType, symbol) => {
      const ticker = real(instType, symbol);
      if (!ticker || !pinned || instType !== 'USDT-FUTURES' || symbol !== 'BTCUSDT') return ticker;
      return { ...ticker, markPrice: pinned.mark, lastPr: pinned.last };
    });
    const watch = new FuturesWatch(h.trading.ctx, h.trading.futures);
    const spec = h.trading.ctx.spec('USDT-FUTURES', 'BTCUSDT');
    return (mark: string, last: string) => {
      pinned = { mark, last };
      watch.onTicker(spec, h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!);
    };
  }

  it('with triggerType mark_price fires on the mark, not on the last price; fill_price the other way round', async () => {
    // Paper trading is stopped: only the pinned prices below reach the watch.
    const h = makePlanHarness();
    h.step();
    h.trading.stop();
    const pin = pinner(h);
    const { bot } = await botOf(h, 'ann@example.com', ['futures_trade']);
    const trigger = near(h, 'USDT-FUTURES', 'BTCUSDT', 1.02);
    const plan = (triggerType: string, clientOid: string) =>
      bot.post(P.mixPlace, {
        ...USDT_M,
        planType: 'normal_plan',
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        size: '0.0100',
        triggerPrice: trigger,
        triggerType,
        side: 'buy',
        orderType: 'market',
        clientOid,
      });
    const onMark = ok(await plan('mark_price', 'on-mark'));
    const onLast = ok(await plan('fill_price', 'on-last'));
    const below = near(h, 'USDT-FUTURES', 'BTCUSDT', 1);
    const above = near(h, 'USDT-FUTURES', 'BTCUSDT', 1.03);

    pin(above, below);
    const pending = ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'normal_plan', symbol: 'BTCUSDT' }));
    expect(pending.entrustedList.map((o: { orderId: string }) => o.orderId)).toEqual([onLast.orderId]);
    pin(below, above);
    expect(ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' })).entrustedList).toEqual([]);
    const history = ok(await bot.get(P.mixHistory, { ...USDT_M, planType: 'normal_plan', planStatus: 'executed' }));
    expect(history.entrustedList.map((o: { clientOid: string }) => o.clientOid).sort()).toEqual(['on-last', 'on-mark']);
    const [position] = ok(await bot.get(A.allPosition, USDT_M));
    expect(position).toMatchObject({ holdSide: 'long', total: '0.0200' });
    expect(onMark.orderId).not.toBe(onLast.orderId);
  });

  it('is modified in place, cancelled by orderIdList, and leaves a cancelled row in history', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['futures_trade']);
    const placed = ok(
      await bot.post(P.mixPlace, {
        ...USDT_M,
        planType: 'normal_plan',
        symbol: 'BTCUSDT',
        marginMode: 'isolated',
        size: '0.0100',
        price: near(h, 'USDT-FUTURES', 'BTCUSDT', 0.95),
        triggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 0.95),
        triggerType: 'fill_price',
        side: 'buy',
        orderType: 'limit',
        stopLossTriggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 0.9),
        stopLossTriggerType: 'mark_price',
      }),
    );
    const account = async () => ok(await bot.get(A.accounts, USDT_M));
    const lockedBefore = (await account())[0].locked;
    const newTrigger = near(h, 'USDT-FUTURES', 'BTCUSDT', 0.94);
    expect(
      ok(
        await bot.post(P.mixModify, {
          ...USDT_M,
          symbol: 'BTCUSDT',
          orderId: placed.orderId,
          newSize: '0.0200',
          newTriggerPrice: newTrigger,
          newTriggerType: 'mark_price',
        }),
      ),
    ).toEqual(placed);
    const [row] = ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' })).entrustedList;
    expect(row).toMatchObject({
      orderId: placed.orderId,
      size: '0.0200',
      triggerPrice: newTrigger,
      triggerType: 'mark_price',
      orderType: 'limit',
      marginMode: 'isolated',
      stopLossTriggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 0.9),
      stopLossTriggerType: 'mark_price',
    });
    // Twice the size holds twice the margin.
    const lockedAfter = (await account())[0].locked;
    expect(Number(lockedAfter)).toBeCloseTo(Number(lockedBefore) * 2, 4);

    const cancelled = ok(
      await bot.post(P.mixCancel, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        orderIdList: [{ orderId: placed.orderId }, { orderId: '123' }],
      }),
    );
    expect(cancelled).toEqual({
      successList: [placed],
      failureList: [{ orderId: '123', clientOid: '', errorMsg: 'Order does not exist', errorCode: '40768' }],
    });
    expect((await account())[0].locked).toMatch(/^0(\.0+)?$/);
    const history = ok(await bot.get(P.mixHistory, { ...USDT_M, planType: 'normal_plan' }));
    expect(history.entrustedList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, planStatus: 'cancelled', executeOrderId: '' }),
    ]);
  });
});

describe('position TP/SL through the plan routes', { timeout: 30_000 }, () => {
  async function openLong(bot: V2Client, size: string) {
    ok(
      await bot.post(O.placeOrder, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size,
      }),
    );
  }

  it('a profit_plan of place-tpsl-order closes its size when the last price reaches it, once', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['futures_trade']);
    await openLong(bot, '0.0100');
    const trigger = near(h, 'USDT-FUTURES', 'BTCUSDT', 1.02);
    const placed = ok(
      await bot.post(P.mixPlaceTpsl, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        planType: 'profit_plan',
        triggerPrice: trigger,
        triggerType: 'fill_price',
        executePrice: '0',
        holdSide: 'buy',
        size: '0.0040',
        clientOid: 'tp-part',
      }),
    );
    expect(placed).toEqual({ orderId: expect.stringMatching(/^\d{18}$/), clientOid: 'tp-part' });
    const pending = ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'profit_loss', symbol: 'BTCUSDT' }));
    expect(pending.entrustedList).toEqual([
      expect.objectContaining({
        planType: 'profit_plan',
        orderId: placed.orderId,
        size: '0.0040',
        triggerPrice: trigger,
        triggerType: 'fill_price',
        planStatus: 'live',
        side: 'sell',
        orderType: 'market',
      }),
    ]);

    h.jump('USDT-FUTURES', 'BTCUSDT', near(h, 'USDT-FUTURES', 'BTCUSDT', 1.03));
    for (let i = 0; i < 3; i++) h.step();
    const [position] = ok(await bot.get(A.allPosition, USDT_M));
    expect(position).toMatchObject({ holdSide: 'long', total: '0.0060' });
    expect(ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' })).entrustedList).toEqual([]);
    const closes = ok(await bot.get(O.ordersHistory, USDT_M)).entrustedList;
    const sells = closes.filter((o: { side: string }) => o.side === 'sell');
    expect(sells).toEqual([expect.objectContaining({ size: '0.0040', baseVolume: '0.0040', reduceOnly: 'YES' })]);
    // The preset's history: executed under the id it waited with, naming the close that carried it out.
    const history = ok(await bot.get(P.mixHistory, { ...USDT_M, planType: 'profit_loss', symbol: 'BTCUSDT' }));
    expect(history.entrustedList).toEqual([
      expect.objectContaining({
        planType: 'profit_plan',
        orderId: placed.orderId,
        planStatus: 'executed',
        executeOrderId: sells[0].orderId,
        triggerPrice: trigger,
        triggerType: 'fill_price',
        size: '0.0040',
        orderSource: 'profit_market',
      }),
    ]);
    // The demo product reads the same paper account, in its own margin coin.
    const demo = ok(
      await bot.get(P.mixHistory, { productType: 'SUSDT-FUTURES', planType: 'profit_loss', symbol: 'BTCUSDT' }),
    );
    expect(demo.entrustedList).toEqual([
      expect.objectContaining({ orderId: placed.orderId, planStatus: 'executed', marginCoin: 'SUSDT' }),
    ]);
    expect(ok(await bot.get(P.mixHistory, { ...USDT_M, planType: 'normal_plan' })).entrustedList).toEqual([]);
    expect(ok(await bot.get(P.mixHistory, { ...USDT_M, planType: 'track_plan' })).entrustedList).toEqual([]);
  });

  it('place-pos-tpsl sets both presets, which list as pos_profit and pos_loss and cancel there', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot } = await botOf(h, 'ann@example.com', ['futures_trade']);
    await openLong(bot, '0.0100');
    const tp = near(h, 'USDT-FUTURES', 'BTCUSDT', 1.05);
    const sl = near(h, 'USDT-FUTURES', 'BTCUSDT', 0.95);
    const set = ok(
      await bot.post(P.mixPlacePosTpsl, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        holdSide: 'long',
        stopSurplusTriggerPrice: tp,
        stopSurplusTriggerType: 'mark_price',
        stopLossTriggerPrice: sl,
        stopLossTriggerType: 'fill_price',
      }),
    );
    expect(set).toHaveLength(2);
    const rows = ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' })).entrustedList;
    expect(rows).toEqual([
      expect.objectContaining({ planType: 'pos_profit', orderId: set[0].orderId, triggerPrice: tp, size: '0.0100' }),
      expect.objectContaining({
        planType: 'pos_loss',
        orderId: set[1].orderId,
        triggerPrice: sl,
        triggerType: 'fill_price',
      }),
    ]);
    expect(ok(await bot.get(A.allPosition, USDT_M))[0]).toMatchObject({ takeProfit: tp, stopLoss: sl });

    // A cancel without a list names no kind: normal_plan, so the presets stay.
    expect(ok(await bot.post(P.mixCancel, { ...USDT_M, symbol: 'BTCUSDT' }))).toEqual({
      successList: [],
      failureList: [],
    });
    const cancelled = ok(await bot.post(P.mixCancel, { ...USDT_M, symbol: 'BTCUSDT', planType: 'pos_loss' }));
    expect(cancelled.successList).toEqual([{ orderId: set[1].orderId, clientOid: set[1].orderId }]);
    expect(ok(await bot.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' })).entrustedList).toEqual([
      expect.objectContaining({ orderId: set[0].orderId }),
    ]);
  });
});

describe('keys that may not change plans', { timeout: 30_000 }, () => {
  it('a read-only key gets 40014 on every changing route, and may read the lists', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot: reader } = await botOf(h, 'reader@example.com', []);
    const posts = Object.entries(P).filter(([name]) => !/Current|History|Pending/.test(name));
    expect(posts.length).toBe(10);
    for (const [, path] of posts) refused(await reader.post(path, { ...USDT_M, symbol: 'BTCUSDT' }), '40014');
    ok(await reader.get(P.spotCurrent, { symbol: 'BTCUSDT' }));
    ok(await reader.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' }));
    // A spot key may not place a futures plan, nor a futures key a spot one.
    const { bot: spotOnly } = await botOf(h, 'spot@example.com', ['spot_trade']);
    refused(await spotOnly.post(P.mixPlace, USDT_M), '40014');
    const { bot: futuresOnly } = await botOf(h, 'futures@example.com', ['futures_trade']);
    refused(await futuresOnly.post(P.spotPlace, { symbol: 'BTCUSDT' }), '40014');
  });
});

describe("another account's plans", { timeout: 30_000 }, () => {
  it('read as absent: not listed, not modified, not cancelled, and nothing of theirs changes', async () => {
    const h = makePlanHarness();
    h.step();
    const { bot: bob } = await botOf(h, 'bob@example.com', ['spot_trade', 'futures_trade']);
    const { bot: eve } = await botOf(h, 'eve@example.com', ['spot_trade', 'futures_trade']);
    const spotTrigger = near(h, 'SPOT', 'BTCUSDT', 0.95);
    const spotPlan = ok(
      await bob.post(P.spotPlace, {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: spotTrigger,
        orderType: 'limit',
        executePrice: spotTrigger,
        size: '0.001',
        clientOid: 'bob-1',
      }),
    );
    const mixPlan = ok(
      await bob.post(P.mixPlace, {
        ...USDT_M,
        planType: 'normal_plan',
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        size: '0.0100',
        triggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 0.95),
        triggerType: 'mark_price',
        side: 'buy',
        orderType: 'market',
        clientOid: 'bob-2',
      }),
    );
    ok(
      await bob.post(O.placeOrder, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        marginMode: 'crossed',
        side: 'buy',
        orderType: 'market',
        size: '0.0100',
      }),
    );
    const [bobTp] = ok(
      await bob.post(P.mixPlacePosTpsl, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        stopSurplusTriggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 1.05),
      }),
    );
    const bobBalance = await balance(bob, 'USDT');
    const bobSpot = ok(await bob.get(P.spotCurrent, { symbol: 'BTCUSDT' }));
    const bobMix = ok(await bob.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' }));
    const bobTpsl = ok(await bob.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' }));

    expect(ok(await eve.get(P.spotCurrent, { symbol: 'BTCUSDT' })).orderList).toEqual([]);
    expect(ok(await eve.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' })).entrustedList).toEqual([]);
    expect(
      ok(await eve.get(P.mixPending, { ...USDT_M, planType: 'profit_loss', orderId: bobTp.orderId })).entrustedList,
    ).toEqual([]);
    refused(await eve.post(P.spotCancel, { orderId: spotPlan.orderId }), '43001');
    refused(await eve.post(P.spotCancel, { clientOid: 'bob-1' }), '43001');
    refused(
      await eve.post(P.spotModify, {
        orderId: spotPlan.orderId,
        triggerPrice: spotTrigger,
        orderType: 'limit',
        executePrice: spotTrigger,
        size: '0.002',
      }),
      '43001',
    );
    refused(
      await eve.post(P.mixModify, { ...USDT_M, symbol: 'BTCUSDT', orderId: mixPlan.orderId, newSize: '0.0200' }),
      '40768',
    );
    const eveCancel = ok(
      await eve.post(P.mixCancel, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        orderIdList: [{ orderId: mixPlan.orderId }, { clientOid: 'bob-2' }, { orderId: bobTp.orderId }],
      }),
    );
    expect(eveCancel.successList).toEqual([]);
    expect(eveCancel.failureList.map((f: { errorCode: string }) => f.errorCode)).toEqual(['40768', '40768', '40768']);
    refused(
      await eve.post(P.mixModifyTpsl, {
        ...USDT_M,
        symbol: 'BTCUSDT',
        orderId: bobTp.orderId,
        triggerPrice: near(h, 'USDT-FUTURES', 'BTCUSDT', 1.04),
        size: '0.0100',
      }),
      '40768',
    );
    // Eve's own cancel-all and batch cancels reach none of Bob's.
    ok(await eve.post(P.spotBatchCancel, {}));
    ok(await eve.post(P.mixCancel, { ...USDT_M }));

    expect(await balance(bob, 'USDT')).toEqual(bobBalance);
    expect(ok(await bob.get(P.spotCurrent, { symbol: 'BTCUSDT' }))).toEqual(bobSpot);
    expect(ok(await bob.get(P.mixPending, { ...USDT_M, planType: 'normal_plan' }))).toEqual(bobMix);
    expect(ok(await bob.get(P.mixPending, { ...USDT_M, planType: 'profit_loss' }))).toEqual(bobTpsl);
  });
});

describe('ccxt on the plan routes', { timeout: 30_000 }, () => {
  it('places, lists, edits, cancels and reads back spot trigger orders', async () => {
    const h = makePlanHarness(undefined, Date.now());
    h.step();
    const { key, bot } = await botOf(h, 'ccxt@example.com', ['spot_trade']);
    const exchange = ccxtOn(h, key);
    await exchange.loadMarkets();
    const trigger = Number(near(h, 'SPOT', 'BTCUSDT', 0.95));
    const price = Number(near(h, 'SPOT', 'BTCUSDT', 0.96));
    const created = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, price, { triggerPrice: trigger });
    const [listed] = await exchange.fetchOpenOrders('BTC/USDT', undefined, undefined, { trigger: true });
    expect(listed).toMatchObject({
      id: created.id,
      symbol: 'BTC/USDT',
      type: 'limit',
      side: 'buy',
      status: 'open',
      amount: 0.001,
      price,
      triggerPrice: trigger,
    });

    const trigger2 = Number(near(h, 'SPOT', 'BTCUSDT', 0.93));
    await exchange.editOrder(created.id!, 'BTC/USDT', 'limit', 'buy', 0.002, trigger2, { triggerPrice: trigger2 });
    const [edited] = await exchange.fetchOpenOrders('BTC/USDT', undefined, undefined, { trigger: true });
    expect(edited).toMatchObject({
      id: created.id,
      amount: 0.002,
      price: trigger2,
      triggerPrice: trigger2,
      status: 'open',
    });

    await exchange.cancelOrder(created.id!, 'BTC/USDT', { trigger: true });
    expect(await exchange.fetchOpenOrders('BTC/USDT', undefined, undefined, { trigger: true })).toEqual([]);
    const [cancelled] = await exchange.fetchCanceledAndClosedOrders('BTC/USDT', undefined, undefined, {
      trigger: true,
    });
    expect(cancelled).toMatchObject({
      id: created.id,
      status: 'canceled',
      side: 'buy',
      triggerPrice: trigger2,
      amount: 0.002,
    });
    expect(await balance(bot, 'USDT')).toEqual({ available: '10000.00000000', frozen: '0.00000000' });

    // A market buy is sent as its cost (planType total): it buys the amount at its trigger price, once.
    const stop = Number(near(h, 'SPOT', 'BTCUSDT', 0.97));
    const market = await exchange.createOrder('BTC/USDT', 'market', 'buy', 0.002, stop, { triggerPrice: stop });
    h.jump('SPOT', 'BTCUSDT', near(h, 'SPOT', 'BTCUSDT', 0.96));
    h.step();
    const closed = await exchange.fetchCanceledAndClosedOrders('BTC/USDT', undefined, undefined, { trigger: true });
    expect(closed[0]).toMatchObject({
      id: market.id,
      status: 'closed',
      side: 'buy',
      type: 'market',
      triggerPrice: stop,
    });
    const [info] = ok(await bot.get(S.orderInfo, { orderId: market.id! }));
    // The cost ccxt sends is cut to the quote precision: it buys at most a lot less than the amount.
    expect(info.status).toBe('filled');
    expect(['0.001999', '0.002000']).toContain(info.baseVolume);
  });

  it('places, lists, edits and cancels USDT-M trigger, TP/SL and trailing orders', async () => {
    const h = makePlanHarness(undefined, Date.now());
    h.step();
    const { key } = await botOf(h, 'ccxt@example.com', ['futures_trade']);
    const exchange = ccxtOn(h, key);
    await exchange.loadMarkets();
    const symbol = 'BTC/USDT:USDT';
    const trigger = Number(near(h, 'USDT-FUTURES', 'BTCUSDT', 1.02));
    const created = await exchange.createOrder(symbol, 'market', 'buy', 0.01, undefined, {
      triggerPrice: trigger,
      triggerType: 'mark_price',
    });
    const [listed] = await exchange.fetchOpenOrders(symbol, undefined, undefined, { trigger: true });
    expect(listed).toMatchObject({
      id: created.id,
      side: 'buy',
      type: 'market',
      status: 'open',
      amount: 0.01,
      triggerPrice: trigger,
    });
    expect(listed.info).toMatchObject({ planType: 'normal_plan', triggerType: 'mark_price', planStatus: 'live' });

    const trigger2 = Number(near(h, 'USDT-FUTURES', 'BTCUSDT', 1.03));
    await exchange.editOrder(created.id!, symbol, 'market', 'buy', 0.02, undefined, { triggerPrice: trigger2 });
    const [edited] = await exchange.fetchOpenOrders(symbol, undefined, undefined, { trigger: true });
    expect(edited).toMatchObject({ id: created.id, amount: 0.02, triggerPrice: trigger2 });
    const cancelled = await exchange.cancelOrder(created.id!, symbol, { trigger: true });
    expect(cancelled.id).toBe(created.id);
    const [gone] = await exchange.fetchCanceledAndClosedOrders(symbol, undefined, undefined, { trigger: true });
    expect(gone).toMatchObject({ id: created.id, status: 'canceled', triggerPrice: trigger2, amount: 0.02 });

    // A position's take-profit and stop-loss, as ccxt places them (pos_profit / pos_loss), listed and cancelled.
    await exchange.createOrder(symbol, 'market', 'buy', 0.01);
    const tp = Number(near(h, 'USDT-FUTURES', 'BTCUSDT', 1.04));
    const sl = Number(near(h, 'USDT-FUTURES', 'BTCUSDT', 0.96));
    const tpOrder = await exchange.createOrder(symbol, 'market', 'sell', 0.01, undefined, { takeProfitPrice: tp });
    const slOrder = await exchange.createOrder(symbol, 'market', 'sell', 0.01, undefined, { stopLossPrice: sl });
    const presets = await exchange.fetchOpenOrders(symbol, undefined, undefined, { planType: 'profit_loss' });
    expect(presets).toEqual([
      expect.objectContaining({ id: tpOrder.id, side: 'sell', status: 'open', amount: 0.01, triggerPrice: tp }),
      expect.objectContaining({ id: slOrder.id, side: 'sell', status: 'open', amount: 0.01, triggerPrice: sl }),
    ]);
    const [position] = ok(await h.client(key).get(A.allPosition, USDT_M));
    expect([Number(position.takeProfit), Number(position.stopLoss)]).toEqual([tp, sl]);
    await exchange.cancelOrder(tpOrder.id!, symbol, { trigger: true });
    const left = await exchange.fetchOpenOrders(symbol, undefined, undefined, { planType: 'profit_loss' });
    expect(left.map((o) => o.id)).toEqual([slOrder.id]);

    // A trailing stop that closes the long: a track_plan with its callback, listed with the trailing orders.
    const activation = Number(near(h, 'USDT-FUTURES', 'BTCUSDT', 1.01));
    const trailing = await exchange.createOrder(symbol, 'market', 'sell', 0.01, undefined, {
      trailingPercent: 1.5,
      trailingTriggerPrice: activation,
      reduceOnly: true,
    });
    const [trail] = await exchange.fetchOpenOrders(symbol, undefined, undefined, { trailing: true });
    expect(trail).toMatchObject({
      id: trailing.id,
      side: 'sell',
      status: 'open',
      amount: 0.01,
      triggerPrice: activation,
    });
    expect(trail.info).toMatchObject({ planType: 'track_plan', callbackRatio: '1.5', reduceOnly: 'YES' });
    await exchange.cancelOrder(trailing.id!, symbol, { trailing: true });
    expect(await exchange.fetchOpenOrders(symbol, undefined, undefined, { trailing: true })).toEqual([]);
  });
});
