import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_PATH } from '../../../../../gateway/auth/profile/password-routes';
import { STEP_UP_PATHS } from '../../../../../gateway/auth/second-factors/step-up-routes';
import { type AuthHarness, type Browser, lastCode, TEST_TOTP_SECRET, totpAt } from '../auth-support';
import { createSub } from '../sub-accounts/sub-support';
import { SoftAuthenticator } from '../security-keys/webauthn-authenticator';
import { call, makeWebAuthnHarness, ORIGIN, PWD, registerKey } from '../security-keys/webauthn-support';
import { expectRefused } from '../../refusal-support';

const MINUTE = 60_000;
const SEND = '/v1/msg/verify-code/send';

let h: AuthHarness;
beforeEach(async () => {
  h = makeWebAuthnHarness();
  await h.addUser({ email: 'plain@example.com', password: PWD });
  await h.addUser({ mobile: '13800138000', areaCode: '86', password: PWD });
  await h.addUser({
    email: 'otp@example.com',
    password: PWD,
    twoFactor: { google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
  await h.addUser({
    email: 'both@example.com',
    password: PWD,
    twoFactor: { email: true, google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
});
afterEach(() => h.close());

/** A browser through the password step of `loginName` (and, for accounts with factors, the codes step). */
async function signIn(loginName: string, extra: Record<string, unknown> = {}): Promise<Browser> {
  const browser = h.browser();
  const reply = await call(browser, '/v1/user/login', { loginName, pwd: PWD, ...extra });
  if (reply.data?.needVerify) {
    const codes: Record<string, string> = {};
    if (reply.data.methods.includes('google')) codes.googleCode = totpAt(TEST_TOTP_SECRET, h.clock.now);
    if (reply.data.methods.includes('email')) {
      await call(browser, SEND, { type: 'email', scene: 'login' });
      codes.emailCode = lastCode(h, loginName)!;
    }
    expect((await call(browser, '/v1/user/login/verify-login', codes)).code).toBe('00000');
    // The login used this step's authenticator code, and a code may be mailed once a minute: a step-up comes later.
    h.clock.now += MINUTE;
  }
  return browser;
}

/** Sends a step-up code to the account's own email and returns it from the dev mailbox. */
async function emailCode(browser: Browser, email: string): Promise<string> {
  expect((await call(browser, SEND, { type: 'email', scene: 'security' })).code).toBe('00000');
  return lastCode(h, email)!;
}

describe('step-up options', () => {
  it('asks an account without second factors for a code to its email, else its mobile', async () => {
    const plain = await call(await signIn('plain@example.com'), STEP_UP_PATHS.options, { purpose: 'google-bind' });
    expect(plain.data).toEqual({
      purpose: 'google-bind',
      methods: ['email'],
      email: 'p***@example.com',
      mobile: null,
      fido: null,
    });
    const mobile = await call(await signIn('13800138000', { areaCode: '86' }), STEP_UP_PATHS.options, {
      purpose: 'fido-add',
    });
    expect(mobile.data).toMatchObject({ methods: ['mobile'], mobile: '138****8000' });
  });
  it('asks for every factor the account signs in with', async () => {
    expect(
      (await call(await signIn('otp@example.com'), STEP_UP_PATHS.options, { purpose: 'fido-add' })).data.methods,
    ).toEqual(['google']);
    expect(
      (await call(await signIn('both@example.com'), STEP_UP_PATHS.options, { purpose: 'fido-add' })).data.methods,
    ).toEqual(['email', 'google']);
  });
  it('refuses an unknown purpose, and an anonymous caller', async () => {
    const browser = await signIn('plain@example.com');
    await expectRefused(await browser.post(STEP_UP_PATHS.options, { purpose: 'everything' }), '40002', 'purpose');
    expect((await call(h.browser(), STEP_UP_PATHS.options, { purpose: 'fido-add' })).code).toBe('00005');
  });
});

describe('step-up codes', () => {
  it("go to the account's own contact only, whatever the body names", async () => {
    const browser = await signIn('plain@example.com');
    await call(browser, SEND, { type: 'email', scene: 'security', email: 'attacker@example.com' });
    expect(lastCode(h, 'attacker@example.com')).toBeNull();
    expect(lastCode(h, 'plain@example.com')).toMatch(/^\d{6}$/);
  });
  it('are sent right after a code of another scene to the same address, but only once a minute each', async () => {
    const browser = h.browser();
    await call(browser, '/v1/user/login', { loginName: 'both@example.com', pwd: PWD });
    expect((await call(browser, SEND, { type: 'email', scene: 'login' })).code).toBe('00000');
    await call(browser, '/v1/user/login/verify-login', {
      emailCode: lastCode(h, 'both@example.com'),
      googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now),
    });
    expect((await call(browser, SEND, { type: 'email', scene: 'security' })).code).toBe('00000');
    expect((await browser.post(SEND, { type: 'email', scene: 'security' })).status).toBe(429);
  });

  it('are refused for a channel the step-up does not ask for, and without a session', async () => {
    expect((await call(await signIn('otp@example.com'), SEND, { type: 'email', scene: 'security' })).code).toBe(
      '40105',
    );
    expect((await call(h.browser(), SEND, { type: 'email', scene: 'security' })).code).toBe('00005');
  });
});

describe('step-up verify', () => {
  it('grants the purpose for a right emailed code, once', async () => {
    const browser = await signIn('plain@example.com');
    const code = await emailCode(browser, 'plain@example.com');
    const reply = await call(browser, STEP_UP_PATHS.verify, { purpose: 'sub-create', emailCode: code });
    expect(reply).toMatchObject({ code: '00000', data: { purpose: 'sub-create', expiresInSeconds: 300 } });
    expect((await call(browser, '/v1/user/sub/create', { name: 'desk' })).code).toBe('00000');
    // The code was used up, and so was the grant.
    expect((await call(browser, STEP_UP_PATHS.verify, { purpose: 'sub-create', emailCode: code })).code).toBe('40102');
    expect((await call(browser, '/v1/user/sub/create', { name: 'desk-2' })).code).toBe('40112');
  });

  it('binds the grant to its session and its purpose', async () => {
    const browser = await signIn('plain@example.com');
    const other = await signIn('plain@example.com');
    await call(browser, STEP_UP_PATHS.verify, {
      purpose: 'fido-add',
      emailCode: await emailCode(browser, 'plain@example.com'),
    });
    expect((await call(other, '/v1/user/security/fido2/register/options')).code).toBe('40112');
    expect((await call(browser, '/v1/user/sub/create', { name: 'desk' })).code).toBe('40112');
    expect((await call(browser, '/v1/user/security/fido2/register/options')).code).toBe('00000');
  });

  it('lets a grant lapse after 5 minutes', async () => {
    const browser = await signIn('plain@example.com');
    await call(browser, STEP_UP_PATHS.verify, {
      purpose: 'sub-create',
      emailCode: await emailCode(browser, 'plain@example.com'),
    });
    h.clock.now += 5 * MINUTE;
    expect((await call(browser, '/v1/user/sub/create', { name: 'desk' })).code).toBe('40112');
  });

  it('checks the authenticator code, and refuses the same code twice', async () => {
    const browser = await signIn('otp@example.com');
    const code = totpAt(TEST_TOTP_SECRET, h.clock.now);
    expect((await call(browser, STEP_UP_PATHS.verify, { purpose: 'google-unbind', googleCode: code })).code).toBe(
      '00000',
    );
    expect((await call(browser, STEP_UP_PATHS.verify, { purpose: 'google-unbind', googleCode: code })).code).toBe(
      '40102',
    );
    expect((await call(browser, '/v1/user/security/google/unbind')).data).toEqual({ googleBound: false });
  });

  it('needs every factor: a right authenticator code with a wrong email code grants nothing and uses nothing up', async () => {
    const browser = await signIn('both@example.com');
    const mailed = await emailCode(browser, 'both@example.com');
    const googleCode = totpAt(TEST_TOTP_SECRET, h.clock.now);
    const wrongMail = mailed === '000000' ? '111111' : '000000';
    expect(
      (await call(browser, STEP_UP_PATHS.verify, { purpose: 'fido-add', emailCode: wrongMail, googleCode })).code,
    ).toBe('40102');
    await expectRefused(await browser.post(STEP_UP_PATHS.verify, { purpose: 'fido-add', googleCode }), '40002');
    expect(
      (await call(browser, STEP_UP_PATHS.verify, { purpose: 'fido-add', emailCode: mailed, googleCode })).code,
    ).toBe('00000');
  });

  it('confirms with the security key when the account has one', async () => {
    const browser = await signIn('plain@example.com');
    const key = new SoftAuthenticator();
    await registerKey(browser, key);
    const options = await call(browser, STEP_UP_PATHS.options, { purpose: 'fido-remove' });
    expect(options.data.methods).toEqual(['fido']);
    const assertion = key.authenticate(options.data.fido, ORIGIN);
    const verified = await call(browser, STEP_UP_PATHS.verify, {
      purpose: 'fido-remove',
      fidoVerifyCode: JSON.stringify(assertion),
    });
    expect(verified.code).toBe('00000');
    // The challenge answered once cannot be answered again.
    expect(
      (await call(browser, STEP_UP_PATHS.verify, { purpose: 'fido-remove', fidoVerifyCode: JSON.stringify(assertion) }))
        .code,
    ).toBe('40102');
    expect((await call(browser, '/v1/user/security/fido2/remove', { id: key.credentialId })).data).toEqual({
      removed: true,
      fido: false,
    });
  });

  it('allows 5 wrong answers per account in 15 minutes, then answers 429', async () => {
    const browser = await signIn('otp@example.com');
    const wrong = totpAt(TEST_TOTP_SECRET, h.clock.now) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await call(browser, STEP_UP_PATHS.verify, { purpose: 'fido-add', googleCode: wrong })).code).toBe(
        '40102',
      );
    const res = await browser.post(STEP_UP_PATHS.verify, {
      purpose: 'fido-add',
      googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now),
    });
    expect(res.status).toBe(429);
  });

  it("asks a sub-account's session for its main account's factors", async () => {
    const browser = await signIn('plain@example.com');
    const sub = await createSub(browser, 'desk');
    await call(browser, '/v1/user/sub/switchWeb', { userId: sub });
    h.clock.now += MINUTE;
    const options = await call(browser, STEP_UP_PATHS.options, { purpose: 'fido-add' });
    expect(options.data).toMatchObject({ methods: ['email'], email: 'p***@example.com' });
    expect(
      (
        await call(browser, STEP_UP_PATHS.verify, {
          purpose: 'fido-add',
          emailCode: await emailCode(browser, 'plain@example.com'),
        })
      ).code,
    ).toBe('00000');
  });
});

describe('password change', () => {
  const change = (browser: Browser, body: Record<string, unknown>) => call(browser, PASSWORD_CHANGE_PATH, body);
  const NEW = 'Fresh-pass-2';

  it('needs a step-up, the current password, and a new one by the rules', async () => {
    const browser = await signIn('plain@example.com');
    expect((await change(browser, { oldPwd: PWD, pwd: NEW, rePwd: NEW })).code).toBe('40112');
    await call(browser, STEP_UP_PATHS.verify, {
      purpose: 'password-change',
      emailCode: await emailCode(browser, 'plain@example.com'),
    });
    expect((await change(browser, { oldPwd: 'Wrong-pass-9', pwd: NEW, rePwd: NEW })).code).toBe('40113');
    await expectRefused(
      await browser.post(PASSWORD_CHANGE_PATH, { oldPwd: PWD, pwd: 'short', rePwd: 'short' }),
      '40002',
    );
    await expectRefused(await browser.post(PASSWORD_CHANGE_PATH, { oldPwd: PWD, pwd: NEW, rePwd: `${NEW}x` }), '40002');
    await expectRefused(await browser.post(PASSWORD_CHANGE_PATH, { oldPwd: PWD, pwd: PWD, rePwd: PWD }), '40002');
    // Every refusal above left the grant in place.
    expect((await change(browser, { oldPwd: PWD, pwd: NEW, rePwd: NEW })).data).toEqual({ changed: true });
    expect((await call(h.browser(), '/v1/user/login', { loginName: 'plain@example.com', pwd: PWD })).code).toBe(
      '40101',
    );
    expect((await call(h.browser(), '/v1/user/login', { loginName: 'plain@example.com', pwd: NEW })).code).toBe(
      '00000',
    );
  });

  it("ends the account's other sessions and unfinished sign-ins, and keeps this one", async () => {
    const browser = await signIn('plain@example.com');
    const laptop = await signIn('plain@example.com');
    const sub = await createSub(laptop, 'desk');
    await call(laptop, '/v1/user/sub/switchWeb', { userId: sub });
    await call(browser, STEP_UP_PATHS.verify, {
      purpose: 'password-change',
      emailCode: await emailCode(browser, 'plain@example.com'),
    });
    expect((await change(browser, { oldPwd: PWD, pwd: NEW, rePwd: NEW })).code).toBe('00000');
    // The laptop had switched into a sub-account: that session came from this account's sign-in, so it ends too.
    expect((await (await laptop.get('/v1/user/sub/list')).json()).code).toBe('20906');
    expect((await (await browser.get('/v1/user/sub/list')).json()).code).toBe('00000');
  });

  it('is refused to a sub-account session', async () => {
    const browser = await signIn('plain@example.com');
    const sub = await createSub(browser, 'desk');
    await call(browser, '/v1/user/sub/switchWeb', { userId: sub });
    expect((await change(browser, { oldPwd: PWD, pwd: NEW, rePwd: NEW })).code).toBe('40302');
  });
});
