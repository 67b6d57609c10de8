import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liquidationPrice } from '../../../../engine/maths';
import { maxLeverageFor, maxSizeAtLeverage } from '../../../../gateway/market/margin-tiers';
import { makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const ticker = () => h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!;

/** Opens a long of `size` BTC at market, isolated at `leverage`; returns the order. */
async function openLong(trader: Trader, size: string, leverage: number, extra: Record<string, string> = {}) {
  await trader.ok('/v1/trade/mix/set-leverage', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    leverage: String(leverage),
  });
  return trader.ok('/v1/trade/mix/place-order', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode: 'isolated',
    side: 'buy',
    orderType: 'market',
    size,
    ...extra,
  });
}

describe('opening an isolated long', () => {
  it('shows the position in the live-position shape with margin = value / leverage and uPnL following the mark', async () => {
    const ann = await h.trader('ann@example.com');
    const order = await openLong(ann, '0.1000', 20);
    expect(order).toMatchObject({ status: 'filled', marginMode: 'isolated', leverage: '20', reduceOnly: 'NO' });
    const [position] = await ann.ok('/v1/trade/mix/positions?symbol=BTCUSDT');
    const entry = new Decimal(order.priceAvg);
    const margin = entry.times('0.1').div(20).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(position).toMatchObject({
      symbol: 'BTCUSDT',
      holdSide: 'long',
      position: 1,
      marginMode: 1,
      positionMode: 1,
      positionsCount: '0.1000',
      positionsOpenMarginCount: margin.toFixed(8),
      positionsLevel: '20',
      businessLine: 10,
      pricePlace: 1,
      mm: '0.004',
      feeRate: '0.0006',
    });
    expect(new Decimal(position.positionsOpenAvgPrice).eq(entry)).toBe(true);
    const expected = liquidationPrice({
      businessLine: 10,
      marginMode: 1,
      positionMode: 1,
      side: 1,
      pricePlace: 1,
      available: margin.toFixed(8),
      othersUpnl: 0,
      othersMaintain: 0,
      longOpenPrice: position.positionsOpenAvgPrice,
      longOpenCount: '0.1',
      shortOpenPrice: 0,
      shortOpenCount: 0,
      totalDelegateValue: 0,
      mm: '0.004',
      feeRate: '0.0006',
    });
    expect(position.liquidationPrice).toBe(expected.display);

    const fee = entry.times('0.1').times('0.0006').toDecimalPlaces(8, Decimal.ROUND_UP);
    let account = await ann.ok('/v1/trade/mix/account');
    expect(account.available).toBe(new Decimal(10000).minus(fee).minus(margin).toFixed(8));

    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', entry.plus(1000).toFixed(1), h.clock.now);
    h.step();
    const mark = new Decimal(ticker().markPrice!);
    account = await ann.ok('/v1/trade/mix/account');
    const upnl = mark.minus(entry).times('0.1');
    expect(account.unrealizedPL).toBe(upnl.toFixed(8));
    expect(account.equity).toBe(new Decimal(10000).minus(fee).plus(upnl).toFixed(8));
    expect(upnl.gt(50)).toBe(true);
  });
});

describe('close-position', () => {
  it('closes at market and realizes the PnL into the wallet', async () => {
    const ann = await h.trader('ann@example.com');
    const open = await openLong(ann, '0.0500', 10);
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', new Decimal(open.priceAvg).plus(500).toFixed(1), h.clock.now);
    h.step();
    const [close] = await ann.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'long' });
    expect(close).toMatchObject({ status: 'filled', side: 'sell', reduceOnly: 'YES', baseVolume: '0.0500' });
    // A market close may take more than the best level, and priceAvg is the average rounded to the tick: the PnL is
    // what the fills came to, the close's value less the open's (both the same 0.05 BTC).
    const pnl = new Decimal(close.quoteVolume).minus(open.quoteVolume);
    for (const order of [open, close])
      expect(order.priceAvg).toBe(new Decimal(order.quoteVolume).div('0.05').toFixed(1, Decimal.ROUND_HALF_UP));
    expect(close.totalProfits).toBe(pnl.toFixed(8));
    expect(pnl.gt(0)).toBe(true);
    expect(await ann.ok('/v1/trade/mix/positions')).toEqual([]);
    const account = await ann.ok('/v1/trade/mix/account');
    expect(account.available).toBe(new Decimal(10000).minus(open.fee).minus(close.fee).plus(pnl).toFixed(8));
    expect(await ann.post('/v1/trade/mix/close-position', { symbol: 'BTCUSDT' })).toMatchObject({ code: '43007' });
  });
});

