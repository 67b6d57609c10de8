import { Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { readBoolean } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { readAuthBody, requireUser } from '../auth-request';
import { verificationChoiceRefused } from '../profile/profile-errors';
import { withStepUp } from './step-up';
import { mainAccountOnly } from '../sub-accounts/sub-errors';
import type { UserRecord } from '../user-store';
import { createWebAuthnStore } from '../security-keys/webauthn-store';

/** `GET` → which second factors a sign-in may ask (bound) and asks (on); `POST {email, mobile, google, fido}` sets them. */
export const LOGIN_VERIFICATION_PATH = '/v1/user/security/login-verification';

/** The second factors a sign-in may ask for, as `/modifyverification` names them. */
export const LOGIN_FACTORS = ['email', 'mobile', 'google', 'fido'] as const;
export type LoginFactor = (typeof LOGIN_FACTORS)[number];

/** Which factors the account has bound, so a sign-in could ask them. */
export function boundFactors(ctx: AuthContext, user: UserRecord): Record<LoginFactor, boolean> {
  return {
    email: user.email !== null,
    mobile: user.mobile !== null,
    google: user.totpSecret !== null,
    fido: createWebAuthnStore(ctx.db, ctx.now).credentialsOf(user.id).length > 0,
  };
}

function view(ctx: AuthContext, user: UserRecord) {
  const bound = boundFactors(ctx, user);
  const enabled = Object.fromEntries(LOGIN_FACTORS.map((factor) => [factor, bound[factor] && user.twoFactor[factor]]));
  return { bound, enabled };
}

/**
 * `/modifyverification`: chooses which bound second factors a sign-in asks for (login-steps.ts reads the same flags).
 * At least one stays on; saving needs a fresh step-up of the factors on now, for `login-verification`.
 */
export function verificationSettingsRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get(LOGIN_VERIFICATION_PATH, (c) => replyOk(c, view(ctx, requireUser(ctx, c))));

  routes.post(LOGIN_VERIFICATION_PATH, async (c) => {
    const body = await readAuthBody(c);
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    const bound = boundFactors(ctx, user);
    const chosen = Object.fromEntries(
      LOGIN_FACTORS.map((factor) => [factor, readBoolean(body, factor) ?? false]),
    ) as Record<LoginFactor, boolean>;
    const on = LOGIN_FACTORS.filter((factor) => chosen[factor]);
    if (on.length === 0 || on.some((factor) => !bound[factor])) throw verificationChoiceRefused();
    withStepUp(ctx, sessionIdOf(c), 'login-verification', () => ctx.users.setTwoFactor(user.id, chosen));
    ctx.logger.info('sign-in verification changed', { userId: user.id, on: on.join(',') });
    return replyOk(c, view(ctx, ctx.users.findById(user.id)!));
  });

  return routes;
}
