import { createHmac } from 'node:crypto';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../../../../gateway/api-keys/api-key-store';
import { apiSecretKey } from '../../../../gateway/api-keys/secret-box';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import type { GatewayOptions } from '../../../../gateway/server';
import { loadServerKey } from '../../../../gateway/security/server-key';
import { TEST_SCRYPT } from '../auth/auth-support';
import {
  addStreamUser,
  type Arg,
  eventually,
  StreamClient,
  type StreamGateway,
  startStreamGateway,
} from './stream-support';

// Per-address limits of both streams against a real gateway behind a trusted proxy, whose X-Forwarded-For plays the
// addresses: sockets, upgrades per window, private sockets not logged in, subscriptions.

const LIMITED: Partial<GatewayOptions> = {
  trustProxy: true,
  socketLimits: { maxSockets: 3, maxConnects: 12, maxUnauthenticated: 1, maxSubscriptions: 5 },
  // No socket here may reach the login deadline unless a test asks for one.
  privateStream: { loginTimeoutMs: 600_000 },
};
const PASSPHRASE = 'Bot2passphrase';
const SPOT_ACCOUNT = { instType: 'SPOT', channel: 'account', coin: 'default' };
const spot = (channel: string, instId = 'BTCUSDT'): Arg => ({ instType: 'SPOT', channel, instId });

/** A gateway with small limits, and sockets opened on it from an address of the test's choosing. */
function limitedGateway(options: Partial<GatewayOptions> = {}) {
  let g: StreamGateway;
  const context = {
    get g() {
      return g;
    },
    start: async () => {
      g = await startStreamGateway({ ...LIMITED, ...options });
    },
    stop: () => g.close(),
    connect(address: string, path = '/v2/ws/public'): Promise<StreamClient> {
      return StreamClient.connect(`${g.gateway.url.replace('http', 'ws')}${path}`, { 'x-forwarded-for': address });
    },
    /** Sockets the gateway counts for `address` (0 once it forgot the address). */
    socketsOf(address: string): number {
      return g.gateway.sockets.usageOf(address)?.sockets ?? 0;
    },
  };
  return context;
}

/** Expects the socket to be turned away as the exchange does: error event 30007 first, then the close. */
async function expectTurnedAway(client: StreamClient): Promise<void> {
  const first = await client.waitFor(() => true);
  expect(first).toMatchObject({ event: 'error', code: 30007, msg: 'request over limit,connection close' });
  expect((await client.closed).code).toBe(4004);
}

/** The login as the exchange documents it, with a key made straight in the gateway's store for a new account. */
async function loginMessage(g: StreamGateway, email: string) {
  const userId = await addStreamUser(g.gateway.db, email);
  const store = createApiKeyStore(g.gateway.db, apiSecretKey(loadServerKey(dirname(g.gateway.db.name)).privateKey));
  const made = store.create(
    {
      userId,
      label: 'ws',
      permissions: ['read'],
      ips: [],
      passphraseHash: await hashPassword(PASSPHRASE, TEST_SCRYPT),
    },
    Date.now(),
  );
  if (made === 'limit') throw new Error('key limit');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const sign = createHmac('sha256', made.secret).update(`${timestamp}GET/user/verify`).digest('base64');
  return { op: 'login', args: [{ apiKey: made.view.apiKey, passphrase: PASSPHRASE, timestamp, sign }] };
}

async function logIn(g: StreamGateway, client: StreamClient, email: string): Promise<void> {
  client.send(await loginMessage(g, email));
  const answer = await client.waitFor((m) => m.event === 'login' || m.event === 'error');
  expect(answer.text).toBe('{"event":"login","code":0}');
}

/** Subscribes and returns the answer to each arg, in order; a ping after them proves nothing else was pushed first. */
async function subscribe(client: StreamClient, ...args: object[]) {
  const from = client.received.length;
  client.send({ op: 'subscribe', args });
  await client.ping();
  return client.received.slice(from).filter((m) => m.event !== undefined);
}

// One gateway for every test but the deadline's; each test plays addresses of its own.
const t = limitedGateway();
beforeAll(t.start);
afterAll(t.stop);

describe('sockets per address', () => {
  it('turns a socket over the limit away with 30007 and a close, on either stream, and lets other addresses in', async () => {
    const a = '203.0.113.10';
    const open = [await t.connect(a), await t.connect(a), await t.connect(a, '/v2/ws/private')];
    await expectTurnedAway(await t.connect(a));
    await expectTurnedAway(await t.connect(a, '/v2/ws/private'));
    for (const client of open) await client.ping();
    const other = await t.connect('203.0.113.11');
    await other.ping();
    for (const client of [...open, other]) client.close();
  });

  it('lets an address in again once one of its sockets closed', async () => {
    const a = '203.0.113.12';
    const open = [await t.connect(a), await t.connect(a), await t.connect(a)];
    await expectTurnedAway(await t.connect(a));
    open[0]!.close();
    await open[0]!.closed;
    expect(await eventually(() => t.socketsOf(a) === 2)).toBe(true);
    const again = await t.connect(a, '/v2/ws/private');
    await again.ping();
    for (const client of [...open, again]) client.close();
  });

  it('turns an address away once it asked for more upgrades than the window allows, even with nothing open', async () => {
    const a = '203.0.113.13';
    for (let round = 0; round < 4; round += 1) {
      const open = [await t.connect(a), await t.connect(a), await t.connect(a)];
      for (const client of open) client.close();
      expect(await eventually(() => t.socketsOf(a) === 0)).toBe(true);
    }
    const before = t.g.gateway.sockets.stats().refused.rate;
    await expectTurnedAway(await t.connect(a));
    expect(t.g.gateway.sockets.stats().refused.rate).toBe(before + 1);
  });
});

