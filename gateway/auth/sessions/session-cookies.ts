import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { GatewayEnv } from '../../http/gateway-env';
import { isHttpsRequest } from '../../http/request-origin';
import { SESSION_TTL_MS } from './session-store';

/** The HttpOnly session cookie: the only thing that authenticates a request. */
export const SID_COOKIE = 'sid';
/** The client-readable handle the client keys its storage and signing by; it grants nothing on its own. */
export const LOGIN_TOKEN_COOKIE = 'login_token';
/** The HttpOnly cookie of a login waiting for its second factor. */
export const PENDING_COOKIE = 'login_pending';

/** Whether cookies get `Secure`: forced by configuration, else when the browser came over https (through a trusted proxy too). */
export function isSecureRequest(c: Context<GatewayEnv>, forced: boolean | undefined): boolean {
  return forced ?? isHttpsRequest(c);
}

/** Sets `sid` (HttpOnly) and `login_token` (readable by the page), both SameSite=Lax, Path=/, for the session's lifetime. */
export function setSessionCookies(
  c: Context<GatewayEnv>,
  secrets: { sid: string; loginToken: string },
  secure: boolean,
): void {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  setCookie(c, SID_COOKIE, secrets.sid, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge });
  setCookie(c, LOGIN_TOKEN_COOKIE, secrets.loginToken, { path: '/', httpOnly: false, sameSite: 'Lax', secure, maxAge });
}

/** Expires `sid` and `login_token` in the browser. */
export function clearSessionCookies(c: Context<GatewayEnv>, secure: boolean): void {
  deleteCookie(c, SID_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure });
  deleteCookie(c, LOGIN_TOKEN_COOKIE, { path: '/', sameSite: 'Lax', secure });
}

/** Sets the HttpOnly pending-login cookie for `maxAgeSeconds`. */
export function setPendingCookie(c: Context<GatewayEnv>, value: string, maxAgeSeconds: number, secure: boolean): void {
  setCookie(c, PENDING_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: maxAgeSeconds });
}

/** Expires the pending-login cookie. */
export function clearPendingCookie(c: Context<GatewayEnv>, secure: boolean): void {
  deleteCookie(c, PENDING_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure });
}

/** Reads a cookie that holds one of our random secrets; anything not shaped like one reads as undefined. */
export function readSecretCookie(c: Context<GatewayEnv>, name: string): string | undefined {
  const value = getCookie(c, name);
  return value !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}
