import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthHarness,
  type Browser,
  fakeCiphertext,
  lastCode,
  LOGIN_TEST_PASSWORD,
  makeAuthHarness,
  startLogin as start,
  TEST_TOTP_SECRET,
  totpAt,
  verifyLogin as verify,
} from '../auth-support';

const PWD = LOGIN_TEST_PASSWORD;
const MINUTE = 60_000;

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: 'mail@example.com', password: PWD, twoFactor: { email: true } });
  await h.addUser({
    email: 'sms@example.com',
    mobile: '13900139000',
    areaCode: '86',
    password: PWD,
    twoFactor: { mobile: true },
  });
  await h.addUser({
    email: 'otp@example.com',
    password: PWD,
    twoFactor: { google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
  await h.addUser({
    email: 'all@example.com',
    mobile: '13700137000',
    password: PWD,
    twoFactor: { email: true, mobile: true, google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
  await h.addUser({ email: 'device@example.com', password: PWD, twoFactor: { system: true } });
  await h.addUser({ email: 'key@example.com', password: PWD, twoFactor: { fido: true } });
});
afterEach(() => h.close());

async function sendLoginCode(browser: Browser, type: 'email' | 'mobile', scene = 'login') {
  return (await browser.post('/v1/msg/verify-code/send', { type, scene })).json();
}

describe('login with second factors', () => {
  it('holds an email-2FA login as pending (HttpOnly login_pending, no sid) and lists the methods', async () => {
    const browser = h.browser();
    const reply = await start(browser, 'mail@example.com');
    expect(reply).toMatchObject({
      code: '00000',
      data: { needVerify: true, methods: ['email'], fido: false, system: false, email: 'm***@example.com' },
    });
    expect(browser.setCookie('login_pending')).toMatch(/HttpOnly/);
    expect(browser.cookies.has('sid')).toBe(false);
    expect((await (await browser.get('/v1/user/overview/userinfo')).json()).data.isLogin).toBe(false);
  });

  it('completes with the emailed code', async () => {
    const browser = h.browser();
    await start(browser, 'mail@example.com');
    expect((await sendLoginCode(browser, 'email')).code).toBe('00000');
    const { body } = await verify(browser, { emailCode: lastCode(h, 'mail@example.com') });
    expect(body).toMatchObject({ code: '00000', data: { needVerify: false, loginName: 'm***@example.com' } });
    expect(browser.cookies.has('sid')).toBe(true);
    expect(browser.setCookie('login_pending')).toMatch(/Max-Age=0/);
  });

  it('completes with the texted code at the agency path', async () => {
    const browser = h.browser();
    expect((await start(browser, 'sms@example.com')).data.methods).toEqual(['mobile']);
    await sendLoginCode(browser, 'mobile');
    const { body } = await verify(
      browser,
      { mobileCode: lastCode(h, '86 13900139000') },
      '/v1/user/agency/login/verify-login',
    );
    expect(body.code).toBe('00000');
  });

  it('completes with the authenticator code at verify-login-v2', async () => {
    const browser = h.browser();
    expect((await start(browser, 'otp@example.com')).data.methods).toEqual(['google']);
    const { body } = await verify(
      browser,
      { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) },
      '/v1/user/login/verify-login-v2',
    );
    expect(body.code).toBe('00000');
  });

  it('needs every enabled method: a missing code is refused (40002) naming it, a wrong one consumes none of the others', async () => {
    const browser = h.browser();
    expect((await start(browser, 'all@example.com')).data.methods).toEqual(['email', 'mobile', 'google']);
    await sendLoginCode(browser, 'email');
    await sendLoginCode(browser, 'mobile');
    const codes = {
      emailCode: lastCode(h, 'all@example.com'),
      mobileCode: lastCode(h, '86 13700137000'),
      googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now),
    };
    const missing = await verify(browser, { emailCode: codes.emailCode, googleCode: codes.googleCode });
    expect([missing.status, missing.body.status, missing.body.code]).toEqual([200, 'error', '40002']);
    expect(missing.body.msg).toContain('mobileCode');
    const wrong = await verify(browser, { ...codes, googleCode: codes.googleCode === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ status: 'error', code: '40102' });
    expect((await verify(browser, codes)).body.code).toBe('00000');
  });

  it('binds the key of the login envelope once the last step passes', async () => {
    const browser = h.browser();
    await browser.post('/v1/user/login', {
      bodyCiphertext: fakeCiphertext({ loginName: 'otp@example.com', pwd: PWD }, '/v1/user/login', 'c'.repeat(32)),
    });
    expect(h.bound).toEqual([]);
    await verify(browser, { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) });
    expect(h.bound).toMatchObject([{ keyId: 'c'.repeat(32) }]);
  });
});

describe('wrong, used and expired codes', () => {
  it('rejects a wrong code with 40102 and keeps the login pending', async () => {
    const browser = h.browser();
    await start(browser, 'mail@example.com');
    await sendLoginCode(browser, 'email');
    const code = lastCode(h, 'mail@example.com')!;
    const wrong = code === '123456' ? '654321' : '123456';
    expect((await verify(browser, { emailCode: wrong })).body).toEqual({
      status: 'error',
      code: '40102',
      msg: 'Verification code is incorrect or has expired',
      data: null,
    });
    expect((await verify(browser, { emailCode: code })).body.code).toBe('00000');
  });

  it('refuses an emailed code the second time', async () => {
    const first = h.browser();
    await start(first, 'mail@example.com');
    await sendLoginCode(first, 'email');
    const code = lastCode(h, 'mail@example.com')!;
    expect((await verify(first, { emailCode: code })).body.code).toBe('00000');
    const second = h.browser();
    await start(second, 'mail@example.com');
    expect((await verify(second, { emailCode: code })).body.code).toBe('40102');
  });

  it('refuses a replayed authenticator code until the next 30-second step', async () => {
    const code = totpAt(TEST_TOTP_SECRET, h.clock.now);
    const first = h.browser();
    await start(first, 'otp@example.com');
    expect((await verify(first, { googleCode: code })).body.code).toBe('00000');
    const second = h.browser();
    await start(second, 'otp@example.com');
    expect((await verify(second, { googleCode: code })).body.code).toBe('40102');
    h.clock.now += 30_000;
    expect((await verify(second, { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) })).body.code).toBe('00000');
  });

  it('lets only one of two simultaneous submissions of one code through', async () => {
    const browser = h.browser();
    await start(browser, 'otp@example.com');
    const code = totpAt(TEST_TOTP_SECRET, h.clock.now);
    const replies = await Promise.all([verify(browser, { googleCode: code }), verify(browser, { googleCode: code })]);
    const codes = replies.map((r) => r.body.code).sort();
    expect(codes[0]).toBe('00000');
    // The loser finds the code used (40102) or the pending login already completed (40103).
    expect(['40102', '40103']).toContain(codes[1]);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
  });

  it('refuses an emailed code older than 10 minutes', async () => {
    const early = h.browser();
    await start(early, 'mail@example.com');
    await sendLoginCode(early, 'email');
    const code = lastCode(h, 'mail@example.com')!;
    h.clock.now += 10 * MINUTE + 1;
    const late = h.browser();
    await start(late, 'mail@example.com');
    expect((await verify(late, { emailCode: code })).body.code).toBe('40102');
  });

  it('does not accept a code sent for registration', async () => {
    const browser = h.browser();
    await start(browser, 'mail@example.com');
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'mail@example.com' });
    expect((await verify(browser, { emailCode: lastCode(h, 'mail@example.com') })).body.code).toBe('40102');
  });
});

