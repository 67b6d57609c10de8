import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { GatewayEnv } from '../../http/gateway-env';
import { isHttpsRequest } from '../../http/request-origin';
import { type CookieChange, clearedSessionCookies, isSecretShaped } from './request-facts';

/** Whether cookies get `Secure`: forced by configuration, else when the browser came over https (through a trusted proxy too). */
export function isSecureRequest(c: Context<GatewayEnv>, forced: boolean | undefined): boolean {
  return forced ?? isHttpsRequest(c);
}

/** Sets and expires cookies on the reply, each SameSite=Lax and `Secure` when `secure`. */
export function applyCookies(c: Context<GatewayEnv>, changes: readonly CookieChange[], secure: boolean): void {
  for (const { name, value, path, httpOnly, maxAgeSeconds } of changes) {
    if (value === null) deleteCookie(c, name, { path, httpOnly, sameSite: 'Lax', secure });
    else setCookie(c, name, value, { path, httpOnly, sameSite: 'Lax', secure, maxAge: maxAgeSeconds });
  }
}

/** Expires `sid` and `login_token` in the browser. */
export function clearSessionCookies(c: Context<GatewayEnv>, secure: boolean): void {
  applyCookies(c, clearedSessionCookies(), secure);
}

/** Reads a cookie that holds one of our random secrets; anything not shaped like one reads as undefined. */
export function readSecretCookie(c: Context<GatewayEnv>, name: string): string | undefined {
  const value = getCookie(c, name);
  return isSecretShaped(value) ? value : undefined;
}
