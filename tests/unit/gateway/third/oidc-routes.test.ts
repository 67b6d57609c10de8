import { Hono } from 'hono';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { riskTokenRoutes } from '../../../../gateway/security/risk-token-routes';
import type { OidcDirectory } from '../../../../gateway/third/oidc/oidc-directory';
import { OIDC_MIGRATIONS } from '../../../../gateway/third/oidc/oidc-migrations';
import { type CodeExchange, OIDC_PATHS, oidcRoutes } from '../../../../gateway/third/oidc/oidc-routes';
import { OIDC_ERRORS } from '../../../../gateway/third/oidc/oidc-errors';
import { readOidcSettings } from '../../../../gateway/third/oidc/oidc-settings';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { THIRD_MIGRATIONS } from '../../../../gateway/third/third-migrations';
import { type AuthHarness, type Browser, makeAuthHarness } from '../auth/auth-support';

const GOOGLE = 'https://accounts.google.com';
const APPLE = 'https://appleid.apple.com';
const GOOGLE_CLIENT = 'google-client.apps.example';
const APPLE_CLIENT = 'com.example.exchange.web';

interface Keys {
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  publicPem: string;
}

async function makeKeys(alg: 'RS256' | 'ES256', kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg };
  const { createPublicKey } = await import('node:crypto');
  const publicPem = createPublicKey({ key: jwk as never, format: 'jwk' }).export({
    type: 'spki',
    format: 'pem',
  }) as string;
  return { privateKey, jwks: { keys: [jwk] }, publicPem };
}

let googleKeys: Keys;
let appleKeys: Keys;
let strangerKeys: Keys;
beforeAll(async () => {
  googleKeys = await makeKeys('RS256', 'g1');
  appleKeys = await makeKeys('ES256', 'a1');
  // Same kid as Google's: a forger who copies the header still holds the wrong key.
  strangerKeys = await makeKeys('RS256', 'g1');
});

/** Discovery replaced by each issuer's local key set (the routes' injectable key source). */
function directory(): OidcDirectory {
  const sets: Record<string, JSONWebKeySet> = { [GOOGLE]: googleKeys.jwks, [APPLE]: appleKeys.jwks };
  return {
    endpointsOf: async (issuer) => ({ authorizationEndpoint: `${issuer}/authorize`, tokenEndpoint: `${issuer}/token` }),
    keysOf: (issuer) => createLocalJWKSet(sets[issuer] ?? { keys: [] }),
  };
}

let h: AuthHarness;
afterEach(() => h.close());

function makeHarness(options: { riskRequired?: boolean; exchange?: CodeExchange } = {}): AuthHarness {
  const auth = makeAuthHarness({ localMode: false });
  runMigrations(auth.db, [...THIRD_MIGRATIONS, ...OIDC_MIGRATIONS]);
  const tctx: ThirdContext = { auth: auth.ctx, db: auth.db, localMode: false, origins: ['http://localhost'] };
  const settings = readOidcSettings(
    {
      GOOGLE_OIDC_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_OIDC_CLIENT_SECRET: 'google-secret',
      APPLE_OIDC_CLIENT_ID: APPLE_CLIENT,
    },
    false,
  )!;
  const outer = new Hono<GatewayEnv>();
  const device = riskTokenRoutes({ db: auth.db, required: options.riskRequired ?? false, now: () => auth.clock.now });
  outer.use('/v1/*', device.riskCheck);
  outer.route('/', device.routes);
  outer.route('/', oidcRoutes(tctx, settings, { directory: directory(), exchange: options.exchange }));
  outer.route('/', auth.app);
  return Object.assign(auth, { app: outer });
}

interface Reply {
  code: string;
  data: Record<string, unknown> | null;
}

async function call(browser: Browser, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}

/** Starts a sign-in in `browser`; its nonce, read back from the authorize URL the provider would get. */
async function start(browser: Browser, provider: 'google' | 'apple' = 'google', headers: Record<string, string> = {}) {
  const reply = await call(browser, OIDC_PATHS.start, { provider }, headers);
  expect(reply.code).toBe('00000');
  const url = new URL(String(reply.data?.authorizeUrl));
  return { nonce: url.searchParams.get('nonce')!, state: String(reply.data?.state), url };
}

