import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetOf, ledgerBalanceOf, makeTradingHarness, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

/** The best ask of a book, the size resting there, and that size plus one lot (more than the level holds). */
const bestAsk = (inst: 'SPOT' | 'USDT-FUTURES', symbol: string) => {
  const [price, size] = h.simulator.getBook(inst, symbol, 5)!.asks[0]!;
  const places = size.split('.')[1]?.length ?? 0;
  return { price, size, more: new Decimal(size).plus(new Decimal(10).pow(-places)).toFixed(places) };
};
/** A cheap coin: a whole level of its book costs less than the test account holds. */
const SYMBOL = 'DOGEUSDT';

describe('time in force on spot', () => {
  it('immediate or cancel: takes what the best ask holds at its price, cancels the rest, and keeps nothing frozen', async () => {
    const ann = await h.trader('ann@example.com');
    const ask = bestAsk('SPOT', SYMBOL);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      force: 'ioc',
      price: ask.price,
      size: ask.more,
    });
    expect(order).toMatchObject({ force: 'ioc', status: 'cancelled' });
    expect(new Decimal(order.baseVolume).eq(ask.size)).toBe(true);
    // What it paid is exactly the level's price × size; the taker fee is paid in the DOGE it bought, rounded up to 8
    // places; nothing of the cancelled rest stays held.
    expect(new Decimal(order.quoteVolume).eq(new Decimal(ask.price).times(ask.size))).toBe(true);
    const rate = h.simulator.getInstrument('SPOT', SYMBOL)!.takerFeeRate;
    const fee = new Decimal(ask.size).times(rate).toDecimalPlaces(8, Decimal.ROUND_UP);
    expect(order).toMatchObject({ fee: fee.toFixed(8), feeCoin: 'DOGE' });
    expect(ledgerBalanceOf(h, ann, 'DOGE')).toEqual({
      available: new Decimal(ask.size).minus(fee).toFixed(),
      frozen: '0',
    });
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: new Decimal(10000).minus(order.quoteVolume).toFixed(8),
      frozen: '0.00000000',
    });
    expect(await ann.ok(`/v1/trade/spot/open-orders?symbol=${SYMBOL}`)).toEqual([]);
  });

  it('fill or kill: an order the book cannot fill whole is cancelled with nothing filled and nothing moved', async () => {
    const ann = await h.trader('ann@example.com');
    const ask = bestAsk('SPOT', SYMBOL);
    const before = await assetOf(ann, 'USDT');
    const body = { symbol: SYMBOL, side: 'buy', orderType: 'limit', force: 'fok', price: ask.price };
    const killed = await ann.ok('/v1/trade/spot/place-order', { ...body, size: ask.more });
    expect(killed).toMatchObject({ force: 'fok', status: 'cancelled' });
    expect(new Decimal(killed.baseVolume).isZero()).toBe(true);
    expect(await assetOf(ann, 'USDT')).toEqual(before);
    expect(bestAsk('SPOT', SYMBOL)).toEqual(ask);

    const filled = await ann.ok('/v1/trade/spot/place-order', { ...body, size: ask.size });
    expect(filled).toMatchObject({ status: 'filled' });
    expect(new Decimal(filled.baseVolume).eq(ask.size)).toBe(true);
  });

  it('refuses a time in force it does not know, and a fill-or-kill its owner cannot pay for', async () => {
    const ann = await h.trader('ann@example.com');
    const ask = bestAsk('SPOT', 'BTCUSDT');
    const body = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: ask.price, size: '0.001000' };
    expect((await ann.post('/v1/trade/spot/place-order', { ...body, force: 'day' })).code).not.toBe('00000');
    const reply = await ann.post('/v1/trade/spot/place-order', { ...body, force: 'fok', size: '1000.000000' });
    expect(reply.code).not.toBe('00000');
    expect(await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT')).toEqual([]);
  });
});

describe('time in force on futures', () => {
  const place = (force: string, price: string, size: string) => ({
    symbol: SYMBOL,
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    side: 'buy',
    orderType: 'limit',
    force,
    price,
    size,
  });

  it('immediate or cancel opens what fills at once and holds no margin for the rest', async () => {
    const ann = await h.trader('ann@example.com');
    const ask = bestAsk('USDT-FUTURES', SYMBOL);
    const order = await ann.ok('/v1/trade/mix/place-order', place('ioc', ask.price, ask.more));
    expect(order).toMatchObject({ force: 'ioc', status: 'cancelled' });
    const [position] = await ann.ok(`/v1/trade/mix/positions?symbol=${SYMBOL}`);
    expect(new Decimal(position.positionsCount).eq(ask.size)).toBe(true);
    expect(await ann.ok(`/v1/trade/mix/open-orders?symbol=${SYMBOL}`)).toEqual([]);
  });

  it('fill or kill that cannot fill whole opens nothing', async () => {
    const ann = await h.trader('ann@example.com');
    const ask = bestAsk('USDT-FUTURES', SYMBOL);
    const before = await ann.ok('/v1/trade/mix/account');
    const order = await ann.ok('/v1/trade/mix/place-order', place('fok', ask.price, ask.more));
    expect(order).toMatchObject({ force: 'fok', status: 'cancelled' });
    expect(new Decimal(order.baseVolume).isZero()).toBe(true);
    expect(await ann.ok(`/v1/trade/mix/positions?symbol=${SYMBOL}`)).toEqual([]);
    expect((await ann.ok('/v1/trade/mix/account')).available).toBe(before.available);
  });
});
