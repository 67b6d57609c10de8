import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { isHttpsRequest, socketOriginOf } from './request-origin';
import { STRICT_TRANSPORT_SECURITY, securityHeaders } from './security-headers';

/** Adds the `request-time` header (server ms, spec §7.7: the client derives its clock offset) and the security headers to every response (HSTS on https ones). */
export function responseHeaders(now: () => number = Date.now): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    // The policy names the page's own socket origin, which depends on the Host the browser used.
    for (const [name, value] of Object.entries(securityHeaders(socketOriginOf(c)))) c.res.headers.set(name, value);
    if (isHttpsRequest(c)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    c.res.headers.set('request-time', String(now()));
  };
}
