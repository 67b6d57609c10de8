import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Arg,
  eventually,
  isPushOf,
  StreamClient,
  type StreamGateway,
  sleep,
  startStreamGateway,
} from './stream-support';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const SPOT_TICKER_FIELDS = [
  'instId',
  'lastPr',
  'open24h',
  'high24h',
  'low24h',
  'change24h',
  'bidPr',
  'askPr',
  'bidSz',
  'askSz',
  'baseVolume',
  'quoteVolume',
  'openUtc',
  'changeUtc24h',
  'ts',
];
const FUTURES_TICKER_FIELDS = [
  'instId',
  'lastPr',
  'bidPr',
  'askPr',
  'bidSz',
  'askSz',
  'open24h',
  'high24h',
  'low24h',
  'change24h',
  'fundingRate',
  'nextFundingTime',
  'markPrice',
  'indexPrice',
  'holdingAmount',
  'baseVolume',
  'quoteVolume',
  'openUtc',
  'symbolType',
  'symbol',
  'deliveryPrice',
  'ts',
];
const EIGHT_HOURS = 8 * 3_600_000;

let stream: StreamGateway;
beforeAll(async () => {
  stream = await startStreamGateway({ marketStepMs: 30, stream: { tickerPushMs: 0, candlePushMs: 100 } });
});
afterAll(() => stream.close());

function rows(message: { data?: unknown[] }): Array<Record<string, unknown>> {
  return message.data as Array<Record<string, unknown>>;
}

describe('ticker channel', () => {
  it('pushes spot tickers with the public field names, numbers as strings', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg: Arg = { instType: 'SPOT', channel: 'ticker', instId: 'USDTBRL' };
    client.subscribe(arg);
    const ack = await client.waitFor((m) => m.event === 'subscribe');
    expect(JSON.parse(ack.text)).toEqual({ event: 'subscribe', arg });
    const first = await client.waitFor((m) => isPushOf(m, arg));
    const second = await client.waitFor((m) => isPushOf(m, arg), { from: first.index + 1 });
    for (const push of [first, second]) {
      expect(push.action).toBe('snapshot');
      const [row] = rows(push);
      expect(Object.keys(row!)).toEqual(SPOT_TICKER_FIELDS);
      for (const field of SPOT_TICKER_FIELDS.filter((f) => f !== 'instId')) expect(row![field], field).toMatch(DECIMAL);
      expect(row!.lastPr).toMatch(/^\d+\.\d{3}$/);
      expect(Number(row!.bidPr)).toBeLessThan(Number(row!.askPr));
    }
    client.close();
  });

  it('adds mark price, index price, funding rate and next funding time to futures tickers', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg: Arg = { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BTCUSDT' };
    client.subscribe(arg);
    const push = await client.waitFor((m) => isPushOf(m, arg));
    const [row] = rows(push);
    expect(Object.keys(row!)).toEqual(FUTURES_TICKER_FIELDS);
    expect(row).toMatchObject({ instId: 'BTCUSDT', symbol: 'BTCUSDT', symbolType: 1, deliveryPrice: '0' });
    for (const field of ['markPrice', 'indexPrice', 'lastPr']) expect(row![field], field).toMatch(/^\d+\.\d$/);
    expect(row!.fundingRate).toMatch(/^-?0\.\d{6}$/);
    expect(Math.abs(Number(row!.fundingRate))).toBeLessThanOrEqual(0.003);
    const next = Number(row!.nextFundingTime);
    expect(next % EIGHT_HOURS).toBe(0);
    expect(next).toBeGreaterThan(Number(row!.ts));
    expect(next - Number(row!.ts)).toBeLessThanOrEqual(EIGHT_HOURS);
    // Mark and index stay within a fraction of a percent of the traded price.
    for (const field of ['markPrice', 'indexPrice'])
      expect(Math.abs(Number(row![field]) / Number(row!.lastPr) - 1)).toBeLessThan(0.005);
    client.close();
  });
});

describe('trade channel', () => {
  it('sends recent trades as a snapshot, then new trades as updates', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg: Arg = { instType: 'SPOT', channel: 'trade', instId: 'ETHUSDT' };
    client.subscribe(arg);
    const snapshot = await client.waitFor((m) => isPushOf(m, arg));
    expect(snapshot.action).toBe('snapshot');
    expect(rows(snapshot).length).toBeGreaterThan(0);
    const update = await client.waitFor((m) => isPushOf(m, arg), { from: snapshot.index + 1 });
    expect(update.action).toBe('update');
    const newestBefore = BigInt(rows(snapshot)[0]!.tradeId as string);
    for (const trade of rows(update)) {
      expect(Object.keys(trade)).toEqual(['ts', 'price', 'size', 'side', 'tradeId']);
      expect(trade.price).toMatch(/^\d+\.\d{2}$/);
      expect(trade.size).toMatch(/^\d+\.\d{4}$/);
      expect(['buy', 'sell']).toContain(trade.side);
      expect(BigInt(trade.tradeId as string)).toBeGreaterThan(newestBefore);
    }
    client.close();
  });
});

