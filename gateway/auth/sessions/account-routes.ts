import { Hono } from 'hono';
import { replyEnvelope, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { clearedPendingCookie, clearedSessionCookies } from './request-facts';
import { applyCookies, isSecureRequest } from './session-cookies';
import { userInfoView } from '../user-views';

/** Path of the user overview (spec §7.5). */
export const USERINFO_PATH = '/v1/user/overview/userinfo';
/** Path of logout. */
export const LOGOUT_PATH = '/v1/user/logout';

/** `GET /v1/user/overview/userinfo` (the signed-in user, or today's `00005` reply) and `POST /v1/user/logout`. */
export function accountRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get(USERINFO_PATH, (c) => {
    const session = c.get('session') ?? null;
    const user = session ? ctx.users.findById(session.userId) : undefined;
    if (user) return replyOk(c, userInfoView(user));
    // The client resolves this call's data even on 00005 (spec §8), so no status:"error" here: it would toast on every page.
    return replyEnvelope(c, { code: '00005', msg: 'Please login to visit', data: { isLogin: false } });
  });

  routes.post(LOGOUT_PATH, async (c) => {
    const session = c.get('session') ?? null;
    if (session) {
      ctx.sessions.remove(session.sessionId);
      c.set('session', null);
      await ctx.onSessionEnded(session.sessionId);
      ctx.logger.info('logout', { userId: session.userId, sessionId: session.sessionId });
    }
    // Cookies are cleared whether or not a session was found, so a stale page always ends up signed out.
    applyCookies(c, [...clearedSessionCookies(), clearedPendingCookie()], isSecureRequest(c, ctx.secureCookies));
    return replyOk(c, null);
  });

  return routes;
}