const nowS = () => Math.floor(h.clock.now / 1000);

/** An ID token as Google would sign it, with `claims` over the defaults. */
function idToken(claims: JWTPayload, options: { keys?: Keys; alg?: string; kid?: string } = {}) {
  const keys = options.keys ?? googleKeys;
  return new SignJWT({
    iss: GOOGLE,
    aud: GOOGLE_CLIENT,
    sub: '110248495921238986420',
    email: 'ann@example.com',
    email_verified: true,
    iat: nowS(),
    exp: nowS() + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'g1' })
    .sign(keys.privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const count = (table: string) => (h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Nothing a refused call could have left behind: no account, identity, serial or session. */
function expectNothingCreated(browser: Browser) {
  expect(count('users')).toBe(0);
  expect(count('third_identities')).toBe(0);
  expect(count('third_serials')).toBe(0);
  expect(count('sessions')).toBe(0);
  expect(browser.cookies.has('sid')).toBe(false);
  expect(browser.cookies.has('third_serial')).toBe(false);
}

describe('oauth/start', () => {
  it('answers an authorize URL with fresh state and nonce, bound to an httpOnly cookie', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { url, state, nonce } = await start(browser);
    expect(url.origin + url.pathname).toBe(`${GOOGLE}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(GOOGLE_CLIENT);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/login/oauth/google');
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(url.searchParams.get('state')).toBe(state);
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    expect(nonce).not.toBe(state);
    expect(browser.setCookie('oidc_start')).toMatch(/HttpOnly/i);
    expect((await start(h.browser())).nonce).not.toBe(nonce);
  });

  it('refuses a provider that is not offered (40184)', async () => {
    h = makeHarness();
    for (const provider of ['telegram', 'facebook', 42, undefined])
      expect((await call(h.browser(), OIDC_PATHS.start, { provider })).code).toBe('40184');
  });
});

describe('oauth/sign', () => {
  it('accepts a valid Google ID token once, answering unbound with the verified email', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    const token = await idToken({ nonce });
    const reply = await call(browser, OIDC_PATHS.sign, { token });
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({
      bound: false,
      provider: 'google',
      label: 'ann@example.com',
      email: 'ann@example.com',
    });
    expect(browser.cookies.has('third_serial')).toBe(true);
    // The same token again, in the same browser: the start is used up.
    expect((await call(browser, OIDC_PATHS.sign, { token })).code).toBe('40183');
  });

  it('accepts an Apple ES256 token and keeps an unverified email out of `email`', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser, 'apple');
    const token = await idToken(
      {
        iss: APPLE,
        aud: APPLE_CLIENT,
        sub: '001234.abcdef.0123',
        nonce,
        email: 'x@privaterelay.appleid.com',
        email_verified: 'false',
      },
      { keys: appleKeys, alg: 'ES256', kid: 'a1' },
    );
    const reply = await call(browser, OIDC_PATHS.sign, { token });
    expect(reply.data).toMatchObject({
      bound: false,
      provider: 'apple',
      label: 'x@privaterelay.appleid.com',
      email: null,
    });
  });

  it('refuses wrong audience, wrong issuer and Apple’s issuer with Google’s client id (40181), creating nothing', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    const tokens = [
      await idToken({ nonce, aud: 'someone-else' }),
      await idToken({ nonce, iss: 'https://accounts.evil.example' }),
      await idToken({ nonce, iss: APPLE, aud: GOOGLE_CLIENT }, { keys: appleKeys, alg: 'ES256', kid: 'a1' }),
      await idToken({ nonce, iss: APPLE, aud: GOOGLE_CLIENT }),
    ];
    for (const token of tokens) expect((await call(browser, OIDC_PATHS.sign, { token })).code).toBe('40181');
    expectNothingCreated(browser);
    // The start was not spent by the forgeries: the real token still passes.
    expect((await call(browser, OIDC_PATHS.sign, { token: await idToken({ nonce }) })).code).toBe('00000');
  });

  it('refuses a token signed by another key, alg none and HS256 keyed with the public key (40181)', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    const claims = { iss: GOOGLE, aud: GOOGLE_CLIENT, sub: '1', nonce, iat: nowS(), exp: nowS() + 3600 };
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'g1' })
      .sign(new TextEncoder().encode(googleKeys.publicPem));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const good = await idToken({ nonce });
    const [head, , sig] = good.split('.');
    const tampered = `${head}.${b64({ ...claims, sub: 'victim' })}.${sig}`;
    for (const token of [await idToken({ nonce }, { keys: strangerKeys }), none, hs256, tampered])
      expect((await call(browser, OIDC_PATHS.sign, { token })).code).toBe('40181');
    expectNothingCreated(browser);
  });

  it('refuses an expired token and one issued in the future (40182)', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    for (const claims of [
      { exp: nowS() - 120, iat: nowS() - 3720 },
      { iat: nowS() - 3600 },
      { iat: nowS() + 600, exp: nowS() + 4200 },
    ])
      expect((await call(browser, OIDC_PATHS.sign, { token: await idToken({ nonce, ...claims }) })).code).toBe('40182');
    expectNothingCreated(browser);
  });

  it('refuses a missing, wrong or reused nonce and a token from another browser (40183)', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    expect((await call(browser, OIDC_PATHS.sign, { token: await idToken({}) })).code).toBe('40181');
    expect((await call(browser, OIDC_PATHS.sign, { token: await idToken({ nonce: 'x'.repeat(32) }) })).code).toBe(
      '40183',
    );
    // Another browser (no start cookie) presenting this browser's token.
    const thief = h.browser('198.51.100.9');
    expect((await call(thief, OIDC_PATHS.sign, { token: await idToken({ nonce }) })).code).toBe('40183');
    expectNothingCreated(thief);
    // Started for Apple, answered with Google's token carrying that nonce.
    const other = h.browser('198.51.100.10');
    const appleStart = await start(other, 'apple');
    expect((await call(other, OIDC_PATHS.sign, { token: await idToken({ nonce: appleStart.nonce }) })).code).toBe(
      '40183',
    );
    expect(count('third_serials')).toBe(0);
  });

  it('refuses an expired start (40183)', async () => {
    h = makeHarness();
    const browser = h.browser();
    const { nonce } = await start(browser);
    h.clock.now += 10 * 60 * 1000 + 1;
    expect((await call(browser, OIDC_PATHS.sign, { token: await idToken({ nonce }) })).code).toBe('40183');
    expectNothingCreated(browser);
  });

  it('refuses malformed tokens (40180)', async () => {
    h = makeHarness();
    const browser = h.browser();
    await start(browser);
    for (const token of ['', 'abc', 'a.b', '%%.%%.%%', 'a'.repeat(9000), 42, null, `${b64('x')}.${b64('y')}.`])
      expect((await call(browser, OIDC_PATHS.sign, { token })).code).toBe('40180');
    expectNothingCreated(browser);
  });

  it('signs a linked account in through the account itself', async () => {
    h = makeHarness();
    const user = await h.addUser({ email: 'linked@example.com', password: 'Linked-pass-1' });
    h.db
      .prepare(
        "INSERT INTO third_identities (provider, subject, user_id, label, linked_at) VALUES ('google', ?, ?, ?, ?)",
      )
      .run('110248495921238986420', user.id, 'ann@example.com', h.clock.now);
    const browser = h.browser();
    const { nonce } = await start(browser);
    const reply = await call(browser, OIDC_PATHS.sign, { token: await idToken({ nonce }) });
    expect(reply.code).toBe('00000');
    expect(reply.data?.bound).not.toBe(false);
    expect(browser.cookies.has('third_serial')).toBe(false);
  });

  it('without a risk token refuses oauth/sign (40140), creating nothing', async () => {
    h = makeHarness({ riskRequired: true });
    const browser = h.browser();
    // The start needs the token too.
    expect((await call(browser, OIDC_PATHS.start, { provider: 'google' })).code).toBe('40140');
    const risk = ((await (await browser.get('/v1/constantid/udid/c1')).json()) as { data: { token: string } }).data
      .token;
    const { nonce } = await start(browser, 'google', { 'risk-token': risk });
    const token = await idToken({ nonce });
    expect((await call(browser, OIDC_PATHS.sign, { token })).code).toBe('40140');
    expectNothingCreated(browser);
    expect((await call(browser, OIDC_PATHS.sign, { token }, { 'risk-token': risk })).code).toBe('00000');
  });
});

describe('readOidcSettings', () => {
  it('hides a provider without client id outside local mode, and plays both locally', () => {
    expect(readOidcSettings({}, false)).toBeNull();
    expect(readOidcSettings({ GOOGLE_OIDC_CLIENT_ID: 'g' }, false)).toMatchObject({
      google: { clientId: 'g', issuer: GOOGLE },
      apple: null,
    });
    expect(readOidcSettings({}, true)).toMatchObject({ google: { issuer: null }, apple: { issuer: null } });
    expect(() =>
      readOidcSettings({ APPLE_OIDC_CLIENT_ID: 'a', APPLE_OIDC_ISSUER: 'http://apple.test' }, false),
    ).toThrow(/https/);
  });
});

describe("oauth/exchange (the code exchanged by the gateway, as this site's client)", () => {
  const VERIFIER = 'v'.repeat(43);

  it('exchanges only for a browser that started that provider, with the client secret, and answers the ID token', async () => {
    const seen: Parameters<CodeExchange>[0][] = [];
    h = makeHarness({
      exchange: async (request) => {
        seen.push(request);
        return 'header.payload.signature';
      },
    });
    const stranger = h.browser('198.51.100.7');
    expect(
      (await call(stranger, OIDC_PATHS.exchange, { provider: 'google', code: 'c1', codeVerifier: VERIFIER })).code,
    ).toBe('40183');
    const browser = h.browser();
    await start(browser, 'google');
    expect(
      (await call(browser, OIDC_PATHS.exchange, { provider: 'apple', code: 'c1', codeVerifier: VERIFIER })).code,
    ).toBe('40183');
    expect(seen).toHaveLength(0);
    const reply = await call(browser, OIDC_PATHS.exchange, { provider: 'google', code: 'c1', codeVerifier: VERIFIER });
    expect(reply).toMatchObject({ code: '00000', data: { token: 'header.payload.signature' } });
    expect(seen).toEqual([
      {
        tokenEndpoint: `${GOOGLE}/token`,
        clientId: GOOGLE_CLIENT,
        clientSecret: 'google-secret',
        code: 'c1',
        codeVerifier: VERIFIER,
        redirectUri: 'http://localhost/login/oauth/google',
      },
    ]);
  });

  it('refuses a malformed code or verifier, and a provider that will not exchange (40181)', async () => {
    h = makeHarness({
      exchange: async () => {
        throw OIDC_ERRORS.unverified();
      },
    });
    const browser = h.browser();
    await start(browser, 'google');
    for (const bad of [
      { codeVerifier: 'short' },
      { codeVerifier: `${VERIFIER}!` },
      { code: '' },
      { code: 'x'.repeat(2049) },
    ]) {
      const body = { provider: 'google', code: 'c1', codeVerifier: VERIFIER, ...bad };
      expect((await call(browser, OIDC_PATHS.exchange, body)).code).toBe('40180');
    }
    expect(
      (await call(browser, OIDC_PATHS.exchange, { provider: 'google', code: 'c1', codeVerifier: VERIFIER })).code,
    ).toBe('40181');
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses an exchange without a risk token when the risk check is on', async () => {
    h = makeHarness({ riskRequired: true, exchange: async () => 'never' });
    const reply = await call(h.browser(), OIDC_PATHS.exchange, {
      provider: 'google',
      code: 'c1',
      codeVerifier: VERIFIER,
    });
    expect(reply.code).toBe('40140');
  });
});
