import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { OrderBook } from 'ccxt';
import { type RunningGateway, startGateway } from '../../gateway/server';
import { STARTING_USDT } from '../../gateway/trading/trading-context';
import { type Bitget, bitgetAt, createKey } from './client-library-support';

/**
 * Issue 21 §3: an existing Bitget v2 client library — ccxt, a dev dependency — pointed at the gateway by changing only
 * its base URLs, against a gateway of the test's own on a real port (REST, the public and the private WebSocket, no
 * browser and no build needed). The key comes from the documented shell command (`npm run api-key`), as a script
 * would get it.
 */

const SPOT = 'BTC/USDT';
const SWAP = 'BTC/USDT:USDT';
const MINUTE = 60_000;

// One gateway and one client for the file, in order; a failing step does not skip the others.
test.describe.configure({ mode: 'default' });

let root: string;
let gateway: RunningGateway;
let bitget: Bitget;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'exchange-ccxt-'));
  const dataDir = join(root, 'data');
  gateway = await startGateway({ port: 0, dataDir, logLevel: 'error', simulatorSeed: 21, marketStepMs: 100 });
  bitget = bitgetAt(gateway.url, await createKey(dataDir));
  // ccxt on Node opens plain ws:// URLs only through an HTTP agent it loads on request (wss:// needs none).
  await bitget.loadHttpProxyAgent();
});

