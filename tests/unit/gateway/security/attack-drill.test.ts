import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECURE_ACCOUNT } from '../../../../gateway/auth/dev-seed';
import { type RunningGateway, startGateway } from '../../../../gateway/server';
import { totpAt } from '../auth/auth-support';
import { tempDir } from '../support';
import { makeClientKey, newTraceId, signedHeaders } from './ds1-client';
import { Ds1Device, type Reply, serverPublicKeyOf, type Transport } from './ds1-device';

// The attack drill as a suite: a real gateway on a socket, attacked from outside with a client that follows the signing
// contract as far as an attacker can (own keys, captured requests, stolen cookies). Each attack once worked.

const dir = tempDir('gateway-drill-');
let gateway: RunningGateway;
let transport: Transport;
let serverKey: string;

/** Starts (or restarts) the gateway on the drill's data dir, behind a "proxy" whose X-Forwarded-For the tests set. */
async function start(): Promise<void> {
  gateway = await startGateway({
    port: 0,
    dataDir: dir.path,
    devRootDir: dir.path,
    logLevel: 'silent',
    trustProxy: true,
  });
  const base = gateway.url;
  transport = (path, init) => fetch(`${base}${path}`, init);
  serverKey = await serverPublicKeyOf(transport);
}

beforeAll(start);
afterAll(async () => {
  await gateway.close();
  dir.remove();
});

