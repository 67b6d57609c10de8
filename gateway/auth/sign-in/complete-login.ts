import type { AuthContext } from '../auth-context';
import { clearLoginFailures } from './auth-limits';
import { recordLoginAttempt } from '../sessions/login-history';
import type { ClientKey } from './pending-login-store';
import { clearedPendingCookie, type RequestFacts, type SignInAnswer, sessionCookies } from '../sessions/request-facts';
import type { UserRecord } from '../user-store';
import { loginView } from '../user-views';

/** Ends sessions that are over: the request's own (it is replaced) and any expired ones, telling the session-ended hook each time. */
async function endOldSessions(ctx: AuthContext, previous: RequestFacts['session']): Promise<void> {
  const ended = ctx.sessions.pruneExpired();
  if (previous) {
    ctx.sessions.replace(previous.sessionId);
    ended.push(previous.sessionId);
  }
  for (const sessionId of ended) await ctx.onSessionEnded(sessionId);
}

/**
 * Turns a fully verified login (or a registration) into a session: a fresh `sid` and `login_token`, the envelope's
 * client key bound through `onKeyBound`, the account's failure count cleared; answers the masked identity.
 */
export async function completeLogin(
  ctx: AuthContext,
  facts: RequestFacts,
  user: UserRecord,
  clientKey: ClientKey | null,
  accountKey?: string,
): Promise<SignInAnswer> {
  await endOldSessions(ctx, facts.session);
  const created = ctx.sessions.create(user.id, facts.device);
  if (clientKey) {
    try {
      await ctx.onKeyBound({ ...clientKey, userId: user.id, sessionId: created.session.sessionId });
    } catch (error) {
      // A session whose key is not bound could not sign; drop it and let the app answer "busy".
      ctx.sessions.remove(created.session.sessionId);
      throw error;
    }
  }
  if (accountKey !== undefined) clearLoginFailures(ctx, accountKey, facts.device.ip);
  recordLoginAttempt(ctx, facts, user.id, 'success');
  ctx.logger.info('login complete', { userId: user.id, sessionId: created.session.sessionId });
  return {
    data: loginView(user),
    cookies: [...sessionCookies(created), clearedPendingCookie()],
    session: created.session,
  };
}
