import { Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import type { AuthContext } from '../auth-context';
import { currentPasswordWrong, rateLimited, submitFailed } from '../auth-errors';
import { readNewPassword, readPassword } from '../auth-fields';
import { TOTP_USER_LIMIT } from '../sign-in/auth-limits';
import { readAuthBody, readSensitiveFields, requireUser } from '../auth-request';
import { loginPasswordIsFundPassword } from './profile-errors';
import { createProfileStore } from './profile-store';
import { endOtherSessions, requireStepUp, withStepUp } from '../second-factors/step-up';
import { mainAccountOnly } from '../sub-accounts/sub-errors';

/** `POST {oldPwd, pwd, rePwd}`, the three encrypted into `bodyCiphertext` (signing config `enc:oldPwd,pwd,rePwd`). */
export const PASSWORD_CHANGE_PATH = '/v1/user/security/password/change';

/**
 * Changes the login password of a signed-in main account: the current password, a step-up for `password-change`,
 * and the new password twice by the registration rules (never the fund password). Every other session of the account then ends, and so do its
 * unfinished sign-ins. Wrong current passwords count against the account (5 per 15 minutes).
 */
export function passwordRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const profiles = createProfileStore(ctx.db);
  routes.post(PASSWORD_CHANGE_PATH, async (c) => {
    const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
    if (!submitted) throw submitFailed();
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    // Asked first, so the password is not checked (nor guessed at) without a fresh second factor.
    requireStepUp(ctx, sessionIdOf(c), 'password-change', { consume: false });
    const oldPwd = readPassword(submitted.fields, 'oldPwd');
    const pwd = readNewPassword(submitted.fields);
    const bucket = `password:user:${user.id}`;
    if (ctx.limiter.isLimited(bucket, TOTP_USER_LIMIT)) throw rateLimited();
    if (!(await ctx.checkPassword(oldPwd, user.passwordHash))) {
      ctx.limiter.hit(bucket);
      throw currentPasswordWrong();
    }
    if (pwd === oldPwd) throw invalidField('pwd', 'must differ from the current password');
    const fundHash = profiles.fundPasswordHashOf(user.id);
    if (fundHash !== null && (await ctx.checkPassword(pwd, fundHash))) throw loginPasswordIsFundPassword();
    const passwordHash = await ctx.hashPassword(pwd);
    withStepUp(ctx, sessionIdOf(c), 'password-change', () => ctx.users.setPasswordHash(user.id, passwordHash));
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('password changed', { userId: user.id });
    return replyOk(c, { changed: true });
  });
  return routes;
}
