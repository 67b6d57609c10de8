import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTradingHarness, type Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const SYMBOL = 'ETHUSDT';
const open = (trader: Trader, side: 'buy' | 'sell', size: string, extra: Record<string, string> = {}) =>
  trader.ok('/v1/trade/mix/place-order', {
    symbol: SYMBOL,
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    side,
    orderType: 'market',
    size,
    ...extra,
  });
const positions = (trader: Trader) => trader.ok(`/v1/trade/mix/positions?symbol=${SYMBOL}`);

describe('reverse a position', () => {
  it('one-way: a long becomes a short of the same size in one call, with both orders filled whole', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'buy', '0.50');
    const reply = await ann.ok('/v1/trade/mix/reverse-position', { symbol: SYMBOL, productType: 'USDT-FUTURES' });
    expect(reply.closeOrder).toMatchObject({ status: 'filled' });
    expect(reply.openOrder).toMatchObject({ status: 'filled', side: 'sell' });
    const [short, ...more] = await positions(ann);
    expect(more).toEqual([]);
    expect(short).toMatchObject({ holdSide: 'short' });
    expect(new Decimal(short.positionsCount).eq('0.5')).toBe(true);
  });

  it('hedge mode: reverses the side named and leaves the other side alone', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/set-position-mode', { posMode: 'hedge_mode' });
    await open(ann, 'buy', '0.30', { tradeSide: 'open' });
    await open(ann, 'sell', '0.20', { tradeSide: 'open' });
    await ann.ok('/v1/trade/mix/reverse-position', { symbol: SYMBOL, holdSide: 'long' });
    const sizes = Object.fromEntries(
      (await positions(ann)).map((p: { holdSide: string; positionsCount: string }) => [
        p.holdSide,
        new Decimal(p.positionsCount).toFixed(),
      ]),
    );
    expect(sizes).toEqual({ short: '0.5' });
  });

  it('refuses as a whole when the new side cannot be held, leaving the position as it was', async () => {
    const ann = await h.trader('ann@example.com');
    await ann.ok('/v1/trade/mix/set-leverage', { symbol: SYMBOL, leverage: 1 });
    // Most of the account in one long at 1x: closing it frees the margin, but fees and the spread leave too little to
    // open the same size again.
    const price = new Decimal(h.simulator.getTicker('USDT-FUTURES', SYMBOL)!.lastPr);
    const size = new Decimal(9990).div(price).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    await open(ann, 'buy', size);
    const [before] = await positions(ann);
    const refused = await ann.post('/v1/trade/mix/reverse-position', { symbol: SYMBOL });
    expect(refused.code).toBe('43004');
    const [after, ...more] = await positions(ann);
    expect(more).toEqual([]);
    expect(after).toMatchObject({ holdSide: 'long', positionsCount: before.positionsCount });
  });

  it('raced ten times at once, ends as one position of the same size on one side, each reverse whole', async () => {
    const ann = await h.trader('ann@example.com');
    await open(ann, 'buy', '0.40');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => ann.post('/v1/trade/mix/reverse-position', { symbol: SYMBOL })),
    );
    const done = replies.filter((r) => r.code === '00000').length;
    const [position, ...more] = await positions(ann);
    expect(more).toEqual([]);
    expect(new Decimal(position.positionsCount).eq('0.4')).toBe(true);
    expect(position.holdSide).toBe(done % 2 === 0 ? 'long' : 'short');
    expect(await ann.ok(`/v1/trade/mix/open-orders?symbol=${SYMBOL}`)).toEqual([]);
  });

  it('refuses a position that does not exist and another user’s', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    await open(ann, 'buy', '0.10');
    expect((await bob.post('/v1/trade/mix/reverse-position', { symbol: SYMBOL })).code).toBe('43007');
    expect((await positions(ann))[0]).toMatchObject({ holdSide: 'long' });
  });
});