describe('liquidation', () => {
  it('closes the position at the mark when it crosses the liquidation price, losing the margin', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.1000', 50);
    const [position] = await ann.ok('/v1/trade/mix/positions');
    const before = await ann.ok('/v1/trade/mix/account');
    h.simulator.jumpPrice(
      'USDT-FUTURES',
      'BTCUSDT',
      new Decimal(position.liquidationPrice).minus(200).toFixed(1),
      h.clock.now,
    );
    h.step();
    expect(await ann.ok('/v1/trade/mix/positions')).toEqual([]);
    const [liquidation] = await ann.ok('/v1/trade/mix/history-orders');
    expect(liquidation).toMatchObject({
      orderType: 'liquidation',
      status: 'filled',
      totalProfits: `-${position.positionsOpenMarginCount}`,
    });
    const after = await ann.ok('/v1/trade/mix/account');
    expect(after.available).toBe(before.available);
    expect(after.equity).toBe(
      new Decimal(before.equity).minus(before.unrealizedPL).minus(position.positionsOpenMarginCount).toFixed(8),
    );
  });
});

describe('funding', () => {
  it('charges a long rate × mark value at nextFundingTime, once', async () => {
    const ann = await h.trader('ann@example.com');
    await openLong(ann, '0.1000', 10);
    const rate = new Decimal(ticker().fundingRate!);
    const settleAt = Number(ticker().nextFundingTime);
    const before = new Decimal((await ann.ok('/v1/trade/mix/account')).available);
    h.step(settleAt - h.clock.now + 1000);
    expect(Number(ticker().nextFundingTime)).toBeGreaterThan(settleAt);
    const mark = new Decimal(ticker().markPrice!);
    const paid = mark.times('0.1').times(rate).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
    const [position] = await ann.ok('/v1/trade/mix/positions');
    expect(new Decimal(position.achievedProfits).eq(paid.neg())).toBe(true);
    h.step();
    const [again] = await ann.ok('/v1/trade/mix/positions');
    expect(again.achievedProfits).toBe(position.achievedProfits);
    // Isolated funding comes out of the position's margin, so available does not move.
    expect((await ann.ok('/v1/trade/mix/account')).available).toBe(before.toFixed(8));
  });
});

describe('TP/SL presets', () => {
  it('close the position at market when the mark reaches the take-profit', async () => {
    const ann = await h.trader('ann@example.com');
    const last = new Decimal(ticker().lastPr);
    const tp = last.plus(300).toFixed(1);
    await openLong(ann, '0.0100', 10, { presetStopSurplusPrice: tp, presetStopLossPrice: last.minus(300).toFixed(1) });
    const [position] = await ann.ok('/v1/trade/mix/positions');
    expect(position.presetStopSurplusPrice).toBe(tp);
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', last.plus(400).toFixed(1), h.clock.now);
    h.step();
    expect(await ann.ok('/v1/trade/mix/positions')).toEqual([]);
    const [close] = await ann.ok('/v1/trade/mix/history-orders');
    expect(new Decimal(close.totalProfits).gt(0)).toBe(true);
  });
});

describe('hedge mode', () => {
  it('never liquidates cross legs that hedge each other, whichever way the mark moves', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/set-position-mode', { productType: 'USDT-FUTURES', posMode: 'hedge_mode' });
    const base = {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      orderType: 'market',
      size: '0.0500',
    };
    await ann.ok('/v1/trade/mix/place-order', { ...base, side: 'buy', tradeSide: 'open' });
    await ann.ok('/v1/trade/mix/place-order', { ...base, side: 'sell', tradeSide: 'open' });
    const last = new Decimal(ticker().lastPr);
    for (const factor of ['1', '0.8', '1.25']) {
      h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', last.times(factor).toFixed(1), h.clock.now);
      h.step();
      expect(
        (await ann.ok('/v1/trade/mix/positions')).map((p: { holdSide: string }) => p.holdSide),
        factor,
      ).toEqual(['long', 'short']);
    }
  });

  it('holds a long and a short at once and closes one leg with tradeSide close', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/set-position-mode', { productType: 'USDT-FUTURES', posMode: 'hedge_mode' });
    const base = {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      orderType: 'market',
      size: '0.0100',
    };
    await ann.ok('/v1/trade/mix/place-order', { ...base, side: 'buy', tradeSide: 'open' });
    await ann.ok('/v1/trade/mix/place-order', { ...base, side: 'sell', tradeSide: 'open' });
    const positions = await ann.ok('/v1/trade/mix/positions');
    expect(positions.map((p: { holdSide: string; positionMode: number }) => [p.holdSide, p.positionMode])).toEqual([
      ['long', 2],
      ['short', 2],
    ]);
    expect(await ann.post('/v1/trade/mix/place-order', { ...base, side: 'buy' })).toMatchObject({ code: '40002' });
    const close = await ann.ok('/v1/trade/mix/place-order', { ...base, side: 'buy', tradeSide: 'close' });
    expect(close).toMatchObject({ tradeSide: 'close', status: 'filled' });
    expect((await ann.ok('/v1/trade/mix/positions')).map((p: { holdSide: string }) => p.holdSide)).toEqual(['short']);
    expect(await ann.post('/v1/trade/mix/set-position-mode', { posMode: 'one_way_mode' })).toMatchObject({
      code: '43009',
    });
  });
});

