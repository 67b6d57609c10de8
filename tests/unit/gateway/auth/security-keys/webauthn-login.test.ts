import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextPendingStep } from '../../../../../gateway/auth/sign-in/login-steps';
import { PENDING_TTL_MS } from '../../../../../gateway/auth/sign-in/pending-login-store';
import { parseFidoVerifyCode } from '../../../../../gateway/auth/security-keys/webauthn-verifier';
import { FIDO2_PATHS } from '../../../../../gateway/auth/security-keys/webauthn-routes';
import { type AuthHarness, type Browser, TEST_TOTP_SECRET, totpAt } from '../auth-support';
import { SoftAuthenticator } from './webauthn-authenticator';
import { call, makeWebAuthnHarness, ORIGIN, PWD, registerKey, signedIn } from './webauthn-support';

const VERIFY = '/v1/user/login/verify-auth-login';

let h: AuthHarness;
let aliceKey: SoftAuthenticator;
let bobKey: SoftAuthenticator;
beforeEach(async () => {
  h = makeWebAuthnHarness();
  await h.addUser({ email: 'alice@example.com', password: PWD });
  await h.addUser({ email: 'bob@example.com', password: PWD });
  aliceKey = new SoftAuthenticator();
  bobKey = new SoftAuthenticator();
  await registerKey(await signedIn(h, 'alice@example.com'), aliceKey);
  await registerKey(await signedIn(h, 'bob@example.com'), bobKey);
});
afterEach(() => h.close());

/** Starts a password login and returns the browser holding the pending login, with the reply's data. */
async function startLogin(email: string) {
  const browser = h.browser();
  const reply = await call(browser, '/v1/user/login', { loginName: email, pwd: PWD });
  return { browser, data: reply.data };
}

async function options(browser: Browser) {
  return call(browser, FIDO2_PATHS.loginOptions);
}

describe('pending login of an account with a security key', () => {
  it('reports fido: true and no session yet', async () => {
    const { browser, data } = await startLogin('alice@example.com');
    expect(data).toEqual(expect.objectContaining({ needVerify: true, methods: [], fido: true, system: false }));
    expect(browser.cookies.has('sid')).toBe(false);
  });
});

describe('verify-auth-login/options', () => {
  it("offers this host's RP id, the user's own keys only and a fresh challenge each time", async () => {
    const { browser } = await startLogin('alice@example.com');
    const first = await options(browser);
    expect(first.code).toBe('00000');
    expect(first.data).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [{ id: aliceKey.credentialId, type: 'public-key', transports: ['usb'] }],
    });
    expect(first.data.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect((await options(browser)).data.challenge).not.toBe(first.data.challenge);
  });

  it('needs a pending login that waits for the key', async () => {
    expect((await options(h.browser())).code).toBe('40103');
    await h.addUser({ email: 'plain@example.com', password: PWD, twoFactor: { email: true } });
    expect((await options((await startLogin('plain@example.com')).browser)).code).toBe('40105');
  });
});

