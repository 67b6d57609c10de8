import { Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import type { AuthContext } from '../auth/auth-context';
import { readAuthBody, readStepFields, requireUser } from '../auth/auth-request';
import { withStepUp } from '../auth/second-factors/step-up';
import type { SubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { subAccountFrozen } from '../auth/sub-accounts/sub-errors';
import { apiKeyNotFound } from '../api-keys/api-key-errors';
import { createKeyFrom } from '../api-keys/api-key-routes';
import { API_KEY_PATTERN } from '../api-keys/api-key-rules';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { ownedSub } from './sub-owner';

/**
 * Paths of a sub-account's API keys, managed by its main account (issue 21 §4). The keys are the sub-account's own
 * (`api_keys.user_id` is the sub-account), so on the v2 API they act as the sub-account and nothing else.
 */
export const SUB_KEY_PATHS = {
  /** `GET ?userId=` → the sub-account's keys, without secrets or passphrases. */
  list: '/v1/user/sub/apikey/list',
  /** `POST {userId, label, permissions, ips, passphrase}` after a step-up for `api-key-create` → the key and its secret, once. */
  create: '/v1/user/sub/apikey/create',
  /** `POST {userId, apiKey}` after a step-up for `api-key-delete`. */
  delete: '/v1/user/sub/apikey/delete',
} as const;

/** The key routes of sub-accounts: list, create and delete, each for a live sub-account of the signed-in main account. */
export function subKeyRoutes(ctx: AuthContext, store: SubAccountStore, keys: ApiKeyStore): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  routes.get(SUB_KEY_PATHS.list, (c) => {
    const { sub } = ownedSub(store, requireUser(ctx, c), c.req.query('userId'));
    return replyOk(c, keys.listOf(sub.id));
  });

  routes.post(SUB_KEY_PATHS.create, async (c) => {
    const fields = await readStepFields(ctx, c, await readAuthBody(c));
    const { main, sub } = ownedSub(store, requireUser(ctx, c), fields.userId);
    // A frozen sub-account gets no new way in.
    if (sub.isFrozen) throw subAccountFrozen();
    const created = await createKeyFrom(ctx, c, keys, sub.id, fields);
    ctx.logger.info('sub-account api key created', { userId: main.id, subUserId: sub.id, apiKey: created.apiKey });
    return replyOk(c, created);
  });

  routes.post(SUB_KEY_PATHS.delete, async (c) => {
    const body = await readAuthBody(c);
    const { main, sub } = ownedSub(store, requireUser(ctx, c), body.userId);
    const apiKey = body.apiKey;
    if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) throw apiKeyNotFound();
    withStepUp(ctx, sessionIdOf(c), 'api-key-delete', () => {
      if (!keys.remove(sub.id, apiKey)) throw apiKeyNotFound();
    });
    ctx.logger.info('sub-account api key deleted', { userId: main.id, subUserId: sub.id, apiKey });
    return replyOk(c, { apiKey });
  });

  return routes;
}