describe('futures refusals', () => {
  it('refuses leverage out of range (43008), reduce-only without a position (43007) and a mode change while open (43009)', async () => {
    const ann = await h.trader('ann@example.com');
    expect(await ann.post('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: 126 })).toMatchObject({
      code: '43008',
    });
    expect(await ann.post('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: 0 })).toMatchObject({
      code: '43008',
    });
    const reduce = {
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'sell',
      orderType: 'market',
      size: '0.0100',
      reduceOnly: 'YES',
    };
    expect(await ann.post('/v1/trade/mix/place-order', reduce)).toMatchObject({ code: '43007' });
    const price = new Decimal(ticker().bidPr).minus(1000).toFixed(1);
    const resting = await ann.ok('/v1/trade/mix/place-order', {
      symbol: 'BTCUSDT',
      marginMode: 'crossed',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.0100',
    });
    expect(
      await ann.post('/v1/trade/mix/set-margin-mode', { symbol: 'BTCUSDT', marginMode: 'isolated' }),
    ).toMatchObject({ code: '43009' });
    expect((await ann.ok('/v1/trade/mix/account')).locked).toBe(
      new Decimal(price).times('0.01').div(10).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8),
    );
    await ann.ok('/v1/trade/mix/cancel-order', { symbol: 'BTCUSDT', orderId: resting.orderId });
    expect(await ann.ok('/v1/trade/mix/set-margin-mode', { symbol: 'BTCUSDT', marginMode: 'isolated' })).toMatchObject({
      marginMode: 'isolated',
    });
    expect(await ann.ok('/v1/trade/mix/settings?symbol=BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      leverage: '10',
      crossMarginLeverage: '10',
      isolatedLongLever: '10',
      isolatedShortLever: '10',
      marginMode: 'isolated',
      posMode: 'one_way_mode',
      maxLever: '125',
      maxPositionSize: '1000000000',
      maxLongPositionSize: '1000000000',
      maxShortPositionSize: '1000000000',
    });
    expect(await ann.post('/v1/trade/mix/place-order', { ...reduce, reduceOnly: 'NO', size: '10.0000' })).toMatchObject(
      { code: '43004' },
    );
  });
});

describe('margin tier leverage caps', () => {
  it('gives the largest position a leverage may run at: the top of the highest tier reaching it', () => {
    expect(maxSizeAtLeverage('BTCUSDT', 125)).toBe('150');
    expect(maxSizeAtLeverage('BTCUSDT', 101)).toBe('150');
    expect(maxSizeAtLeverage('BTCUSDT', 100)).toBe('600');
    expect(maxSizeAtLeverage('BTCUSDT', 10)).toBe('1000000000');
    expect(maxSizeAtLeverage('BTCUSDT', 126)).toBe('0');
  });

  it('takes the tier of the size, a size on a boundary in the lower tier, beyond the table the last', () => {
    expect(maxLeverageFor('BTCUSDT', 0n, 4)).toBe(125);
    expect(maxLeverageFor('BTCUSDT', 1_500_000n, 4)).toBe(125);
    expect(maxLeverageFor('BTCUSDT', 1_500_001n, 4)).toBe(100);
    expect(maxLeverageFor('BTCUSDT', 50_000_001n, 4)).toBe(10);
    expect(maxLeverageFor('BTCUSDT', 10n ** 20n, 4)).toBe(10);
    expect(maxLeverageFor('ETHUSDT', 200_001n, 2)).toBe(75);
    expect(maxLeverageFor('NEWUSDT', 1n, 4)).toBe(50);
  });

  it('refuses an order that could grow the position past its tier at the chosen leverage (43008), and takes it at a lower one', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: '125' });
    // Far below the market, so the order rests and its margin is small; the tier goes by size alone.
    const order = { symbol: 'BTCUSDT', marginMode: 'isolated', side: 'buy', orderType: 'limit', price: '1000.0' };
    const refused = await ann.post('/v1/trade/mix/place-order', { ...order, size: '150.0001' });
    expect(refused).toMatchObject({ code: '43008' });
    expect(refused.msg).toContain('100x');
    expect(await ann.ok('/v1/trade/mix/place-order', { ...order, size: '150.0000' })).toMatchObject({ status: 'live' });
    await ann.ok('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: '100' });
    expect(await ann.ok('/v1/trade/mix/place-order', { ...order, size: '150.0001' })).toMatchObject({ status: 'live' });
  });
});
