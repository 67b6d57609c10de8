import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { PaperTrading } from '../trading/paper-trading';
import { tradeErrorHandler } from '../trading/trade-errors';
import { requireTrader } from '../trading/trade-session';
import { vipOverviewView, vipScheduleView } from './vip-views';
import { vipVolumesOf } from './vip-volumes';

/** Paths of VIP fees (gateway/fees/vip-api.md). */
export const VIP_PATHS = {
  /** `GET` (public) → the fee schedule by VIP level. */
  levels: '/v1/public/vip/levels',
  /** `GET` (signed in) → the user's level, 30-day volumes, rates and the next level. */
  overview: '/v1/user/vip/overview',
} as const;

/** The VIP routes: the public schedule and the signed-in user's own overview (never another user's). */
export function vipRoutes(trading: PaperTrading): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(tradeErrorHandler);
  const schedule = vipScheduleView();

  routes.get(VIP_PATHS.levels, (c) => replyOk(c, schedule));

  routes.get(VIP_PATHS.overview, (c) => {
    const { ctx } = trading;
    const userId = requireTrader(c, ctx);
    const now = ctx.now();
    return replyOk(c, vipOverviewView(vipVolumesOf(ctx.db).volumes(userId, now), now, ctx.isDemo(userId)));
  });

  return routes;
}
