import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveHeld } from '../../../../gateway/trading/spot-holds';
import { balanceMismatches, unbalancedEntries } from '../asset/ledger-checks';
import { assetOf, ledgerBalanceOf, makeTradingHarness, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

const bestAsk = () => h.simulator.getBook('SPOT', 'BTCUSDT', 5)!.asks[0]![0];
const bestBid = () => h.simulator.getBook('SPOT', 'BTCUSDT', 5)!.bids[0]![0];
const spec = (symbol: string) => h.simulator.getInstrument('SPOT', symbol)!;
/** The fee a buy of `size` pays in the base coin it receives: size × rate, rounded up to 8 places. */
const baseFee = (size: Decimal.Value, rate: string) =>
  new Decimal(size).times(rate).toDecimalPlaces(8, Decimal.ROUND_UP);

describe('a resting limit buy', () => {
  it('freezes price × size (the fee is paid in the BTC it buys), shows in open orders, and cancelling gives the funds back', async () => {
    const ann = await h.trader('ann@example.com');
    const price = new Decimal(bestBid()).minus(100).toFixed(2);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.010000',
      clientOid: 'my-1',
    });
    expect(order).toMatchObject({
      status: 'live',
      planStatus: 'none',
      baseVolume: '0.000000',
      clientOid: 'my-1',
      price,
      size: '0.010000',
    });
    // Nothing is held for the fee: it is paid in the BTC a fill delivers.
    const frozen = new Decimal(price).times('0.01');
    expect(await assetOf(ann, 'USDT')).toEqual({
      coin: 'USDT',
      available: new Decimal(10000).minus(frozen).toFixed(8),
      frozen: frozen.toFixed(8),
      places: 4,
    });
    const open = await ann.ok('/v1/trade/spot/open-orders?symbol=BTCUSDT');
    expect(open.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);

    const cancelled = await ann.ok('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId });
    expect(cancelled.status).toBe('cancelled');
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
    expect(await ann.ok('/v1/trade/spot/open-orders')).toEqual([]);
    const history = await ann.ok('/v1/trade/spot/history-orders?symbol=BTCUSDT&limit=10');
    expect(history[0]).toMatchObject({ orderId: order.orderId, status: 'cancelled' });
  });
});

describe('a market buy', () => {
  it('walks the asks best first, pays the taker fee in the BGB it buys, and takes the liquidity out of the public order book', async () => {
    const ann = await h.trader('ann@example.com');
    const asks = h.simulator.getBook('SPOT', 'BGBUSDT', 3)!.asks;
    const half = new Decimal(asks[1]![1]).div(2).toDecimalPlaces(4).toFixed(4);
    const size = new Decimal(asks[0]![1]).plus(half).toFixed(4);
    const events: Array<{ asks: [string, string][] }> = [];
    h.simulator.subscribe((event) => {
      if (event.symbol === 'BGBUSDT' && event.type === 'book') events.push(event);
    });
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size,
    });
    const cost = new Decimal(asks[0]![0]).times(asks[0]![1]).plus(new Decimal(asks[1]![0]).times(half));
    // Each level's fill pays the taker fee on the BGB it delivered, rounded up on its own.
    const fee = baseFee(asks[0]![1], spec('BGBUSDT').takerFeeRate).plus(baseFee(half, spec('BGBUSDT').takerFeeRate));
    expect(order).toMatchObject({
      status: 'filled',
      baseVolume: size,
      quoteVolume: cost.toFixed(8),
      fee: fee.toFixed(8),
      feeCoin: 'BGB',
    });
    expect(ledgerBalanceOf(h, ann, 'BGB')).toEqual({ available: new Decimal(size).minus(fee).toFixed(), frozen: '0' });
    // The cost alone comes out of USDT, and nothing stays frozen.
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: new Decimal(10000).minus(cost).toFixed(8),
      frozen: '0.00000000',
    });

    // The public order book now lacks the first level and half of the second...
    const after = h.simulator.getBook('SPOT', 'BGBUSDT', 3)!.asks;
    expect(after[0]).toEqual([asks[1]![0], new Decimal(asks[1]![1]).minus(half).toFixed(4)]);
    // ...and the next order-book event carries both changed levels.
    h.step();
    const changed = new Map(events.at(-1)!.asks);
    expect(changed.has(asks[0]![0])).toBe(true);
    expect(changed.has(asks[1]![0])).toBe(true);
  });

  it('is refused with 43004 when the balance cannot pay, and nothing changes', async () => {
    const ann = await h.trader('ann@example.com');
    const reply = await ann.post('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '1.000000',
    });
    expect(reply).toMatchObject({ code: '43004', status: 'error', data: null });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ available: '10000.00000000', frozen: '0.00000000' });
    expect(await ann.ok('/v1/trade/spot/history-orders')).toEqual([]);
  });
});

