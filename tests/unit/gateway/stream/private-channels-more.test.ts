import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ccxt from 'ccxt';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKeyStore, createApiKeyStore } from '../../../../gateway/api-keys/api-key-store';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { createLogger } from '../../../../gateway/log/logger';
import { createReplayStore } from '../../../../gateway/security/replay-store';
import { algoStatusOf, futuresAlgoRow } from '../../../../gateway/stream/private-algo-views';
import { attachPrivateStream, type PrivateStream } from '../../../../gateway/stream/private-stream';
import { DEFAULT_SOCKET_LIMITS, SocketAdmission } from '../../../../gateway/stream/socket-admission';
import type { KeyCredentials } from '../api-keys/apikey-support';
import { TEST_SCRYPT } from '../auth/auth-support';
import { newOrderRecord, type OrderRecord } from '../../../../gateway/trading/order-store';
import { makeTradingHarness, type Trader, type TradingHarness } from '../trading/trading-support';
import { type Received, StreamClient } from './stream-support';
import { presetOrderId } from '../../../../gateway/v2-api/v2-plan-views';

/*
 * The private stream's event channels (`fill`, `orders-algo`, `positions-history`) over paper trading on a test clock:
 * the market moves only when a test steps it, and every change is made by a test, so each push is one the test caused.
 */

const PASSPHRASE = 'Bot2passphrase';
const SPOT_FILL = { instType: 'SPOT', channel: 'fill', instId: 'default' };
const FUTURES_FILL = { instType: 'USDT-FUTURES', channel: 'fill', instId: 'default' };
const SPOT_ALGO = { instType: 'SPOT', channel: 'orders-algo', instId: 'default' };
const FUTURES_ALGO = { instType: 'USDT-FUTURES', channel: 'orders-algo', instId: 'default' };
const HISTORY = { instType: 'USDT-FUTURES', channel: 'positions-history', instId: 'default' };
const POSITIONS = { instType: 'USDT-FUTURES', channel: 'positions', instId: 'default' };

let h: TradingHarness;
let store: ApiKeyStore;
let server: Server;
let stream: PrivateStream;
let url: string;

