import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import { sha256Hex } from '../../auth/safe-equal';
import { randomSecret } from '../../auth/sessions/session-store';
import { invalidField } from '../../http/gateway-error';
import type { OidcDirectory } from './oidc-directory';
import { DEV_OIDC_BASE, DEV_OIDC_CLIENT_ID, OIDC_PROVIDERS, type OidcProvider } from './oidc-settings';

/** The domain of Apple's relay addresses ("Hide my email"). */
export const APPLE_RELAY_DOMAIN = 'privaterelay.appleid.com';
/** At most this many origins get their own pair of providers (a developer reaches one gateway by a few names). */
const MAX_ORIGINS = 8;

/** Local mode's two OpenID providers, one per origin the gateway is reached at, with their keys and accounts. */
export interface DevOidcProviders {
  /** Finds the dev issuers' endpoints and keys without a network round trip. */
  directory: OidcDirectory;
  /** The provider of one origin the gateway is reached at (made on first use, at most `MAX_ORIGINS` origins). */
  providerFor(origin: string, provider: OidcProvider): Promise<Provider>;
  /**
   * Signs a typed email in at a provider's page: its stable subject, remembered with the email the ID token will
   * carry (with Apple's "Hide my email", a relay address).
   */
  signIn(provider: OidcProvider, typedEmail: string, hideEmail: boolean): string;
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
 * redirect `<origin>/login/oauth/<provider>`) where any email signs in (dev-oidc-routes.ts serves their pages).
 */
export function createDevOidcProviders(): DevOidcProviders {
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
  const signIn = (provider: OidcProvider, typedEmail: string, hideEmail: boolean): string => {
    const accountId = subjectOf(provider, typedEmail);
    const email =
      provider === 'apple' && hideEmail ? `${accountId.split('.')[1]!.slice(0, 10)}@${APPLE_RELAY_DOMAIN}` : typedEmail;
    accounts.set(`${provider}:${accountId}`, { email });
    return accountId;
  };
  return { directory, providerFor, signIn };
}
