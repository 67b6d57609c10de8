import type { AuthSession } from '../../http/gateway-env';
import { type NewSession, SESSION_TTL_MS, type SessionDevice } from './session-store';

/** The HttpOnly session cookie: the only thing that authenticates a request. */
export const SID_COOKIE = 'sid';
/** The client-readable handle the client keys its storage and signing by; it grants nothing on its own. */
export const LOGIN_TOKEN_COOKIE = 'login_token';
/** The HttpOnly cookie of a login waiting for its second factor. */
export const PENDING_COOKIE = 'login_pending';

/**
 * What the sign-in rooms know of the request they act on, read by the route layer (`requestFacts` in
 * auth-request.ts): the rooms take these plain facts, never the request itself.
 */
export interface RequestFacts {
  /** The session the request came with (the session middleware's), or null. */
  session: AuthSession | null;
  /** The browser and address, as a new session and the sign-in history record them; `ip` counts against the limits. */
  device: SessionDevice;
  /** Whether cookies the reply sets get `Secure`. */
  secure: boolean;
  /** The full URL the request was sent to (its host names the security keys' relying party). */
  url: string;
  /** A cookie holding one of our random secrets; anything not shaped like one reads as undefined. */
  secretCookie(name: string): string | undefined;
}

/** A cookie a reply sets (`value`) or expires (`value: null`); every one is SameSite=Lax, Secure as the request is. */
export interface CookieChange {
  name: string;
  value: string | null;
  path: string;
  httpOnly: boolean;
  maxAgeSeconds?: number;
}

/**
 * What a sign-in step answers (a session, the steps still pending, an account switch): the reply's data, the cookies
 * it sets, and the request's session from then on when the step made a new one. The route layer turns it into the
 * reply (`answerSignIn` in auth-request.ts).
 */
export interface SignInAnswer {
  data: unknown;
  cookies: readonly CookieChange[];
  session?: AuthSession;
}

/** `sid` (HttpOnly) and `login_token` (readable by the page), Path=/, for the session's lifetime. */
export function sessionCookies(secrets: Pick<NewSession, 'sid' | 'loginToken'>): CookieChange[] {
  const maxAgeSeconds = Math.floor(SESSION_TTL_MS / 1000);
  return [
    { name: SID_COOKIE, value: secrets.sid, path: '/', httpOnly: true, maxAgeSeconds },
    { name: LOGIN_TOKEN_COOKIE, value: secrets.loginToken, path: '/', httpOnly: false, maxAgeSeconds },
  ];
}

/** Expires `sid` and `login_token` in the browser. */
export function clearedSessionCookies(): CookieChange[] {
  return [
    { name: SID_COOKIE, value: null, path: '/', httpOnly: true },
    { name: LOGIN_TOKEN_COOKIE, value: null, path: '/', httpOnly: false },
  ];
}

/** The HttpOnly pending-login cookie for `maxAgeSeconds`. */
export function pendingCookie(token: string, maxAgeSeconds: number): CookieChange {
  return { name: PENDING_COOKIE, value: token, path: '/', httpOnly: true, maxAgeSeconds };
}

/** Expires the pending-login cookie. */
export function clearedPendingCookie(): CookieChange {
  return { name: PENDING_COOKIE, value: null, path: '/', httpOnly: true };
}

/** Whether a cookie's value is shaped like one of our random secrets. */
export function isSecretShaped(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(value);
}
