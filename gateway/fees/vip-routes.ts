import type { Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { requireSession } from '../auth/sessions/session-middleware';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { vipOverviewView, vipScheduleView } from './vip-views';
import { vipVolumesOf } from './vip-volumes';

/** Paths of VIP fees (gateway/fees/vip-api.md). */
export const VIP_PATHS = {
  /** `GET` (public) → the fee schedule by VIP level. */
  levels: '/v1/public/vip/levels',
  /** `GET` (signed in) → the user's level, 30-day volumes, rates and the next level. */
  overview: '/v1/user/vip/overview',
} as const;

/** What the VIP routes read: the database, the clock and whether a user is a demo account (paper trading's context). */
export interface VipRouteDeps {
  db: Database;
  now: () => number;
  isDemo: (userId: string) => boolean;
}

/** The VIP routes: the public schedule and the signed-in user's own overview (never another user's). */
export function vipRoutes(deps: VipRouteDeps): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const schedule = vipScheduleView();

  routes.get(VIP_PATHS.levels, (c) => replyOk(c, schedule));

  routes.get(VIP_PATHS.overview, (c) => {
    const { userId } = requireSession(c);
    const now = deps.now();
    return replyOk(c, vipOverviewView(vipVolumesOf(deps.db).volumes(userId, now), now, deps.isDemo(userId)));
  });

  return routes;
}
