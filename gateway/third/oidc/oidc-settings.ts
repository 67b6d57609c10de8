/** The OpenID Connect providers of this sign-in. */
export type OidcProvider = 'google' | 'apple';

/** Both providers, in the order the pages show them. */
export const OIDC_PROVIDERS: readonly OidcProvider[] = ['google', 'apple'];

/** One provider's settings. */
export interface OidcProviderSettings {
  provider: OidcProvider;
  /** The client id registered with the provider: the `aud` of every ID token accepted. */
  clientId: string;
  /** The issuer (`iss`); null for local mode's own provider at `<origin>/dev/oidc/<provider>`. */
  issuer: string | null;
  /**
   * The client secret the gateway exchanges codes with (Google's web client secret; Apple's client-secret JWT);
   * null for a public client (local mode's dev providers).
   */
  clientSecret: string | null;
}

/** The sign-in's settings: each provider's, or null when it is hidden. */
export interface OidcSettings {
  google: OidcProviderSettings | null;
  apple: OidcProviderSettings | null;
}

/** Where the local-mode providers live under the gateway's origin. */
export const DEV_OIDC_BASE = '/dev/oidc';
/** The client id of local mode's public client at each dev provider. */
export const DEV_OIDC_CLIENT_ID = 'exchange-dev-client';

const DEFAULT_ISSUERS: Record<OidcProvider, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

function readIssuer(value: string | undefined, provider: OidcProvider, name: string): string {
  const text = value?.trim() || DEFAULT_ISSUERS[provider];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an https URL, got "${text}"`);
  }
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '')
    throw new Error(`${name} must be an https URL without query or fragment, got "${text}"`);
  return text.replace(/\/$/, '');
}

function readProvider(env: NodeJS.ProcessEnv, provider: OidcProvider, localMode: boolean): OidcProviderSettings | null {
  const prefix = provider === 'google' ? 'GOOGLE_OIDC' : 'APPLE_OIDC';
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim() ?? '';
  if (clientId === '')
    return localMode ? { provider, clientId: DEV_OIDC_CLIENT_ID, issuer: null, clientSecret: null } : null;
  if (!/^[\x21-\x7e]{1,255}$/.test(clientId)) throw new Error(`${prefix}_CLIENT_ID must be printable ASCII`);
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || null;
  if (clientSecret !== null && !/^[\x21-\x7e]{1,4096}$/.test(clientSecret))
    throw new Error(`${prefix}_CLIENT_SECRET must be printable ASCII`);
  return {
    provider,
    clientId,
    issuer: readIssuer(env[`${prefix}_ISSUER`], provider, `${prefix}_ISSUER`),
    clientSecret,
  };
}

/**
 * Reads `GOOGLE_OIDC_CLIENT_ID`, `GOOGLE_OIDC_CLIENT_SECRET`, `GOOGLE_OIDC_ISSUER` (default
 * https://accounts.google.com), `APPLE_OIDC_CLIENT_ID`, `APPLE_OIDC_CLIENT_SECRET` and `APPLE_OIDC_ISSUER` (default
 * https://appleid.apple.com). A provider without a client id is hidden, except in
 * local mode, where the gateway's own dev provider plays it. Null when both are hidden; a malformed value stops the start.
 */
export function readOidcSettings(env: NodeJS.ProcessEnv, localMode: boolean): OidcSettings | null {
  const google = readProvider(env, 'google', localMode);
  const apple = readProvider(env, 'apple', localMode);
  return google || apple ? { google, apple } : null;
}

/** The issuer of a provider as seen from `origin` (the dev provider's issuer depends on the origin it is reached at). */
export function issuerOf(settings: OidcProviderSettings, origin: string): string {
  return settings.issuer ?? `${origin}${DEV_OIDC_BASE}/${settings.provider}`;
}

/** What the client needs for each provider's button: whether it is offered (never anything secret). */
export function oidcPublicConfig(settings: OidcSettings, provider: OidcProvider): Record<string, unknown> | null {
  const one = settings[provider];
  return one ? { provider, isDev: one.issuer === null } : null;
}
