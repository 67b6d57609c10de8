import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_PARAMS } from '../../../../../gateway/auth/password-hash';
import { type AuthHarness, fakeCiphertext, makeAuthHarness } from '../auth-support';
import { expectRefused } from '../../refusal-support';

const EMAIL = 'trader@example.com';
const PASSWORD = 'Trader-pass-1';
const LOGIN_ERROR = { status: 'error', code: '40101', msg: 'Incorrect account or password', data: null };
const MINUTE = 60_000;

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: EMAIL, password: PASSWORD });
  await h.addUser({ mobile: '13800138000', areaCode: '86', password: 'Mobile-pass-1' });
});
afterEach(() => h.close());

describe('POST /v1/user/login', () => {
  it('signs in by email (any case) and replies the masked identity', async () => {
    const browser = h.browser();
    const res = await browser.post('/v1/user/login', {
      loginName: '  Trader@Example.com ',
      pwd: PASSWORD,
      languageType: 0,
    });
    const body = await res.json();
    expect(body).toMatchObject({
      code: '00000',
      data: { needVerify: false, userId: expect.stringMatching(/^\d{10}$/), loginName: 't***@example.com' },
    });
    expect(JSON.stringify(body)).not.toContain(EMAIL);
    expect(browser.cookies.has('sid')).toBe(true);
  });

  it('signs in by mobile with its area code, with or without +', async () => {
    for (const areaCode of ['86', '+86']) {
      const res = await h
        .browser()
        .post('/v1/user/login', { loginName: '13800138000', pwd: 'Mobile-pass-1', areaCode });
      expect((await res.json()).data).toMatchObject({
        loginName: '138****8000',
        mobile: '138****8000',
        areaCode: '86',
      });
    }
  });

  it('also answers at /v1/user/agency/login', async () => {
    const res = await h.browser().post('/v1/user/agency/login', { loginName: EMAIL, pwd: PASSWORD });
    expect((await res.json()).code).toBe('00000');
  });

  it('gives a wrong password and an unknown account the very same reply and no cookie', async () => {
    const replies: string[] = [];
    for (const body of [
      { loginName: EMAIL, pwd: 'Wrong-pass-1' },
      { loginName: 'nobody@example.com', pwd: PASSWORD },
      { loginName: '13800138000', pwd: PASSWORD, areaCode: '44' },
    ]) {
      const browser = h.browser();
      const res = await browser.post('/v1/user/login', body);
      expect(res.status).toBe(200);
      replies.push(await res.text());
      expect(browser.cookies.size).toBe(0);
    }
    expect(JSON.parse(replies[0]!)).toEqual(LOGIN_ERROR);
    expect(new Set(replies).size).toBe(1);
  });

  it('requires an area code for a mobile login name (40002 naming areaCode)', async () => {
    const res = await h.browser().post('/v1/user/login', { loginName: '13800138000', pwd: 'Mobile-pass-1' });
    await expectRefused(res, '40002', 'areaCode');
  });
});

