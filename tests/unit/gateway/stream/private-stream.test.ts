import Decimal from 'decimal.js';
import { createHmac } from 'node:crypto';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ApiPermission } from '../../../../gateway/api-keys/api-key-rules';
import { type ApiKeyStore, createApiKeyStore } from '../../../../gateway/api-keys/api-key-store';
import { apiSecretKey } from '../../../../gateway/api-keys/secret-box';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { loadServerKey } from '../../../../gateway/security/server-key';
import { type KeyCredentials, signedHeaders } from '../api-keys/apikey-support';
import { TEST_SCRYPT } from '../auth/auth-support';
import {
  addStreamUser,
  type Received,
  StreamClient,
  type StreamGateway,
  sleep,
  startStreamGateway,
} from './stream-support';

const PASSPHRASE = 'Bot2passphrase';
const SPOT_ORDERS = { instType: 'SPOT', channel: 'orders', instId: 'default' };
const SPOT_ACCOUNT = { instType: 'SPOT', channel: 'account', coin: 'default' };
const FUTURES_ORDERS = { instType: 'USDT-FUTURES', channel: 'orders', instId: 'default' };
const POSITIONS = { instType: 'USDT-FUTURES', channel: 'positions', instId: 'default' };
const FUTURES_ACCOUNT = { instType: 'USDT-FUTURES', channel: 'account', coin: 'default' };

let g: StreamGateway;
let store: ApiKeyStore;
let privateUrl: string;

beforeAll(async () => {
  g = await startStreamGateway({ marketStepMs: 100 });
  const dataDir = dirname(g.gateway.db.name);
  store = createApiKeyStore(g.gateway.db, apiSecretKey(loadServerKey(dataDir).privateKey));
  privateUrl = `${g.gateway.url.replace('http', 'ws')}/v2/ws/private`;
});
afterAll(() => g.close());

let users = 0;

/** A key of a new account made straight in the gateway's store, as the CLI makes one. */
async function makeKey(
  fields: { permissions?: ApiPermission[]; ips?: string[] } = {},
): Promise<KeyCredentials & { userId: string }> {
  users += 1;
  const userId = await addStreamUser(g.gateway.db, `trader${users}@example.com`);
  const made = store.create(
    {
      userId,
      label: 'ws',
      permissions: fields.permissions ?? ['read', 'spot_trade', 'futures_trade'],
      ips: fields.ips ?? [],
      passphraseHash: await hashPassword(PASSPHRASE, TEST_SCRYPT),
    },
    Date.now(),
  );
  if (made === 'limit') throw new Error('key limit');
  return { apiKey: made.view.apiKey, secretKey: made.secret, passphrase: PASSPHRASE, userId };
}

/** The login as the exchange documents it: base64 HMAC-SHA256(secret, ts + "GET/user/verify"), ts in seconds. */
function loginMessage(key: KeyCredentials, edit: { timestamp?: number; sign?: string; passphrase?: string } = {}) {
  const timestamp = String(edit.timestamp ?? Math.floor(Date.now() / 1000));
  const sign = createHmac('sha256', key.secretKey).update(`${timestamp}GET/user/verify`).digest('base64');
  return {
    op: 'login',
    args: [{ apiKey: key.apiKey, passphrase: edit.passphrase ?? key.passphrase, timestamp, sign: edit.sign ?? sign }],
  };
}

/** Opens a private socket and sends `message` as the login; resolves with the login's answer. */
async function tryLogin(message: unknown, url = privateUrl): Promise<{ client: StreamClient; answer: Received }> {
  const client = await StreamClient.connect(url);
  client.send(message);
  const answer = await client.waitFor((m) => m.event === 'login' || m.event === 'error');
  return { client, answer };
}

async function loggedIn(key: KeyCredentials, message: unknown = loginMessage(key)): Promise<StreamClient> {
  const { client, answer } = await tryLogin(message);
  expect(answer.text).toBe('{"event":"login","code":0}');
  return client;
}

const isPush = (channel: string, instType: string) => (m: Received) =>
  m.action !== undefined && m.arg?.channel === channel && m.arg.instType === instType;

let lastTimestamp = 0;
/** Sends a signed v2 REST request over HTTP, each with a fresh millisecond so none is a replay. */
async function rest(key: KeyCredentials, method: 'GET' | 'POST', path: string, body?: unknown) {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signedHeaders(key, { method, path, body: text, timestamp: lastTimestamp });
  const res = await fetch(`${g.gateway.url}${path}`, { method, headers, body: text });
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
  const reply = (await res.json()) as { code: string; msg: string; data: any };
  expect(reply.code, reply.msg).toBe('00000');
  return reply.data;
}