describe('maker fills', () => {
  it('fills a resting buy at its own price with the maker fee, in BTC, when the market comes down', async () => {
    const ann = await h.trader('ann@example.com');
    const price = new Decimal(bestBid()).minus(500).toFixed(2);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.010000',
    });
    h.step();
    expect((await ann.ok('/v1/trade/spot/open-orders'))[0].status).toBe('live');
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', new Decimal(price).minus(50).toFixed(2), h.clock.now);
    h.step();
    const [filled] = await ann.ok('/v1/trade/spot/history-orders');
    const value = new Decimal(price).times('0.01');
    const fee = baseFee('0.01', spec('BTCUSDT').makerFeeRate);
    expect(filled).toMatchObject({
      orderId: order.orderId,
      status: 'filled',
      priceAvg: price,
      fee: fee.toFixed(8),
      feeCoin: 'BTC',
    });
    // The BTC bought less the maker fee paid in it.
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({
      available: new Decimal('0.01').minus(fee).toFixed(),
      frozen: '0',
    });
    // Frozen price × size, spent whole at the order's own price: nothing is left frozen or given back.
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: new Decimal(10000).minus(value).toFixed(8),
      frozen: '0.00000000',
    });
  });
});

describe('a buy placed before buys paid in the base coin', () => {
  it('keeps the quote-coin fee it held for: fills with the fee in USDT out of its hold, and nothing stays frozen', async () => {
    const ann = await h.trader('ann@example.com');
    const price = new Decimal(bestBid()).minus(500).toFixed(2);
    const placed = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.010000',
    });
    const value = new Decimal(price).times('0.01');
    const taker = (rate: string) => value.times(rate).toDecimalPlaces(spec('BTCUSDT').quotePrecision, Decimal.ROUND_UP);
    // As such an order was stored: it pays in the quote coin, and holds value + taker fee.
    const { ctx } = h.trading;
    ctx.db.transaction(() => {
      const order = ctx.orders.find(ann.userId, 'spot', placed.orderId)!;
      const extra = BigInt(taker(spec('BTCUSDT').takerFeeRate).times(1e8).toFixed());
      order.feeInBase = false;
      order.frozen += extra;
      moveHeld(ctx, 'freeze', order, 'USDT', extra);
      ctx.orders.update(order);
    })();
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', new Decimal(price).minus(50).toFixed(2), h.clock.now);
    h.step();
    const [filled] = await ann.ok('/v1/trade/spot/history-orders');
    const fee = taker(spec('BTCUSDT').makerFeeRate);
    expect(filled).toMatchObject({
      orderId: placed.orderId,
      status: 'filled',
      fee: fee.toFixed(spec('BTCUSDT').quotePrecision),
      feeCoin: 'USDT',
    });
    expect(ledgerBalanceOf(h, ann, 'BTC')).toEqual({ available: '0.01', frozen: '0' });
    expect(await assetOf(ann, 'USDT')).toMatchObject({
      available: new Decimal(10000).minus(value).minus(fee).toFixed(8),
      frozen: '0.00000000',
    });
    expect(unbalancedEntries(h.db)).toEqual([]);
    expect(balanceMismatches(h.db)).toEqual([]);
  });
});

describe('post-only', () => {
  it('is refused with 43005 when it would take liquidity', async () => {
    const ann = await h.trader('ann@example.com');
    const reply = await ann.post('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'post_only',
      price: bestAsk(),
      size: '0.001000',
    });
    expect(reply).toMatchObject({ code: '43005', status: 'error' });
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: '0.00000000' });
  });
});

describe('stop orders', () => {
  it('wait untriggered until the last price reaches the trigger, then fill', async () => {
    const ann = await h.trader('ann@example.com');
    const last = new Decimal(h.simulator.getTicker('SPOT', 'BTCUSDT')!.lastPr);
    const trigger = last.plus(300).toFixed(2);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.002000',
      triggerPrice: trigger,
    });
    expect(order).toMatchObject({ status: 'live', planStatus: 'untriggered', triggerPrice: trigger });
    expect(new Decimal((await assetOf(ann, 'USDT')).frozen).gt(0)).toBe(true);
    h.step();
    expect((await ann.ok('/v1/trade/spot/open-orders'))[0].planStatus).toBe('untriggered');
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', last.plus(400).toFixed(2), h.clock.now);
    h.step();
    const [done] = await ann.ok('/v1/trade/spot/history-orders');
    expect(done).toMatchObject({
      orderId: order.orderId,
      planStatus: 'triggered',
      status: 'filled',
      baseVolume: '0.002000',
    });
    expect(new Decimal(done.priceAvg).gte(trigger)).toBe(true);
    expect(await assetOf(ann, 'USDT')).toMatchObject({ frozen: '0.00000000' });
  });
});
