import { randomBytes } from 'node:crypto';
import { sessionIdOf } from '../sessions/session-middleware';
import { Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { codeInvalid, googleAlreadyBound, googleNoSetup, googleNotBound } from '../auth-errors';
import { readCode } from '../auth-fields';
import { totpAttempt } from '../sign-in/auth-limits';
import { readAuthBody, readStepFields, requireUser } from '../auth-request';
import { decodeBase32, encodeBase32 } from './base32';
import { TOTP_PERIOD_SECONDS, verifyTotp } from './totp';
import { endOtherSessions, requireStepUp, withStepUp } from './step-up';
import type { UserRecord } from '../user-store';

/** Paths of the authenticator binding calls. */
export const GOOGLE_PATHS = {
  secret: '/v1/user/security/google/secret',
  bind: '/v1/user/security/google/bind',
  unbind: '/v1/user/security/google/unbind',
} as const;

/** How long a secret from `google/secret` may be confirmed: 10 minutes. */
export const TOTP_SETUP_TTL_MS = 10 * 60 * 1000;
const SECRET_BYTES = 20;

/** The `otpauth://` URI authenticator apps scan (Key Uri Format: SHA1, 6 digits, 30 s). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

function accountLabel(user: UserRecord): string {
  return user.email ?? (user.mobile !== null ? `+${user.areaCode} ${user.mobile}` : user.id);
}

/**
 * `google/secret`, `google/bind` `{googleCode}` (the new authenticator's code) and `google/unbind` for a signed-in user;
 * bind and unbind need a step-up for their purpose, and end the account's other sessions.
 */
export function googleAuthRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.post(GOOGLE_PATHS.secret, (c) => {
    const user = requireUser(ctx, c);
    if (user.twoFactor.google) throw googleAlreadyBound();
    const secret = encodeBase32(randomBytes(SECRET_BYTES));
    ctx.users.setTotpPending(user.id, secret, ctx.now());
    return replyOk(c, { secret, otpauthUri: otpauthUri(ctx.totpIssuer, accountLabel(user), secret) });
  });

  routes.post(GOOGLE_PATHS.bind, async (c) => {
    const code = readCode(await readStepFields(ctx, c, await readAuthBody(c)), 'googleCode');
    // Read after the last await, so concurrent requests see each other's used step.
    const user = requireUser(ctx, c);
    if (user.twoFactor.google) throw googleAlreadyBound();
    // A session alone never binds an authenticator: a stolen one would lock the owner out.
    requireStepUp(ctx, sessionIdOf(c), 'google-bind', { consume: false });
    const secret = user.totpPendingSecret;
    if (secret === null || user.totpPendingAt === null || ctx.now() - user.totpPendingAt > TOTP_SETUP_TTL_MS)
      throw googleNoSetup();
    const countFailure = totpAttempt(ctx, user.id);
    const step = verifyTotp(decodeBase32(secret)!, code, ctx.now(), 0);
    if (step === null) {
      countFailure();
      throw codeInvalid();
    }
    withStepUp(ctx, sessionIdOf(c), 'google-bind', () => ctx.users.enableTotp(user.id, secret, step));
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('authenticator bound', { userId: user.id });
    return replyOk(c, { googleBound: true });
  });

  // The step-up asked for the authenticator's code already (and any other factor the account has).
  routes.post(GOOGLE_PATHS.unbind, async (c) => {
    const user = requireUser(ctx, c);
    if (!user.twoFactor.google || user.totpSecret === null) throw googleNotBound();
    withStepUp(ctx, sessionIdOf(c), 'google-unbind', () => ctx.users.disableTotp(user.id));
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('authenticator unbound', { userId: user.id });
    return replyOk(c, { googleBound: false });
  });

  return routes;
}
