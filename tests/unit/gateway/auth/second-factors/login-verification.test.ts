import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STEP_UP_PATHS } from '../../../../../gateway/auth/second-factors/step-up-routes';
import { LOGIN_VERIFICATION_PATH } from '../../../../../gateway/auth/second-factors/verification-settings-routes';
import { type AuthHarness, type Browser, lastCode, makeAuthHarness, TEST_TOTP_SECRET, totpAt } from '../auth-support';
import { get, post, SEND_PATH, SETTINGS_PWD, signIn } from '../profile/account-settings-support';
import { expectRefused } from '../../refusal-support';

let h: AuthHarness;
let browser: Browser;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({
    email: 'both@example.com',
    password: SETTINGS_PWD,
    twoFactor: { email: true },
    totpSecret: TEST_TOTP_SECRET,
  });
  await h.addUser({ email: 'plain@example.com', password: SETTINGS_PWD });
  browser = await signIn(h, 'both@example.com', TEST_TOTP_SECRET);
});
afterEach(() => h.close());

describe('sign-in verification choice', () => {
  it('lists the bound factors and the ones a sign-in asks now', async () => {
    expect((await get(browser, LOGIN_VERIFICATION_PATH)).data).toEqual({
      bound: { email: true, mobile: false, google: true, fido: false },
      enabled: { email: true, mobile: false, google: false, fido: false },
    });
    expect((await get(h.browser(), LOGIN_VERIFICATION_PATH)).code).toBe('00005');
  });

  it('after email off and authenticator on (with a fresh email step-up), a login asks only the authenticator', async () => {
    const choice = { email: false, mobile: false, google: true, fido: false };
    expect((await post(browser, LOGIN_VERIFICATION_PATH, choice)).code).toBe('40112');
    await post(browser, SEND_PATH, { type: 'email', scene: 'security' });
    const verified = await post(browser, STEP_UP_PATHS.verify, {
      purpose: 'login-verification',
      emailCode: lastCode(h, 'both@example.com'),
    });
    expect(verified.code).toBe('00000');
    expect((await post(browser, LOGIN_VERIFICATION_PATH, choice)).data.enabled).toEqual(choice);

    const next = h.browser();
    const login = await post(next, '/v1/user/login', { loginName: 'both@example.com', pwd: SETTINGS_PWD });
    expect(login.data).toMatchObject({ needVerify: true, methods: ['google'], fido: false });
    // An email code is not even sent for this login any more.
    expect((await post(next, SEND_PATH, { type: 'email', scene: 'login' })).code).toBe('40105');
    const done = await post(next, '/v1/user/login/verify-login', { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) });
    expect(done.code).toBe('00000');
  });

  it('keeps at least one factor on, refuses an unbound one, and uses a grant once', async () => {
    await browser.grantStepUp('login-verification');
    const none = { email: false, mobile: false, google: false, fido: false };
    expect((await post(browser, LOGIN_VERIFICATION_PATH, none)).code).toBe('40152');
    expect((await post(browser, LOGIN_VERIFICATION_PATH, { ...none, mobile: true })).code).toBe('40152');
    expect((await post(browser, LOGIN_VERIFICATION_PATH, { ...none, fido: true })).code).toBe('40152');
    await expectRefused(await browser.post(LOGIN_VERIFICATION_PATH, { email: 'yes' }), '40002', 'email');
    // The refusals above kept the grant; the save uses it up.
    expect((await post(browser, LOGIN_VERIFICATION_PATH, { ...none, email: true, google: true })).code).toBe('00000');
    expect((await post(browser, LOGIN_VERIFICATION_PATH, { ...none, email: true })).code).toBe('40112');
  });

  it("changes only the caller's own account, whatever a body says", async () => {
    const plain = await signIn(h, 'plain@example.com');
    await plain.grantStepUp('login-verification');
    const both = h.ctx.users.findByEmail('both@example.com')!;
    const reply = await post(plain, LOGIN_VERIFICATION_PATH, { email: true, userId: both.id });
    expect(reply.data.enabled.email).toBe(true);
    expect(h.ctx.users.findByEmail('both@example.com')!.twoFactor).toMatchObject({ email: true, google: false });
    expect(h.ctx.users.findByEmail('plain@example.com')!.twoFactor.email).toBe(true);
  });
});
