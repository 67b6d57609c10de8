import { Hono } from 'hono';
import type { CspReportStore } from '../security/csp-report-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { GatewayError } from '../http/gateway-error';
import { readJsonBody } from '../http/read-json-body';
import type { FaultRegistry } from './fault-registry';
import { parseFault } from './parse-fault';

/** What the fault switch may do to the public market stream. */
export interface StreamFaults {
  /** Drops every stream connection and refuses new ones for `ms`. */
  pause(ms: number): void;
  /** Keeps every stream connection open but sends nothing on any of them for `ms`. */
  silence?(ms: number): void;
}

/** Longest stream outage a test may ask for. */
const MAX_OUTAGE_MS = 60_000;

/** The `ms` of a stream fault's body: a whole number of milliseconds up to {@link MAX_OUTAGE_MS}, else a 400. */
function readOutageMs(body: unknown): number {
  const ms = typeof body === 'object' && body !== null ? (body as { ms?: unknown }).ms : undefined;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_OUTAGE_MS) {
    throw new GatewayError(
      400,
      '40020',
      `Parameter ms error: a whole number of milliseconds from 0 to ${MAX_OUTAGE_MS}`,
    );
  }
  return ms;
}

/**
 * The test-only routes: register and clear faults, read stored CSP reports, echo a request back as JSON, cut the
 * public market stream for a while (`POST /__faults/stream-outage {ms}`), or keep its sockets open and silent
 * (`POST /__faults/stream-silence {ms}`).
 */
export function faultRoutes(
  registry: FaultRegistry,
  cspReports: CspReportStore,
  stream?: StreamFaults,
): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.post('/__faults/stream-outage', async (c) => {
    const ms = readOutageMs(await readJsonBody(c));
    if (!stream) throw new GatewayError(404, '40404', 'No market stream on this gateway');
    stream.pause(ms);
    return replyOk(c, { pausedMs: ms });
  });
  routes.post('/__faults/stream-silence', async (c) => {
    const ms = readOutageMs(await readJsonBody(c));
    if (!stream?.silence) throw new GatewayError(404, '40404', 'No market stream on this gateway');
    stream.silence(ms);
    return replyOk(c, { silentMs: ms });
  });
  routes.post('/__faults', async (c) => {
    registry.add(parseFault(await readJsonBody(c)));
    return replyOk(c, { active: registry.size });
  });
  // `?scope=` clears one test's faults only; without it, every fault goes.
  routes.delete('/__faults', (c) => {
    registry.clear(c.req.query('scope'));
    return replyOk(c, { active: registry.size });
  });
  routes.get('/__faults/csp-reports', (c) => {
    const limit = Math.trunc(Number(c.req.query('limit') ?? 100));
    return replyOk(c, cspReports.list(limit >= 1 && limit <= 1000 ? limit : 100));
  });
  routes.all('/v1/__test__/echo', async (c) => {
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    return replyOk(c, {
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers: c.req.header(),
      body: hasBody ? await readJsonBody(c) : null,
    });
  });
  return routes;
}
