import type { Database } from 'better-sqlite3';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidFundQuery } from './fund-errors';
import { protectionFundOf } from './protection-fund';

/** Paths of the protection fund (gateway/protection-fund/protection-fund-api.md); all public. */
export const FUND_PATHS = {
  /** `GET` → the balance per coin, when it was read, and the payouts of the last 30 days. */
  summary: '/v1/public/protection-fund/summary',
  /** `GET ?days=30|90|180` → one closing balance per day. */
  history: '/v1/public/protection-fund/history',
  /** `GET ?limit=1…50` → the latest payouts, newest first. */
  payouts: '/v1/public/protection-fund/payouts',
} as const;

/** The history ranges the page offers; the default is the first. */
export const HISTORY_RANGES = ['30', '90', '180'] as const;
/** Payouts per reply: 20 unless asked, at most 50. */
export const DEFAULT_PAYOUTS = 20;
export const MAX_PAYOUTS = 50;

/**
 * One parameter the route reads, or undefined when absent; a repeated one is refused (which copy would count?).
 * Other parameters are ignored: the request layer adds its own to every request (`languageType`, `_t`; spec §5).
 */
function singleQuery(c: Context<GatewayEnv>, name: string): string | undefined {
  const values = c.req.queries(name);
  if (values === undefined || values.length === 0) return undefined;
  if (values.length > 1) throw invalidFundQuery(name, 'must be given once');
  return values[0];
}

function daysOf(value: string | undefined): number {
  if (value === undefined) return Number(HISTORY_RANGES[0]);
  if (!(HISTORY_RANGES as readonly string[]).includes(value))
    throw invalidFundQuery('days', `must be one of ${HISTORY_RANGES.join(', ')}`);
  return Number(value);
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PAYOUTS;
  const limit = /^[1-9][0-9]?$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_PAYOUTS))
    throw invalidFundQuery('limit', `must be an integer from 1 to ${MAX_PAYOUTS}`);
  return limit;
}

/** The protection fund's public routes: its summary, its daily history and its recent payouts (masked users only). */
export function fundRoutes(deps: { db: Database; now: () => number }): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const fund = () => protectionFundOf(deps.db);

  routes.get(FUND_PATHS.summary, (c) => {
    return replyOk(c, fund().summary(deps.now()));
  });

  routes.get(FUND_PATHS.history, (c) => {
    const days = daysOf(singleQuery(c, 'days'));
    return replyOk(c, { coin: 'USDT', days, points: fund().history(days, deps.now()) });
  });

  routes.get(FUND_PATHS.payouts, (c) => {
    const limit = limitOf(singleQuery(c, 'limit'));
    return replyOk(c, { payouts: fund().payouts(limit, deps.now()) });
  });

  return routes;
}
