import { Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { codeInvalid, rateLimited, submitFailed } from '../auth-errors';
import { readAreaCode, readCode, readEmail, readMobile, readNewPassword } from '../auth-fields';
import { TOTP_USER_LIMIT } from './auth-limits';
import { readAuthBody, readChoice, readSensitiveFields } from '../auth-request';
import { mobileTarget } from '../second-factors/code-sender';
import type { UserRecord } from '../user-store';
import type { CodeChannel } from '../second-factors/verify-code-store';

/**
 * `POST {type, email | areaCode + mobile, verifyCode, pwd, rePwd}`, `pwd` and `rePwd` encrypted into
 * `bodyCiphertext` (signing config `enc:pwd,rePwd`): a forgotten password replaced with a code sent to the
 * account's email or phone (`/v1/msg/verify-code/send`, scene `reset`).
 */
export const PASSWORD_RESET_PATH = '/v1/user/password/reset';

const CHANNELS: readonly CodeChannel[] = ['email', 'mobile'];

/** The account and code target a reset names: only a main, non-demo account can reset its password this way. */
export function resetAccountOf(
  ctx: AuthContext,
  body: JsonObject,
  channel: CodeChannel,
): { target: string; user: UserRecord | undefined } {
  if (channel === 'email') {
    const email = readEmail(body);
    return { target: email, user: mainAccount(ctx.users.findByEmail(email)) };
  }
  const areaCode = readAreaCode(body);
  const mobile = readMobile(body);
  return { target: mobileTarget(areaCode, mobile), user: mainAccount(ctx.users.findByMobile(areaCode, mobile)) };
}

function mainAccount(user: UserRecord | undefined): UserRecord | undefined {
  return user && user.parentId === null && !user.isDemo ? user : undefined;
}

/**
 * Replaces a forgotten password. The code is checked before anything else, and a wrong one, an unknown account and
 * a used code get one and the same reply, so the call never tells whether an account exists; five wrong codes per
 * target in 15 minutes close it. The code is used up, and every session and unfinished sign-in of the account ends:
 * whoever knew the old password is signed out everywhere. Second factors stay as they were.
 */
export function passwordResetRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.post(PASSWORD_RESET_PATH, async (c) => {
    const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
    if (!submitted) throw submitFailed();
    const body = submitted.fields;
    const channel = readChoice(body, 'type', CHANNELS);
    const { target, user } = resetAccountOf(ctx, body, channel);
    const code = readCode(body, 'verifyCode');
    const pwd = readNewPassword(body);
    const bucket = `reset:${channel}:${target}`;
    if (ctx.limiter.isLimited(bucket, TOTP_USER_LIMIT)) throw rateLimited();
    const match = ctx.codes.check(channel, target, 'reset', code);
    if (match === null || !user) {
      ctx.limiter.hit(bucket);
      throw codeInvalid();
    }
    const passwordHash = await ctx.hashPassword(pwd);
    ctx.db.transaction(() => {
      ctx.codes.consume(match);
      ctx.users.setPasswordHash(user.id, passwordHash);
    })();
    const ended = ctx.sessions.removeOthersOf(user.id, '');
    ctx.pending.removeAllOf(user.id);
    for (const sessionId of ended) await ctx.onSessionEnded(sessionId);
    ctx.logger.info('password reset', { userId: user.id, sessionsEnded: ended.length });
    return replyOk(c, { reset: true });
  });
  return routes;
}
