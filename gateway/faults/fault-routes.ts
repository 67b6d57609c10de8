import { Hono } from 'hono';
import type { CspReportStore } from '../db/csp-report-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { readJsonBody } from '../http/read-json-body';
import type { FaultRegistry } from './fault-registry';
import { parseFault } from './parse-fault';

/** The test-only routes: register and clear faults, read stored CSP reports, and echo a request back as JSON. */
export function faultRoutes(registry: FaultRegistry, cspReports: CspReportStore): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
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
