import type { Context } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { clearLoginFailures } from './auth-limits';
import { recordLoginAttempt } from '../sessions/login-history';
import type { ClientKey } from './pending-login-store';
import { clearPendingCookie, isSecureRequest, setSessionCookies } from '../sessions/session-cookies';
import { deviceOf } from '../sessions/session-middleware';
import type { UserRecord } from '../user-store';
import { loginView } from '../user-views';

/** Ends sessions that are over: the request's own (it is replaced) and any expired ones, telling the session-ended hook each time. */
async function endOldSessions(ctx: AuthContext, c: Context<GatewayEnv>): Promise<void> {
  const ended = ctx.sessions.pruneExpired();
  const previous = c.get('session') ?? null;
  if (previous) {
    ctx.sessions.replace(previous.sessionId);
    ended.push(previous.sessionId);
  }
  for (const sessionId of ended) await ctx.onSessionEnded(sessionId);
}

/**
 * Turns a fully verified login (or a registration) into a session: a fresh `sid` and `login_token`, the envelope's
 * client key bound through `onKeyBound`, the account's failure count cleared; replies the masked identity.
 */
export async function completeLogin(
  ctx: AuthContext,
  c: Context<GatewayEnv>,
  user: UserRecord,
  clientKey: ClientKey | null,
  accountKey?: string,
): Promise<Response> {
  await endOldSessions(ctx, c);
  const created = ctx.sessions.create(user.id, deviceOf(c, ctx.clientIp));
  if (clientKey) {
    try {
      await ctx.onKeyBound({ ...clientKey, userId: user.id, sessionId: created.session.sessionId });
    } catch (error) {
      // A session whose key is not bound could not sign; drop it and let the app answer "busy".
      ctx.sessions.remove(created.session.sessionId);
      throw error;
    }
  }
  const secure = isSecureRequest(c, ctx.secureCookies);
  setSessionCookies(c, created, secure);
  clearPendingCookie(c, secure);
  c.set('session', created.session);
  if (accountKey !== undefined) clearLoginFailures(ctx, accountKey, ctx.clientIp(c));
  recordLoginAttempt(ctx, c, user.id, 'success');
  ctx.logger.info('login complete', { userId: user.id, sessionId: created.session.sessionId });
  return replyOk(c, loginView(user));
}
