import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { RateLimit, RateLimiter } from './rate-limiter';
import type { CspReportStore } from './csp-report-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { unsupportedMediaType } from '../http/gateway-error';
import { mediaTypeOf, readJsonBody } from '../http/read-json-body';
import { addressScopeOf } from '../http/address-scope';
import { clientAddressOf } from '../http/request-origin';
import { CSP_REPORT_PATH } from '../http/security-headers';
import { parseCspReports } from './parse-csp-report';

/** Largest report body accepted (16 KiB); browsers' reports are far smaller. */
export const CSP_REPORT_LIMIT = 16 * 1024;
/** Reports one address may send at once: a page view sends at most 3 (public/boot.js) and a signing report or two. */
export const CSP_REPORT_BURST: RateLimit = { max: 20, windowMs: 10_000 };
/** Reports one address may send in 10 minutes: 120 is dozens of readers behind one office or carrier NAT. */
export const CSP_REPORT_SUSTAINED: RateLimit = { max: 120, windowMs: 600_000 };

const ACCEPTED_TYPES = new Set(['application/csp-report', 'application/json', 'application/reports+json']);

/** Who sent a report, as the store and the limit count it: a digest of the address scope (an IPv6 address by its /64). */
export function reportSourceOf(address: string): string {
  return createHash('sha256')
    .update(`csp-report\n${addressScopeOf(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * `POST /v1/buried/log/cspSecurity` (spec §7.7): stores security and CSP reports, never echoing them, and answers a
 * report past CSP_REPORT_BURST or CSP_REPORT_SUSTAINED for its address as if stored, keeping nothing.
 */
export function cspReportRoutes(store: CspReportStore, limiter: RateLimiter): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.post(CSP_REPORT_PATH, async (c) => {
    const source = reportSourceOf(clientAddressOf(c));
    const bucket = `csp:report:${source}`;
    // Not a 429: a browser's Reporting-API queue retries a refused delivery, and a flooder would learn where the limit is.
    if (limiter.isLimited(bucket, CSP_REPORT_BURST) || limiter.isLimited(bucket, CSP_REPORT_SUSTAINED)) {
      return replyOk(c, null);
    }
    limiter.hit(bucket);
    // An empty report is refused by its type too, unlike an empty body on other routes.
    if (!ACCEPTED_TYPES.has(mediaTypeOf(c.req.header('content-type')))) throw unsupportedMediaType();
    const reports = parseCspReports(await readJsonBody(c, CSP_REPORT_LIMIT, { types: ACCEPTED_TYPES }));
    store.add(reports, Date.now(), source);
    return replyOk(c, null);
  });
  return routes;
}