/** A browser of this drill, at a source address of its own. */
function device(source = '198.51.100.10'): Ds1Device {
  const at: Transport = (path, init) =>
    transport(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': source } });
  return new Ds1Device(at, serverKey, makeClientKey('rsa1024'));
}

/** A fresh account signed in on `owner`, with its email; registered through the mailbox like a person would. */
async function freshAccount(owner: Ds1Device, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await owner.send('POST', '/v1/msg/verify-code/send', { type: 'email', scene: 'register', email });
  const verifyCode = await mailed(email, 'register');
  const bodyCiphertext = owner.envelope('/v1/user/register/email', { pwd: 'Drill-pass-1', rePwd: 'Drill-pass-1' });
  const { reply } = await owner.send('POST', '/v1/user/register/email', { email, verifyCode, bodyCiphertext });
  expect(reply.code, reply.msg).toBe('00000');
  return email;
}

/** The newest code of a scene the dev mailbox holds for `target`. */
async function mailed(target: string, scene: string): Promise<string> {
  const reply = (await (
    await transport(`/dev/mailbox.json?target=${encodeURIComponent(target)}&limit=20`, { method: 'GET' })
  ).json()) as Reply;
  return (reply.data as { scene: string; code: string }[]).find((entry) => entry.scene === scene)!.code;
}

describe('attack: a replayed login envelope', () => {
  it('gives no second session, so the chain to binding an authenticator never starts', async () => {
    const owner = device();
    const { reply } = await owner.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(reply.code).toBe('00000');
    const captured = owner.lastSent!;
    const attacker = device('203.0.113.66');
    const replayed = await attacker.send('POST', captured.path, JSON.parse(captured.body!));
    // Exactly the reply of a wrong password, and no cookie.
    expect(replayed.reply).toEqual({
      status: 'error',
      code: '40101',
      msg: 'Incorrect account or password',
      data: null,
    });
    expect(attacker.cookies.size).toBe(0);
  });

  it('is refused after a restart too', async () => {
    const owner = device();
    await owner.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const captured = owner.lastSent!;
    await gateway.close();
    await start();
    const replayed = await device('203.0.113.67').send('POST', captured.path, JSON.parse(captured.body!));
    expect(replayed.reply.code).toBe('40101');
  });
});

describe('attack: a stolen session changes how the account is secured', () => {
  it("cannot bind its own authenticator, add a key, create a sub-account or change the password without the owner's second factor", async () => {
    const owner = device();
    const email = await freshAccount(owner, 'drill-victim');
    const thief = owner.stealInto(new Ds1Device(transport, serverKey, owner.key));
    const secret = (await thief.send('POST', '/v1/user/security/google/secret', {}, { mode: '3' })).reply.data
      .secret as string;
    const bind = await thief.send(
      'POST',
      '/v1/user/security/google/bind',
      { googleCode: totpAt(secret, Date.now()) },
      { mode: '3' },
    );
    expect(bind.reply.code).toBe('40112');
    expect((await thief.send('POST', '/v1/user/security/fido2/register/options', {}, { mode: '3' })).reply.code).toBe(
      '40112',
    );
    expect((await thief.send('POST', '/v1/user/sub/create', { name: 'mule' }, { mode: '2' })).reply.code).toBe('40112');
    const change = await thief.send(
      'POST',
      '/v1/user/security/password/change',
      {
        bodyCiphertext: thief.envelope('/v1/user/security/password/change', {
          oldPwd: 'Drill-pass-1',
          pwd: 'Stolen-pass-2',
          rePwd: 'Stolen-pass-2',
        }),
      },
      { mode: '3' },
    );
    expect(change.reply.code).toBe('40112');
    // Nor can it get the step-up: the code goes to the owner's mailbox, and guessing stops after 5.
    const options = await thief.send(
      'POST',
      '/v1/user/security/verify/options',
      { purpose: 'google-bind' },
      { mode: '3' },
    );
    expect(options.reply.data).toMatchObject({ methods: ['email'] });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (
          await thief.send(
            'POST',
            '/v1/user/security/verify',
            { purpose: 'google-bind', emailCode: '123456' },
            { mode: '3' },
          )
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The owner still signs in with the password alone.
    expect((await device().login(email, 'Drill-pass-1')).reply.data).toMatchObject({ needVerify: false });
  });

  it('is signed out everywhere once the owner changes the password', async () => {
    const owner = device();
    const email = await freshAccount(owner, 'drill-owner');
    const thief = owner.stealInto(new Ds1Device(transport, serverKey, owner.key));
    // The owner signs in again on this device: a session of its own; the thief keeps the old one.
    await owner.login(email, 'Drill-pass-1');
    await owner.send('POST', '/v1/msg/verify-code/send', { type: 'email', scene: 'security' });
    const emailCode = await mailed(email, 'security');
    expect(
      (await owner.send('POST', '/v1/user/security/verify', { purpose: 'password-change', emailCode }, { mode: '3' }))
        .reply.code,
    ).toBe('00000');
    const change = await owner.send(
      'POST',
      '/v1/user/security/password/change',
      {
        bodyCiphertext: owner.envelope('/v1/user/security/password/change', {
          oldPwd: 'Drill-pass-1',
          pwd: 'Drill-pass-2',
          rePwd: 'Drill-pass-2',
        }),
      },
      { mode: '3' },
    );
    expect(change.reply.code, change.reply.msg).toBe('00000');
    expect((await thief.userinfo()).data).toEqual({ isLogin: false });
    expect((await owner.userinfo()).data).toMatchObject({ isLogin: true });
  });
});

describe('attack: replaying a signed request', () => {
  it('places no second order, also after a restart', async () => {
    const owner = device();
    await freshAccount(owner, 'drill-trader');
    const order = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '1000', size: '0.001' };
    const placed = await owner.send('POST', '/v1/trade/spot/place-order', order, { mode: '3' });
    expect(placed.reply.code, placed.reply.msg).toBe('00000');
    const captured = owner.lastSent!;
    const replay = () =>
      owner.send('POST', captured.path, JSON.parse(captured.body!), { replayHeaders: captured.headers });
    expect((await replay()).headers.get('gateway-sign-error')).toBe('00022');
    await gateway.close();
    await start();
    expect((await replay()).headers.get('gateway-sign-error')).toBe('00022');
    const open = await owner.send('GET', `/v1/trade/spot/open-orders?symbol=BTCUSDT&_t=${Date.now()}`, undefined, {
      mode: '3',
    });
    expect(open.reply.data).toHaveLength(1);
  });

  it('refuses a mode "1" signature sent again under a fresh trace id', async () => {
    const owner = device();
    await owner.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const path = `/v1/user/overview/userinfo?_t=${Date.now()}`;
    const first = await owner.send('GET', path, undefined, { mode: '1' });
    expect(first.reply.data.isLogin).toBe(true);
    const headers = { ...owner.lastSent!.headers, 'trace-id': 'f'.repeat(32) };
    const again = await owner.send('GET', path, undefined, { replayHeaders: headers });
    expect(again.headers.get('gateway-sign-error')).toBe('00022');
  });
});

describe('attack: keeping the owner out with wrong passwords', () => {
  it('blocks the guessing source, never the owner at another address', async () => {
    const attacker = device('203.0.113.90');
    for (let i = 0; i < 5; i += 1)
      expect((await attacker.login(SECURE_ACCOUNT.email, 'Wrong-pass-9')).reply.code).toBe('40101');
    expect((await attacker.login(SECURE_ACCOUNT.email, SECURE_ACCOUNT.password)).status).toBe(429);
    const owner = await device('198.51.100.20').login(SECURE_ACCOUNT.email, SECURE_ACCOUNT.password);
    expect(owner.reply.data).toMatchObject({ needVerify: true, methods: ['google'] });
  }, 20_000);
});

describe('attack: oversized chunked bodies', () => {
  /** POSTs 70 KB in 4 KiB chunks (no Content-Length) with the device's cookies; the status and code, or the socket error. */
  const sendChunked = (owner: Ds1Device | null, path: string) =>
    new Promise<string>((resolve) => {
      let headers: Record<string, string> = { 'content-type': 'application/json' };
      if (owner) {
        // Signed in mode "3" as far as the headers go, so the signature check has to read the body to hash it.
        const signed = signedHeaders({
          client: owner.key,
          mode: '3',
          method: 'POST',
          target: path,
          requestTime: String(Date.now()),
          traceId: newTraceId(),
          body: '{}',
        });
        headers = { ...headers, ...signed, cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
      }
      const req = httpRequest(`${gateway.url}${path}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve(`${res.statusCode} ${(JSON.parse(text) as Reply).code}`));
      });
      req.on('error', (error) => resolve(`error ${error.message}`));
      for (let sent = 0; sent < 70 * 1024; sent += 4096) req.write(Buffer.alloc(4096, 0x20));
      req.end();
    });

  it('get the 413 envelope, on an open route and on a signed one', async () => {
    const owner = device();
    await owner.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    for (let round = 0; round < 3; round += 1) {
      expect(await sendChunked(null, '/v1/user/login')).toBe('413 41300');
      expect(await sendChunked(null, '/v1/msg/verify-code/send')).toBe('413 41300');
      // On a signed route the signature check reads (a copy of) the body first: the same 413.
      expect(await sendChunked(owner, '/v1/trade/spot/place-order')).toBe('413 41300');
    }
  });
});
