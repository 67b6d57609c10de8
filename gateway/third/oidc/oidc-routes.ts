import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { AuthError, authErrorHandler, rateLimited } from '../../auth/auth-errors';
import { readAuthBody } from '../../auth/auth-request';
import type { RateLimit } from '../../auth/rate-limiter';
import { isSecureRequest, readSecretCookie } from '../../auth/session-cookies';
import { randomSecret } from '../../auth/session-store';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { readThirdFields, signInWithIdentity, type ThirdContext } from '../third-core';
import { createDevOidc, requestOriginOf } from './dev-oidc-providers';
import { createRemoteDirectory, type OidcDirectory } from './oidc-directory';
import { OIDC_ERRORS } from './oidc-errors';
import { createOidcStartStore, OIDC_START_TTL_MS } from './oidc-start-store';
import { issuerOf, OIDC_PROVIDERS, type OidcProvider, type OidcSettings } from './oidc-settings';
import { type TrustedIssuer, verifyIdToken } from './oidc-verify';

/** Paths of the Apple and Google sign-in: `oauth/start` (this gateway's) and `oauth/sign` (spec §7.4). */
export const OIDC_PATHS = {
  start: '/v1/user/public/third/oauth/start',
  sign: '/v1/user/public/third/oauth/sign',
} as const;

/** The cookie binding a started sign-in to this browser. */
export const OIDC_START_COOKIE = 'oidc_start';

/** Refused ID tokens per client address: 30 per 15 minutes, then 40429. */
export const OIDC_FAILURE_LIMIT: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };

/** How the routes find issuers' endpoints and keys: the dev providers' in local mode, discovery otherwise. */
export interface OidcRouteOptions {
  /** Replaces discovery for every configured issuer (tests; the key source is injectable). */
  directory?: OidcDirectory;
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
 * 10 minutes); the page adds its PKCE challenge, exchanges the code itself and posts the ID token to `oauth/sign`
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
  routes.onError(authErrorHandler);

  routes.post(OIDC_PATHS.start, async (c) => {
    const provider = readProvider(settings, (await readAuthBody(c)).provider);
    const one = settings[provider]!;
    if (one.issuer === null && !tctx.localMode) throw OIDC_ERRORS.notOffered();
    const origin = requestOriginOf(c);
    const issuer = issuerOf(one, origin);
    const { authorizationEndpoint, tokenEndpoint } = await directoryOf(one.issuer === null).endpointsOf(issuer);
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
    return replyOk(c, {
      authorizeUrl: authorizeUrl.toString(),
      state,
      tokenUrl: tokenEndpoint,
      clientId: one.clientId,
      redirectUri,
    });
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
      return signInWithIdentity(
        tctx,
        c,
        {
          provider: token.provider,
          subject: token.subject,
          label: token.anyEmail ?? token.subject,
          email: token.email,
        },
        clientKey,
      );
    } catch (error) {
      if (error instanceof AuthError) ctx.limiter.hit(failures);
      throw error;
    }
  });

  if (dev) routes.route('/', dev.routes);
  return routes;
}
