import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AuthHarness,
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

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({
    email: 'otp@example.com',
    password: PWD,
    twoFactor: { google: true },
    totpSecret: TEST_TOTP_SECRET,
  });
  await h.addUser({ email: 'device@example.com', password: PWD, twoFactor: { system: true } });
  await h.addUser({ email: 'key@example.com', password: PWD, twoFactor: { fido: true } });
});
afterEach(() => h.close());

describe('new-device confirmation', () => {
  it('is skipped on a trusted device', async () => {
    expect((await start(h.browser(), 'device@example.com')).data).toMatchObject({ needVerify: false });
  });

  it('mails a code on an untrusted device and completes at verifySystemLogin', async () => {
    h.trusted.value = false;
    const browser = h.browser();
    expect((await start(browser, 'device@example.com')).data).toMatchObject({
      needVerify: true,
      methods: [],
      system: true,
    });
    const mail = h.ctx.mailbox!.list(1, 'device@example.com')[0]!;
    expect(mail).toMatchObject({ scene: 'system', channel: 'email' });
    expect((await verify(browser, { verifyCode: mail.code }, '/v1/user/login/verifySystemLogin-v2')).body.code).toBe(
      '00000',
    );
  });

  it("asks isTrustedDevice with the user id and the login envelope's key", async () => {
    const known = 'd'.repeat(32);
    const asked: unknown[] = [];
    const keyed = makeAuthHarness({
      isTrustedDevice: (_c, userId, clientKey) => {
        asked.push({ userId, keyId: clientKey?.keyId ?? null });
        return clientKey?.keyId === known;
      },
    });
    try {
      const user = await keyed.addUser({ email: 'device@example.com', password: PWD, twoFactor: { system: true } });
      const login = (keyId: string) =>
        keyed.browser().post('/v1/user/login', {
          bodyCiphertext: fakeCiphertext({ loginName: 'device@example.com', pwd: PWD }, '/v1/user/login', keyId),
        });
      expect((await (await login(known)).json()).data.needVerify).toBe(false);
      expect((await (await login('e'.repeat(32))).json()).data).toMatchObject({ needVerify: true, system: true });
      expect(asked).toEqual([
        { userId: user.id, keyId: known },
        { userId: user.id, keyId: 'e'.repeat(32) },
      ]);
    } finally {
      keyed.close();
    }
  });

  it('comes after the code step when both are needed', async () => {
    h.trusted.value = false;
    h.ctx.users.setTwoFactor(h.ctx.users.findByEmail('otp@example.com')!.id, { system: true });
    const browser = h.browser();
    await start(browser, 'otp@example.com');
    const afterCodes = await verify(browser, { googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now) });
    expect(afterCodes.body.data).toMatchObject({ needVerify: true, methods: [], system: true });
    expect(browser.cookies.has('sid')).toBe(false);
    const code = lastCode(h, 'otp@example.com');
    expect((await verify(browser, { verifyCode: code }, '/v1/user/login/verifySystemLogin')).body.code).toBe('00000');
  });
});

describe('security-key step', () => {
  it('answers the 50100 "not available yet" business error until a verifier is injected', async () => {
    const browser = h.browser();
    expect((await start(browser, 'key@example.com')).data).toMatchObject({ needVerify: true, methods: [], fido: true });
    expect(
      (await verify(browser, { fidoVerifyCode: 'assertion' }, '/v1/user/login/verify-auth-login')).body,
    ).toMatchObject({
      status: 'error',
      code: '50100',
    });
  });

  it('uses an injected verifier: a good assertion completes, a bad one counts as a wrong answer', async () => {
    const keyed = makeAuthHarness({ verifySecurityKey: async (_c, input) => input.fidoVerifyCode === 'good' });
    try {
      await keyed.addUser({ email: 'key@example.com', password: PWD, twoFactor: { fido: true } });
      const browser = keyed.browser();
      await browser.post('/v1/user/login', { loginName: 'key@example.com', pwd: PWD });
      expect(
        (await (await browser.post('/v1/user/login/verify-auth-login', { fidoVerifyCode: 'bad' })).json()).code,
      ).toBe('40102');
      expect(
        (await (await browser.post('/v1/user/login/verify-auth-login', { fidoVerifyCode: 'good' })).json()).code,
      ).toBe('00000');
    } finally {
      keyed.close();
    }
  });
});
