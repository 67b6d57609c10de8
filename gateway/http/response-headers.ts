import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { securityHeaders } from './security-headers';

/** Adds the `request-time` header (server ms, spec §7.7: the client derives its clock offset) and the security headers to every response. */
export function responseHeaders(now: () => number = Date.now): MiddlewareHandler<GatewayEnv> {
  const headers = Object.entries(securityHeaders());
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    c.res.headers.set('request-time', String(now()));
  };
}
