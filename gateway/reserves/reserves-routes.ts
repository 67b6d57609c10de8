import { Hono } from 'hono';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { sessionOf } from '../auth/sessions/session-middleware';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { PaperTrading } from '../trading/paper-trading';
import { requireTrader } from '../trading/trade-session';
import { demoNotInTree, notInTree, proofRateLimited, treeNotReady } from './reserves-errors';
import type { ReservesService } from './reserves-service';

/** Paths of proof of reserves (README "Proof of reserves"). */
export const RESERVES_PATHS = {
  /** `GET` (public) → the latest root, its figures per coin and the last 30 roots. */
  summary: '/v1/public/reserves/summary',
  /** `GET` (signed in) → the caller's own `ReservesProof` against the latest tree. */
  proof: '/v1/asset/reserves/proof',
} as const;

/** Proof downloads per session: each one is a lookup and a path, cheap, but nobody needs more than a few. */
export const PROOF_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };

/** The reserves routes: the public summary and the signed-in user's own proof (no user id is read from the request). */
export function reservesRoutes(
  reserves: ReservesService,
  trading: PaperTrading,
  limiter: RateLimiter,
): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const isDemo = trading.ctx.db.prepare('SELECT 1 FROM users WHERE id = ? AND is_demo = 1').pluck();

  routes.get(RESERVES_PATHS.summary, (c) => replyOk(c, reserves.summary()));

  routes.get(RESERVES_PATHS.proof, (c) => {
    const userId = requireTrader(c, trading.ctx);
    if (isDemo.get(userId)) throw demoNotInTree();
    const bucket = `reserves:proof:${sessionOf(c)!.sessionId}`;
    if (limiter.isLimited(bucket, PROOF_LIMIT)) throw proofRateLimited();
    limiter.hit(bucket);
    const proof = reserves.proof(userId);
    if (proof === 'not-ready') throw treeNotReady();
    if (!proof) throw notInTree();
    c.header('cache-control', 'no-store');
    return replyOk(c, proof);
  });

  return routes;
}
