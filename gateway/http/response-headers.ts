import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { socketOriginOf } from './request-origin';
import { securityHeaders } from './security-headers';

/** Adds the `request-time` header (server ms, spec §7.7: the client derives its clock offset) and the security headers to every response. */
export function responseHeaders(now: () => number = Date.now): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    // The policy names the page's own socket origin, which depends on the Host the browser used.
    for (const [name, value] of Object.entries(securityHeaders(socketOriginOf(c)))) c.res.headers.set(name, value);
    c.res.headers.set('request-time', String(now()));
  };
}
