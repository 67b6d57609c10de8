import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Hono, type MiddlewareHandler } from 'hono';
import { needsRiskToken, RISK_TOKEN, RISK_TOKEN_REFUSED_CODE as REFUSED_CODE } from '../../engine/rules/risk-token';
import { createRateLimiter, type RateLimit } from './rate-limiter';
import { replyBusinessError, replyEnvelope, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { addressScopeOf } from '../http/address-scope';
import { clientAddressOf } from '../http/request-origin';
import type { Logger } from '../log/logger';

/** Path the risk-control SDK fetches its device token from (spec §7.6). */
export const DEVICE_TOKEN_PATH = '/v1/constantid/udid/c1';
/** Code of a §7.6 call without a token this gateway issued to the caller's address in the last 14,400 s. */
export const RISK_TOKEN_REFUSED_CODE = REFUSED_CODE;
/** Its message; the client shows its own localized text for the code. */
export const RISK_TOKEN_REFUSED_MESSAGE = 'Risk check failed, please refresh the page and try again';
/** Tokens one address may be issued in a burst: a page asks once per load and every 1200 s, so 20 a minute is many tabs. */
export const RISK_MINT_BURST: RateLimit = { max: 20, windowMs: 60_000 };
/** Tokens one address may be issued per hour: 600 is 200 tabs refreshing all hour behind one office or carrier NAT. */
export const RISK_MINT_HOURLY: RateLimit = { max: 600, windowMs: 3_600_000 };
/** Code and message of a refused issue (HTTP 429, with `retry-after`), the gateway's usual rate-limit reply. */
export const RISK_MINT_LIMITED_CODE = '40429';
const RISK_MINT_LIMITED_MESSAGE = 'Too many requests, please try again later';
/** Prune expired tokens once per this many issued. */
const PRUNE_EVERY = 200;

/** What the device-token routes and the risk check are built from. */
export interface RiskTokenRoutesDeps {
  /** A database migrated with the gateway's MIGRATIONS (`risk_tokens`, and `auth_rate_events` for the issue limit). */
  db: Database;
  /** True outside local mode: issuing is rate-limited, and the §7.6 endpoints refuse a call without a token bound to the caller. */
  required: boolean;
  now?: () => number;
  logger?: Logger;
}

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * What binds a token to where it was issued: an HMAC of the address scope keyed with the token itself. The table
 * holds only the token's digest, so it cannot recompute this, and so cannot tell whom a token was issued to (a bare
 * digest of an IPv4 address is undone by trying all 2^32); the risk check, which has the token, can.
 */
const addressTag = (token: string, scope: string) => createHmac('sha256', token).update(scope).digest();

/** The issue limit's bucket for an address scope: a digest, so the rate table keeps no address in clear. */
const mintBucket = (scope: string) =>
  `risk:mint:${createHash('sha256').update(`risk-mint\n${scope}`).digest('base64url').slice(0, 22)}`;

/**
 * The device-token side of risk control (spec §7.6): issues the 40-character token the risk SDK hands the client,
 * remembered (as a digest, across restarts) for its 14,400 s life and bound to the address it was issued to; and
 * the check that, when `required`, refuses a call to a §7.6 endpoint with `40140` unless its token was issued to
 * the caller's address (its /64 for IPv6). When `required`, an address gets at most 20 tokens a minute and 600 an
 * hour; past that the SDK is answered 429 `40429`, and the page keeps the token it holds.
 */
export function riskTokenRoutes(deps: RiskTokenRoutesDeps): {
  routes: Hono<GatewayEnv>;
  riskCheck: MiddlewareHandler<GatewayEnv>;
} {
  const now = deps.now ?? Date.now;
  const limiter = createRateLimiter(deps.db, now);
  const insert = deps.db.prepare('INSERT OR IGNORE INTO risk_tokens (digest, address_tag, issued_at) VALUES (?, ?, ?)');
  const issued = deps.db.prepare('SELECT address_tag, issued_at FROM risk_tokens WHERE digest = ?');
  const prune = deps.db.prepare('DELETE FROM risk_tokens WHERE issued_at <= ?');
  let sincePrune = 0;

  /** Seconds until the address may be issued a token again, or 0 when it may now. */
  const mintWaitSeconds = (bucket: string): number => {
    if (limiter.isLimited(bucket, RISK_MINT_BURST)) return Math.ceil(RISK_MINT_BURST.windowMs / 1000);
    if (limiter.isLimited(bucket, RISK_MINT_HOURLY)) return Math.ceil(RISK_MINT_HOURLY.windowMs / 1000);
    return 0;
  };

  const routes = new Hono<GatewayEnv>();
  routes.get(DEVICE_TOKEN_PATH, (c) => {
    c.header('cache-control', 'no-store');
    const scope = addressScopeOf(clientAddressOf(c));
    const bucket = mintBucket(scope);
    if (deps.required) {
      const wait = mintWaitSeconds(bucket);
      if (wait > 0) {
        deps.logger?.info('risk token issue limited', { bucket });
        c.header('retry-after', String(wait));
        return replyEnvelope(
          c,
          { status: 'error', code: RISK_MINT_LIMITED_CODE, msg: RISK_MINT_LIMITED_MESSAGE, data: null },
          429,
        );
      }
      limiter.hit(bucket);
    }
    const token = randomBytes(20).toString('hex');
    const at = now();
    insert.run(digest(token), addressTag(token, scope), at);
    sincePrune += 1;
    if (sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      prune.run(at - RISK_TOKEN.expiryMs);
    }
    return replyOk(c, { token });
  });

  /** Whether the token was issued here, to this address scope, in the last 14,400 s; or why not. */
  const verdictOf = (token: string | undefined, scope: string): 'pass' | 'unknown' | 'elsewhere' => {
    if (token === undefined || token.length !== RISK_TOKEN.successLength) return 'unknown';
    const row = issued.get(digest(token)) as { address_tag: Buffer; issued_at: number } | undefined;
    if (row === undefined || now() - row.issued_at >= RISK_TOKEN.expiryMs) return 'unknown';
    return timingSafeEqual(row.address_tag, addressTag(token, scope)) ? 'pass' : 'elsewhere';
  };

  const riskCheck: MiddlewareHandler<GatewayEnv> = async (c, next) => {
    if (!deps.required || c.req.method !== 'POST' || !needsRiskToken(c.req.path)) return next();
    const token = c.req.header('risk-token');
    const verdict = verdictOf(token, addressScopeOf(clientAddressOf(c)));
    if (verdict === 'pass') return next();
    deps.logger?.info('risk token refused', { path: c.req.path, present: token !== undefined, reason: verdict });
    return replyBusinessError(c, RISK_TOKEN_REFUSED_CODE, RISK_TOKEN_REFUSED_MESSAGE);
  };

  return { routes, riskCheck };
}
