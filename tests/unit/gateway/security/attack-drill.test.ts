import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, SECURE_ACCOUNT } from '../../../../gateway/auth/dev-mailbox/dev-seed';
import { totpAt } from '../auth/auth-support';
import { newTraceId, signedHeaders } from './ds1-client';
import { Ds1Device, type Reply } from './ds1-device';
import { setUpDrill } from './drill-harness';

// The attack drill as a suite: a real gateway on a socket, attacked from outside with a client that follows the signing
// contract as far as an attacker can (own keys, captured requests, stolen cookies). Each attack once worked. The drill
// goes on in the other `attack-drill-*.test.ts` files, each over a gateway of its own.

const drill = setUpDrill();
const { device, freshAccount, mailed } = drill;

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
    await drill.restart();
    const replayed = await device('203.0.113.67').send('POST', captured.path, JSON.parse(captured.body!));
    expect(replayed.reply.code).toBe('40101');
  });
});

describe('attack: a stolen session changes how the account is secured', () => {
  it("cannot bind its own authenticator, add a key, create a sub-account or change the password without the owner's second factor", async () => {
    const owner = device();
    const email = await freshAccount(owner, 'drill-victim');
    const thief = owner.stealInto(new Ds1Device(drill.transport, drill.serverKey, owner.key));
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
    expect((await thief.send('POST', '/v1/user/sub/create', { name: 'mule' }, { mode: '3' })).reply.code).toBe('40112');
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
    const thief = owner.stealInto(new Ds1Device(drill.transport, drill.serverKey, owner.key));
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
    await drill.restart();
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
      const req = httpRequest(`${drill.gateway.url}${path}`, { method: 'POST', headers }, (res) => {
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
