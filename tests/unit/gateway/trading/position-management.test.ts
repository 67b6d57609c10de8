import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTradingHarness, type Trader, type TradingHarness } from './trading-support';
import { expectRefused } from '../refusal-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const ticker = () => h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!;
const MIX = '/v1/trade/mix';

async function open(trader: Trader, marginMode: 'isolated' | 'crossed', side: 'buy' | 'sell', size: string) {
  return trader.ok(`${MIX}/place-order`, {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode,
    side,
    orderType: 'market',
    size,
  });
}

async function positionOf(trader: Trader) {
  const [position] = await trader.ok(`${MIX}/positions?symbol=BTCUSDT`);
  return position;
}

describe('cross liquidation price with open opening orders', () => {
  it('counts the opening orders’ value as R = value · (mm + fee) and moves the price when one is added', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'crossed', 'buy', '0.9000');
    const before = await positionOf(ann);
    expect(before.totalDelegateValue).toBe('0.00000000');
    expect(before.liquidationPrice).not.toBe('');
    const account = await ann.ok(`${MIX}/account`);
    const wallet = new Decimal(account.equity).minus(account.unrealizedPL);
    const rate = new Decimal(before.mm).plus(before.feeRate);
    const lp = (delegate: Decimal.Value) =>
      wallet
        .minus(new Decimal(delegate).times(rate))
        .minus(new Decimal('0.9').times(before.positionsOpenAvgPrice))
        .div(new Decimal('0.9').times(rate).minus('0.9'))
        .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
        .toFixed(1);
    expect(before.liquidationPrice).toBe(lp(0));

    const price = new Decimal(ticker().lastPr).times('0.9').toDecimalPlaces(0).toFixed(1);
    await ann.ok(`${MIX}/place-order`, {
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.0100',
    });
    const after = await positionOf(ann);
    const delegate = new Decimal(price).times('0.01');
    expect(after.totalDelegateValue).toBe(delegate.toFixed(8));
    const walletAfter = new Decimal((await ann.ok(`${MIX}/account`)).equity).minus(
      (await ann.ok(`${MIX}/account`)).unrealizedPL,
    );
    expect(walletAfter.eq(wallet)).toBe(true);
    expect(after.liquidationPrice).toBe(lp(delegate));
    expect(new Decimal(after.liquidationPrice).gt(before.liquidationPrice)).toBe(true);
  });
});

describe('TP/SL of an open position', () => {
  it('sets, changes and clears the prices, and the watch closes at the new take-profit', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'isolated', 'buy', '0.0100');
    const mark = new Decimal(ticker().markPrice!);
    const tp = mark.plus(500).toFixed(1);
    const sl = mark.minus(500).toFixed(1);
    const set = await ann.ok(`${MIX}/place-pos-tpsl`, {
      symbol: 'BTCUSDT',
      holdSide: 'long',
      stopSurplusTriggerPrice: tp,
      stopLossTriggerPrice: sl,
    });
    expect(set).toMatchObject({ presetStopSurplusPrice: tp, presetStopLossPrice: sl });
    // Absent leaves a price, "" clears it.
    const cleared = await ann.ok(`${MIX}/place-pos-tpsl`, { symbol: 'BTCUSDT', stopLossTriggerPrice: '' });
    expect(cleared).toMatchObject({ presetStopSurplusPrice: tp, presetStopLossPrice: '' });
    const nearer = mark.plus(200).toFixed(1);
    await ann.ok(`${MIX}/place-pos-tpsl`, { symbol: 'BTCUSDT', stopSurplusTriggerPrice: nearer });
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', mark.plus(300).toFixed(1), h.clock.now);
    h.step();
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
  });

  it('refuses prices on the wrong side of the mark (43012), off the tick (43002) and malformed ones (40002)', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'isolated', 'sell', '0.0100');
    const mark = new Decimal(ticker().markPrice!);
    const send = (body: Record<string, unknown>) => ann.post(`${MIX}/place-pos-tpsl`, { symbol: 'BTCUSDT', ...body });
    // A short takes profit below the mark and stops its loss above.
    expect((await send({ stopSurplusTriggerPrice: mark.plus(100).toFixed(1) })).code).toBe('43012');
    expect((await send({ stopLossTriggerPrice: mark.minus(100).toFixed(1) })).code).toBe('43012');
    expect((await send({ stopSurplusTriggerPrice: `${mark.minus(100).toFixed(1)}5` })).code).toBe('43002');
    for (const bad of [1000, '1e3', '-100', 'NaN', '9'.repeat(40), null]) {
      const res = await ann.request(`${MIX}/place-pos-tpsl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', stopLossTriggerPrice: bad }),
      });
      await expectRefused(res, '40002', undefined, String(bad));
    }
    expect((await send({})).code).toBe('40002');
    expect((await send({ holdSide: 'long', stopSurplusTriggerPrice: mark.plus(100).toFixed(1) })).code).toBe('43007');
    expect((await positionOf(ann)).presetStopSurplusPrice).toBe('');
  });
});

describe('isolated margin', () => {
  it('adds margin (the liquidation price moves away) and takes it out down to the initial margin', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok(`${MIX}/set-leverage`, { symbol: 'BTCUSDT', leverage: '20' });
    await open(ann, 'isolated', 'buy', '0.1000');
    const before = await positionOf(ann);
    const available = new Decimal((await ann.ok(`${MIX}/account`)).available);
    const added = await ann.ok(`${MIX}/set-margin`, { symbol: 'BTCUSDT', holdSide: 'long', amount: '100' });
    expect(new Decimal(added.positionsOpenMarginCount).minus(before.positionsOpenMarginCount).toFixed()).toBe('100');
    expect(new Decimal(added.liquidationPrice).lt(before.liquidationPrice)).toBe(true);
    expect(new Decimal((await ann.ok(`${MIX}/account`)).available).eq(available.minus(100))).toBe(true);

    const reduced = await ann.ok(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount: '-60.5' });
    expect(
      new Decimal(reduced.positionsOpenMarginCount).eq(new Decimal(added.positionsOpenMarginCount).minus('60.5')),
    ).toBe(true);
    // Below the initial margin (open value / leverage, plus any loss at the mark) is refused, and nothing moves.
    const tooMuch = await ann.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount: '-100' });
    expect(tooMuch.code).toBe('43013');
    expect((await positionOf(ann)).positionsOpenMarginCount).toBe(reduced.positionsOpenMarginCount);
    const rich = await ann.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount: '100000' });
    expect(rich.code).toBe('43004');
  });

  it('refuses cross positions, malformed amounts and positions that are not the caller’s', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    await open(ann, 'crossed', 'buy', '0.0100');
    expect((await ann.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount: '10' })).code).toBe('43013');
    for (const amount of ['1e3', '-0', '0', '0.000000001', '1'.repeat(30), 10, '', ' 5', '+5', '--5']) {
      const reply = await ann.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount });
      expect(reply.code, String(amount)).toBe('40002');
    }
    // Bob has no position: another user's position is out of reach.
    expect((await bob.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', amount: '10' })).code).toBe('43007');
    expect((await bob.post(`${MIX}/place-pos-tpsl`, { symbol: 'BTCUSDT', stopLossTriggerPrice: '1.0' })).code).toBe(
      '43007',
    );
    expect(await bob.ok(`${MIX}/close-all-positions`, {})).toEqual({ successList: [], failureList: [] });
    expect(await ann.ok(`${MIX}/positions`)).toHaveLength(1);
  });

  it('keeps the main account’s position out of reach of its demo account (another user id under the same sign-in)', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'isolated', 'buy', '0.0100');
    const stored = () => h.db.prepare("SELECT user_id, margin FROM trade_positions WHERE symbol = 'BTCUSDT'").all();
    const before = stored();
    expect(before).toHaveLength(1);
    const switched = await ann.post('/v1/user/sub/switchTradeDemo', {});
    expect(switched.code, switched.msg).toBe('00000');
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);
    expect((await ann.post(`${MIX}/set-margin`, { symbol: 'BTCUSDT', holdSide: 'long', amount: '-10' })).code).toBe(
      '43007',
    );
    expect((await ann.post(`${MIX}/place-pos-tpsl`, { symbol: 'BTCUSDT', stopLossTriggerPrice: '1.0' })).code).toBe(
      '43007',
    );
    expect(await ann.ok(`${MIX}/close-all-positions`, {})).toEqual({ successList: [], failureList: [] });
    expect(await ann.ok(`${MIX}/history-position`)).toEqual([]);
    // The main account's position is as it was.
    expect(stored()).toEqual(before);
  });

  it('answers 00005 without a session', async () => {
    const ann = await h.trader('ann@example.com');
    ann.cookies.clear();
    for (const path of ['place-pos-tpsl', 'set-margin', 'close-all-positions']) {
      const res = await ann.request(`${MIX}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', amount: '1' }),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('00005');
    }
    expect((await ann.request(`${MIX}/history-position`)).status).toBe(401);
  });
});