/** A limit price well below the last spot price, so the order rests. */
function restingBuyPrice(): string {
  const last = Number(g.gateway.simulator.getTicker('SPOT', 'BTCUSDT')!.lastPr);
  return String(Math.floor(last * 0.8));
}

/** Expects a refused login: the error's code, and nothing but `User needs to log in` for a subscribe after it. */
async function expectRefused(message: unknown, code: number): Promise<void> {
  const { client, answer } = await tryLogin(message);
  expect(answer).toMatchObject({ event: 'error', code, op: 'login' });
  const from = client.received.length;
  client.send({ op: 'subscribe', args: [SPOT_ACCOUNT] });
  const next = await client.waitFor(() => true, { from });
  expect(next).toMatchObject({ event: 'error', code: 30004 });
  expect(client.received.some((m) => m.action !== undefined)).toBe(false);
  client.close();
}

describe('private stream login', () => {
  it('accepts a key signed as the exchange documents, answers ping, and subscribes', async () => {
    const client = await loggedIn(await makeKey());
    await client.ping();
    client.send({ op: 'subscribe', args: [SPOT_ACCOUNT] });
    const ack = await client.waitFor((m) => m.event === 'subscribe');
    expect(ack.arg).toEqual(SPOT_ACCOUNT);
    const snapshot = await client.waitFor(isPush('account', 'SPOT'));
    expect(snapshot.action).toBe('snapshot');
    expect(snapshot.data).toEqual([expect.objectContaining({ coin: 'USDT', locked: '0', limitAvailable: '0' })]);
    const [usdt] = snapshot.data as Array<{ available: string; frozen: string }>;
    expect([Number(usdt!.available), Number(usdt!.frozen)]).toEqual([10000, 0]);
    client.close();
  });

  it('refuses a subscribe before login with 30004', async () => {
    const client = await StreamClient.connect(privateUrl);
    client.send({ op: 'subscribe', args: [SPOT_ORDERS] });
    expect(await client.waitFor(() => true)).toMatchObject({ event: 'error', code: 30004 });
    client.close();
  });

  it('accepts the timestamp as a JSON number, signed over its decimal digits, as the exchange SDKs send it', async () => {
    const key = await makeKey();
    const seconds = Math.floor(Date.now() / 1000);
    const message = loginMessage(key, { timestamp: seconds });
    const numeric = { ...message, args: [{ ...message.args[0]!, timestamp: seconds }] };
    expect(JSON.stringify(numeric)).toContain(`"timestamp":${seconds},`);
    const client = await loggedIn(key, numeric);
    client.send({ op: 'subscribe', args: [SPOT_ACCOUNT] });
    expect((await client.waitFor(isPush('account', 'SPOT'))).action).toBe('snapshot');
    client.close();
  });

  it('checks a numeric timestamp like a string one: stale is 30014, a sign over other digits 30015', async () => {
    const key = await makeKey();
    const stale = Math.floor(Date.now() / 1000) - 31;
    const staleMessage = loginMessage(key, { timestamp: stale });
    await expectRefused({ ...staleMessage, args: [{ ...staleMessage.args[0]!, timestamp: stale }] }, 30014);
    const seconds = Math.floor(Date.now() / 1000);
    // Signed over "<seconds>.0" (what a float would print as), sent as the whole number: not the signed text.
    const signedOther = createHmac('sha256', key.secretKey).update(`${seconds}.0GET/user/verify`).digest('base64');
    const message = loginMessage(key, { timestamp: seconds, sign: signedOther });
    await expectRefused({ ...message, args: [{ ...message.args[0]!, timestamp: seconds }] }, 30015);
  });

  it('refuses with 30013 a timestamp that is not whole seconds, as a number or as a string', async () => {
    const key = await makeKey();
    const seconds = Math.floor(Date.now() / 1000);
    const hostile: unknown[] = [
      seconds + 0.5,
      -seconds,
      1e21,
      Date.now(),
      Number.MAX_SAFE_INTEGER + 2,
      'NaN',
      'Infinity',
      '-1',
      `${seconds}.0`,
      `${seconds}e0`,
      '0x65',
      String(Date.now()),
      true,
      null,
      [seconds],
      { seconds },
    ];
    for (const timestamp of hostile) {
      // Signed over what the value prints as, so only the timestamp check can refuse it.
      const sign = createHmac('sha256', key.secretKey)
        .update(`${String(timestamp)}GET/user/verify`)
        .digest('base64');
      const message = {
        op: 'login',
        args: [{ apiKey: key.apiKey, passphrase: key.passphrase, timestamp, sign }],
      };
      const { client, answer } = await tryLogin(message);
      expect(answer, `timestamp ${JSON.stringify(timestamp)}`).toMatchObject({ event: 'error', code: 30013 });
      client.close();
      await client.closed;
    }
  });

  it('refuses a wrong sign with 30015', async () => {
    const key = await makeKey();
    await expectRefused(loginMessage(key, { sign: loginMessage(key, { timestamp: 1 }).args[0]!.sign }), 30015);
  });

  it('refuses a timestamp 31 s old with 30014', async () => {
    await expectRefused(loginMessage(await makeKey(), { timestamp: Math.floor(Date.now() / 1000) - 31 }), 30014);
  });

  it('refuses the same login the second time with 30014', async () => {
    const message = loginMessage(await makeKey());
    const first = await tryLogin(message);
    expect(first.answer.event).toBe('login');
    await expectRefused(message, 30014);
    first.client.close();
  });

  it('refuses a disabled key and a deleted key with 30011', async () => {
    const disabled = await makeKey();
    store.setEnabled(disabled.userId, disabled.apiKey, false, Date.now());
    await expectRefused(loginMessage(disabled), 30011);
    const deleted = await makeKey();
    store.remove(deleted.userId, deleted.apiKey);
    await expectRefused(loginMessage(deleted), 30011);
  });

  it('refuses a wrong passphrase with 30012', async () => {
    await expectRefused(loginMessage(await makeKey(), { passphrase: 'Wrong2passphrase' }), 30012);
  });

  it('refuses an address outside the allow-list with 40018, and takes one inside it', async () => {
    await expectRefused(loginMessage(await makeKey({ ips: ['203.0.113.7'] })), 40018);
    (await loggedIn(await makeKey({ ips: ['127.0.0.0/8'] }))).close();
  });

  it('refuses a key without read with 40014', async () => {
    await expectRefused(loginMessage(await makeKey({ permissions: ['spot_trade'] })), 40014);
  });

  it('closes the connection at the next ping once the key is disabled', async () => {
    const key = await makeKey();
    const client = await loggedIn(key);
    store.setEnabled(key.userId, key.apiKey, false, Date.now());
    const from = client.received.length;
    client.send('ping');
    expect(await client.waitFor(() => true, { from })).toMatchObject({ event: 'error', code: 30011 });
    expect((await client.closed).code).toBe(4003);
  });
});

