import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { AuthError, rateLimited } from '../../auth/auth-errors';
import { readAuthBody } from '../../auth/auth-request';
import type { RateLimit } from '../../security/rate-limiter';
import { isSecureRequest, readSecretCookie } from '../../auth/sessions/session-cookies';
import { randomSecret } from '../../auth/sessions/session-store';
import { businessErrorHandler, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { signInWithIdentity, type ThirdContext } from '../third-core';
import { answerThird, readThirdFields } from '../third-input';
import { requestOriginOf } from '../../http/request-origin';
import { createDevOidc } from './dev-oidc-routes';
import { createRemoteDirectory, type OidcDirectory } from './oidc-directory';
import { OIDC_ERRORS } from './oidc-errors';
import { createOidcStartStore, OIDC_START_TTL_MS } from './oidc-start-store';
import { issuerOf, OIDC_PROVIDERS, type OidcProvider, type OidcSettings } from './oidc-settings';
import { type TrustedIssuer, verifyIdToken } from './oidc-verify';

/** Paths of the Apple and Google sign-in: `oauth/start` (this gateway's) and `oauth/sign` (spec §7.4). */
export const OIDC_PATHS = {
  start: '/v1/user/public/third/oauth/start',
  sign: '/v1/user/public/third/oauth/sign',
  exchange: '/v1/user/public/third/oauth/exchange',
} as const;

/** The cookie binding a started sign-in to this browser. */
export const OIDC_START_COOKIE = 'oidc_start';

/** Refused ID tokens per client address: 30 per 15 minutes, then 40429. */
export const OIDC_FAILURE_LIMIT: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };

/** How the routes find issuers' endpoints and keys: the dev providers' in local mode, discovery otherwise. */
export interface OidcRouteOptions {
  /** Replaces discovery for every configured issuer (tests; the key source is injectable). */
  directory?: OidcDirectory;
  /** Replaces the token request of the code exchange (tests). */
  exchange?: CodeExchange;
}

/** One authorization code's exchange at a provider's token endpoint; resolves its ID token. */
export type CodeExchange = (request: {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string | null;
  code: string;
  codeVerifier: string;
  redirectUri: string;
}) => Promise<string>;

/** What a token endpoint may take to answer before the exchange gives up. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * The token request of OAuth 2.0 (RFC 6749 §4.1.3) with PKCE's verifier (RFC 7636 §4.5), as a confidential client when
 * a secret is set; anything but a JSON reply with an `id_token` string is 40181.
 */
export const exchangeAtTokenEndpoint: CodeExchange = async (request) => {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: request.code,
    redirect_uri: request.redirectUri,
    client_id: request.clientId,
    code_verifier: request.codeVerifier,
  });
  if (request.clientSecret !== null) form.set('client_secret', request.clientSecret);
  let body: unknown;
  try {
    const response = await fetch(request.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      redirect: 'error',
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    body = response.ok ? await response.json() : null;
  } catch {
    body = null;
  }
  const idToken = (body as { id_token?: unknown } | null)?.id_token;
  if (typeof idToken !== 'string' || idToken.length > 16_384) throw OIDC_ERRORS.unverified();
  return idToken;
};

/** An authorization code or a PKCE verifier (RFC 7636: 43–128 unreserved characters), or 40180. */
function readExchangeField(value: unknown, pattern: RegExp): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw OIDC_ERRORS.malformed();
  return value;
}

/** `{provider}` of `oauth/start`, or 40184 when it is not offered. */
function readProvider(settings: OidcSettings, value: unknown): OidcProvider {
  if (
    typeof value !== 'string' ||
    !(OIDC_PROVIDERS as readonly string[]).includes(value) ||
    !settings[value as OidcProvider]
  )
    throw OIDC_ERRORS.notOffered();
  return value as OidcProvider;
}

/**
 * Sign in with Google and Apple (OpenID Connect, authorization code with PKCE). `oauth/start` {provider} answers
 * `{authorizeUrl, state, tokenUrl, clientId, redirectUri}` and binds a fresh state and nonce to this browser (cookie,
 * 10 minutes); the page adds its PKCE challenge; back from the provider, `oauth/exchange` {provider, code, codeVerifier} exchanges the
 * code as this site's client and answers the ID token, which the page posts to `oauth/sign`
 * {token}, which verifies it (`verifyIdToken`), uses the browser's start up when the nonce matches, and ends in
 * `signInWithIdentity`. In local mode without client ids, the gateway's own dev providers are mounted and trusted.
 */