describe('close all and position history', () => {
  it('closes every position at market and lists each closed one with PnL, funding and fees', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'isolated', 'buy', '0.0100');
    await ann.ok(`${MIX}/place-order`, {
      symbol: 'ETHUSDT',
      marginMode: 'crossed',
      side: 'sell',
      orderType: 'market',
      size: '0.10',
    });
    // A funding settlement while the BTC long is open is recorded with it.
    const settleAt = Number(ticker().nextFundingTime);
    h.step(settleAt - h.clock.now + 1000);
    const [funded] = (await ann.ok(`${MIX}/positions`)).filter((p: { symbol: string }) => p.symbol === 'BTCUSDT');
    const funding = new Decimal(funded.achievedProfits);
    expect(funding.isZero()).toBe(false);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM trade_funding').get()).toMatchObject({ n: 2 });

    const result = await ann.ok(`${MIX}/close-all-positions`, {});
    expect(result.failureList).toEqual([]);
    expect(result.successList.map((r: { symbol: string }) => r.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(await ann.ok(`${MIX}/positions`)).toEqual([]);

    const history = await ann.ok(`${MIX}/history-position?symbol=BTCUSDT`);
    expect(history).toHaveLength(1);
    const [row] = history;
    const [close] = (await ann.ok(`${MIX}/history-orders?symbol=BTCUSDT`)) as { totalProfits: string; fee: string }[];
    expect(row).toMatchObject({ symbol: 'BTCUSDT', holdSide: 'long', openTotalPos: '0.0100', closeTotalPos: '0.0100' });
    expect(row.pnl).toBe(close!.totalProfits);
    expect(new Decimal(row.totalFunding).eq(funding)).toBe(true);
    const fees = (await ann.ok(`${MIX}/history-orders?symbol=BTCUSDT`)).reduce(
      (sum: Decimal, o: { fee: string }) => sum.plus(o.fee),
      new Decimal(0),
    );
    expect(new Decimal(row.totalFee).eq(fees)).toBe(true);
    expect(new Decimal(row.netProfit).eq(new Decimal(row.pnl).plus(row.totalFunding).minus(row.totalFee))).toBe(true);
    expect(await ann.ok(`${MIX}/history-position`)).toHaveLength(2);
    const bob = await h.trader('bob@example.com');
    expect(await bob.ok(`${MIX}/history-position`)).toEqual([]);
  });
});
