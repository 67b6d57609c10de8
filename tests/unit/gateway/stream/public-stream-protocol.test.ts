import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Arg,
  eventually,
  INSTRUMENTS,
  isPushOf,
  type Received,
  StreamClient,
  type StreamGateway,
  sleep,
  startStreamGateway,
} from './stream-support';

const BTC_TICKER: Arg = { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' };

describe('heartbeat', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    stream = await startStreamGateway({ stream: { idleTimeoutMs: 500 } });
  });
  afterAll(() => stream.close());

  it('answers the text ping with the text pong', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    client.send('ping');
    const pong = await client.waitFor((m) => m.text === 'pong');
    expect(pong.index).toBe(0);
    client.close();
    await client.closed;
  });

  it('keeps a pinging client and closes one that stopped pinging', async () => {
    // Taken before the quiet client connects: its idle deadline starts once the server holds the connection, so it
    // closes no sooner than the limit after this, however long the connections take on a loaded machine.
    const idleBefore = stream.gateway.stream.stats().idleCloses;
    const startedAt = Date.now();
    const quiet = await StreamClient.connect(stream.wsUrl);
    const lively = await StreamClient.connect(stream.wsUrl);
    quiet.subscribe(BTC_TICKER);
    lively.subscribe(BTC_TICKER);
    let quietClosedAt = 0;
    void quiet.closed.then(() => {
      quietClosedAt = Date.now();
    });
    // Ping every 125 ms for 1.25 s: more than twice the idle limit.
    for (let i = 0; i < 10; i += 1) {
      await sleep(125);
      lively.send('ping');
    }
    const { code } = await quiet.closed;
    expect(code).toBe(4001);
    expect(quietClosedAt - startedAt).toBeGreaterThanOrEqual(490);
    expect(lively.ws.readyState).toBe(WebSocket.OPEN);
    await lively.ping();
    expect(stream.gateway.stream.stats().idleCloses - idleBefore).toBe(1);
    lively.close();
  });
});

