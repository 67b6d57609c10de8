import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/** Where an issuer's endpoints and keys are found (its discovery document, or local mode's own provider). */
export interface OidcDirectory {
  /** The issuer's authorization and token endpoints. */
  endpointsOf(issuer: string): Promise<{ authorizationEndpoint: string; tokenEndpoint: string }>;
  /** The issuer's signing keys, for `jwtVerify`. */
  keysOf(issuer: string): JWTVerifyGetKey;
}

interface Discovered {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: JWTVerifyGetKey;
}

/** How long a discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

function httpsUrl(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value.startsWith('https://')) throw new Error(`discovery: ${name} is not https`);
  return value;
}

/**
 * Production's directory: each issuer's `/.well-known/openid-configuration` (OpenID Connect Discovery §4), read once an
 * hour; its `jwks_uri` through jose's `createRemoteJWKSet`, which caches the keys and refetches on an unknown `kid`.
 * Keys are looked up by `jwtVerify` on each token, so a call made before discovery waits for it.
 */
export function createRemoteDirectory(fetchJson: (url: string) => Promise<unknown> = defaultFetchJson): OidcDirectory {
  const cache = new Map<string, { at: number; value: Promise<Discovered> }>();
  const discover = (issuer: string): Promise<Discovered> => {
    const hit = cache.get(issuer);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.value;
    const value = fetchJson(`${issuer}/.well-known/openid-configuration`).then((document) => {
      const doc = (document ?? {}) as Record<string, unknown>;
      // A document naming another issuer could hand out keys for that one (Discovery §4.3).
      if (doc.issuer !== issuer) throw new Error('discovery: issuer mismatch');
      return {
        authorizationEndpoint: httpsUrl(doc.authorization_endpoint, 'authorization_endpoint'),
        tokenEndpoint: httpsUrl(doc.token_endpoint, 'token_endpoint'),
        keys: createRemoteJWKSet(new URL(httpsUrl(doc.jwks_uri, 'jwks_uri'))),
      };
    });
    value.catch(() => cache.delete(issuer));
    cache.set(issuer, { at: Date.now(), value });
    return value;
  };
  return {
    endpointsOf: async (issuer) => {
      const { authorizationEndpoint, tokenEndpoint } = await discover(issuer);
      return { authorizationEndpoint, tokenEndpoint };
    },
    keysOf: (issuer) => async (header, token) => (await discover(issuer)).keys(header, token),
  };
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`discovery: HTTP ${response.status}`);
  return response.json();
}