describe('candle channels', () => {
  it('sends minute candles as string arrays, then updates the current minute', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const arg: Arg = { instType: 'USDT-FUTURES', channel: 'candle1m', instId: 'ETHUSDT' };
    client.subscribe(arg);
    const snapshot = await client.waitFor((m) => isPushOf(m, arg));
    expect(snapshot.action).toBe('snapshot');
    const candles = snapshot.data as string[][];
    expect(candles.length).toBeGreaterThan(100);
    for (const candle of candles) {
      expect(candle).toHaveLength(8);
      for (const value of candle) expect(value).toMatch(DECIMAL);
      const [start, open, high, low, close] = candle.map(Number) as [number, number, number, number, number];
      expect(start % 60_000).toBe(0);
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close, low));
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(candle[6]).toBe(candle[7]); // quote volume is USDT volume on a USDT-quoted contract
    }
    const starts = candles.map((c) => Number(c[0]));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const update = await client.waitFor((m) => isPushOf(m, arg), { from: snapshot.index + 1, timeoutMs: 3000 });
    expect(update.action).toBe('update');
    const newest = (update.data as string[][]).at(-1)!;
    // The push time may fall a moment after the step that made it, across a minute boundary.
    const minute = Math.floor(Number(update.ts) / 60_000) * 60_000;
    expect([minute, minute - 60_000]).toContain(Number(newest[0]));
    client.close();
  });

  it('cuts day candles at 00:00 UTC+8, and candle1Dutc at 00:00 UTC', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const local: Arg = { instType: 'SPOT', channel: 'candle1D', instId: 'BTCUSDT' };
    const utc: Arg = { instType: 'SPOT', channel: 'candle1Dutc', instId: 'BTCUSDT' };
    client.subscribe(local, utc);
    const day = 86_400_000;
    const newestStart = async (arg: Arg) =>
      Number(((await client.waitFor((m) => isPushOf(m, arg))).data!.at(-1) as string[])[0]);
    expect((await newestStart(local)) % day).toBe(16 * 3_600_000);
    expect((await newestStart(utc)) % day).toBe(0);
    client.close();
  });
});

describe('unsubscribe', () => {
  it('acknowledges and stops that channel only', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const ticker: Arg = { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' };
    const books: Arg = { instType: 'SPOT', channel: 'books1', instId: 'BTCUSDT' };
    client.subscribe(ticker, books);
    await client.waitFor((m) => isPushOf(m, ticker));
    client.unsubscribe(ticker);
    const ack = await client.waitFor((m) => m.event === 'unsubscribe');
    expect(JSON.parse(ack.text)).toEqual({ event: 'unsubscribe', arg: ticker });
    await sleep(400);
    const after = client.received.slice(ack.index + 1);
    expect(after.filter((m) => isPushOf(m, ticker))).toEqual([]);
    expect(after.filter((m) => isPushOf(m, books)).length).toBeGreaterThan(0);
    client.close();
  });

  it('releases a channel on the server when its last subscriber unsubscribes or disconnects', async () => {
    const stats = () => stream.gateway.stream.stats();
    // Connections of the tests above close asynchronously.
    expect(await eventually(() => stats().connections === 0)).toBe(true);
    expect(stats().channels).toBe(0);
    const client = await StreamClient.connect(stream.wsUrl);
    const arg: Arg = { instType: 'SPOT', channel: 'candle5m', instId: 'BGBUSDT' };
    client.subscribe(arg);
    await client.waitFor((m) => isPushOf(m, arg));
    expect(stats().channels).toBe(1);
    client.unsubscribe(arg);
    await client.waitFor((m) => m.event === 'unsubscribe');
    expect(stats().channels).toBe(0);
    const from = client.received.length;
    client.subscribe(arg);
    await client.waitFor((m) => isPushOf(m, arg), { from });
    expect(stats().channels).toBe(1);
    client.close();
    expect(await eventually(() => stats().channels === 0)).toBe(true);
  });
});
