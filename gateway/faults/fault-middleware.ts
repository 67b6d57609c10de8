import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { FAULT_SCOPE_HEADER, type Fault, type FaultRegistry } from './fault-registry';

/** Statuses whose replies must not carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Applies a registered fault to a matching request before routing: delay, drop the socket, or reply the injected status and body. */
export function faultMiddleware(registry: FaultRegistry): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    // The switch's own routes are never faulted, so a test can always clear what it set.
    if (c.req.path === '/__faults' || c.req.path.startsWith('/__faults/')) return next();
    const fault = registry.take(c.req.method, c.req.path, c.req.header(FAULT_SCOPE_HEADER));
    if (!fault) return next();
    if (fault.delayMs) await sleep(fault.delayMs, undefined, { ref: false });
    if (fault.drop) {
      const socket = c.env?.incoming?.socket;
      if (!socket) throw new Error('A drop fault needs a real socket');
      socket.destroy();
      c.set('replyCode', 'dropped');
      return c.body(null, 500);
    }
    if (fault.status === undefined && fault.body === undefined && fault.rawBody === undefined) {
      await next();
      for (const [name, value] of Object.entries(fault.headers ?? {})) c.res.headers.set(name, value);
      return;
    }
    return injectedReply(fault, (code) => c.set('replyCode', code));
  };
}

function injectedReply(fault: Fault, noteCode: (code: string) => void): Response {
  const status = fault.status ?? 200;
  const headers = new Headers(fault.headers);
  let body: string | null = null;
  if (fault.rawBody !== undefined) {
    body = fault.rawBody;
    if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=UTF-8');
  } else if (fault.body !== undefined) {
    body = JSON.stringify(fault.body);
    headers.set('content-type', 'application/json; charset=UTF-8');
    const code = (fault.body as { code?: unknown } | null)?.code;
    if (typeof code === 'string') noteCode(code);
  }
  return new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, headers });
}
