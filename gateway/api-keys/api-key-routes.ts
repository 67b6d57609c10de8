import { type Context, Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import type { AuthContext } from '../auth/auth-context';
import { readAuthBody, readStepFields, requireUser } from '../auth/auth-request';
import { requireStepUp, withStepUp } from '../auth/second-factors/step-up';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import { apiKeyLimit, apiKeyNotFound } from './api-key-errors';
import { API_KEY_PATTERN, MAX_KEYS_PER_USER, readLabel, readPassphrase, readPermissions } from './api-key-rules';
import type { ApiKeyChange, ApiKeyStore, ApiKeyView } from './api-key-store';
import { readIpList } from './ip-allow-list';

/** Paths of the signed-in account's API keys (issue 21 §3; the `/account/newapi` and `/api` pages call them). */
export const API_KEY_PATHS = {
  /** `POST {label, permissions, ips, passphrase}` after a step-up for `api-key-create` → the key and its secret, once. */
  create: '/v1/user/apikey/create',
  /** `GET` → the account's keys, without secrets or passphrases. */
  list: '/v1/user/apikey/list',
  /** `POST {apiKey, label?, permissions?, ips?}`; a change of permissions or IPs needs a step-up for `api-key-edit`. */
  update: '/v1/user/apikey/update',
  /** `POST {apiKey}`: the key stops working at once (no step-up: it only takes access away). */
  disable: '/v1/user/apikey/disable',
  /** `POST {apiKey}` after a step-up for `api-key-edit`: a key disabled after a leak works again only with a second factor. */
  enable: '/v1/user/apikey/enable',
  /** `POST {apiKey}` after a step-up for `api-key-delete`. */
  delete: '/v1/user/apikey/delete',
} as const;

/** A new key as its creator sees it, the one time the secret is shown. */
export interface CreatedApiKey extends ApiKeyView {
  secretKey: string;
}

/** The `apiKey` of a body; anything that is not a key id gets the unknown key's reply, like another account's key. */
function readApiKeyId(body: JsonObject): string {
  const apiKey = body.apiKey;
  if (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)) throw apiKeyNotFound();
  return apiKey;
}

/**
 * The session routes of API keys: create, list, edit, disable, enable and delete the signed-in account's own keys
 * (a main, sub or demo account, as the session acts for it). Changes to what a key may do ask for a fresh second
 * factor, as other security changes do; a key of another account answers as an unknown one.
 */
export function apiKeySessionRoutes(ctx: AuthContext, store: ApiKeyStore): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();

  /** Runs a change to one of the user's keys, with the step-up for `purpose` when given; the key's view after it. */
  const changeKey = (
    c: Context<GatewayEnv>,
    purpose: 'api-key-edit' | null,
    change: () => boolean,
    userId: string,
    apiKey: string,
  ): ApiKeyView => {
    const apply = () => {
      if (!change()) throw apiKeyNotFound();
      return store.findOwned(userId, apiKey)!;
    };
    return purpose === null ? ctx.db.transaction(apply)() : withStepUp(ctx, sessionIdOf(c), purpose, apply);
  };

  routes.post(API_KEY_PATHS.create, async (c) => {
    const user = requireUser(ctx, c);
    // The passphrase may come in the login-field envelope (signing contract §3) like other secrets of a form.
    const fields = await readStepFields(ctx, c, await readAuthBody(c));
    const created = await createKeyFrom(ctx, c, store, user.id, fields);
    ctx.logger.info('api key created', { userId: user.id, apiKey: created.apiKey });
    return replyOk(c, created);
  });

  routes.get(API_KEY_PATHS.list, (c) => {
    const user = requireUser(ctx, c);
    return replyOk(c, store.listOf(user.id));
  });

  routes.post(API_KEY_PATHS.update, async (c) => {
    const user = requireUser(ctx, c);
    const body = await readAuthBody(c);
    const apiKey = readApiKeyId(body);
    const change: ApiKeyChange = {};
    if (body.label !== undefined) change.label = readLabel(body.label);
    if (body.permissions !== undefined) change.permissions = readPermissions(body.permissions);
    if (body.ips !== undefined) change.ips = readIpList(body.ips);
    if (Object.keys(change).length === 0) throw invalidField('body', 'must change label, permissions or ips');
    // A new label changes nothing a key may do; permissions and the allow-list do.
    const purpose = change.permissions || change.ips ? 'api-key-edit' : null;
    const view = changeKey(c, purpose, () => store.update(user.id, apiKey, change, ctx.now()), user.id, apiKey);
    ctx.logger.info('api key updated', { userId: user.id, apiKey, fields: Object.keys(change).join(',') });
    return replyOk(c, view);
  });

  for (const [path, enabled] of [
    [API_KEY_PATHS.disable, false],
    [API_KEY_PATHS.enable, true],
  ] as const) {
    routes.post(path, async (c) => {
      const user = requireUser(ctx, c);
      const apiKey = readApiKeyId(await readAuthBody(c));
      const purpose = enabled ? 'api-key-edit' : null;
      const view = changeKey(c, purpose, () => store.setEnabled(user.id, apiKey, enabled, ctx.now()), user.id, apiKey);
      ctx.logger.info(enabled ? 'api key enabled' : 'api key disabled', { userId: user.id, apiKey });
      return replyOk(c, view);
    });
  }

  routes.post(API_KEY_PATHS.delete, async (c) => {
    const user = requireUser(ctx, c);
    const apiKey = readApiKeyId(await readAuthBody(c));
    withStepUp(ctx, sessionIdOf(c), 'api-key-delete', () => {
      if (!store.remove(user.id, apiKey)) throw apiKeyNotFound();
    });
    ctx.logger.info('api key deleted', { userId: user.id, apiKey });
    return replyOk(c, { apiKey });
  });

  return routes;
}

/**
 * Creates a key for `userId` (the caller, or a sub-account of theirs) from a create form's fields, behind a fresh
 * `api-key-create` step-up: the reply with its secret, shown this once.
 */
export async function createKeyFrom(
  ctx: AuthContext,
  c: Context<GatewayEnv>,
  store: ApiKeyStore,
  userId: string,
  fields: Record<string, unknown>,
): Promise<CreatedApiKey> {
  const label = readLabel(fields.label);
  const permissions = readPermissions(fields.permissions ?? []);
  const ips = readIpList(fields.ips ?? []);
  const passphrase = readPassphrase(fields.passphrase);
  // Asked before the slow hash, so a request without a step-up costs no scrypt; the grant is used up below.
  requireStepUp(ctx, sessionIdOf(c), 'api-key-create', { consume: false });
  const passphraseHash = await ctx.hashPassword(passphrase);
  const made = withStepUp(ctx, sessionIdOf(c), 'api-key-create', () => {
    const result = store.create({ userId, label, permissions, ips, passphraseHash }, ctx.now());
    if (result === 'limit') throw apiKeyLimit(MAX_KEYS_PER_USER);
    return result;
  });
  return { ...made.view, secretKey: made.secret };
}