describe('bad input', () => {
  let stream: StreamGateway;
  let client: StreamClient;
  beforeAll(async () => {
    stream = await startStreamGateway({
      stream: { maxSubscriptions: 3, maxMessageBytes: 4096, maxFrameBytes: 16 * 1024 },
    });
    client = await StreamClient.connect(stream.wsUrl);
  });
  afterAll(async () => {
    client.close();
    await stream.close();
  });

  /** Sends `message`, returns the error event it causes, and checks the connection still answers a ping. */
  async function errorFor(message: unknown): Promise<Received> {
    const from = client.received.length;
    client.send(message);
    // The next event (a push of a channel subscribed just before may still come first: it is no answer to this).
    const error = await client.waitFor((m) => m.event !== undefined, { from });
    expect(error.event, error.text).toBe('error');
    expect(typeof error.code).toBe('number');
    expect(error.msg!.length).toBeLessThan(200);
    expect(error.msg).not.toMatch(/\n|\s{2,}at |Error:|\.[jt]s:\d/); // a reason, never a stack trace
    await client.ping();
    return error;
  }

  it('answers malformed JSON and non-objects with 30002', async () => {
    for (const text of ['{"op":"subscribe",', 'hello', '[1,2]', 'null', '"ping"']) {
      const error = await errorFor(text);
      expect(error.code, text).toBe(30002);
      expect(error.arg).toBeUndefined();
    }
  });

  it('answers an unknown op with 30003', async () => {
    for (const op of ['login', 'ping', 42]) {
      const error = await errorFor({ op, args: [BTC_TICKER] });
      expect(error.code).toBe(30003);
    }
  });

  it('answers missing or malformed args with 30016', async () => {
    for (const message of [
      { op: 'subscribe' },
      { op: 'subscribe', args: [] },
      { op: 'subscribe', args: 'ticker' },
      { op: 'subscribe', args: ['ticker'] },
    ]) {
      const error = await errorFor(message);
      expect(error.code, JSON.stringify(message)).toBe(30016);
    }
    const error = await errorFor({ op: 'subscribe', args: [{ instType: 'SPOT', channel: 'ticker' }] });
    expect(error).toMatchObject({ code: 30016, op: 'subscribe' });
  });

  it('answers an unknown channel or instType with 30016 naming the arg', async () => {
    for (const arg of [
      { instType: 'SPOT', channel: 'books50', instId: 'BTCUSDT' },
      { instType: 'SPOT', channel: 'candle7m', instId: 'BTCUSDT' },
      { instType: 'MARGIN', channel: 'ticker', instId: 'BTCUSDT' },
      { instType: 'spot', channel: 'ticker', instId: 'BTCUSDT' },
    ]) {
      const error = await errorFor({ op: 'subscribe', args: [arg] });
      expect(error).toMatchObject({ code: 30016, arg, op: 'subscribe' });
    }
  });

  it('answers an instrument that does not exist with 30001, including coin- and USDC-margined futures', async () => {
    for (const arg of [
      { instType: 'SPOT', channel: 'ticker', instId: 'PEPEUSDT' },
      { instType: 'SPOT', channel: 'books', instId: 'btcusdt' },
      { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'BGBUSDT' },
      { instType: 'COIN-FUTURES', channel: 'ticker', instId: 'BTCUSD' },
      { instType: 'USDC-FUTURES', channel: 'books', instId: 'BTCPERP' },
    ]) {
      const error = await errorFor({ op: 'unsubscribe', args: [arg] });
      expect(error).toMatchObject({ code: 30001, arg, op: 'unsubscribe' });
      expect(error.msg).toContain(`instId:${arg.instId} doesn't exist`);
    }
  });

  it('acknowledges the good args of a message and reports the bad ones, in order', async () => {
    const good: Arg = { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'ETHUSDT' };
    const bad: Arg = { instType: 'USDT-FUTURES', channel: 'ticker', instId: 'PEPEUSDT' };
    const from = client.received.length;
    client.subscribe(bad, good);
    const first = await client.waitFor((m) => m.event !== undefined, { from });
    const second = await client.waitFor((m) => m.event !== undefined, { from: first.index + 1 });
    expect(first).toMatchObject({ event: 'error', code: 30001, arg: bad });
    expect(second).toMatchObject({ event: 'subscribe', arg: good });
    await client.waitFor((m) => isPushOf(m, good), { from });
    client.unsubscribe(good);
    await client.waitFor((m) => m.event === 'unsubscribe', { from });
  });

  it('refuses more subscriptions than the cap with 30006, and still allows repeats and unsubscribes', async () => {
    const args = INSTRUMENTS.slice(0, 4).map(([instType, instId]): Arg => ({ instType, channel: 'books1', instId }));
    const from = client.received.length;
    client.subscribe(...args.slice(0, 3));
    for (const arg of args.slice(0, 3))
      await client.waitFor((m) => m.event === 'subscribe' && m.arg?.instId === arg.instId, { from });
    const error = await errorFor({ op: 'subscribe', args: [args[3]] });
    expect(error).toMatchObject({ code: 30006, arg: args[3], op: 'subscribe' });
    const again = client.received.length;
    client.subscribe(args[0]!);
    const ack = await client.waitFor((m) => m.event !== undefined, { from: again });
    expect(ack).toMatchObject({ event: 'subscribe', arg: args[0] });
    client.unsubscribe(...args.slice(0, 3));
    for (const arg of args.slice(0, 3))
      await client.waitFor((m) => m.event === 'unsubscribe' && m.arg?.instId === arg.instId, { from: again });
    client.subscribe(args[3]!);
    const last = await client.waitFor((m) => m.event === 'subscribe' && m.arg?.instId === args[3]!.instId, {
      from: again,
    });
    client.unsubscribe(args[3]!);
    await client.waitFor((m) => m.event === 'unsubscribe', { from: last.index });
  });

  it('answers a message over the size cap with 30002 and keeps the connection', async () => {
    const padding = 'x'.repeat(5000);
    const error = await errorFor({ op: 'subscribe', args: [{ ...BTC_TICKER, padding }] });
    expect(error.code).toBe(30002);
    expect(error.msg).toMatch(/larger than 4096/);
    expect((await errorFor(Buffer.from('ping'))).code).toBe(30002); // a binary frame
  });

  it('closes, with 1009, only a connection that sends a frame beyond the hard limit; the server carries on', async () => {
    const victim = await StreamClient.connect(stream.wsUrl);
    victim.send('x'.repeat(20 * 1024));
    expect((await victim.closed).code).toBe(1009);
    await client.ping();
    const fresh = await StreamClient.connect(stream.wsUrl);
    await fresh.ping();
    fresh.close();
  });
});

