import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIDO2_PATHS, MAX_KEYS_PER_USER } from '../../../../../gateway/auth/security-keys/webauthn-routes';
import { CHALLENGE_TTL_MS } from '../../../../../gateway/auth/security-keys/webauthn-store';
import { makeTestApp } from '../../support';
import { type AuthHarness, makeAuthHarness } from '../auth-support';
import { SoftAuthenticator } from './webauthn-authenticator';
import { call, makeWebAuthnHarness, ORIGIN, PWD, registerKey, signedIn } from './webauthn-support';

let h: AuthHarness;
beforeEach(async () => {
  h = makeWebAuthnHarness();
  await h.addUser({ email: 'alice@example.com', password: PWD });
  await h.addUser({ email: 'bob@example.com', password: PWD });
});
afterEach(() => h.close());

describe('fido2/register/options', () => {
  it('needs a session: 00005 when anonymous, 20906 with an ended one', async () => {
    expect((await call(h.browser(), FIDO2_PATHS.registerOptions)).code).toBe('00005');
    const browser = await signedIn(h, 'alice@example.com');
    await call(browser, '/v1/user/logout');
    browser.cookies.set('sid', 'S'.repeat(43));
    expect((await call(browser, FIDO2_PATHS.registerOptions)).code).toBe('20906');
    expect((await call(h.browser(), FIDO2_PATHS.register, { response: {} })).code).toBe('00005');
    expect(
      (
        await h
          .browser()
          .get(FIDO2_PATHS.list)
          .then((r) => r.json())
      ).code,
    ).toBe('00005');
    expect((await call(h.browser(), FIDO2_PATHS.remove, { id: 'x' })).code).toBe('00005');
  });

  it('offers a challenge for this host as RP id, named "Exchange", preferring user verification, without attestation', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const reply = await call(browser, FIDO2_PATHS.registerOptions, {}, 'http://app.test:8097');
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({
      rp: { name: 'Exchange', id: 'app.test' },
      user: { name: 'alice@example.com' },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'preferred' },
      excludeCredentials: [],
    });
    expect(reply.data.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(reply.data.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toContain(-7);
  });

  it('excludes the keys the user already has', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const key = new SoftAuthenticator();
    expect((await registerKey(browser, key)).code).toBe('00000');
    await browser.grantStepUp('fido-add');
    const reply = await call(browser, FIDO2_PATHS.registerOptions);
    expect(reply.data.excludeCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['usb'] }]);
  });
});

describe('fido2/register', () => {
  it("stores the key, lists it, and turns the account's security-key step on", async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const key = new SoftAuthenticator();
    const reply = await registerKey(browser, key, { nickname: '  Blue key  ' });
    expect(reply).toMatchObject({
      code: '00000',
      data: { id: key.credentialId, nickname: 'Blue key', transports: ['usb'], lastUsedAt: null },
    });
    const list = await (await browser.get(FIDO2_PATHS.list)).json();
    expect(list.data).toEqual({ fido: true, credentials: [reply.data] });
    expect(JSON.stringify(list)).not.toMatch(/publicKey|counter/);
    const info = await (await browser.get('/v1/user/overview/userinfo')).json();
    expect(info.data.twoFactor.fido).toBe(true);
    const login = await call(h.browser(), '/v1/user/login', { loginName: 'alice@example.com', pwd: PWD });
    expect(login.data).toMatchObject({ needVerify: true, methods: [], fido: true, system: false });
  });

  it('uses a challenge once: the same answer sent again is refused', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const options = await call(browser, FIDO2_PATHS.registerOptions);
    const response = new SoftAuthenticator().register(options.data, ORIGIN);
    expect((await call(browser, FIDO2_PATHS.register, { response })).code).toBe('00000');
    expect((await call(browser, FIDO2_PATHS.register, { response })).code).toBe('40120');
  });

  it('refuses an answer after the challenge has expired (5 minutes)', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const options = await call(browser, FIDO2_PATHS.registerOptions);
    h.clock.now += CHALLENGE_TTL_MS;
    const reply = await call(browser, FIDO2_PATHS.register, {
      response: new SoftAuthenticator().register(options.data, ORIGIN),
    });
    expect(reply).toMatchObject({ status: 'error', code: '40120' });
  });

  it('refuses a ceremony run on another origin or for another RP id', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    const key = new SoftAuthenticator();
    const answer = async (overrides: Parameters<SoftAuthenticator['register']>[2], origin?: string) => {
      const options = await call(browser, FIDO2_PATHS.registerOptions);
      return (
        await call(browser, FIDO2_PATHS.register, { response: key.register(options.data, ORIGIN, overrides) }, origin)
      ).code;
    };
    expect(await answer({ origin: 'http://evil.example' })).toBe('40120');
    expect(await answer({ origin: 'http://localhost:8080' })).toBe('40120');
    expect(await answer({ rpId: 'evil.example' })).toBe('40120');
    // The page's origin is the request's own: a response made for localhost does not verify on app.test.
    expect(await answer({}, 'http://app.test')).toBe('40120');
    expect(await answer({ challenge: 'A'.repeat(43) })).toBe('40120');
    expect((await (await browser.get(FIDO2_PATHS.list)).json()).data.credentials).toEqual([]);
    expect(await answer({})).toBe('00000');
  });

  it("binds the challenge to the session that asked: another session's answer is refused", async () => {
    const first = await signedIn(h, 'alice@example.com');
    const second = await signedIn(h, 'alice@example.com');
    const options = await call(first, FIDO2_PATHS.registerOptions);
    const response = new SoftAuthenticator().register(options.data, ORIGIN);
    expect((await call(second, FIDO2_PATHS.register, { response })).code).toBe('40120');
    expect((await call(first, FIDO2_PATHS.register, { response })).code).toBe('00000');
  });

  it('refuses a key already registered to another account', async () => {
    const key = new SoftAuthenticator();
    expect((await registerKey(await signedIn(h, 'alice@example.com'), key)).code).toBe('00000');
    expect((await registerKey(await signedIn(h, 'bob@example.com'), key)).code).toBe('40121');
    expect(h.ctx.users.findByEmail('bob@example.com')!.twoFactor.fido).toBe(false);
  });

  it(`stops at ${MAX_KEYS_PER_USER} keys`, async () => {
    const browser = await signedIn(h, 'alice@example.com');
    for (let i = 0; i < MAX_KEYS_PER_USER; i += 1)
      expect((await registerKey(browser, new SoftAuthenticator())).code).toBe('00000');
    expect((await call(browser, FIDO2_PATHS.registerOptions)).code).toBe('40123');
  });

  it('rejects a missing response and a nickname with control characters', async () => {
    const browser = await signedIn(h, 'alice@example.com');
    expect((await call(browser, FIDO2_PATHS.register, {})).code).toBe('40002');
    expect((await registerKey(browser, new SoftAuthenticator(), { nickname: 'a\u0000b' })).code).toBe('40002');
  });
});

