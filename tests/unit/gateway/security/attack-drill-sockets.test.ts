import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEFAULT_INSTRUMENTS } from '../../../../gateway/market/default-instruments';
import { STREAM_CANDLE_CHANNELS } from '../../../../gateway/market/candles';
import { DEFAULT_SOCKET_LIMITS } from '../../../../gateway/stream/socket-admission';
import { setUpDrill } from './drill-harness';

// The attack drill goes on against the streams: one address floods both WebSockets with sockets and subscriptions
// while another client's REST calls must stay quick. It once took /v1/public/time from 2 ms to seconds.

// The flood's private sockets never log in; the deadline that closes them is the socket tests' to check, not this drill's.
const drill = setUpDrill({ privateStream: { loginTimeoutMs: 600_000 } });

const FLOODER = '203.0.113.201';
const BYSTANDER = '198.51.100.77';
const PUBLIC_SOCKETS = 500;
const PRIVATE_SOCKETS = 300;
/** The most the median of another client's `/v1/public/time` may take during the flood (measured: 3–17 ms on a busy 2-core machine). */
const LATENCY_BUDGET_MS = 50;
const TIME_CALLS = 21;

/** One of the flood's sockets, kept cheap: pushes are skipped unparsed, events and pongs are kept. */
interface FloodSocket {
  ws: WebSocket;
  events: Array<{ event: string; code?: number; op?: string }>;
  pongs: number;
  closed: Promise<number>;
  onEvent?: () => void;
}

/** Opens a socket on `path` as `address` (the proxy's X-Forwarded-For); resolves once it is open, or null when refused over HTTP. */
function openFrom(path: string, address: string): Promise<FloodSocket | null> {
  const ws = new WebSocket(`${drill.gateway.url.replace('http', 'ws')}${path}`, {
    headers: { 'x-forwarded-for': address },
  });
  const socket: FloodSocket = {
    ws,
    events: [],
    pongs: 0,
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
  };
  ws.on('message', (data: Buffer) => {
    if (data.length === 4 && data.toString() === 'pong') socket.pongs += 1;
    else if (data[2] === 0x65 /* {"e… an event, not a push */) socket.events.push(JSON.parse(data.toString()));
    else return;
    socket.onEvent?.();
  });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', () => resolve(null));
    ws.once('error', () => resolve(null));
  });
}

/** Whether an open socket stays: a `ping` answered means it was let in, a close means it was turned away. */
async function isKept(socket: FloodSocket): Promise<boolean> {
  socket.ws.send('ping');
  return Promise.race([
    new Promise<boolean>((resolve) => {
      socket.onEvent = () => {
        if (socket.pongs > 0) resolve(true);
      };
    }),
    socket.closed.then(() => false),
  ]);
}

/** Every simulated instrument's every channel: what a flooder subscribes to. */
const ALL_ARGS = DEFAULT_INSTRUMENTS.flatMap((spec) =>
  ['ticker', 'books', 'books1', 'books5', 'books15', 'trade', ...Object.keys(STREAM_CANDLE_CHANNELS)].map(
    (channel) => ({ instType: spec.instType, channel, instId: spec.symbol }),
  ),
);

/** What one trading page asks for: the book, ticker, trades and a chart of one market. */
const PAGE_ARGS = ['books', 'ticker', 'trade', 'candle1m'].map((channel) => ({
  instType: 'SPOT',
  channel,
  instId: 'BTCUSDT',
}));

/** Subscribes a socket to `args` (50 to a message, under the 4096-byte cap) and waits for an answer to each. */
async function subscribeAll(socket: FloodSocket, args: readonly object[]): Promise<void> {
  const answered = () => socket.events.filter((e) => e.event === 'subscribe' || e.op === 'subscribe').length;
  const done = new Promise<void>((resolve) => {
    socket.onEvent = () => {
      if (answered() >= args.length) resolve();
    };
  });
  for (let i = 0; i < args.length; i += 50)
    socket.ws.send(JSON.stringify({ op: 'subscribe', args: args.slice(i, i + 50) }));
  await Promise.race([done, socket.closed]);
}

async function timeCall(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${drill.gateway.url}/v1/public/time`, { headers: { 'x-forwarded-for': BYSTANDER } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('attack: one address floods the WebSockets', () => {
  it('is held to its limits with the exchange codes, while another client stays fast', async () => {
    const limits = DEFAULT_SOCKET_LIMITS;
    // Public and private upgrades interleaved, 5 to 3, as fast as the flooder can open them.
    const paths = Array.from({ length: PUBLIC_SOCKETS + PRIVATE_SOCKETS }, (_, i) =>
      i % 8 < 5 ? '/v2/ws/public' : '/v2/ws/private',
    );
    const opened: Array<{ path: string; socket: FloodSocket }> = [];
    for (let i = 0; i < paths.length; i += 100) {
      const batch = paths.slice(i, i + 100);
      const sockets = await Promise.all(batch.map((path) => openFrom(path, FLOODER)));
      sockets.forEach((socket, j) => {
        if (socket) opened.push({ path: batch[j]!, socket });
      });
    }
    const kept = await Promise.all(opened.map(({ socket }) => isKept(socket)));
    const keptPublic = opened.filter((o, i) => kept[i] && o.path === '/v2/ws/public');
    const keptPrivate = opened.filter((o, i) => kept[i] && o.path === '/v2/ws/private');
    expect(keptPublic.length + keptPrivate.length).toBeGreaterThan(0);
    expect(keptPublic.length + keptPrivate.length).toBeLessThanOrEqual(limits.maxSockets);
    expect(keptPrivate.length).toBeLessThanOrEqual(limits.maxUnauthenticated);
    // Every socket turned away heard why first: the exchange's 30007, then the close.
    const turnedAway = opened.filter((_, i) => !kept[i]);
    expect(turnedAway.length).toBeGreaterThan(PUBLIC_SOCKETS);
    for (const { socket } of turnedAway) expect(socket.events[0]).toMatchObject({ event: 'error', code: 30007 });

    // Each public socket kept asks for every channel of every instrument.
    await Promise.all(keptPublic.map(({ socket }) => subscribeAll(socket, ALL_ARGS)));
    const events = keptPublic.flatMap(({ socket }) => socket.events);
    const acks = events.filter((e) => e.event === 'subscribe').length;
    expect(acks).toBeGreaterThan(0);
    expect(acks).toBeLessThanOrEqual(limits.maxSubscriptions);
    const refused = events.filter((e) => e.event === 'error' && e.op === 'subscribe');
    expect(refused.length).toBe(keptPublic.length * ALL_ARGS.length - acks);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set([30006]));

    // With the flood in place, another client's REST calls stay within budget…
    const durations: number[] = [];
    for (let i = 0; i < TIME_CALLS; i += 1) durations.push(await timeCall());
    expect(median(durations)).toBeLessThan(LATENCY_BUDGET_MS);
    // …and its own socket is let in and served.
    const other = await openFrom('/v2/ws/public', BYSTANDER);
    expect(other && (await isKept(other))).toBe(true);
    await subscribeAll(other!, PAGE_ARGS);
    expect(other!.events.filter((e) => e.event === 'subscribe')).toHaveLength(PAGE_ARGS.length);

    for (const { socket } of [...opened, { socket: other! }]) socket.ws.terminate();
  }, 120_000);
});
