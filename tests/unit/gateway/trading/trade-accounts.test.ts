import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetOf, makeTradingHarness, Trader, type TradingHarness } from './trading-support';

let h: TradingHarness;
beforeEach(() => {
  h = makeTradingHarness();
  h.step();
});
afterEach(() => h.close());

describe('sessions', () => {
  it('answers 00005 with HTTP 401 to a caller who is not signed in', async () => {
    const stranger = new Trader(() => h.app, '');
    for (const path of ['/v1/trade/spot/assets', '/v1/trade/mix/account', '/v1/trade/changes?cursor=0']) {
      const res = await stranger.request(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: '00005', msg: 'Please login to visit', data: null });
    }
    const res = await stranger.request('/v1/trade/spot/place-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTCUSDT', side: 'buy', orderType: 'market', size: '0.001000' }),
    });
    expect(res.status).toBe(401);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM trade_orders').get()).toEqual({ n: 0 });
  });

  it('answers 20906 "login expired" (HTTP 200) to a session cookie that names no session any more', async () => {
    for (const path of ['/v1/trade/spot/assets', '/v1/trade/mix/account', '/v1/trade/changes?cursor=0']) {
      const ended = new Trader(() => h.app, '');
      ended.cookies.set('sid', 'a-session-that-ended');
      const res = await ended.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({ code: '20906', data: null });
    }
  });
});

describe('starting balances', () => {
  it('gives a main account 10,000 USDT spot and futures, and its demo account 50,000 of each, kept apart', async () => {
    const ann = await h.trader('ann@example.com');
    expect(await ann.ok('/v1/trade/spot/assets')).toEqual([
      { coin: 'USDT', available: '10000.00000000', frozen: '0.00000000', places: 4 },
    ]);
    expect(await ann.ok('/v1/trade/mix/account')).toMatchObject({
      available: '10000.00000000',
      equity: '10000.00000000',
      isDemo: false,
      posMode: 'one_way_mode',
    });
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size: '10.0000',
    });

    const switched = await ann.post('/v1/user/sub/switchTradeDemo', {});
    expect(switched.code, switched.msg).toBe('00000');
    expect(await assetOf(ann, 'USDT')).toEqual({
      coin: 'USDT',
      available: '50000.00000000',
      frozen: '0.00000000',
      places: 4,
    });
    expect(await ann.ok('/v1/trade/mix/account')).toMatchObject({ available: '50000.00000000', isDemo: true });
    expect(await ann.ok('/v1/trade/spot/history-orders')).toEqual([]);
  });

  it('lists each coin with the places it is shown with: USDT 4, a base coin its widest spot size places', async () => {
    const bob = await h.trader('bob@example.com');
    await bob.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size: '10.0000',
    });
    expect(await assetOf(bob, 'USDT')).toMatchObject({ places: 4 });
    expect(await assetOf(bob, 'BGB')).toMatchObject({ places: 4 });
  });
});

describe('the changes long poll', () => {
  it('answers cursor 0 at once with every topic, then wakes promptly after an order', async () => {
    // A long wait (20 s) against the harness's usual 300 ms: an answer well before it came from the order, however
    // slow the machine is, and never from the wait running out.
    h.close();
    h = makeTradingHarness({ longPollMs: 20_000 });
    h.step();
    const ann = await h.trader('ann@example.com');
    const first = await ann.ok('/v1/trade/changes?cursor=0');
    expect(first.topics).toEqual(['orders', 'positions', 'assets']);
    const started = Date.now();
    const polling = ann.ok(`/v1/trade/changes?cursor=${first.cursor}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size: '10.0000',
    });
    const woke = await polling;
    expect(woke.topics).toEqual(['orders', 'assets']);
    expect(woke.cursor).toBeGreaterThan(first.cursor);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers with no topics when nothing of this user changed before the wait ends', async () => {
    const ann = await h.trader('ann@example.com');
    const bob = await h.trader('bob@example.com');
    const { cursor } = await ann.ok('/v1/trade/changes?cursor=0');
    const polling = ann.ok(`/v1/trade/changes?cursor=${cursor}`);
    await bob.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size: '10.0000',
    });
    expect((await polling).topics).toEqual([]);
  });
});

describe('persistence', () => {
  it('keeps balances, open orders and positions across a gateway restart on the same data dir', async () => {
    const ann = await h.trader('ann@example.com');
    const bid = h.simulator.getBook('SPOT', 'BTCUSDT', 1)!.bids[0]![0];
    const price = (Number(bid) - 300).toFixed(2);
    const order = await ann.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.010000',
    });
    await ann.ok('/v1/trade/mix/place-order', {
      symbol: 'BTCUSDT',
      marginMode: 'isolated',
      side: 'sell',
      orderType: 'market',
      size: '0.0100',
    });
    const assets = await ann.ok('/v1/trade/spot/assets');
    const [position] = await ann.ok('/v1/trade/mix/positions');
    const dataDir = h.dataDir;
    h.close(true);

    h = makeTradingHarness({ dataDir });
    h.step();
    const again = await h.trader('ann@example.com');
    expect(await again.ok('/v1/trade/spot/assets')).toEqual(assets);
    expect((await again.ok('/v1/trade/spot/open-orders')).map((o: { orderId: string }) => o.orderId)).toEqual([
      order.orderId,
    ]);
    const [restored] = await again.ok('/v1/trade/mix/positions');
    expect(restored).toMatchObject({
      holdSide: 'short',
      positionsCount: position.positionsCount,
      positionsOpenAvgPrice: position.positionsOpenAvgPrice,
    });
  });
});
