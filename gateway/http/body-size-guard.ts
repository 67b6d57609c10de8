import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env';
import { bodyTooLarge } from './gateway-error';

/** Rejects any request whose declared Content-Length exceeds `limitBytes` with 413/41300 before a route runs. */
export function bodySizeGuard(limitBytes: number): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLarge(limitBytes);
    await next();
  };
}