describe('adding and removing keys need a fresh second factor', () => {
  it('refuses options, a key and a removal to a session cookie alone (40112)', async () => {
    const browser = h.browser();
    await call(browser, '/v1/user/login', { loginName: 'alice@example.com', pwd: PWD });
    expect((await call(browser, FIDO2_PATHS.registerOptions)).code).toBe('40112');
    await browser.grantStepUp('fido-add');
    const options = await call(browser, FIDO2_PATHS.registerOptions);
    const response = new SoftAuthenticator().register(options.data, ORIGIN);
    // The grant went away between the options and the answer (another tab used it): the key is not stored.
    h.db.prepare('DELETE FROM step_up_grants').run();
    expect((await call(browser, FIDO2_PATHS.register, { response })).code).toBe('40112');
    expect((await (await browser.get(FIDO2_PATHS.list)).json()).data.credentials).toEqual([]);
  });

  it("ends the account's other sessions when a key is added or removed", async () => {
    const other = await signedIn(h, 'alice@example.com');
    const browser = await signedIn(h, 'alice@example.com');
    const key = new SoftAuthenticator();
    await registerKey(browser, key);
    expect((await (await other.get(FIDO2_PATHS.list)).json()).code).toBe('20906');
    const third = h.browser();
    await call(third, '/v1/user/login', { loginName: 'alice@example.com', pwd: PWD });
    await browser.grantStepUp('fido-remove');
    await call(browser, FIDO2_PATHS.remove, { id: key.credentialId });
    // The pending sign-in of the third browser (it waited for the key) is gone too.
    expect((await call(third, '/v1/user/login/verify-auth-login/options')).code).toBe('40103');
    expect((await (await browser.get(FIDO2_PATHS.list)).json()).code).toBe('00000');
  });
});

describe('fido2/remove', () => {
  it("removes the user's own key only, and turns the step off with the last one", async () => {
    const alice = await signedIn(h, 'alice@example.com');
    const bob = await signedIn(h, 'bob@example.com');
    const aliceKey = new SoftAuthenticator();
    const bobKey = new SoftAuthenticator();
    await registerKey(alice, aliceKey);
    await registerKey(alice, new SoftAuthenticator());
    await registerKey(bob, bobKey);
    expect((await call(alice, FIDO2_PATHS.remove, { id: bobKey.credentialId })).code).toBe('40122');
    expect((await call(alice, FIDO2_PATHS.remove, { id: aliceKey.credentialId })).data).toEqual({
      removed: true,
      fido: true,
    });
    // The grant was used up by that removal.
    expect((await call(alice, FIDO2_PATHS.remove, { id: aliceKey.credentialId })).code).toBe('40112');
    await alice.grantStepUp('fido-remove');
    expect((await call(alice, FIDO2_PATHS.remove, { id: aliceKey.credentialId })).code).toBe('40122');
    const [last] = (await (await alice.get(FIDO2_PATHS.list)).json()).data.credentials;
    expect((await call(alice, FIDO2_PATHS.remove, { id: last.id })).data).toEqual({ removed: true, fido: false });
    expect(h.ctx.users.findByEmail('alice@example.com')!.twoFactor.fido).toBe(false);
    expect(h.ctx.users.findByEmail('bob@example.com')!.twoFactor.fido).toBe(true);
  });
});

describe('wiring', () => {
  it('serves no key routes without a verifier, so no key can lock its owner out', async () => {
    const plain = makeAuthHarness();
    try {
      await plain.addUser({ email: 'alice@example.com', password: PWD });
      const reply = await call(await signedIn(plain, 'alice@example.com'), FIDO2_PATHS.registerOptions);
      expect(reply.code).not.toBe('00000');
    } finally {
      plain.close();
    }
  });

  it('the gateway app injects the verifier and mounts the key routes', async () => {
    const test = makeTestApp();
    try {
      const res = await test.app.request('http://localhost/v1/user/security/fido2/register/options', {
        method: 'POST',
        body: '{}',
      });
      expect((await res.json()).code).toBe('00005');
      const step = await test.app.request('http://localhost/v1/user/login/verify-auth-login/options', {
        method: 'POST',
        body: '{}',
      });
      expect((await step.json()).code).toBe('40103');
    } finally {
      test.close();
    }
  });
});