describe('verify-auth-login with a security key', () => {
  it('signs in with the assertion as a JSON string and stores the new counter', async () => {
    const { browser } = await startLogin('alice@example.com');
    const assertion = aliceKey.authenticate((await options(browser)).data, ORIGIN);
    const reply = await call(browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) });
    expect(reply).toMatchObject({ code: '00000', data: { needVerify: false } });
    expect(browser.cookies.has('sid')).toBe(true);
    const [key] = (await (await browser.get(FIDO2_PATHS.list)).json()).data.credentials;
    expect(key.lastUsedAt).toBe(h.clock.now);
    const counter = h.db
      .prepare('SELECT counter FROM webauthn_credentials WHERE id = ?')
      .get(aliceKey.credentialId) as { counter: number };
    expect(counter.counter).toBe(1);
  });

  it('uses a challenge once: after any answer, a new options call is needed', async () => {
    const { browser } = await startLogin('alice@example.com');
    const challenge = (await options(browser)).data;
    const good = JSON.stringify(aliceKey.authenticate(challenge, ORIGIN));
    const tampered = JSON.stringify(aliceKey.authenticate(challenge, ORIGIN, { origin: 'http://evil.example' }));
    expect((await call(browser, VERIFY, { fidoVerifyCode: tampered })).code).toBe('40102');
    expect((await call(browser, VERIFY, { fidoVerifyCode: good })).code).toBe('40102');
    const fresh = JSON.stringify(aliceKey.authenticate((await options(browser)).data, ORIGIN));
    expect((await call(browser, VERIFY, { fidoVerifyCode: fresh })).code).toBe('00000');
  });

  it('refuses an assertion made for another origin or RP id, or for another challenge', async () => {
    const { browser } = await startLogin('alice@example.com');
    for (const overrides of [
      { origin: 'http://evil.example' },
      { origin: 'https://localhost' },
      { rpId: 'evil.example' },
      { challenge: 'A'.repeat(43) },
    ]) {
      const assertion = aliceKey.authenticate((await options(browser)).data, ORIGIN, overrides);
      expect(
        (await call(browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) })).code,
        JSON.stringify(overrides),
      ).toBe('40102');
    }
    // On another host name a good assertion no longer matches the request's origin and RP id.
    const again = await startLogin('alice@example.com');
    const elsewhere = aliceKey.authenticate((await options(again.browser)).data, ORIGIN);
    expect(
      (await call(again.browser, VERIFY, { fidoVerifyCode: JSON.stringify(elsewhere) }, 'http://app.test')).code,
    ).toBe('40102');
  });

  it("refuses another user's key, even with a valid signature over this login's challenge", async () => {
    const { browser } = await startLogin('alice@example.com');
    const assertion = bobKey.authenticate((await options(browser)).data, ORIGIN);
    expect((await call(browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) })).code).toBe('40102');
  });

  it("refuses an answer to another pending login's challenge", async () => {
    const first = await startLogin('alice@example.com');
    const second = await startLogin('alice@example.com');
    const assertion = aliceKey.authenticate((await options(first.browser)).data, ORIGIN);
    expect((await call(second.browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) })).code).toBe('40102');
  });

  it('refuses a counter that went backwards (a cloned key)', async () => {
    const one = await startLogin('alice@example.com');
    const ahead = aliceKey.authenticate((await options(one.browser)).data, ORIGIN, { counter: 10 });
    expect((await call(one.browser, VERIFY, { fidoVerifyCode: JSON.stringify(ahead) })).code).toBe('00000');
    const two = await startLogin('alice@example.com');
    const behind = aliceKey.authenticate((await options(two.browser)).data, ORIGIN, { counter: 5 });
    expect((await call(two.browser, VERIFY, { fidoVerifyCode: JSON.stringify(behind) })).code).toBe('40102');
  });

  it('refuses a malformed fidoVerifyCode as a wrong answer', async () => {
    const { browser } = await startLogin('alice@example.com');
    await options(browser);
    expect((await call(browser, VERIFY, { fidoVerifyCode: 'not json' })).code).toBe('40102');
  });

  it('lets no challenge outlive its pending login', async () => {
    const { browser } = await startLogin('alice@example.com');
    h.clock.now += PENDING_TTL_MS - 1000;
    const assertion = aliceKey.authenticate((await options(browser)).data, ORIGIN);
    h.clock.now += 1000;
    expect((await call(browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) })).code).toBe('40103');
  });
});

describe('step order', () => {
  it('asks for the codes, then the new-device code, then the security key', async () => {
    const alice = h.ctx.users.findByEmail('alice@example.com')!;
    h.db.prepare('UPDATE users SET totp_secret = ? WHERE id = ?').run(TEST_TOTP_SECRET, alice.id);
    h.ctx.users.setTwoFactor(alice.id, { google: true, system: true });
    h.trusted.value = false;
    const { browser, data } = await startLogin('alice@example.com');
    expect(data).toMatchObject({ needVerify: true, methods: ['google'], system: true, fido: true });
    expect((await options(browser)).code).toBe('40105');

    const afterCodes = await call(browser, '/v1/user/login/verify-login', {
      googleCode: totpAt(TEST_TOTP_SECRET, h.clock.now),
    });
    expect(afterCodes.data).toMatchObject({ needVerify: true, methods: [], system: true, fido: true });
    expect((await options(browser)).code).toBe('40105');

    const code = h.ctx.mailbox!.list(1, 'alice@example.com')[0]!.code;
    const afterSystem = await call(browser, '/v1/user/login/verifySystemLogin', { verifyCode: code });
    expect(afterSystem.data).toMatchObject({ needVerify: true, methods: [], system: false, fido: true });
    const assertion = aliceKey.authenticate((await options(browser)).data, ORIGIN);
    expect((await call(browser, VERIFY, { fidoVerifyCode: JSON.stringify(assertion) })).data).toMatchObject({
      needVerify: false,
    });
  });
});

describe('nextPendingStep', () => {
  it('orders codes, new-device code, security key', () => {
    expect(nextPendingStep({ methods: ['email'], system: true, fido: true })).toBe('codes');
    expect(nextPendingStep({ methods: [], system: true, fido: true })).toBe('system');
    expect(nextPendingStep({ methods: [], system: false, fido: true })).toBe('fido');
    expect(nextPendingStep({ methods: [], system: false, fido: false })).toBeNull();
  });
});

describe('parseFidoVerifyCode', () => {
  it('reads the JSON text of an AuthenticationResponseJSON and nothing else', () => {
    const assertion = new SoftAuthenticator().authenticate({ challenge: 'c', rpId: 'localhost' }, ORIGIN);
    expect(parseFidoVerifyCode(JSON.stringify(assertion))).toEqual(assertion);
    expect(parseFidoVerifyCode(Buffer.from(JSON.stringify(assertion)).toString('base64url'))).toBeNull();
    expect(parseFidoVerifyCode('{"id":"x","type":"public-key","response":{}}')).toBeNull();
    expect(parseFidoVerifyCode('[]')).toBeNull();
  });
});
