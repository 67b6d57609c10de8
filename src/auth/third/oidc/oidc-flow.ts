import { isReferralCode } from '../../../../engine/rules/referral-link';
import { type HandOff, postThird, postThirdQuietly } from '../third-api';

/** The OpenID providers whose buttons this area draws. */
export type OidcProvider = 'google' | 'apple';

/** True for a provider name this area knows (route params are untrusted text). */
export function isOidcProvider(value: unknown): value is OidcProvider {
  return value === 'google' || value === 'apple';
}

/** What `oauth/start` answers. */
interface StartReply {
  authorizeUrl: string;
  state: string;
  redirectUri: string;
}

/**
 * What the page keeps, by state, while the person is at the provider: the PKCE verifier and where to exchange, and
 * the registration form's referral code when the sign-in began there.
 */
interface PendingSignIn {
  provider: OidcProvider;
  verifier: string;
  referralCode?: string;
}

const STORAGE_PREFIX = 'oidc-pending:';

/** What the provider appended to the return address: a code and the state, or an error. */
export interface OidcAnswer {
  code?: string;
  state?: string;
  error?: string;
}

/** Why a return from the provider could not sign in. */
export type OidcProblem = 'stateInvalid' | 'denied' | 'failed';

/** A stopped sign-in, with the reason the page words. */
export class OidcFlowError extends Error {
  constructor(readonly problem: OidcProblem) {
    super(`openid sign-in stopped: ${problem}`);
  }
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A PKCE pair (RFC 7636 §4.1–4.2): a 256-bit random verifier and its S256 challenge, made with WebCrypto. */
export async function makePkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/**
 * Starts a sign-in: the gateway binds a state and nonce to this browser (`oauth/start`), the page keeps its PKCE
 * verifier (and the registration form's `referralCode`, if any) by that state (this tab only) and goes to the
 * provider with the challenge.
 */
export async function startOidcSignIn(provider: OidcProvider, referralCode?: string): Promise<void> {
  const start = await postThird<StartReply>('oauth/start', { provider });
  const { verifier, challenge } = await makePkce();
  const pending: PendingSignIn =
    referralCode === undefined ? { provider, verifier } : { provider, verifier, referralCode };
  sessionStorage.setItem(STORAGE_PREFIX + start.state, JSON.stringify(pending));
  const url = new URL(start.authorizeUrl);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  window.location.assign(url.toString());
}

/** Takes (and forgets: one use) the pending sign-in of `state`, when it is this provider's. */
function takePending(state: string | null, provider: OidcProvider): PendingSignIn | null {
  if (state === null || !/^[A-Za-z0-9_-]{16,128}$/.test(state)) return null;
  const key = STORAGE_PREFIX + state;
  const text = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  if (text === null) return null;
  try {
    const pending = JSON.parse(text) as PendingSignIn;
    return pending.provider === provider ? pending : null;
  } catch {
    return null;
  }
}

/**
 * Exchanges the code through the gateway (the page's CSP reaches only this origin, and the providers' web clients
 * exchange with a secret); the verifier goes in the login envelope. Resolves the ID token.
 */
async function exchangeCode(provider: OidcProvider, pending: PendingSignIn, code: string): Promise<string> {
  try {
    const reply = await postThirdQuietly<{ token?: unknown }>('oauth/exchange', {
      provider,
      code,
      codeVerifier: pending.verifier,
    });
    if (typeof reply?.token === 'string') return reply.token;
  } catch {
    // Shown below as the one "sign-in failed" of this page.
  }
  throw new OidcFlowError('failed');
}

/** The referral code kept with a pending sign-in: the form's (empty when cleared), or absent; anything else is dropped. */
function keptReferralCode(pending: PendingSignIn): string | undefined {
  const code = pending.referralCode;
  return code === '' || (typeof code === 'string' && isReferralCode(code)) ? code : undefined;
}

/**
 * Finishes a sign-in on the provider's return (`/login/oauth/<provider>?code&state`, or `?error`): the state must be
 * one this tab started (else `stateInvalid`, also for a replayed address), the code is exchanged with the verifier
 * and the ID token posted to `oauth/sign`; the gateway's reply is returned with the referral code kept at the start.
 */
export async function finishOidcSignIn(provider: OidcProvider, answer: OidcAnswer): Promise<HandOff> {
  const pending = takePending(answer.state ?? null, provider);
  if (!pending) throw new OidcFlowError('stateInvalid');
  if (answer.error !== undefined) throw new OidcFlowError('denied');
  const code = answer.code;
  if (code === undefined || code === '' || code.length > 2048) throw new OidcFlowError('failed');
  const token = await exchangeCode(provider, pending, code);
  const reply = await postThirdQuietly('oauth/sign', { token });
  const referralCode = keptReferralCode(pending);
  return referralCode === undefined ? { reply } : { reply, referralCode };
}