describe('login timing', () => {
  it('spends a full production-cost hash on an unknown account, like on a known one', async () => {
    const real = makeAuthHarness({ passwordParams: DEFAULT_SCRYPT_PARAMS });
    try {
      await real.addUser({ email: EMAIL, password: PASSWORD });
      const time = async (loginName: string, ip: string) => {
        const started = performance.now();
        await real.browser(ip).post('/v1/user/login', { loginName, pwd: 'Wrong-pass-1' });
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        known.push(await time(EMAIL, `198.51.100.${i}`));
        unknown.push(await time(`ghost${i}@example.com`, `198.51.100.${i + 10}`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      // A skipped hash would be ~100x faster; this only guards against that.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    } finally {
      real.close();
    }
  });
});

describe('login envelope', () => {
  it('opens bodyCiphertext, signs in, and binds the envelope key to the new session', async () => {
    const browser = h.browser();
    const bodyCiphertext = fakeCiphertext({ loginName: EMAIL, pwd: PASSWORD }, '/v1/user/login', 'a'.repeat(32));
    const body = await (await browser.post('/v1/user/login', { bodyCiphertext, areaCode: '' })).json();
    expect(body.code).toBe('00000');
    expect(h.bound).toEqual([
      {
        keyId: 'a'.repeat(32),
        publicKey: 'PUBLIC-KEY-B64',
        algorithm: 'rsa2048',
        userId: body.data.userId,
        sessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('gives the generic login error for a bad envelope, or one made for another path', async () => {
    for (const bodyCiphertext of [
      'garbage',
      fakeCiphertext({ loginName: EMAIL, pwd: PASSWORD }, '/v1/user/register/email'),
      42,
    ]) {
      const res = await h.browser().post('/v1/user/login', { bodyCiphertext });
      expect(await res.json()).toEqual(LOGIN_ERROR);
    }
    expect(h.bound).toEqual([]);
  });

  it('refuses fields in clear when plain login is off (clientOpen true)', async () => {
    const strict = makeAuthHarness({ allowPlainLogin: false });
    try {
      await strict.addUser({ email: EMAIL, password: PASSWORD });
      const plain = await strict.browser().post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
      expect(await plain.json()).toEqual(LOGIN_ERROR);
      const sealed = await strict.browser().post('/v1/user/login', {
        bodyCiphertext: fakeCiphertext({ loginName: EMAIL, pwd: PASSWORD }, '/v1/user/login'),
      });
      expect((await sealed.json()).code).toBe('00000');
    } finally {
      strict.close();
    }
  });

  it('answers 500 "busy" and leaves no session when binding the key fails', async () => {
    const failing = makeAuthHarness({
      onKeyBound: () => {
        throw new Error('key store down');
      },
    });
    try {
      await failing.addUser({ email: EMAIL, password: PASSWORD });
      const browser = failing.browser();
      const res = await browser.post('/v1/user/login', {
        bodyCiphertext: fakeCiphertext({ loginName: EMAIL, pwd: PASSWORD }, '/v1/user/login'),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: '50000', msg: 'The system is busy', data: null });
      expect(browser.cookies.has('sid')).toBe(false);
      expect(failing.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    } finally {
      failing.close();
    }
  });

  it('does not bind a key for a plain login', async () => {
    await h.browser().post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect(h.bound).toEqual([]);
  });
});

describe('login rate limits', () => {
  it('allows 5 failures per account from one address in 15 minutes, then answers that address 429 40429 even to the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await h.browser('192.0.2.1').post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
      expect((await res.json()).code).toBe('40101');
    }
    const res = await h.browser('192.0.2.1').post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ status: 'error', code: '40429', data: null });
    h.clock.now += 15 * MINUTE + 1;
    expect(
      (await (await h.browser('192.0.2.1').post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD })).json()).code,
    ).toBe('00000');
  });

  it('never locks the owner out from another address, however many failures come from elsewhere', async () => {
    for (let i = 0; i < 40; i += 1) {
      await h.browser(`192.0.2.${i}`).post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
    }
    const res = await h.browser('198.51.100.7').post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe('00000');
  });

  it('slows an account down once it has 5 failures from anywhere: 1 s, doubling, at most 10 s', async () => {
    for (let i = 0; i < 10; i += 1) {
      await h.browser(`192.0.2.${i}`).post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
    }
    expect(h.sleeps).toEqual([1000, 2000, 4000, 8000, 10_000]);
    // Other accounts are not slowed down.
    await h.browser('192.0.2.100').post('/v1/user/login', { loginName: 'other@example.com', pwd: 'x' });
    expect(h.sleeps).toHaveLength(5);
    h.clock.now += 15 * MINUTE + 1;
    await h.browser('192.0.2.1').post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect(h.sleeps).toHaveLength(5);
  });

  it('limits an unknown account the same way, so the limit does not reveal existence', async () => {
    for (let i = 0; i < 5; i += 1)
      await h.browser('192.0.2.50').post('/v1/user/login', { loginName: 'ghost@example.com', pwd: 'x' });
    expect(
      (await h.browser('192.0.2.50').post('/v1/user/login', { loginName: 'ghost@example.com', pwd: 'x' })).status,
    ).toBe(429);
  });

  it('allows 20 failures per address in 15 minutes across accounts', async () => {
    const attacker = h.browser('192.0.2.200');
    for (let i = 0; i < 20; i += 1) {
      const res = await attacker.post('/v1/user/login', { loginName: `user${i}@example.com`, pwd: 'Wrong-pass-1' });
      expect(res.status, `attempt ${i}`).toBe(200);
    }
    const blocked = await attacker.post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    expect(
      (await (await h.browser('192.0.2.201').post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD })).json()).code,
    ).toBe('00000');
  });

  it("forgets an address's failures on an account after a complete login from there", async () => {
    for (let i = 0; i < 4; i += 1) await h.browser().post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
    await h.browser().post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    for (let i = 0; i < 4; i += 1) await h.browser().post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
    const res = await h.browser().post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    expect((await res.json()).code).toBe('00000');
  });
});

describe('login logs', () => {
  it('never writes the password, the login name or a cookie value to the log', async () => {
    const browser = h.browser();
    await browser.post('/v1/user/login', { loginName: EMAIL, pwd: 'Wrong-pass-1' });
    await browser.post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD });
    const log = h.logs.join('\n');
    for (const secret of [
      PASSWORD,
      'Wrong-pass-1',
      EMAIL,
      browser.cookies.get('sid')!,
      browser.cookies.get('login_token')!,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
