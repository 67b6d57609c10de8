import { Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { submitFailed } from '../auth-errors';
import { readNewPassword } from '../auth-fields';
import { readAuthBody, readSensitiveFields, requireUser } from '../auth-request';
import { fundPasswordIsLoginPassword } from './profile-errors';
import { createProfileStore } from './profile-store';
import { requireStepUp, withStepUp } from '../second-factors/step-up';
import { mainAccountOnly } from '../sub-accounts/sub-errors';

/** `POST {pwd, rePwd}`, encrypted into `bodyCiphertext` (signing config `enc:pwd,rePwd`); the spec's app link name. */
export const FUND_PASSWORD_PATH = '/v1/user/safe/setting_bund_pwd';

/**
 * Sets or changes the fund password of a signed-in main account after a step-up for `fund-password`: by the login
 * password's rules, hashed like it (scrypt), and never equal to the login password.
 */
export function fundPasswordRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const profiles = createProfileStore(ctx.db);
  routes.post(FUND_PASSWORD_PATH, async (c) => {
    const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
    if (!submitted) throw submitFailed();
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    requireStepUp(ctx, sessionIdOf(c), 'fund-password', { consume: false });
    const pwd = readNewPassword(submitted.fields);
    if (await ctx.checkPassword(pwd, user.passwordHash)) throw fundPasswordIsLoginPassword();
    const hash = await ctx.hashPassword(pwd);
    const wasSet = profiles.fundPasswordHashOf(user.id) !== null;
    withStepUp(ctx, sessionIdOf(c), 'fund-password', () => profiles.setFundPasswordHash(user.id, hash, ctx.now()));
    ctx.logger.info(wasSet ? 'fund password changed' : 'fund password set', { userId: user.id });
    return replyOk(c, { fundPasswordSet: true });
  });
  return routes;
}