describe('pending login limits', () => {
  it('expires after 5 minutes (40103)', async () => {
    const browser = h.browser();
    await start(browser, 'otp@example.com');
    h.clock.now += 5 * MINUTE + 1;
    expect((await verify(browser, { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) })).body).toMatchObject({
      status: 'error',
      code: '40103',
    });
  });

  it('drops the pending login on the fifth wrong code (40104), then even the right code fails', async () => {
    const browser = h.browser();
    await start(browser, 'otp@example.com');
    const right = totpAt(TEST_TOTP_SECRET, h.clock.now);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await verify(browser, { googleCode: wrong })).body.code).toBe('40102');
    expect((await verify(browser, { googleCode: wrong })).body.code).toBe('40104');
    expect(browser.cookies.has('login_pending')).toBe(false);
    expect((await verify(browser, { googleCode: right })).body.code).toBe('40103');
    // The failures also count against the account from this address: its next password attempt is limited.
    const again = await h.browser().post('/v1/user/login', { loginName: 'otp@example.com', pwd: PWD });
    expect(again.status).toBe(429);
  });

  it('answers 40103 without a pending cookie or with a forged one', async () => {
    expect((await verify(h.browser(), { googleCode: '123456' })).body.code).toBe('40103');
    const forged = h.browser();
    forged.cookies.set('login_pending', 'F'.repeat(43));
    expect((await verify(forged, { googleCode: '123456' })).body.code).toBe('40103');
  });

  it('answers 40105 for a step the login does not need', async () => {
    const browser = h.browser();
    await start(browser, 'mail@example.com');
    expect((await verify(browser, { verifyCode: '123456' }, '/v1/user/login/verifySystemLogin')).body.code).toBe(
      '40105',
    );
    expect((await verify(browser, { fidoVerifyCode: 'x' }, '/v1/user/login/verify-auth-login')).body.code).toBe(
      '40105',
    );
  });
});