describe('private stream channels', () => {
  it('pushes a spot order placed through the v2 REST API, and the frozen balance it takes', async () => {
    const key = await makeKey();
    const client = await loggedIn(key);
    client.send({ op: 'subscribe', args: [SPOT_ORDERS, SPOT_ACCOUNT] });
    await client.waitFor(isPush('orders', 'SPOT'));
    await client.waitFor(isPush('account', 'SPOT'));
    const from = client.received.length;
    const price = restingBuyPrice();
    const placed = await rest(key, 'POST', '/api/v2/spot/trade/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price,
      size: '0.001',
      clientOid: 'ws-spot-1',
    });
    const push = await client.waitFor((m) => isPush('orders', 'SPOT')(m) && m.action === 'update', { from });
    expect(push.data).toEqual([
      expect.objectContaining({
        instId: 'BTCUSDT',
        orderId: placed.orderId,
        clientOid: 'ws-spot-1',
        side: 'buy',
        orderType: 'limit',
        status: 'live',
        accBaseVolume: '0.000000',
      }),
    ]);
    const account = await client.waitFor((m) => isPush('account', 'SPOT')(m) && m.action === 'update', { from });
    expect(account.data).toEqual([expect.objectContaining({ coin: 'USDT' })]);
    // A buy holds its value only (its fee is paid in the BTC it receives).
    expect(new Decimal((account.data![0] as { frozen: string }).frozen).eq(new Decimal(price).times('0.001'))).toBe(
      true,
    );

    await rest(key, 'POST', '/api/v2/spot/trade/cancel-order', { symbol: 'BTCUSDT', orderId: placed.orderId });
    const cancelled = await client.waitFor(
      (m) => isPush('orders', 'SPOT')(m) && (m.data as Array<{ status: string }>)[0]?.status === 'cancelled',
      { from },
    );
    expect(cancelled.data).toHaveLength(1);
    client.close();
  });

  it('pushes a futures fill on orders, positions and account', async () => {
    const key = await makeKey();
    const client = await loggedIn(key);
    client.send({ op: 'subscribe', args: [FUTURES_ORDERS, POSITIONS, FUTURES_ACCOUNT] });
    const before = await client.waitFor(isPush('account', 'USDT-FUTURES'));
    await client.waitFor(isPush('positions', 'USDT-FUTURES'));
    const from = client.received.length;
    const placed = await rest(key, 'POST', '/api/v2/mix/order/place-order', {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      side: 'buy',
      orderType: 'market',
      size: '0.01',
    });
    const order = await client.waitFor(
      (m) =>
        isPush('orders', 'USDT-FUTURES')(m) &&
        m.data!.some((o) => (o as { orderId: string }).orderId === placed.orderId),
      { from },
    );
    expect(order.data).toEqual([
      expect.objectContaining({
        orderId: placed.orderId,
        status: 'filled',
        accBaseVolume: '0.0100',
        posMode: 'one_way_mode',
      }),
    ]);
    const positions = await client.waitFor((m) => isPush('positions', 'USDT-FUTURES')(m) && m.data!.length > 0, {
      from,
    });
    expect(positions.data).toEqual([
      expect.objectContaining({ instId: 'BTCUSDT', holdSide: 'long', total: '0.0100', marginCoin: 'USDT' }),
    ]);
    const account = await client.waitFor(isPush('account', 'USDT-FUTURES'), { from });
    const available = (m: Received) => Number((m.data![0] as { available: string }).available);
    expect(available(account)).toBeLessThan(available(before));
    client.close();
  });

  it('never pushes an order of another user', async () => {
    const aliceKey = await makeKey();
    const bobKey = await makeKey();
    const client = await loggedIn(aliceKey);
    client.send({ op: 'subscribe', args: [SPOT_ORDERS] });
    await client.waitFor(isPush('orders', 'SPOT'));
    const order = {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: restingBuyPrice(),
      size: '0.001',
    };
    const bobs = await rest(bobKey, 'POST', '/api/v2/spot/trade/place-order', order);
    const alices = await rest(aliceKey, 'POST', '/api/v2/spot/trade/place-order', order);
    await client.waitFor((m) => m.text.includes(alices.orderId));
    await sleep(100);
    expect(client.received.some((m) => m.text.includes(bobs.orderId))).toBe(false);
    client.close();
  });

  it('refuses an unknown channel, and an unknown instrument with 30001', async () => {
    const client = await loggedIn(await makeKey());
    client.send({ op: 'subscribe', args: [{ instType: 'SPOT', channel: 'fills', instId: 'default' }] });
    expect(await client.waitFor((m) => m.event === 'error')).toMatchObject({ code: 30016 });
    const from = client.received.length;
    client.send({ op: 'subscribe', args: [{ instType: 'SPOT', channel: 'orders', instId: 'NOPEUSDT' }] });
    expect(await client.waitFor((m) => m.event === 'error', { from })).toMatchObject({ code: 30001 });
    client.close();
  });

  it('serves the demo product name SUSDT-FUTURES with its margin coin', async () => {
    const client = await loggedIn(await makeKey());
    const arg = { instType: 'SUSDT-FUTURES', channel: 'account', coin: 'default' };
    client.send({ op: 'subscribe', args: [arg] });
    const snapshot = await client.waitFor(isPush('account', 'SUSDT-FUTURES'));
    expect(snapshot.data).toEqual([expect.objectContaining({ marginCoin: 'SUSDT' })]);
    client.close();
  });
});

describe('private stream beside the public one', () => {
  it('leaves the public stream working and other paths refused', async () => {
    const pub = await StreamClient.connect(g.wsUrl);
    await pub.ping();
    pub.close();
    const other = new WebSocket(`${g.gateway.url.replace('http', 'ws')}/v2/ws/nowhere`);
    const status = await new Promise<number>((resolve) =>
      other.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });
});

describe('private stream login timeout', () => {
  it('closes a socket that does not log in within the timeout', async () => {
    const short = await startStreamGateway({ privateStream: { loginTimeoutMs: 200 } });
    try {
      const client = await StreamClient.connect(`${short.gateway.url.replace('http', 'ws')}/v2/ws/private`);
      expect((await client.closed).code).toBe(4002);
    } finally {
      await short.close();
    }
    // A gateway of its own starts and stops here: seconds on a loaded two-core machine, however short the login time.
  }, 30_000);
});