test.afterAll(async () => {
  await bitget?.close();
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

function expectSaneBook(book: OrderBook, symbol: string): void {
  expect(book.symbol).toBe(symbol);
  expect(book.bids.length).toBeGreaterThan(4);
  expect(book.asks.length).toBeGreaterThan(4);
  const bids = book.bids.map(([price]) => Number(price));
  const asks = book.asks.map(([price]) => Number(price));
  expect(bids).toEqual([...bids].sort((a, b) => b - a));
  expect(asks).toEqual([...asks].sort((a, b) => a - b));
  expect(bids[0]!).toBeLessThan(asks[0]!);
}

test('loads the simulated spot pairs and USDT-M perpetuals as markets, with coins and server time', async () => {
  const before = Date.now();
  expect(await bitget.fetchTime()).toBeGreaterThanOrEqual(before);
  const markets = await bitget.loadMarkets();
  const spot = Object.values(markets).filter((market) => market?.spot);
  const swaps = Object.values(markets).filter((market) => market?.swap);
  expect(spot).toHaveLength(gateway.simulator.listInstruments('SPOT').length);
  expect(swaps).toHaveLength(gateway.simulator.listInstruments('USDT-FUTURES').length);
  expect(Object.keys(markets)).toEqual(expect.arrayContaining([SPOT, 'ETH/USDT', 'USDT/BRL', SWAP, 'ETH/USDT:USDT']));
  expect(markets[SPOT]).toMatchObject({ id: 'BTCUSDT', type: 'spot', active: true, margin: false });
  expect(markets[SPOT]!.precision.price).toBe(0.01);
  expect(markets[SWAP]).toMatchObject({ id: 'BTCUSDT', type: 'swap', linear: true, settle: 'USDT', contractSize: 1 });
  expect(markets[SWAP]!.precision.price).toBe(0.1);
  const usdt = bitget.currencies.USDT!;
  expect(Object.keys(usdt.networks)).toEqual(expect.arrayContaining(['TRC20']));
  expect(usdt).toMatchObject({ deposit: true, withdraw: true });
});

test('reads spot and swap tickers', async () => {
  for (const symbol of [SPOT, SWAP]) {
    const ticker = await bitget.fetchTicker(symbol);
    expect(ticker.symbol).toBe(symbol);
    expect(ticker.last!).toBeGreaterThan(0);
    expect(ticker.bid!).toBeLessThan(ticker.ask!);
    expect(ticker.high!).toBeGreaterThanOrEqual(ticker.low!);
    expect(Math.abs(ticker.timestamp! - Date.now())).toBeLessThan(MINUTE);
  }
  expect(Object.keys(await bitget.fetchTickers([SPOT, 'ETH/USDT'])).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
  const swap = await bitget.fetchTicker(SWAP);
  expect(Number(swap.info.fundingRate)).not.toBeNaN();
  expect(swap.markPrice!).toBeGreaterThan(0);
});

test('reads spot and swap order books', async () => {
  expectSaneBook(await bitget.fetchOrderBook(SPOT, 20), SPOT);
  const swap = await bitget.fetchOrderBook(SWAP, 5);
  expectSaneBook(swap, SWAP);
  expect(swap.bids).toHaveLength(5);
});

test('reads spot and swap public trades', async () => {
  for (const symbol of [SPOT, SWAP]) {
    const trades = await bitget.fetchTrades(symbol, undefined, 20);
    expect(trades.length, symbol).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(20);
    for (const trade of trades) {
      expect(trade.symbol).toBe(symbol);
      expect(['buy', 'sell']).toContain(trade.side);
      expect(trade.price).toBeGreaterThan(0);
      expect(trade.amount!).toBeGreaterThan(0);
    }
    const times = trades.map((trade) => trade.timestamp!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }
});

test('reads spot and swap candles, recent and from the history endpoint', async () => {
  for (const symbol of [SPOT, SWAP]) {
    const candles = await bitget.fetchOHLCV(symbol, '1m');
    expect(candles.length, symbol).toBeGreaterThan(100);
    // One assertion over the whole list: a thousand Playwright expects per list would take seconds.
    const malformed = candles.filter(
      ([time, open, high, low, close, volume]) =>
        time! % MINUTE !== 0 || high! < Math.max(open!, close!) || low! > Math.min(open!, close!) || !(volume! >= 0),
    );
    expect(malformed, symbol).toEqual([]);
    expect(Date.now() - candles.at(-1)![0]!).toBeLessThan(2 * MINUTE);
    // Eighty days back is past ccxt's 60-day reach of the recent endpoint for hours: it asks history-candles.
    const since = Date.now() - 80 * 24 * 60 * MINUTE;
    const hours = await bitget.fetchOHLCV(symbol, '1h', since, 50);
    expect(hours, symbol).toHaveLength(50);
    expect(hours[1]![0]! - hours[0]![0]!).toBe(60 * MINUTE);
  }
});

test('reads candles of every size ccxt names: 2h to a month, UTC-aligned where it asks so', async () => {
  const DAY = 24 * 60 * MINUTE;
  for (const symbol of [SPOT, SWAP]) {
    // Spot has no 2H on the exchange: ccxt names it for swaps only.
    for (const timeframe of symbol === SWAP ? ['2h', '3d', '1w', '1M'] : ['3d', '1w', '1M']) {
      const candles = await bitget.fetchOHLCV(symbol, timeframe);
      expect(candles.length, `${symbol} ${timeframe}`).toBeGreaterThan(1);
      const starts = candles.map(([time]) => time!);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      if (timeframe === '2h') expect(starts[1]! - starts[0]!).toBe(120 * MINUTE);
      if (timeframe === '3d') expect(starts[1]! - starts[0]!).toBe(3 * DAY);
      // 1Wutc: Mondays at 00:00 UTC; 1Mutc: the 1st at 00:00 UTC.
      if (timeframe === '1w') for (const start of starts) expect(new Date(start).getUTCDay()).toBe(1);
      if (timeframe === '1M') for (const start of starts) expect(new Date(start).getUTCDate()).toBe(1);
    }
  }
});

test('reads the swap funding rate, mark price and open interest', async () => {
  const funding = await bitget.fetchFundingRate(SWAP);
  expect(Math.abs(funding.fundingRate!)).toBeLessThanOrEqual(0.003);
  expect(funding.fundingTimestamp! % (8 * 60 * MINUTE)).toBe(0);
  expect(funding.interval).toBe('8h');
  const interest = await bitget.fetchOpenInterest(SWAP);
  expect(interest.openInterestAmount!).toBeGreaterThan(0);
  const mark = await bitget.fetchMarkPrice(SWAP);
  expect(mark.markPrice!).toBeGreaterThan(0);
});

test("reads the account's paper spot balance with the API key", async () => {
  const balance = await bitget.fetchBalance();
  expect(balance.USDT).toMatchObject({
    free: Number(STARTING_USDT.regular),
    used: 0,
    total: Number(STARTING_USDT.regular),
  });
});

test('watches the spot and swap order books over the public stream, every update checked by its checksum', async () => {
  expect(bitget.options.watchOrderBook?.checksum ?? true).toBe(true);
  // ccxt computes the CRC32 of its own merged book for every update and fails the watch on a mismatch.
  const crc32 = bitget.crc32.bind(bitget);
  let checked = 0;
  bitget.crc32 = (text: string, signed?: boolean) => {
    checked += 1;
    return crc32(text, signed);
  };
  for (const symbol of [SPOT, SWAP]) {
    const before = checked;
    let book: OrderBook | undefined;
    for (let update = 0; update < 20; update += 1) book = await bitget.watchOrderBook(symbol);
    expectSaneBook(book!, symbol);
    expect(checked - before, symbol).toBeGreaterThanOrEqual(15);
  }
});

// The private trading routes of gateway/v2-api/ (spot place/cancel/unfilled orders, USDT-M place/cancel/pending
// orders, all positions, accounts), signed by ccxt exactly as for the exchange.
test.describe('private trading', () => {
  test('places, lists and cancels a spot limit order', async () => {
    const { bid } = await bitget.fetchTicker(SPOT);
    const price = Number(bitget.priceToPrecision(SPOT, bid! * 0.9));
    const order = await bitget.createOrder(SPOT, 'limit', 'buy', 0.001, price);
    expect(order.id).toMatch(/^\d+$/);
    const open = await bitget.fetchOpenOrders(SPOT);
    expect(open.map((o) => o.id)).toContain(order.id);
    expect(open.find((o) => o.id === order.id)).toMatchObject({ side: 'buy', type: 'limit', price, amount: 0.001 });
    expect((await bitget.fetchBalance()).USDT?.used).toBeGreaterThan(0);
    await bitget.cancelOrder(order.id!, SPOT);
    expect((await bitget.fetchOpenOrders(SPOT)).map((o) => o.id)).not.toContain(order.id);
    expect((await bitget.fetchBalance()).USDT?.free).toBe(Number(STARTING_USDT.regular));
  });

  test('places and cancels a swap limit order, opens and closes a position, reads the swap balance', async () => {
    const { bid } = await bitget.fetchTicker(SWAP);
    const price = Number(bitget.priceToPrecision(SWAP, bid! * 0.9));
    const resting = await bitget.createOrder(SWAP, 'limit', 'buy', 0.001, price);
    expect((await bitget.fetchOpenOrders(SWAP)).map((o) => o.id)).toContain(resting.id);
    await bitget.cancelOrder(resting.id!, SWAP);
    expect((await bitget.fetchOpenOrders(SWAP)).map((o) => o.id)).not.toContain(resting.id);

    await bitget.createOrder(SWAP, 'market', 'buy', 0.001);
    const [position] = await bitget.fetchPositions([SWAP]);
    expect(position).toMatchObject({ symbol: SWAP, side: 'long', contracts: 0.001 });
    const swapBalance = await bitget.fetchBalance({ type: 'swap' });
    expect(swapBalance.USDT?.total).toBeGreaterThan(0);
    await bitget.createOrder(SWAP, 'market', 'sell', 0.001, undefined, { reduceOnly: true });
    expect((await bitget.fetchPositions([SWAP])).filter((p) => p.contracts)).toEqual([]);
  });

  // The private WebSocket (gateway/stream/private-stream.ts): ccxt logs in with its HMAC and reads the channels.
  test('watches its own spot orders and balance over the private stream', async () => {
    const start = await bitget.watchBalance();
    expect(start.USDT).toMatchObject({ free: Number(STARTING_USDT.regular), used: 0 });
    const { bid } = await bitget.fetchTicker(SPOT);
    const price = Number(bitget.priceToPrecision(SPOT, bid! * 0.9));
    // Each watch is started before the change it waits for, so its push cannot come first.
    const orderPush = bitget.watchOrders(SPOT);
    const balancePush = bitget.watchBalance();
    const order = await bitget.createOrder(SPOT, 'limit', 'buy', 0.001, price);
    const seen = (await orderPush).find((o) => o.id === order.id);
    expect(seen).toMatchObject({ symbol: SPOT, side: 'buy', type: 'limit', status: 'open', price, amount: 0.001 });
    expect((await balancePush).USDT?.used).toBeGreaterThan(0);
    const cancelPush = bitget.watchOrders(SPOT);
    await bitget.cancelOrder(order.id!, SPOT);
    expect((await cancelPush).find((o) => o.id === order.id)?.status).toBe('canceled');
  });

  test('watches a swap position and its order over the private stream', async () => {
    // The first watch of each answers the subscription's snapshot (no position; ccxt's cache keeps the spot orders).
    expect(await bitget.watchPositions([SWAP])).toEqual([]);
    const swapOrders = { type: 'swap' };
    await bitget.watchOrders(undefined, undefined, undefined, swapOrders);
    const positionPush = bitget.watchPositions([SWAP]);
    const orderPush = bitget.watchOrders(undefined, undefined, undefined, swapOrders);
    const order = await bitget.createOrder(SWAP, 'market', 'buy', 0.001);
    expect((await orderPush).find((o) => o.id === order.id)).toMatchObject({ symbol: SWAP, status: 'closed' });
    const [position] = await positionPush;
    expect(position).toMatchObject({ symbol: SWAP, side: 'long', contracts: 0.001, marginMode: 'cross' });
    await bitget.createOrder(SWAP, 'market', 'sell', 0.001, undefined, { reduceOnly: true });
  });
});
