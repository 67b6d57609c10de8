import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import { sha256Hex } from '../../auth/safe-equal';
import { randomSecret } from '../../auth/sessions/session-store';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { isHttpsRequest } from '../../http/request-origin';
import { DEV_OIDC_CSS, renderDevOidcPage } from './dev-oidc-page';
import type { OidcDirectory } from './oidc-directory';
import { DEV_OIDC_BASE, DEV_OIDC_CLIENT_ID, OIDC_PROVIDERS, type OidcProvider } from './oidc-settings';
import { businessErrorHandler } from '../../http/envelope';

/** The stylesheet of the dev providers' page. */
export const DEV_OIDC_CSS_PATH = `${DEV_OIDC_BASE}/page.css`;
/** The domain of Apple's relay addresses ("Hide my email"). */
export const APPLE_RELAY_DOMAIN = 'privaterelay.appleid.com';
/** At most this many origins get their own pair of providers (a developer reaches one gateway by a few names). */
const MAX_ORIGINS = 8;

/** Local mode's two OpenID providers, one per origin the gateway is reached at, with their keys and routes. */
export interface DevOidc {
  /** Finds the dev issuers' endpoints and keys without a network round trip. */
  directory: OidcDirectory;
  /** `/dev/oidc/<provider>/…`: the providers themselves, and their sign-in page. */
  routes: Hono<GatewayEnv>;
}

/** The origin a request came to. */
export function requestOriginOf(c: Context<GatewayEnv>): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttpsRequest(c) ? 'https' : 'http'}://${host}`;
}

/** A stable dev subject for an email: Google's are decimal, Apple's `000000.<hex>.0000`. */
function subjectOf(provider: OidcProvider, email: string): string {
  const digest = sha256Hex(`${provider}:${email.toLowerCase()}`);
  return provider === 'google'
    ? `1${BigInt(`0x${digest.slice(0, 16)}`)
        .toString()
        .padStart(20, '0')}`
    : `000${digest.slice(0, 3)}.${digest.slice(3, 35)}.0${digest.slice(35, 38)}`;
}

interface DevAccount {
  email: string;
}

function parseIssuer(issuer: string): { origin: string; provider: OidcProvider } | null {
  const match = /^(https?:\/\/[^/]+)\/dev\/oidc\/(google|apple)$/.exec(issuer);
  return match ? { origin: match[1]!, provider: match[2] as OidcProvider } : null;
}

/**
 * Builds local mode's stand-ins for Google and Apple: real OpenID providers (panva's oidc-provider) at
 * `<origin>/dev/oidc/google` and `/apple`, each with one public client (`DEV_OIDC_CLIENT_ID`, PKCE S256 required,
 * redirect `<origin>/login/oauth/<provider>`) and a page where any email signs in. Only ever mounted in local mode.
 */
export function createDevOidc(): DevOidc {
  const keyPair = generateKeyPair('RS256', { extractable: true }).then(async ({ privateKey, publicKey }) => {
    const kid = randomSecret(9);
    const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    const publicJwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
    return { privateJwk, publicJwks };
  });
  const cookieKey = randomSecret(32);
  const accounts = new Map<string, DevAccount>();
  const providers = new Map<string, Promise<Provider>>();

  const build = async (origin: string, provider: OidcProvider): Promise<Provider> => {
    const { privateJwk } = await keyPair;
    // Loaded on first use: only local mode ever needs it.
    const { default: ProviderClass } = await import('oidc-provider');
    const oidc = new ProviderClass(`${origin}${DEV_OIDC_BASE}/${provider}`, {
      clients: [
        {
          client_id: DEV_OIDC_CLIENT_ID,
          token_endpoint_auth_method: 'none',
          redirect_uris: [`${origin}/login/oauth/${provider}`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [privateJwk] },
      cookies: { keys: [cookieKey] },
      pkce: { required: () => true },
      scopes: ['openid', 'email'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      // The ID token itself carries the email, as Google's and Apple's do.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) =>
          `${DEV_OIDC_BASE}/${provider}/interaction/${interaction.uid}`,
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(`${provider}:${sub}`);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, email: account.email, email_verified: true }),
        };
      },
      renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = `Dev ${provider} sign-in error: ${out.error ?? 'error'} ${out.error_description ?? ''}`;
      },
      ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    });
    return oidc;
  };

  const providerFor = (origin: string, provider: OidcProvider): Promise<Provider> => {
    const key = `${origin} ${provider}`;
    let found = providers.get(key);
    if (!found) {
      if (providers.size >= MAX_ORIGINS * OIDC_PROVIDERS.length) throw invalidField('host', 'too many origins');
      found = build(origin, provider);
      providers.set(key, found);
    }
    return found;
  };

  const rawOf = (c: Context<GatewayEnv>) => {
    const req = c.env?.incoming as (IncomingMessage & { originalUrl?: string }) | undefined;
    const res = c.env?.outgoing as ServerResponse | undefined;
    if (!req || !res) throw invalidField('server', 'the dev providers need the Node server');
    return { req, res };
  };

  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  routes.get(DEV_OIDC_CSS_PATH, (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(DEV_OIDC_CSS);
  });

  for (const provider of OIDC_PROVIDERS) {
    const base = `${DEV_OIDC_BASE}/${provider}`;
    routes.get(`${base}/interaction/:uid`, async (c) => {
      const oidc = await providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      await oidc.interactionDetails(req, res);
      c.header('cache-control', 'no-store');
      return c.html(
        renderDevOidcPage({
          provider,
          clientOrigin: requestOriginOf(c),
          action: c.req.path,
          cssPath: DEV_OIDC_CSS_PATH,
        }),
      );
    });
    routes.post(`${base}/interaction/:uid`, async (c) => {
      const oidc = await providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      const details = await oidc.interactionDetails(req, res);
      const form = await c.req.parseBody();
      const typed = typeof form.email === 'string' ? form.email.trim() : '';
      if (!/^[^\s@]{1,64}@[^\s@]{1,189}$/.test(typed)) throw invalidField('email', 'is not an email address');
      const accountId = subjectOf(provider, typed);
      const email =
        provider === 'apple' && form.hide === '1'
          ? `${accountId.split('.')[1]!.slice(0, 10)}@${APPLE_RELAY_DOMAIN}`
          : typed;
      accounts.set(`${provider}:${accountId}`, { email });
      const grant = new oidc.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      const returnTo = await oidc.interactionResult(req, res, { login: { accountId }, consent: { grantId } });
      return c.redirect(returnTo, 303);
    });
    // Everything else under the issuer is the provider's own (discovery, auth, token, jwks), on the raw Node request.
    routes.all(`${base}/*`, async (c) => {
      const oidc = await providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      req.originalUrl = req.url;
      req.url = (req.url ?? '/').slice(base.length) || '/';
      await new Promise<void>((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
        void oidc.callback()(req, res);
      });
      return RESPONSE_ALREADY_SENT;
    });
  }

  const directory: OidcDirectory = {
    endpointsOf: async (issuer) => {
      if (!parseIssuer(issuer)) throw new Error('not a dev issuer');
      return { authorizationEndpoint: `${issuer}/auth`, tokenEndpoint: `${issuer}/token` };
    },
    keysOf: (issuer) => async (header, token) => {
      if (!parseIssuer(issuer)) throw new Error('not a dev issuer');
      return createLocalJWKSet((await keyPair).publicJwks)(header, token);
    },
  };
  return { directory, routes };
}
