import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { APPLE_RELAY_DOMAIN } from '../../../../gateway/third/oidc/dev-oidc-providers';
import { OIDC_MIGRATIONS } from '../../../../gateway/third/oidc/oidc-migrations';
import { OIDC_PATHS, oidcRoutes } from '../../../../gateway/third/oidc/oidc-routes';
import { readOidcSettings } from '../../../../gateway/third/oidc/oidc-settings';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { THIRD_MIGRATIONS } from '../../../../gateway/third/third-migrations';
import { type AuthHarness, makeAuthHarness } from '../auth/auth-support';

let h: AuthHarness | undefined;
let server: ServerType | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  h?.close();
});

/** The OpenID routes in local mode on a real Node server (the dev providers run on the raw request). */
async function listen(localMode = true): Promise<string> {
  h = makeAuthHarness({ localMode });
  // The dev providers sign with the real clock; the gateway checks tokens against its own.
  h.clock.now = Date.now();
  runMigrations(h.db, [...THIRD_MIGRATIONS, ...OIDC_MIGRATIONS]);
  const tctx: ThirdContext = { auth: h.ctx, db: h.db, localMode, origins: [] };
  const app = new Hono<GatewayEnv>();
  app.route('/', oidcRoutes(tctx, readOidcSettings({}, true)!));
  app.route('/', h.app);
  return new Promise((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
}

/** A tiny cookie jar over fetch, following no redirects. */
function agent(origin: string) {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const path = new URL(url, origin).pathname;
    const cookies = [...jar]
      .filter(([key]) => path.startsWith(key.split(' ')[0]!))
      .map(([key, v]) => `${key.split(' ')[1]}=${v}`);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, value] = pair!.split('=');
      const cookiePath =
        attrs
          .map((a) => a.trim())
          .find((a) => /^path=/i.test(a))
          ?.slice(5) ?? '/';
      jar.set(`${cookiePath} ${name!.trim()}`, value ?? '');
    }
    return res;
  };
}

async function signInThrough(origin: string, provider: 'google' | 'apple', form: Record<string, string>) {
  const go = agent(origin);
  const json = { 'content-type': 'application/json' };
  const started = (await (
    await go(OIDC_PATHS.start, { method: 'POST', headers: json, body: JSON.stringify({ provider }) })
  ).json()) as {
    data: { authorizeUrl: string; state: string; redirectUri: string };
  };
  const { authorizeUrl, state, redirectUri } = started.data;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL(authorizeUrl);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  let res = await go(url.toString());
  // The provider sends the person to its sign-in page, then back through its own endpoints to the client.
  for (let hop = 0; hop < 5 && res.status >= 300 && res.status < 400; hop++) {
    const next = res.headers.get('location')!;
    if (new URL(next, origin).pathname.includes('/interaction/')) {
      const page = await go(next);
      expect(await page.text()).toContain('<form method="post"');
      res = await go(next, { method: 'POST', body: new URLSearchParams(form) });
    } else if (next.startsWith(redirectUri)) break;
    else res = await go(next);
  }
  const back = new URL(res.headers.get('location')!, origin);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  // The gateway exchanges the code at the provider's token endpoint, as the page asks it to (oauth/exchange).
  const exchange = (code: string, codeVerifier: string) =>
    go(OIDC_PATHS.exchange, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ provider, code, codeVerifier }),
    }).then((r) => r.json() as Promise<{ code: string; data: { token?: string } | null }>);
  const code = back.searchParams.get('code')!;
  const exchanged = await exchange(code, verifier);
  expect(exchanged.code).toBe('00000');
  const tokens = { id_token: String(exchanged.data?.token) };
  const sign = (token: string) =>
    go(OIDC_PATHS.sign, { method: 'POST', headers: json, body: JSON.stringify({ token }) }).then(
      (r) => r.json() as Promise<{ code: string; data: Record<string, unknown> }>,
    );
  return { tokens, sign, exchange: () => exchange(code, verifier) };
}

describe('the local-mode dev providers', () => {
  it('play Google end to end: PKCE code flow, a signed ID token the gateway accepts once', async () => {
    const origin = await listen();
    const { tokens, sign, exchange } = await signInThrough(origin, 'google', { email: 'dev@example.com' });
    // The code is single use at the provider: the gateway's second exchange gets no ID token.
    expect((await exchange()).code).toBe('40181');
    const reply = await sign(tokens.id_token);
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({
      bound: false,
      provider: 'google',
      email: 'dev@example.com',
      label: 'dev@example.com',
    });
    expect((await sign(tokens.id_token)).code).toBe('40183');
    // Once signed in, the start is used up: no more exchanges from this browser.
    expect((await exchange()).code).toBe('40183');
  });

  it('play Apple with a relay address when the email is hidden', async () => {
    const origin = await listen();
    const { tokens, sign } = await signInThrough(origin, 'apple', { email: 'dev@example.com', hide: '1' });
    const reply = await sign(tokens.id_token);
    expect(reply.data).toMatchObject({ bound: false, provider: 'apple' });
    expect(String(reply.data.email)).toMatch(new RegExp(`@${APPLE_RELAY_DOMAIN.replace(/\./g, '\\.')}$`));
  });

  it('refuse an authorization request without a PKCE challenge', async () => {
    const origin = await listen();
    const go = agent(origin);
    const started = (await (
      await go(OIDC_PATHS.start, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"provider":"google"}',
      })
    ).json()) as { data: { authorizeUrl: string } };
    const res = await go(started.data.authorizeUrl);
    const location = new URL(res.headers.get('location') ?? `${origin}/`, origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('are not mounted outside local mode', async () => {
    const origin = await listen(false);
    expect((await fetch(`${origin}/dev/oidc/google/.well-known/openid-configuration`)).status).toBe(404);
  });
});
