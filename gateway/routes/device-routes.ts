import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Hono, type MiddlewareHandler } from 'hono';
import { needsRiskToken, RISK_TOKEN } from '../../engine/rules/risk-token';
import { replyBusinessError, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { Logger } from '../log/logger';

/** Path the risk-control SDK fetches its device token from (spec §7.6). */
export const DEVICE_TOKEN_PATH = '/v1/constantid/udid/c1';
/** Code of a §7.6 call without a token this gateway issued in the last 14,400 s. */
export const RISK_TOKEN_REFUSED_CODE = '40140';
/** Its message; the client shows its own localized text for the code. */
export const RISK_TOKEN_REFUSED_MESSAGE = 'Risk check failed, please refresh the page and try again';
/** Prune expired tokens once per this many issued. */
const PRUNE_EVERY = 200;

/** What the device-token routes and the risk check are built from. */
export interface DeviceRoutesDeps {
  /** A database migrated with CORE_MIGRATIONS (`risk_tokens`). */
  db: Database;
  /** True outside local mode: the §7.6 endpoints refuse a call without a known token. */
  required: boolean;
  now?: () => number;
  logger?: Logger;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * The device-token side of risk control (spec §7.6): issues the 40-character token the risk SDK hands the client,
 * remembered (as a digest, across restarts) for its 14,400 s life; and the check that, when `required`, refuses a
 * call to a §7.6 endpoint without such a token with `40140`.
 */
export function deviceRoutes(deps: DeviceRoutesDeps): {
  routes: Hono<GatewayEnv>;
  riskCheck: MiddlewareHandler<GatewayEnv>;
} {
  const now = deps.now ?? Date.now;
  const insert = deps.db.prepare('INSERT OR IGNORE INTO risk_tokens (digest, issued_at) VALUES (?, ?)');
  const issuedAt = deps.db.prepare('SELECT issued_at FROM risk_tokens WHERE digest = ?');
  const prune = deps.db.prepare('DELETE FROM risk_tokens WHERE issued_at <= ?');
  let sincePrune = 0;

  const routes = new Hono<GatewayEnv>();
  routes.get(DEVICE_TOKEN_PATH, (c) => {
    const token = randomBytes(20).toString('hex');
    const at = now();
    insert.run(digest(token), at);
    sincePrune += 1;
    if (sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      prune.run(at - RISK_TOKEN.expiryMs);
    }
    c.header('cache-control', 'no-store');
    return replyOk(c, { token });
  });

  const isKnownToken = (token: string | undefined): boolean => {
    if (token === undefined || token.length !== RISK_TOKEN.successLength) return false;
    const row = issuedAt.get(digest(token)) as { issued_at: number } | undefined;
    return row !== undefined && now() - row.issued_at < RISK_TOKEN.expiryMs;
  };

  const riskCheck: MiddlewareHandler<GatewayEnv> = async (c, next) => {
    if (!deps.required || c.req.method !== 'POST' || !needsRiskToken(c.req.path)) return next();
    if (isKnownToken(c.req.header('risk-token'))) return next();
    deps.logger?.info('risk token refused', { path: c.req.path, present: c.req.header('risk-token') !== undefined });
    return replyBusinessError(c, RISK_TOKEN_REFUSED_CODE, RISK_TOKEN_REFUSED_MESSAGE);
  };

  return { routes, riskCheck };
}