beforeAll(async () => {
  h = makeTradingHarness();
  h.step();
  store = createApiKeyStore(h.db, randomBytes(32));
  server = createServer();
  stream = attachPrivateStream(server, {
    store,
    replays: createReplayStore(h.db),
    trading: h.trading,
    logger: createLogger('silent'),
    admission: new SocketAdmission(DEFAULT_SOCKET_LIMITS, { trustProxy: false }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v2/ws/private`;
});

afterAll(async () => {
  stream.close();
  await new Promise((resolve) => server.close(resolve));
  h.close();
});

let traders = 0;

/** A new trader signed in to the session API, with an API key of their own. */
async function newTrader(): Promise<{ trader: Trader; key: KeyCredentials }> {
  traders += 1;
  const trader = await h.trader(`bot${traders}@example.com`);
  const made = store.create(
    {
      userId: trader.userId,
      label: 'ws',
      permissions: ['read', 'spot_trade', 'futures_trade'],
      ips: [],
      passphraseHash: await hashPassword(PASSPHRASE, TEST_SCRYPT),
    },
    Date.now(),
  );
  if (made === 'limit') throw new Error('key limit');
  return { trader, key: { apiKey: made.view.apiKey, secretKey: made.secret, passphrase: PASSPHRASE } };
}

/** A private socket logged in with `key` (timestamp as the exchange's SDK sends it: a number of seconds). */
async function loggedIn(key: KeyCredentials): Promise<StreamClient> {
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = createHmac('sha256', key.secretKey).update(`${timestamp}GET/user/verify`).digest('base64');
  const client = await StreamClient.connect(url);
  client.send({ op: 'login', args: [{ apiKey: key.apiKey, passphrase: key.passphrase, timestamp, sign }] });
  expect((await client.waitFor((m) => m.event === 'login' || m.event === 'error')).text).toBe(
    '{"event":"login","code":0}',
  );
  return client;
}

/** Subscribes and waits for the acknowledgement of each arg. */
async function subscribe(client: StreamClient, ...args: object[]): Promise<void> {
  const from = client.received.length;
  client.send({ op: 'subscribe', args });
  for (const arg of args)
    await client.waitFor((m) => m.event === 'subscribe' && JSON.stringify(m.arg) === JSON.stringify(arg), { from });
}

/** True for a push of `arg` (its instType, channel and instId). */
const pushOf = (arg: { instType: string; channel: string; instId: string }) => (m: Received) =>
  m.action !== undefined &&
  m.arg?.channel === arg.channel &&
  m.arg.instType === arg.instType &&
  m.arg.instId === arg.instId;

/** The rows of a push, typed loosely for field checks. */
const rowsOf = (m: Received) => m.data as Array<Record<string, unknown>>;

/** Waits for the push of `arg` after `from` carrying a row that `match` accepts; answers that row. */
async function rowOf(
  client: StreamClient,
  arg: { instType: string; channel: string; instId: string },
  match: (row: Record<string, unknown>) => boolean,
  from: number,
): Promise<Record<string, unknown>> {
  const push = await client.waitFor((m) => pushOf(arg)(m) && rowsOf(m).some(match), { from });
  return rowsOf(push).find(match)!;
}

/** Pings and answers what arrived between the ping and its pong (after `from`): nothing, when nothing was due. */
async function afterPing(client: StreamClient, from: number): Promise<Received[]> {
  await client.ping();
  return client.received.slice(from).filter((m) => m.action !== undefined);
}

const sum = (rows: Array<Record<string, unknown>>, field: string) =>
  rows.reduce((total, row) => total.plus(String(row[field])), new Decimal(0));

const spotLast = (symbol = 'BTCUSDT') => new Decimal(h.simulator.getTicker('SPOT', symbol)!.lastPr);
const futuresLast = () => new Decimal(h.simulator.getTicker('USDT-FUTURES', 'BTCUSDT')!.lastPr);

/** A futures order through the session API (one-way mode, crossed margin). */
function futuresOrder(trader: Trader, fields: Record<string, unknown>) {
  return trader.ok('/v1/trade/mix/place-order', {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    orderType: 'market',
    ...fields,
  });
}

describe('fill channel, spot', () => {
  it('pushes each ledger fill of a market order walking two levels, with the tradeIds of the fills record', async () => {
    const { trader, key } = await newTrader();
    const client = await loggedIn(key);
    await subscribe(client, SPOT_FILL);
    expect(await afterPing(client, 0)).toEqual([]);
    const asks = h.simulator.getBook('SPOT', 'BGBUSDT', 3)!.asks;
    const half = new Decimal(asks[1]![1]).div(2).toDecimalPlaces(4).toFixed(4);
    const size = new Decimal(asks[0]![1]).plus(half).toFixed(4);
    const from = client.received.length;
    const order = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BGBUSDT',
      side: 'buy',
      orderType: 'market',
      size,
    });
    const push = await client.waitFor(pushOf(SPOT_FILL), { from });
    expect(push.action).toBe('snapshot');
    expect(push.arg).toEqual(SPOT_FILL);
    const rows = rowsOf(push);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        orderId: order.orderId,
        symbol: 'BGBUSDT',
        orderType: 'market',
        side: 'buy',
        tradeScope: 'taker',
        // A buy pays its fee in the BGB it receives.
        feeDetail: [expect.objectContaining({ feeCoin: 'BGB', deduction: 'no', totalDeductionFee: '0' })],
      });
      // ccxt reads a row without posMode as a spot trade.
      expect(row).not.toHaveProperty('posMode');
    }
    expect(rows.map((row) => row.priceAvg)).toEqual([asks[0]![0], asks[1]![0]]);
    expect(sum(rows, 'size').eq(order.baseVolume)).toBe(true);
    expect(sum(rows, 'amount').eq(order.quoteVolume)).toBe(true);
    const fees = rows.map((row) => new Decimal((row.feeDetail as Array<{ totalFee: string }>)[0]!.totalFee));
    expect(
      fees
        .reduce((a, b) => a.plus(b))
        .negated()
        .eq(order.fee),
    ).toBe(true);
    const recorded = (await trader.ok('/v1/asset/fills?limit=10')).rows as Array<{ id: string }>;
    expect(rows.map((row) => row.tradeId).sort()).toEqual(recorded.map((fill) => fill.id).sort());
    client.close();
  });

  it('pushes a maker fill of a resting order when the market crosses it, and only its own symbol when subscribed to one', async () => {
    const { trader, key } = await newTrader();
    const earlier = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.001000',
    });
    const client = await loggedIn(key);
    const btcOnly = { instType: 'SPOT', channel: 'fill', instId: 'BTCUSDT' };
    const ethOnly = { instType: 'SPOT', channel: 'fill', instId: 'ETHUSDT' };
    await subscribe(client, btcOnly, ethOnly);
    const price = spotLast().times(0.98).toDecimalPlaces(2).toFixed(2);
    const order = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price,
      size: '0.002000',
    });
    expect(order.status).toBe('live');
    const from = client.received.length;
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', spotLast().times(0.97).toFixed(2), h.clock.now);
    h.step();
    const row = await rowOf(client, btcOnly, (r) => r.orderId === order.orderId, from);
    expect(row).toMatchObject({ priceAvg: price, size: '0.002000', orderType: 'limit', tradeScope: 'maker' });
    expect((await afterPing(client, from)).filter(pushOf(ethOnly))).toEqual([]);
    // A fill made before the subscription is not an event of it.
    expect(client.received.some((m) => m.text.includes(earlier.orderId))).toBe(false);
    client.close();
  });
});

describe('fill channel, spot, many fills at once', () => {
  it('pushes every fill made between two reads, in ledger order, however many pages they take', async () => {
    const { trader, key } = await newTrader();
    const client = await loggedIn(key);
    await subscribe(client, SPOT_FILL);
    // Placed in one go through the engine, so the stream reads all of them at once, after the last.
    const orders = h.db.transaction(() =>
      Array.from({ length: 45 }, () =>
        h.trading.spot.place(trader.userId, {
          symbol: 'BTCUSDT',
          side: 'buy',
          orderType: 'market',
          force: 'gtc',
          price: null,
          size: 100n,
          triggerPrice: null,
          clientOid: '',
          presetTp: null,
          presetSl: null,
        }),
      ),
    )();
    const pushed = () => client.received.filter(pushOf(SPOT_FILL)).flatMap(rowsOf);
    await client.waitFor(() => pushed().length >= orders.length);
    await afterPing(client, 0);
    // One read caught up on all of them: more than two pages of the ledger.
    expect(client.received.filter(pushOf(SPOT_FILL))).toHaveLength(1);
    const rows = pushed();
    const ids = rows.map((row) => Number(row.tradeId));
    expect(new Set(ids).size).toBe(rows.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(orders.map((order) => order.orderId)));
    expect(sum(rows, 'size').eq(new Decimal('0.0001').times(orders.length))).toBe(true);
    client.close();
  });
});

describe('fill channel, futures', () => {
  it('pushes the taker part and, when the market crosses the rest, the maker part of one order as two fills', async () => {
    const { trader, key } = await newTrader();
    await trader.ok('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: 100 });
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_FILL);
    const [level] = h.simulator.getBook('USDT-FUTURES', 'BTCUSDT', 1)!.asks;
    const size = new Decimal(level![1]).plus('0.0100').toFixed(4);
    let from = client.received.length;
    const order = await futuresOrder(trader, { side: 'buy', orderType: 'limit', price: level![0], size });
    expect(order).toMatchObject({ status: 'partially_filled', baseVolume: level![1] });
    const taker = await rowOf(client, FUTURES_FILL, (r) => r.orderId === order.orderId, from);
    expect(taker).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      posMode: 'one_way_mode',
      tradeSide: 'buy_single',
      price: level![0],
      baseVolume: level![1],
      profit: '0.00000000',
      tradeScope: 'taker',
      feeDetail: [expect.objectContaining({ feeCoin: 'USDT' })],
    });
    from = client.received.length;
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', futuresLast().times(0.99).toFixed(1), h.clock.now);
    h.step();
    const maker = await rowOf(client, FUTURES_FILL, (r) => r.orderId === order.orderId, from);
    expect(maker).toMatchObject({ price: level![0], baseVolume: '0.0100', tradeScope: 'maker' });
    // The ids GET /api/v2/mix/order/fills lists them by.
    const kept = h.trading.ctx.futuresFills.ofOrder(order.orderId).map((fill) => fill.fillId);
    expect([taker.tradeId, maker.tradeId]).toEqual(kept);
    const done = (await trader.ok('/v1/trade/mix/history-orders?symbol=BTCUSDT')).find(
      (o: { orderId: string }) => o.orderId === order.orderId,
    );
    expect(done).toMatchObject({ status: 'filled', baseVolume: size });
    expect(new Decimal(String(taker.quoteVolume)).plus(String(maker.quoteVolume)).eq(done.quoteVolume)).toBe(true);
    client.close();
  });

  it('pushes only what an order fills after the subscription, not what it had filled before', async () => {
    const { trader, key } = await newTrader();
    await trader.ok('/v1/trade/mix/set-leverage', { symbol: 'BTCUSDT', leverage: 100 });
    const [level] = h.simulator.getBook('USDT-FUTURES', 'BTCUSDT', 1)!.asks;
    const size = new Decimal(level![1]).plus('0.0200').toFixed(4);
    const order = await futuresOrder(trader, { side: 'buy', orderType: 'limit', price: level![0], size });
    expect(order.status).toBe('partially_filled');
    // Long enough ago that only its being open, not a recent change, tells the subscription what it had filled.
    h.clock.now += 10_000;
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_FILL);
    const from = client.received.length;
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', futuresLast().times(0.99).toFixed(1), h.clock.now);
    h.step();
    const push = await client.waitFor(pushOf(FUTURES_FILL), { from });
    expect(rowsOf(push)).toEqual([expect.objectContaining({ orderId: order.orderId, baseVolume: '0.0200' })]);
    client.close();
  });

  it('pushes the closing fill with its realized profit, and the demo product with its margin coin', async () => {
    const { trader, key } = await newTrader();
    const demoFill = { instType: 'SUSDT-FUTURES', channel: 'fill', instId: 'BTCUSDT' };
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_FILL, demoFill);
    const opened = await futuresOrder(trader, { side: 'buy', size: '0.0100' });
    await rowOf(client, demoFill, (r) => r.orderId === opened.orderId, 0);
    const from = client.received.length;
    const [closed] = await trader.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'long' });
    const row = await rowOf(client, FUTURES_FILL, (r) => r.orderId === closed.orderId, from);
    expect(row).toMatchObject({ side: 'sell', baseVolume: '0.0100', tradeSide: 'sell_single', orderType: 'market' });
    expect(row.profit).toBe(closed.totalProfits);
    const demo = await rowOf(client, demoFill, (r) => r.orderId === closed.orderId, from);
    expect(demo.feeDetail).toEqual([expect.objectContaining({ feeCoin: 'SUSDT' })]);
    client.close();
  });
});

describe('orders-algo channel', () => {
  it('sends no snapshot, then pushes a spot stop order placed, and executed when the last price reaches it', async () => {
    const { trader, key } = await newTrader();
    const before = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.001000',
      triggerPrice: spotLast().times(1.045).toDecimalPlaces(2).toFixed(2),
    });
    const client = await loggedIn(key);
    await subscribe(client, SPOT_ALGO, SPOT_FILL);
    // The exchange sends orders-algo and fill events as they happen: nothing on subscribe.
    expect(await afterPing(client, 0)).toEqual([]);

    const trigger = spotLast().times(1.04).toDecimalPlaces(2).toFixed(2);
    let from = client.received.length;
    const order = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: spotLast().times(1.049).toDecimalPlaces(2).toFixed(2),
      size: '0.002000',
      triggerPrice: trigger,
      clientOid: 'stop-1',
    });
    const live = await rowOf(client, SPOT_ALGO, (r) => r.orderId === order.orderId, from);
    expect(live).toMatchObject({
      instId: 'BTCUSDT',
      clientOid: 'stop-1',
      triggerPrice: trigger,
      triggerType: 'fill_price',
      planType: 'amount',
      executePrice: order.price,
      size: '0.002000',
      actualSize: '0.000000',
      orderType: 'limit',
      side: 'buy',
      status: 'live',
    });
    expect(live).not.toHaveProperty('posMode');

    from = client.received.length;
    h.simulator.jumpPrice('SPOT', 'BTCUSDT', spotLast().times(1.042).toFixed(2), h.clock.now);
    h.step();
    const executed = await rowOf(client, SPOT_ALGO, (r) => r.orderId === order.orderId, from);
    expect(executed).toMatchObject({ status: 'executed', actualSize: '0.002000' });
    expect(executed.triggerTime).not.toBe('');
    // The order it placed fills as any order does, on the fill channel.
    await rowOf(client, SPOT_FILL, (r) => r.orderId === order.orderId, from);
    // The stop placed before the subscription and still waiting shows only once it changes.
    expect(client.received.some((m) => m.text.includes(before.orderId))).toBe(false);
    await trader.ok('/v1/trade/spot/cancel-order', { symbol: 'BTCUSDT', orderId: before.orderId });
    const cancelled = await rowOf(client, SPOT_ALGO, (r) => r.orderId === before.orderId, from);
    // A market buy is sized in the quote coin on the wire: its base size at the trigger price.
    const quote = new Decimal(before.triggerPrice).times('0.001').toFixed(8);
    expect(cancelled).toMatchObject({ status: 'cancelled', orderType: 'market', executePrice: '0' });
    expect(cancelled).toMatchObject({ planType: 'total', size: quote, actualSize: '0.00000000' });
    client.close();
  });

  it('pushes a futures trigger order placed and cancelled, and never an ordinary order', async () => {
    const { trader, key } = await newTrader();
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_ALGO, FUTURES_FILL);
    const from = client.received.length;
    const plain = await futuresOrder(trader, {
      side: 'buy',
      orderType: 'limit',
      price: futuresLast().times(0.9).toFixed(1),
      size: '0.0100',
    });
    const trigger = futuresLast().times(0.95).toFixed(1);
    const order = await futuresOrder(trader, { side: 'buy', size: '0.0100', triggerPrice: trigger });
    const live = await rowOf(client, FUTURES_ALGO, (r) => r.orderId === order.orderId, from);
    expect(live).toMatchObject({
      instId: 'BTCUSDT',
      triggerPrice: trigger,
      triggerType: 'fill_price',
      planType: 'pl',
      orderType: 'market',
      executePrice: '0',
      size: '0.0100',
      side: 'buy',
      tradeSide: 'buy_single',
      posSide: 'net',
      posMode: 'one_way_mode',
      marginCoin: 'USDT',
      marginMode: 'crossed',
      status: 'live',
    });
    await trader.ok('/v1/trade/mix/cancel-order', { symbol: 'BTCUSDT', orderId: order.orderId });
    const cancelled = await rowOf(
      client,
      FUTURES_ALGO,
      (r) => r.orderId === order.orderId && r.status !== 'live',
      from,
    );
    expect(cancelled.status).toBe('cancelled');
    await trader.ok('/v1/trade/mix/cancel-order', { symbol: 'BTCUSDT', orderId: plain.orderId });
    await afterPing(client, from);
    expect(client.received.some((m) => m.text.includes(plain.orderId))).toBe(false);
    // Orders placed and cancelled without filling are no fills.
    expect(client.received.filter(pushOf(FUTURES_FILL))).toEqual([]);
    client.close();
  });
});

describe('orders-algo channel, position presets', () => {
  it('pushes a position take-profit reached as executed, under the id the plan lists gave it while it waited', async () => {
    const { trader, key } = await newTrader();
    await futuresOrder(trader, { side: 'buy', size: '0.0100' });
    const tp = futuresLast().times(1.02).toFixed(1);
    await trader.ok('/v1/trade/mix/place-pos-tpsl', {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      holdSide: 'long',
      stopSurplusTriggerPrice: tp,
      stopSurplusTriggerType: 'fill_price',
    });
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_ALGO);
    const from = client.received.length;
    h.simulator.jumpPrice('USDT-FUTURES', 'BTCUSDT', futuresLast().times(1.03).toFixed(1), h.clock.now);
    h.step();
    const id = presetOrderId(trader.userId, 'BTCUSDT', 'long', 'tp');
    const row = await rowOf(client, FUTURES_ALGO, (r) => r.orderId === id, from);
    expect(row).toMatchObject({
      instId: 'BTCUSDT',
      clientOid: id,
      planType: 'ptp',
      status: 'executed',
      triggerPrice: tp,
      triggerType: 'fill_price',
      orderType: 'market',
      side: 'sell',
      size: '0.0100',
      actualSize: '0.0100',
      reduceOnly: 'yes',
    });
    expect(await trader.ok('/v1/trade/mix/positions')).toEqual([]);
    // Executed, not also cancelled: the preset ended by its close.
    await afterPing(client, from);
    const ofPreset = client.received
      .slice(from)
      .filter(pushOf(FUTURES_ALGO))
      .flatMap(rowsOf)
      .filter((r) => r.orderId === id);
    expect(ofPreset.map((r) => r.status)).toEqual(['executed']);
    client.close();
  });

  it('pushes a preset set and changed as live and taken off or closed with its position as cancelled', async () => {
    const { trader, key } = await newTrader();
    await futuresOrder(trader, { side: 'buy', size: '0.0100' });
    const client = await loggedIn(key);
    await subscribe(client, FUTURES_ALGO);
    const tpId = presetOrderId(trader.userId, 'BTCUSDT', 'long', 'tp');
    const slId = presetOrderId(trader.userId, 'BTCUSDT', 'long', 'sl');
    const tpsl = (fields: Record<string, string>) =>
      trader.ok('/v1/trade/mix/place-pos-tpsl', { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', ...fields });
    const tp = futuresLast().times(1.05).toFixed(1);
    const sl = futuresLast().times(0.95).toFixed(1);

    let from = client.received.length;
    await tpsl({ holdSide: 'long', stopSurplusTriggerPrice: tp, stopLossTriggerPrice: sl });
    const setTp = await rowOf(client, FUTURES_ALGO, (r) => r.orderId === tpId, from);
    const setSl = await rowOf(client, FUTURES_ALGO, (r) => r.orderId === slId, from);
    expect(setTp).toMatchObject({ status: 'live', planType: 'ptp', triggerPrice: tp, side: 'sell', size: '0.0100' });
    expect(setSl).toMatchObject({ status: 'live', planType: 'psl', triggerPrice: sl, triggerType: 'mark_price' });

    from = client.received.length;
    const nearer = futuresLast().times(1.04).toFixed(1);
    await tpsl({ holdSide: 'long', stopSurplusTriggerPrice: nearer, stopSurplusTriggerType: 'fill_price' });
    const changed = await rowOf(client, FUTURES_ALGO, (r) => r.orderId === tpId, from);
    expect(changed).toMatchObject({ status: 'live', triggerPrice: nearer, triggerType: 'fill_price' });
    await afterPing(client, from);
    // Only what changed is pushed: the stop-loss stayed as it was.
    const rows = () => client.received.slice(from).filter(pushOf(FUTURES_ALGO)).flatMap(rowsOf);
    expect(rows().filter((r) => r.orderId === slId)).toEqual([]);

    from = client.received.length;
    await tpsl({ holdSide: 'long', stopLossTriggerPrice: '' });
    expect(await rowOf(client, FUTURES_ALGO, (r) => r.orderId === slId, from)).toMatchObject({
      status: 'cancelled',
      planType: 'psl',
      triggerPrice: sl,
    });

    from = client.received.length;
    await trader.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'long' });
    expect(await rowOf(client, FUTURES_ALGO, (r) => r.orderId === tpId, from)).toMatchObject({
      status: 'cancelled',
      triggerPrice: nearer,
    });
    await afterPing(client, from);
    expect(
      rows().map((r) => `${r.orderId === tpId ? 'tp' : r.orderId === slId ? 'sl' : r.orderId} ${r.status}`),
    ).toEqual(['tp cancelled']);
    client.close();
  });
});

describe('positions-history channel', () => {
  it('pushes a position once it closed, under the posId the positions channel showed, and nothing before', async () => {
    const { trader, key } = await newTrader();
    await futuresOrder(trader, { side: 'sell', size: '0.0100' });
    const [earlier] = await trader.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'short' });
    const client = await loggedIn(key);
    const demoHistory = { ...HISTORY, instType: 'SUSDT-FUTURES' };
    await subscribe(client, HISTORY, demoHistory, POSITIONS);
    // A position closed before the subscription is history already: the channel pushes only what closes from now on.
    expect((await afterPing(client, 0)).filter((m) => m.arg?.channel === 'positions-history')).toEqual([]);
    expect(earlier.status).toBe('filled');
    const opened = await futuresOrder(trader, { side: 'buy', size: '0.0100' });
    const open = await rowOf(client, POSITIONS, (r) => r.instId === 'BTCUSDT', 0);
    const from = client.received.length;
    const [closed] = await trader.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'long' });
    const push = await client.waitFor(pushOf(HISTORY), { from });
    expect(push.action).toBe('snapshot');
    const [row] = rowsOf(push);
    expect(rowsOf(push)).toHaveLength(1);
    expect(row).toMatchObject({
      posId: open.posId,
      instId: 'BTCUSDT',
      marginCoin: 'USDT',
      marginMode: 'crossed',
      holdSide: 'long',
      posMode: 'one_way_mode',
      openPriceAvg: opened.priceAvg,
      closePriceAvg: closed.priceAvg,
      openSize: '0.0100',
      closeSize: '0.0100',
      achievedProfits: closed.totalProfits,
      settleFee: '0.00000000',
    });
    const fees = new Decimal(String(row!.openFee)).plus(String(row!.closeFee)).negated();
    expect(fees.eq(new Decimal(opened.fee).plus(closed.fee))).toBe(true);
    const demo = await rowOf(client, demoHistory, (r) => r.posId === open.posId, from);
    expect(demo.marginCoin).toBe('SUSDT');
    expect(client.received.filter(pushOf(HISTORY))).toEqual([push]);
    client.close();
  });
});

describe('subscribe errors', () => {
  it('answers a bad arg of a batch with its own error, and the other args subscribe and push', async () => {
    const { trader, key } = await newTrader();
    const client = await loggedIn(key);
    const unknown = { instType: 'SPOT', channel: 'fills', instId: 'default' };
    const historyOfSymbol = { ...HISTORY, instId: 'BTCUSDT' };
    const nowhere = { instType: 'USDT-FUTURES', channel: 'fill', instId: 'NOPEUSDT' };
    client.send({ op: 'subscribe', args: [SPOT_FILL, unknown, historyOfSymbol, FUTURES_ALGO, nowhere] });
    const errorOf = (arg: object) =>
      client.waitFor((m) => m.event === 'error' && JSON.stringify(m.arg) === JSON.stringify(arg));
    expect(await errorOf(unknown)).toMatchObject({ code: 30016, op: 'subscribe' });
    expect(await errorOf(historyOfSymbol)).toMatchObject({ code: 30016, op: 'subscribe' });
    expect(await errorOf(nowhere)).toMatchObject({ code: 30001, op: 'subscribe' });
    for (const arg of [SPOT_FILL, FUTURES_ALGO])
      await client.waitFor((m) => m.event === 'subscribe' && JSON.stringify(m.arg) === JSON.stringify(arg));
    const spot = await trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.001000',
    });
    await rowOf(client, SPOT_FILL, (r) => r.orderId === spot.orderId, 0);
    const plan = await futuresOrder(trader, {
      side: 'buy',
      size: '0.0100',
      triggerPrice: futuresLast().times(0.95).toFixed(1),
    });
    await rowOf(client, FUTURES_ALGO, (r) => r.orderId === plan.orderId, 0);
    client.close();
  });
});

describe('a user sees only their own events', () => {
  it('never pushes another user’s fill, trigger order or closed position', async () => {
    const alice = await newTrader();
    const bob = await newTrader();
    const client = await loggedIn(alice.key);
    await subscribe(client, SPOT_FILL, FUTURES_FILL, SPOT_ALGO, FUTURES_ALGO, HISTORY);
    const bobs = [
      await bob.trader.ok('/v1/trade/spot/place-order', {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'market',
        size: '0.001000',
      }),
      await futuresOrder(bob.trader, { side: 'buy', size: '0.0100' }),
      await futuresOrder(bob.trader, {
        side: 'buy',
        size: '0.0100',
        triggerPrice: futuresLast().times(0.95).toFixed(1),
      }),
      ...(await bob.trader.ok('/v1/trade/mix/close-position', { symbol: 'BTCUSDT', holdSide: 'long' })),
    ].map((order: { orderId: string }) => order.orderId);
    const alices = await alice.trader.ok('/v1/trade/spot/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      size: '0.001000',
    });
    await rowOf(client, SPOT_FILL, (r) => r.orderId === alices.orderId, 0);
    await afterPing(client, 0);
    for (const id of bobs) expect(client.received.some((m) => m.text.includes(id))).toBe(false);
    expect(client.received.filter(pushOf(HISTORY))).toEqual([]);
    expect(client.received.filter(pushOf(FUTURES_FILL))).toEqual([]);
    client.close();
  });
});

describe('ccxt.pro bitget against the event channels', () => {
  it("reads both markets' fills with watchMyTrades and a futures trigger order with watchOrders (trigger)", async () => {
    const { trader, key } = await newTrader();
    const exchange = new ccxt.pro.bitget({ apiKey: key.apiKey, secret: key.secretKey, password: key.passphrase });
    exchange.urls.api = { ...exchange.urls.api, ws: { ...exchange.urls.api.ws, private: url } };
    // ccxt wants this once before it opens a plain ws:// URL.
    await exchange.loadHttpProxyAgent();
    const market = (type: 'spot' | 'swap', symbol: string) => ({
      id: 'BTCUSDT',
      symbol,
      base: 'BTC',
      quote: 'USDT',
      settle: type === 'swap' ? 'USDT' : undefined,
      type,
      spot: type === 'spot',
      swap: type === 'swap',
      contract: type === 'swap',
      linear: type === 'swap' ? true : undefined,
      active: true,
      precision: {},
      limits: {},
      info: {},
    });
    // Markets given up front, so ccxt reads none over REST (this test serves only the private stream).
    exchange.setMarkets([market('spot', 'BTC/USDT'), market('swap', 'BTC/USDT:USDT')] as never);
    try {
      const spotTrades = exchange.watchMyTrades('BTC/USDT');
      const swapTrades = exchange.watchMyTrades('BTC/USDT:USDT');
      const triggers = exchange.watchOrders('BTC/USDT:USDT', undefined, undefined, { trigger: true });
      // The balance snapshot comes after the subscriptions sent before it are in place (one socket, in order).
      await exchange.watchBalance({ type: 'spot' });
      const spot = await trader.ok('/v1/trade/spot/place-order', {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'market',
        size: '0.001000',
      });
      const swap = await futuresOrder(trader, { side: 'buy', size: '0.0100' });
      const trigger = futuresLast().times(0.95).toFixed(1);
      const plan = await futuresOrder(trader, { side: 'buy', size: '0.0100', triggerPrice: trigger });
      const [spotTrade] = await spotTrades;
      expect(spotTrade).toMatchObject({ order: spot.orderId, symbol: 'BTC/USDT', side: 'buy', takerOrMaker: 'taker' });
      expect(spotTrade!.amount).toBe(0.001);
      expect(spotTrade!.fee).toMatchObject({ currency: 'BTC', cost: Number(spot.fee) });
      const [swapTrade] = await swapTrades;
      expect(swapTrade).toMatchObject({ order: swap.orderId, symbol: 'BTC/USDT:USDT', amount: 0.01 });
      expect(swapTrade!.price).toBe(Number(swap.priceAvg));
      const [triggerOrder] = await triggers;
      expect(triggerOrder).toMatchObject({
        id: plan.orderId,
        symbol: 'BTC/USDT:USDT',
        status: 'open',
        triggerPrice: Number(trigger),
        amount: 0.01,
        side: 'buy',
        type: 'market',
      });
    } finally {
      await exchange.close();
    }
  });
});

describe('algoStatusOf', () => {
  const order = (fields: Partial<OrderRecord>): OrderRecord => ({
    ...newOrderRecord({
      orderId: '100000000000000001',
      userId: 'u',
      market: 'futures',
      symbol: 'BTCUSDT',
      now: 1,
      request: {
        clientOid: '',
        side: 'buy',
        orderType: 'market',
        force: 'gtc',
        price: null,
        size: 100n,
        triggerPrice: 6_000_000n,
      },
    }),
    ...fields,
  });

  it('reads the plan state: waiting, cancelled before its trigger, executed, or failed at it', () => {
    expect(algoStatusOf(order({}))).toBe('live');
    expect(algoStatusOf(order({ status: 'cancelled' }))).toBe('cancelled');
    expect(algoStatusOf(order({ planStatus: 'triggered', status: 'filled', baseVolume: 100n }))).toBe('executed');
    // A triggered limit order that rests and is cancelled later was executed all the same.
    const limit = { orderType: 'limit' as const, price: 6_000_000n };
    expect(algoStatusOf(order({ ...limit, planStatus: 'triggered', status: 'cancelled' }))).toBe('executed');
    // A market order that found nothing to take at its trigger failed.
    expect(algoStatusOf(order({ planStatus: 'triggered', status: 'cancelled' }))).toBe('fail_execute');
  });

  it("shows the price a trigger watches: the order's own where it keeps one, else the last price", () => {
    const spec = h.simulator.getInstrument('USDT-FUTURES', 'BTCUSDT')!;
    expect(futuresAlgoRow(spec, order({}), 'USDT').triggerType).toBe('fill_price');
    const marked = { ...order({}), triggerType: 'mark_price' } as OrderRecord;
    expect(futuresAlgoRow(spec, marked, 'USDT')).toMatchObject({ triggerType: 'mark_price', triggerPrice: '600000.0' });
  });
});
