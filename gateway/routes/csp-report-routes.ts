import { Hono } from 'hono';
import type { CspReportStore } from '../db/csp-report-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { unsupportedMediaType } from '../http/gateway-error';
import { mediaTypeOf, readJsonBody } from '../http/read-json-body';
import { CSP_REPORT_PATH } from '../http/security-headers';
import { parseCspReports } from './parse-csp-report';

/** Largest report body accepted (16 KiB); browsers' reports are far smaller. */
export const CSP_REPORT_LIMIT = 16 * 1024;

const ACCEPTED_TYPES = new Set(['application/csp-report', 'application/json', 'application/reports+json']);

/** `POST /v1/buried/log/cspSecurity` (spec §7.7): stores security and CSP reports; never echoes them. */
export function cspReportRoutes(store: CspReportStore): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.post(CSP_REPORT_PATH, async (c) => {
    // An empty report is refused by its type too, unlike an empty body on other routes.
    if (!ACCEPTED_TYPES.has(mediaTypeOf(c.req.header('content-type')))) throw unsupportedMediaType();
    const reports = parseCspReports(await readJsonBody(c, CSP_REPORT_LIMIT, { types: ACCEPTED_TYPES }));
    store.add(reports, Date.now());
    return replyOk(c, null);
  });
  return routes;
}
