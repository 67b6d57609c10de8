import type { Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createCspReportStore } from './db/csp-report-store';
import { FaultRegistry } from './faults/fault-registry';
import { faultMiddleware } from './faults/fault-middleware';
import { faultRoutes } from './faults/fault-routes';
import { bodySizeGuard } from './http/body-size-guard';
import { BUSY_MESSAGE, replyError } from './http/envelope';
import type { GatewayEnv } from './http/gateway-env';
import { GatewayError, routeNotFound } from './http/gateway-error';
import { DEFAULT_BODY_LIMIT } from './http/read-json-body';
import { requestLog } from './http/request-log';
import { responseHeaders } from './http/response-headers';
import type { Logger } from './log/logger';
import type { MarketSimulator } from './market/simulator';
import { cspReportRoutes } from './routes/csp-report-routes';
import { deviceRoutes } from './routes/device-routes';
import { marketRoutes } from './routes/market-routes';
import { referralConfigRoutes } from './routes/referral-config-routes';
import { sessionRoutes } from './routes/session-routes';
import { staticSite } from './static/static-site';

/** What the gateway app is built from; tests pass their own. */
export interface AppDeps {
  db: Database;
  simulator: MarketSimulator;
  logger: Logger;
  /** Enables the test-only fault switch (`/__faults`, `/v1/__test__/echo`). */
  faults?: boolean;
  /** Built client to serve; absent or missing → a "not built yet" page. */
  distDir?: string;
}

/** Builds the gateway's Hono app: headers and logs on every reply, the `/v1` and market APIs, the fault switch and the built client. */
export function createApp(deps: AppDeps): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const cspReports = createCspReportStore(deps.db);
  app.use('*', requestLog(deps.logger));
  app.use('*', responseHeaders());
  for (const prefix of ['/v1/*', '/api/*', '/v2/*']) app.use(prefix, compress());
  app.use('*', bodySizeGuard(DEFAULT_BODY_LIMIT));
  if (deps.faults) {
    const registry = new FaultRegistry();
    app.use('*', faultMiddleware(registry));
    app.route('/', faultRoutes(registry, cspReports));
  }
  app.route('/', sessionRoutes());
  app.route('/', deviceRoutes().routes);
  app.route('/', referralConfigRoutes());
  app.route('/', cspReportRoutes(cspReports));
  app.route('/', marketRoutes(deps.simulator));
  app.get('*', staticSite(deps.distDir));
  app.notFound((c) => replyError(c, routeNotFound()));
  app.onError((error, c) => {
    if (error instanceof GatewayError) return replyError(c, error);
    // The reply says only "busy"; the detail stays in the server log.
    deps.logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.message });
    return replyError(c, new GatewayError(500, '50000', BUSY_MESSAGE));
  });
  return app;
}
