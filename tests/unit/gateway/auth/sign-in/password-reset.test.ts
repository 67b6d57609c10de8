import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_PATH } from '../../../../../gateway/auth/sign-in/password-reset-routes';
import {
  type AuthHarness,
  type Browser,
  LOGIN_TEST_PASSWORD,
  lastCode,
  makeAuthHarness,
  startLogin,
  TEST_TOTP_SECRET,
} from '../auth-support';

const SEND = '/v1/msg/verify-code/send';
const NEW_PASSWORD = 'Fresh-pass-22';
const MINUTE = 60_000;

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: 'forgot@example.com', password: LOGIN_TEST_PASSWORD });
  await h.addUser({ mobile: '13800138000', areaCode: '86', password: LOGIN_TEST_PASSWORD });
  await h.addUser({
    email: 'otp@example.com',
    password: LOGIN_TEST_PASSWORD,
    twoFactor: { google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
});
afterEach(() => h.close());

async function post(browser: Browser, path: string, body: Record<string, unknown>) {
  const res = await browser.post(path, body);
  return (await res.json()) as { code: string; data: Record<string, unknown> | null };
}

async function sendResetCode(browser: Browser, target: Record<string, string>) {
  return post(browser, SEND, { scene: 'reset', ...target });
}

function reset(browser: Browser, fields: Record<string, unknown>) {
  return post(browser, PASSWORD_RESET_PATH, { pwd: NEW_PASSWORD, rePwd: NEW_PASSWORD, ...fields });
}

async function signedIn(email: string, pwd = LOGIN_TEST_PASSWORD): Promise<Browser> {
  const browser = h.browser();
  expect((await startLogin(browser, email, pwd)).code).toBe('00000');
  return browser;
}

describe('forgotten password', () => {
  it('replaces the password with a code mailed to the account, and signs every session out', async () => {
    const session = await signedIn('forgot@example.com');
    expect((await session.get('/v1/user/overview/userinfo')).status).toBe(200);
    const browser = h.browser();
    expect((await sendResetCode(browser, { type: 'email', email: 'forgot@example.com' })).code).toBe('00000');
    const code = lastCode(h, 'forgot@example.com')!;
    expect(code).toMatch(/^\d{6}$/);
    const reply = await reset(browser, { type: 'email', email: 'forgot@example.com', verifyCode: code });
    expect(reply).toMatchObject({ code: '00000', data: { reset: true } });
    // The old session is over, the old password no longer works, the new one does.
    expect((await (await session.get('/v1/user/overview/userinfo')).json()).code).not.toBe('00000');
    expect((await startLogin(h.browser(), 'forgot@example.com')).code).toBe('40101');
    expect((await startLogin(h.browser(), 'forgot@example.com', NEW_PASSWORD)).code).toBe('00000');
  });

  it('works by phone number, and keeps the second factor of an account that has one', async () => {
    const browser = h.browser();
    await sendResetCode(browser, { type: 'mobile', areaCode: '86', mobile: '13800138000' });
    const byPhone = await reset(browser, {
      type: 'mobile',
      areaCode: '86',
      mobile: '13800138000',
      verifyCode: lastCode(h, '86 13800138000')!,
    });
    expect(byPhone.code).toBe('00000');
    h.clock.now += MINUTE;
    await sendResetCode(browser, { type: 'email', email: 'otp@example.com' });
    const code = lastCode(h, 'otp@example.com')!;
    expect((await reset(browser, { type: 'email', email: 'otp@example.com', verifyCode: code })).code).toBe('00000');
    const login = await startLogin(h.browser(), 'otp@example.com', NEW_PASSWORD);
    expect(login.data).toMatchObject({ needVerify: true, methods: ['google'] });
  });

  it('refuses a code used once already, a wrong code, and a code of another scene or address alike', async () => {
    const browser = h.browser();
    await sendResetCode(browser, { type: 'email', email: 'forgot@example.com' });
    const code = lastCode(h, 'forgot@example.com')!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const target = { type: 'email', email: 'forgot@example.com' };
    expect((await reset(browser, { ...target, verifyCode: wrong })).code).toBe('40102');
    expect((await reset(browser, { type: 'email', email: 'otp@example.com', verifyCode: code })).code).toBe('40102');
    expect((await reset(browser, { ...target, verifyCode: code })).code).toBe('00000');
    // Replay: the same code, the same request, a second time.
    expect((await reset(browser, { ...target, verifyCode: code })).code).toBe('40102');
    // A registration code for the same address is not a reset code.
    h.clock.now += MINUTE;
    await post(browser, SEND, { scene: 'register', type: 'email', email: 'forgot@example.com' });
    const registerCode = lastCode(h, 'forgot@example.com')!;
    expect((await reset(browser, { ...target, verifyCode: registerCode })).code).toBe('40102');
  });

  it('never tells whether an account exists: an unknown address gets the same replies and no code', async () => {
    const browser = h.browser();
    const known = await sendResetCode(browser, { type: 'email', email: 'forgot@example.com' });
    const unknown = await sendResetCode(browser, { type: 'email', email: 'nobody@example.com' });
    expect(unknown.code).toBe(known.code);
    expect(Object.keys(unknown.data ?? {}).sort()).toEqual(Object.keys(known.data ?? {}).sort());
    expect(lastCode(h, 'nobody@example.com')).toBeNull();
    const guessed = await reset(browser, { type: 'email', email: 'nobody@example.com', verifyCode: '123456' });
    expect(guessed.code).toBe('40102');
  });

  it('closes a target after five wrong codes, even for the right one', async () => {
    const browser = h.browser();
    await sendResetCode(browser, { type: 'email', email: 'forgot@example.com' });
    const code = lastCode(h, 'forgot@example.com')!;
    const target = { type: 'email', email: 'forgot@example.com' };
    for (let i = 0; i < 5; i += 1) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await reset(browser, { ...target, verifyCode: wrong })).code).toBe('40102');
    }
    expect((await reset(browser, { ...target, verifyCode: code })).code).toBe('40429');
  });

  it('checks the new password by the registration rules', async () => {
    const browser = h.browser();
    await sendResetCode(browser, { type: 'email', email: 'forgot@example.com' });
    const code = lastCode(h, 'forgot@example.com')!;
    const target = { type: 'email', email: 'forgot@example.com', verifyCode: code };
    expect((await reset(browser, { ...target, pwd: 'short', rePwd: 'short' })).code).not.toBe('00000');
    expect((await reset(browser, { ...target, rePwd: 'Other-pass-22' })).code).not.toBe('00000');
    expect((await startLogin(h.browser(), 'forgot@example.com')).code).toBe('00000');
  });
});
