import { Hono } from 'hono';
import { replyEnvelope, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';

/** Code the client treats as "not logged in" (spec §8). */
export const NOT_LOGGED_IN_CODE = '00005';

/** Public `/v1` basics: server time, and the user overview that answers "not logged in" until sessions exist. */
export function sessionRoutes(now: () => number = Date.now): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.get('/v1/public/time', (c) => replyOk(c, { serverTime: String(now()) }));
  // The client resolves this call's data even on 00005 (spec §8), so no status:"error" here: it would toast on every page.
  routes.get('/v1/user/overview/userinfo', (c) =>
    replyEnvelope(c, { code: NOT_LOGGED_IN_CODE, msg: 'Please login to visit', data: { isLogin: false } }),
  );
  return routes;
}
