import { Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import type { AuthContext } from '../auth/auth-context';
import { isAntiPhishingCode, readAntiPhishingCode, writeAntiPhishingCode } from '../auth/profile/anti-phishing-store';
import { readAuthBody, requireUser } from '../auth/auth-request';
import { withStepUp } from '../auth/second-factors/step-up';
import type { SubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import { ownedSub } from './sub-owner';

/** Paths of a sub-account's anti-phishing code, set by its main account (`/subaccount/setting/antiphishing`). */
export const SUB_ANTI_PHISHING_PATHS = {
  /** `GET ?userId=` → `{ code }`, null when none is set. */
  read: '/v1/user/sub/antiphishing',
  /** `POST {userId, code}` after a step-up for `anti-phishing`; `code: null` removes it. */
  write: '/v1/user/sub/antiphishing/set',
} as const;

/** Reads and sets the anti-phishing code of a live sub-account of the signed-in main account. */
export function subAntiPhishingRoutes(ctx: AuthContext, store: SubAccountStore): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get(SUB_ANTI_PHISHING_PATHS.read, (c) => {
    const { sub } = ownedSub(store, requireUser(ctx, c), c.req.query('userId'));
    return replyOk(c, { code: readAntiPhishingCode(ctx.db, sub.id) });
  });

  routes.post(SUB_ANTI_PHISHING_PATHS.write, async (c) => {
    const body = await readAuthBody(c);
    const { main, sub } = ownedSub(store, requireUser(ctx, c), body.userId);
    const code = body.code === null ? null : body.code;
    if (code !== null && !isAntiPhishingCode(code)) throw invalidField('code', 'must be 4 to 20 letters or digits');
    withStepUp(ctx, sessionIdOf(c), 'anti-phishing', () => writeAntiPhishingCode(ctx.db, sub.id, code));
    ctx.logger.info('sub-account anti-phishing code changed', { userId: main.id, subUserId: sub.id });
    return replyOk(c, { code });
  });

  return routes;
}
