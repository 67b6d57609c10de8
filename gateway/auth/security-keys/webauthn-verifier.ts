import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Database } from 'better-sqlite3';
import { isObject } from '../../http/validate';
import type { Logger } from '../../log/logger';
import type { SecurityKeyVerifier } from '../auth-context';
import { sha256Hex } from '../safe-equal';
import { PENDING_COOKIE } from '../sessions/request-facts';
import { relyingPartyOf } from './webauthn-relying-party';
import { createWebAuthnStore, loginBinding } from './webauthn-store';

/** What the security-key verifier is built from. */
export interface SecurityKeyVerifierOptions {
  /** A database migrated with AUTH_MIGRATIONS (201 holds the keys). */
  db: Database;
  /** Clock (ms); default Date.now. Use the auth module's clock. */
  now?: () => number;
  logger?: Logger;
}

/**
 * Reads `fidoVerifyCode`: the browser's AuthenticationResponseJSON serialized with `JSON.stringify` (plain JSON text,
 * not base64url); anything else reads as null.
 */
export function parseFidoVerifyCode(fidoVerifyCode: string): AuthenticationResponseJSON | null {
  let value: unknown;
  try {
    value = JSON.parse(fidoVerifyCode);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.id !== 'string' || value.type !== 'public-key' || !isObject(value.response))
    return null;
  const { clientDataJSON, authenticatorData, signature } = value.response;
  if (typeof clientDataJSON !== 'string' || typeof authenticatorData !== 'string' || typeof signature !== 'string')
    return null;
  return value as unknown as AuthenticationResponseJSON;
}

/**
 * The `verifySecurityKey` dependency of the auth module (spec §7.2 `verify-auth-login`): checks an assertion against
 * the challenge issued to this pending login, or to the given binding (a step-up), used up by the attempt right or
 * wrong; against the request's origin and RP id,
 * and a key of this user; on success stores the new signature counter.
 */
export function createSecurityKeyVerifier(options: SecurityKeyVerifierOptions): SecurityKeyVerifier {
  const now = options.now ?? Date.now;
  const store = createWebAuthnStore(options.db, now);
  const refuse = (userId: string, reason: string) => {
    // Only the reason and the user id are logged, never the assertion.
    options.logger?.info('security key refused', { userId, reason });
    return false;
  };
  return async (facts, { userId, fidoVerifyCode, binding }) => {
    const token = facts.secretCookie(PENDING_COOKIE);
    if (binding === undefined && token === undefined) return refuse(userId, 'no pending login');
    const challenge = store.takeChallenge(binding ?? loginBinding(sha256Hex(token!)));
    if (!challenge || challenge.userId !== userId) return refuse(userId, 'no live challenge');
    const response = parseFidoVerifyCode(fidoVerifyCode);
    if (!response) return refuse(userId, 'malformed assertion');
    const credential = store.findCredential(response.id);
    if (!credential || credential.userId !== userId) return refuse(userId, 'unknown key');
    const { rpID, origin } = relyingPartyOf(facts.url);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports,
        },
        // Options ask for user verification as "preferred": a key without a PIN is still a second factor.
        requireUserVerification: false,
      });
    } catch (error) {
      return refuse(userId, error instanceof Error ? error.message : 'verification failed');
    }
    if (!verified.verified) return refuse(userId, 'signature');
    store.markUsed(credential.id, verified.authenticationInfo.newCounter, now());
    return true;
  };
}
