import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuthHarness, type Browser, makeAuthHarness, totpAt } from '../auth-support';
import { expectRefused } from '../../refusal-support';

const PWD = 'Trader-pass-1';
const PATHS = {
  secret: '/v1/user/security/google/secret',
  bind: '/v1/user/security/google/bind',
  unbind: '/v1/user/security/google/unbind',
};

let h: AuthHarness;
let browser: Browser;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: 'trader@example.com', password: PWD });
  browser = h.browser();
  await browser.post('/v1/user/login', { loginName: 'trader@example.com', pwd: PWD });
});
afterEach(() => h.close());

const call = async (path: string, body: unknown = {}) => (await browser.post(path, body)).json();
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('Google Authenticator binding', () => {
  it('hands out a base32 secret and an otpauth URI, then binds with a current code after a step-up', async () => {
    await browser.grantStepUp('google-bind');
    const { data } = await call(PATHS.secret);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUri).toBe(
      `otpauth://totp/Exchange:trader%40example.com?secret=${data.secret}&issuer=Exchange&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) })).data).toEqual({
      googleBound: true,
    });
    expect((await (await browser.get('/v1/user/overview/userinfo')).json()).data.twoFactor.google).toBe(true);
    // The next login now asks for the authenticator.
    const next = await h.browser().post('/v1/user/login', { loginName: 'trader@example.com', pwd: PWD });
    expect((await next.json()).data).toMatchObject({ needVerify: true, methods: ['google'] });
  });

  it('refuses a wrong code, a bind without a fresh secret, and a second secret once bound', async () => {
    await browser.grantStepUp('google-bind');
    expect((await call(PATHS.bind, { googleCode: '123456' })).code).toBe('40110');
    const { data } = await call(PATHS.secret);
    expect((await call(PATHS.bind, { googleCode: wrongOf(totpAt(data.secret, h.clock.now)) })).code).toBe('40102');
    h.clock.now += 10 * 60_000 + 1;
    await browser.grantStepUp('google-bind');
    expect((await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) })).code).toBe('40110');
    const again = await call(PATHS.secret);
    await call(PATHS.bind, { googleCode: totpAt(again.data.secret, h.clock.now) });
    expect((await call(PATHS.secret)).code).toBe('40108');
  });

  it('unbinds only after a step-up for it, once', async () => {
    await browser.grantStepUp('google-bind');
    const { data } = await call(PATHS.secret);
    await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) });
    expect((await call(PATHS.unbind)).code).toBe('40112');
    // A grant for another change does not do.
    await browser.grantStepUp('fido-add');
    expect((await call(PATHS.unbind)).code).toBe('40112');
    await browser.grantStepUp('google-unbind');
    expect((await call(PATHS.unbind)).data).toEqual({ googleBound: false });
    expect((await call(PATHS.unbind)).code).toBe('40109');
  });

  it('never binds with a session cookie alone: the stolen-session takeover is refused with 40112', async () => {
    const { data } = await call(PATHS.secret);
    expect(await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) })).toMatchObject({
      status: 'error',
      code: '40112',
    });
    expect((await (await browser.get('/v1/user/overview/userinfo')).json()).data.twoFactor.google).toBe(false);
  });

  it('uses a grant up with the bind, and keeps it through a wrong code', async () => {
    await browser.grantStepUp('google-bind');
    const { data } = await call(PATHS.secret);
    expect((await call(PATHS.bind, { googleCode: wrongOf(totpAt(data.secret, h.clock.now)) })).code).toBe('40102');
    expect((await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) })).code).toBe('00000');
    h.clock.now += 30_000;
    expect((await call(PATHS.unbind)).code).toBe('40112');
  });

  it("ends the account's other sessions on bind and on unbind, and keeps this one", async () => {
    const other = h.browser('198.51.100.3');
    await other.post('/v1/user/login', { loginName: 'trader@example.com', pwd: PWD });
    await browser.grantStepUp('google-bind');
    const { data } = await call(PATHS.secret);
    await call(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) });
    expect((await (await other.get('/v1/user/overview/userinfo')).json()).data).toEqual({ isLogin: false });
    expect((await (await browser.get('/v1/user/overview/userinfo')).json()).data.isLogin).toBe(true);
  });

  it('limits wrong codes to 5 per 15 minutes per user', async () => {
    await browser.grantStepUp('google-bind');
    const { data } = await call(PATHS.secret);
    const wrong = wrongOf(totpAt(data.secret, h.clock.now));
    for (let i = 0; i < 5; i += 1) expect((await call(PATHS.bind, { googleCode: wrong })).code).toBe('40102');
    const res = await browser.post(PATHS.bind, { googleCode: totpAt(data.secret, h.clock.now) });
    expect(res.status).toBe(429);
  });

  it('needs a session for every call, and a 6-digit googleCode', async () => {
    for (const path of Object.values(PATHS)) {
      const res = await h.browser().post(path, { googleCode: '123456' });
      expect(await res.json(), path).toMatchObject({ status: 'error', code: '00005' });
    }
    await expectRefused(await browser.post(PATHS.bind, { googleCode: 'abc' }), '40002', 'googleCode');
  });
});
