import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './gateway-env';

/** A Host header as a browser sends it: a DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The last value of a comma-separated forwarding header: the one the proxy in front of the gateway added. */
function lastForwarded(value: string | undefined): string | undefined {
  const last = value?.split(',').at(-1)?.trim();
  return last === '' ? undefined : last;
}

/** The socket's remote address; `app.request` in tests has none. */
function socketAddress(c: Context<GatewayEnv>): string {
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Records where a request really came from: whether the browser reached us over https, and its address. With
 * `trustProxy` (a TLS-terminating proxy in front, README "Behind a proxy") the proxy's `X-Forwarded-Proto` and
 * `X-Forwarded-For` are believed; without it they are ignored, since any client can send them.
 */
export function requestOrigin(options: { trustProxy: boolean }): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const forwardedProto = options.trustProxy
      ? lastForwarded(c.req.header('x-forwarded-proto'))?.toLowerCase()
      : undefined;
    c.set('isHttps', forwardedProto ? forwardedProto === 'https' : new URL(c.req.url).protocol === 'https:');
    c.set(
      'clientAddress',
      (options.trustProxy ? lastForwarded(c.req.header('x-forwarded-for')) : undefined) ?? socketAddress(c),
    );
    await next();
  };
}

/** Whether the browser reached the gateway over https (through a trusted proxy too); the URL's scheme when the middleware did not run. */
export function isHttpsRequest(c: Context<GatewayEnv>): boolean {
  return c.get('isHttps') ?? new URL(c.req.url).protocol === 'https:';
}

/** The origin (scheme, host and port) a request came to. */
export function requestOriginOf(c: Context<GatewayEnv>): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttpsRequest(c) ? 'https' : 'http'}://${host}`;
}

/** The caller's address for rate limits (the proxy's `X-Forwarded-For` only when trusted). */
export function clientAddressOf(c: Context<GatewayEnv>): string {
  return c.get('clientAddress') ?? socketAddress(c);
}

/** The caller's address of a WebSocket upgrade, by the same rule as {@link clientAddressOf}. */
export function upgradeAddressOf(request: IncomingMessage, trustProxy: boolean): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = trustProxy ? lastForwarded(Array.isArray(header) ? header.join(',') : header) : undefined;
  return forwarded ?? request.socket.remoteAddress ?? 'unknown';
}

/** The page's own WebSocket origin (`wss://host` on https, `ws://host` otherwise), or null for a Host header that is not a host. */
export function socketOriginOf(c: Context<GatewayEnv>): string | null {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  if (!HOST.test(host)) return null;
  return `${isHttpsRequest(c) ? 'wss' : 'ws'}://${host.toLowerCase()}`;
}