describe('private sockets not logged in, per address', () => {
  it('turns away a second one, never a public socket, and takes one again once the first logged in', async () => {
    const a = '203.0.113.20';
    const first = await t.connect(a, '/v2/ws/private');
    await expectTurnedAway(await t.connect(a, '/v2/ws/private'));
    const pub = await t.connect(a);
    await pub.ping();
    await logIn(t.g, first, 'bot1@example.com');
    const second = await t.connect(a, '/v2/ws/private');
    await second.ping();
    for (const client of [first, pub, second]) client.close();
  });

  it('counts a logged-in private socket’s subscriptions in the address’s share', async () => {
    const a = '203.0.113.21';
    const pub = await t.connect(a);
    const answers = await subscribe(pub, ...['ticker', 'books', 'trade', 'books5', 'books1'].map((c) => spot(c)));
    expect(answers.map((m) => m.event)).toEqual(['subscribe', 'subscribe', 'subscribe', 'subscribe', 'subscribe']);
    const bot = await t.connect(a, '/v2/ws/private');
    await logIn(t.g, bot, 'bot2@example.com');
    const [refused] = await subscribe(bot, SPOT_ACCOUNT);
    expect(refused).toMatchObject({ event: 'error', code: 30006, arg: SPOT_ACCOUNT, op: 'subscribe' });
    expect(refused!.msg).toBe('Too many subscriptions: at most 5 per address');
    expect(bot.received.some((m) => m.action !== undefined)).toBe(false);
    pub.unsubscribe(spot('books1'));
    await pub.ping();
    const [taken] = await subscribe(bot, SPOT_ACCOUNT);
    expect(taken).toMatchObject({ event: 'subscribe', arg: SPOT_ACCOUNT });
    for (const client of [pub, bot]) client.close();
  });
});

describe('the login deadline', () => {
  const short = limitedGateway({ privateStream: { loginTimeoutMs: 300 } });
  beforeAll(short.start);
  afterAll(short.stop);

  it('closes a private socket that never logs in, and gives its place back', async () => {
    const a = '203.0.113.30';
    const silent = await short.connect(a, '/v2/ws/private');
    expect((await silent.closed).code).toBe(4002);
    expect(await eventually(() => short.g.gateway.sockets.usageOf(a)?.unauthenticated === 0)).toBe(true);
    // Let in this time: it meets the same deadline, never the 30007 of a socket turned away.
    const next = await short.connect(a, '/v2/ws/private');
    expect((await next.closed).code).toBe(4002);
    expect(next.received.some((m) => m.code === 30007)).toBe(false);
  });
});

describe('subscriptions per address', () => {
  it('refuses a subscription over the address’s share with 30006 and does not add it', async () => {
    const a = '203.0.113.40';
    const one = await t.connect(a);
    const two = await t.connect(a);
    expect((await subscribe(one, spot('ticker'), spot('trade'), spot('books5'))).map((m) => m.event)).toEqual([
      'subscribe',
      'subscribe',
      'subscribe',
    ]);
    const answers = await subscribe(two, spot('ticker'), spot('books1'), spot('books15'));
    expect(answers.map((m) => m.event)).toEqual(['subscribe', 'subscribe', 'error']);
    expect(answers[2]).toMatchObject({ code: 30006, arg: spot('books15'), op: 'subscribe' });
    expect(two.received.some((m) => m.action !== undefined && m.arg?.channel === 'books15')).toBe(false);
    // Subscribing again to a channel held takes no second place.
    expect((await subscribe(two, spot('ticker')))[0]!.event).toBe('subscribe');
    // Another address has a share of its own.
    const other = await t.connect('203.0.113.41');
    const five = ['ticker', 'trade', 'books1', 'books5', 'books15'].map((c) => spot(c));
    expect((await subscribe(other, ...five)).every((m) => m.event === 'subscribe')).toBe(true);
    // An unsubscribe frees a place; a closed socket frees all of its places.
    one.unsubscribe(spot('trade'));
    await one.ping();
    expect((await subscribe(two, spot('books15')))[0]!.event).toBe('subscribe');
    one.close();
    await one.closed;
    expect(await eventually(() => t.g.gateway.sockets.usageOf(a)?.subscriptions === 3)).toBe(true);
    const more = await subscribe(two, spot('books'), spot('candle1m'), spot('ticker', 'ETHUSDT'));
    expect(more.map((m) => m.event)).toEqual(['subscribe', 'subscribe', 'error']);
    for (const client of [two, other]) client.close();
  });
});
