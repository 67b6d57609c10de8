import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Logger } from '../../log/logger';
import { OIDC_ERRORS } from './oidc-errors';
import type { OidcProvider } from './oidc-settings';

/** The only signature algorithms accepted: what Google (RS256) and Apple (RS256, ES256) sign with; never `none` or HS*. */
export const OIDC_ALGORITHMS = ['RS256', 'ES256'] as const;
/** Clock difference tolerated between the provider and the gateway, in seconds. */
export const OIDC_CLOCK_SKEW_S = 60;
/** How old an ID token may be: it is exchanged and posted right after the provider's page. */
export const OIDC_MAX_TOKEN_AGE_S = 10 * 60;
/** The longest token read (Google's and Apple's are about 1 KB). */
const MAX_TOKEN_LENGTH = 8192;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** One issuer the gateway accepts: the provider it stands for, its client id (the audience) and its keys. */
export interface TrustedIssuer {
  provider: OidcProvider;
  clientId: string;
  keys: JWTVerifyGetKey;
}

/** What a verified ID token says. */
export interface VerifiedIdToken {
  provider: OidcProvider;
  subject: string;
  nonce: string;
  /** The email the provider vouches for (`email_verified` true), else null. */
  email: string | null;
  /** The email as given, vouched for or not (a label). */
  anyEmail: string | null;
}

/** True for `email_verified` as Google (boolean) and Apple (boolean, or the string "true") send it. */
const isVerified = (value: unknown) => value === true || value === 'true';

function claimsOf(token: unknown): { iss: string } {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token))
    throw OIDC_ERRORS.malformed();
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: JWTPayload;
  try {
    header = decodeProtectedHeader(token);
    payload = decodeJwt(token);
  } catch {
    throw OIDC_ERRORS.malformed();
  }
  if (!(OIDC_ALGORITHMS as readonly unknown[]).includes(header.alg)) throw OIDC_ERRORS.unverified();
  if (typeof payload.iss !== 'string') throw OIDC_ERRORS.unverified();
  return { iss: payload.iss };
}

/**
 * Verifies an ID token (OpenID Connect Core §3.1.3.7): compact JWS signed RS256/ES256 by a key of its issuer, `iss`
 * one of `trusted`, `aud` that issuer's client id, fresh `exp`/`iat`, a `sub` and a `nonce`. Throws 40180 (not a
 * JWT), 40181 (signature, algorithm, issuer, audience) or 40182 (expired); the nonce is the caller's to check.
 */
export async function verifyIdToken(
  token: unknown,
  trusted: ReadonlyMap<string, TrustedIssuer>,
  nowMs: number,
  logger?: Logger,
): Promise<VerifiedIdToken> {
  const { iss } = claimsOf(token);
  const issuer = trusted.get(iss);
  if (!issuer) throw OIDC_ERRORS.unverified();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token as string, issuer.keys, {
      issuer: iss,
      audience: issuer.clientId,
      algorithms: [...OIDC_ALGORITHMS],
      clockTolerance: OIDC_CLOCK_SKEW_S,
      maxTokenAge: OIDC_MAX_TOKEN_AGE_S,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw OIDC_ERRORS.expired();
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iat') throw OIDC_ERRORS.expired();
    if (!(error instanceof errors.JOSEError)) logger?.warn('openid keys unavailable', { issuer: iss });
    throw OIDC_ERRORS.unverified();
  }
  const { sub, nonce, email } = payload as JWTPayload & { nonce?: unknown; email?: unknown };
  if (typeof sub !== 'string' || sub === '' || sub.length > 255 || typeof nonce !== 'string')
    throw OIDC_ERRORS.unverified();
  const anyEmail = typeof email === 'string' && email.length <= 254 && email.includes('@') ? email : null;
  return {
    provider: issuer.provider,
    subject: sub,
    nonce,
    email: anyEmail !== null && isVerified(payload.email_verified) ? anyEmail : null,
    anyEmail,
  };
}