describe('connections', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    stream = await startStreamGateway({ marketStepMs: 50, stream: { maxBufferedBytes: 256 * 1024, tickerPushMs: 0 } });
  });
  afterAll(() => stream.close());

  it('refuses a WebSocket upgrade on any other path', async () => {
    for (const path of ['/v2/ws/private/extra', '/v2/ws/public/extra', '/']) {
      const ws = new WebSocket(`${stream.gateway.url.replace('http', 'ws')}${path}`);
      const status = await new Promise<number>((resolve) => {
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.once('open', () => resolve(101));
        ws.once('error', () => resolve(-1));
      });
      expect(status, path).toBe(404);
    }
    const client = await StreamClient.connect(`${stream.wsUrl}?lang=en`);
    await client.ping();
    client.close();
  });

  it('disconnects a client that stops reading instead of buffering for it, without disturbing others', async () => {
    const healthy = await StreamClient.connect(stream.wsUrl);
    healthy.subscribe(BTC_TICKER);
    await healthy.waitFor((m) => isPushOf(m, BTC_TICKER));
    const slow = await StreamClient.connect(stream.wsUrl);
    slow.ws.pause();
    // Each repeat of the subscription re-sends six full book snapshots (tens of kilobytes) that the client never reads.
    const args = INSTRUMENTS.map(([instType, instId]): Arg => ({ instType, channel: 'books', instId }));
    for (let i = 0; i < 400 && stream.gateway.stream.stats().slowConsumerCloses === 0; i += 1) {
      slow.subscribe(...args);
      if (i % 20 === 19) await sleep(10);
    }
    expect(await eventually(() => stream.gateway.stream.stats().slowConsumerCloses === 1, 10_000)).toBe(true);
    const from = healthy.received.length;
    await healthy.waitFor((m) => isPushOf(m, BTC_TICKER), { from });
    await healthy.ping();
    slow.ws.resume();
    expect((await slow.closed).code).toBe(1006);
    healthy.close();
  });

  it('drops every client during an outage, refuses upgrades until it ends, then serves again', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    client.subscribe(BTC_TICKER);
    await client.waitFor((m) => isPushOf(m, BTC_TICKER));
    stream.gateway.stream.pause(400);
    expect((await client.closed).code).toBe(1006);
    expect(stream.gateway.stream.stats().connections).toBe(0);
    const refused = new WebSocket(stream.wsUrl);
    const status = await new Promise<number>((resolve) => {
      refused.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      refused.once('open', () => resolve(101));
    });
    expect(status).toBe(503);
    await sleep(450);
    const again = await StreamClient.connect(stream.wsUrl);
    again.subscribe(BTC_TICKER);
    await again.waitFor((m) => isPushOf(m, BTC_TICKER));
    again.close();
  });
});

describe('stream outage fault', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    stream = await startStreamGateway({ marketStepMs: 50, faults: true });
  });
  afterAll(() => stream.close());

  it('cuts the stream through the test-only fault switch, and refuses a malformed duration', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    const post = (body: unknown) =>
      fetch(`${stream.gateway.url}/__faults/stream-outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const bad of [{}, { ms: -1 }, { ms: 1.5 }, { ms: '100' }, { ms: 600_000 }])
      expect((await post(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await post({ ms: 200 })).status).toBe(200);
    expect((await client.closed).code).toBe(1006);
  });
});