export function oidcRoutes(
  tctx: ThirdContext,
  settings: OidcSettings,
  options: OidcRouteOptions = {},
): Hono<GatewayEnv> {
  const ctx = tctx.auth;
  const starts = createOidcStartStore(tctx.db);
  const isDev = OIDC_PROVIDERS.some((provider) => settings[provider]?.issuer === null);
  const dev = tctx.localMode && isDev ? createDevOidc() : null;
  const remote = options.directory ?? createRemoteDirectory();
  const directoryOf = (issuerIsDev: boolean) => (issuerIsDev && dev && !options.directory ? dev.directory : remote);

  /** The issuers this request may be signed by: each configured provider's (the dev ones at this very origin). */
  const trustedFor = (c: Context<GatewayEnv>): Map<string, TrustedIssuer> => {
    const trusted = new Map<string, TrustedIssuer>();
    for (const provider of OIDC_PROVIDERS) {
      const one = settings[provider];
      if (!one || (one.issuer === null && !tctx.localMode)) continue;
      const issuer = issuerOf(one, requestOriginOf(c));
      trusted.set(issuer, { provider, clientId: one.clientId, keys: directoryOf(one.issuer === null).keysOf(issuer) });
    }
    return trusted;
  };

  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);

  routes.post(OIDC_PATHS.start, async (c) => {
    const provider = readProvider(settings, (await readAuthBody(c)).provider);
    const one = settings[provider]!;
    if (one.issuer === null && !tctx.localMode) throw OIDC_ERRORS.notOffered();
    const origin = requestOriginOf(c);
    const issuer = issuerOf(one, origin);
    const { authorizationEndpoint } = await directoryOf(one.issuer === null).endpointsOf(issuer);
    const state = randomSecret(24);
    const nonce = randomSecret(24);
    const secret = randomSecret(32);
    const now = ctx.now();
    starts.save(secret, { provider, state, nonce, expiresAt: now + OIDC_START_TTL_MS }, now);
    setCookie(c, OIDC_START_COOKIE, secret, {
      path: '/v1/user/public/third/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isSecureRequest(c, ctx.secureCookies),
      maxAge: OIDC_START_TTL_MS / 1000,
    });
    const redirectUri = `${origin}/login/oauth/${provider}`;
    const authorizeUrl = new URL(authorizationEndpoint);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: one.clientId,
      redirect_uri: redirectUri,
      scope: 'openid email',
      state,
      nonce,
    }))
      authorizeUrl.searchParams.set(name, value);
    return replyOk(c, { authorizeUrl: authorizeUrl.toString(), state, redirectUri });
  });

  // The code exchange, here and not in the page: the page's CSP reaches only this origin, and Google's and Apple's
  // web clients exchange with a secret. Only a browser that started this provider's sign-in may exchange; the ID
  // token goes back to the page, which signs in with it through `oauth/sign` (whose nonce check uses the start up).
  routes.post(OIDC_PATHS.exchange, async (c) => {
    const failures = `oidc:fail:${ctx.clientIp(c)}`;
    if (ctx.limiter.isLimited(failures, OIDC_FAILURE_LIMIT)) throw rateLimited();
    try {
      const { fields } = await readThirdFields(tctx, c);
      const provider = readProvider(settings, fields.provider);
      const code = readExchangeField(fields.code, /^[\x21-\x7e]{1,2048}$/);
      const codeVerifier = readExchangeField(fields.codeVerifier, /^[A-Za-z0-9\-._~]{43,128}$/);
      const secret = readSecretCookie(c, OIDC_START_COOKIE);
      const start = secret === undefined ? null : starts.find(secret, ctx.now());
      if (!start || start.provider !== provider) throw OIDC_ERRORS.nonceInvalid();
      const one = settings[provider]!;
      if (one.issuer === null && !tctx.localMode) throw OIDC_ERRORS.notOffered();
      const origin = requestOriginOf(c);
      const { tokenEndpoint } = await directoryOf(one.issuer === null).endpointsOf(issuerOf(one, origin));
      const token = await (options.exchange ?? exchangeAtTokenEndpoint)({
        tokenEndpoint,
        clientId: one.clientId,
        clientSecret: one.clientSecret,
        code,
        codeVerifier,
        redirectUri: `${origin}/login/oauth/${provider}`,
      });
      c.header('cache-control', 'no-store');
      return replyOk(c, { token });
    } catch (error) {
      if (error instanceof AuthError) ctx.limiter.hit(failures);
      throw error;
    }
  });

  routes.post(OIDC_PATHS.sign, async (c) => {
    const failures = `oidc:fail:${ctx.clientIp(c)}`;
    if (ctx.limiter.isLimited(failures, OIDC_FAILURE_LIMIT)) throw rateLimited();
    try {
      const { fields, clientKey } = await readThirdFields(tctx, c);
      const token = await verifyIdToken(fields.token, trustedFor(c), ctx.now(), ctx.logger);
      const secret = readSecretCookie(c, OIDC_START_COOKIE);
      const start = secret === undefined ? null : starts.consume(secret, token.nonce, ctx.now());
      if (!start || start.provider !== token.provider) throw OIDC_ERRORS.nonceInvalid();
      setCookie(c, OIDC_START_COOKIE, '', { path: '/v1/user/public/third/', maxAge: 0 });
      const identity = {
        provider: token.provider,
        subject: token.subject,
        label: token.anyEmail ?? token.subject,
        email: token.email,
      };
      return answerThird(tctx, c, (facts) => signInWithIdentity(tctx, facts, identity, clientKey));
    } catch (error) {
      if (error instanceof AuthError) ctx.limiter.hit(failures);
      throw error;
    }
  });

  if (dev) routes.route('/', dev.routes);
  return routes;
}
