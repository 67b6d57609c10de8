import { Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import type { AuthContext } from '../auth/auth-context';
import { readAuthBody, requireUser } from '../auth/auth-request';
import { withStepUp } from '../auth/second-factors/step-up';
import { type FamilyMember, SUB_NAME_PATTERN, type SubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { subAccountNotEmpty, subNameTaken, subAccountNotFound } from '../auth/sub-accounts/sub-errors';
import { writeAntiPhishingCode } from '../auth/profile/anti-phishing-store';
import { AssetFigures } from '../asset/asset-figures';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { PaperTrading } from '../trading/paper-trading';
import { type SubBalances, isEmptyAccount, subBalances } from './sub-holdings';
import { endSessionsOf, ownedSub, requireMainAccount } from './sub-owner';

/** Paths of sub-account management (issue 21 §4); every one answers the signed-in main account only (40302 otherwise). */
export const SUB_MANAGE_PATHS = {
  /** `GET` → the main account's live sub-accounts with their balances, key counts and frozen marks. */
  accounts: '/v1/user/sub/accounts',
  /** `GET ?userId=` → one sub-account as `accounts` lists it. */
  info: '/v1/user/sub/info',
  /** `POST {userId, name}`: a new name (no step-up: a name secures nothing). */
  rename: '/v1/user/sub/rename',
  /** `POST {userId}` after a step-up for `sub-freeze`: its sessions end, switching to it and its keys fail. */
  freeze: '/v1/user/sub/freeze',
  /** `POST {userId}` after a step-up for `sub-freeze`: access comes back, so it needs a second factor too. */
  unfreeze: '/v1/user/sub/unfreeze',
  /** `POST {userId}` after a step-up for `sub-delete`; only when it holds nothing (40308 otherwise). */
  delete: '/v1/user/sub/delete',
} as const;

/** One sub-account as its main account's page shows it. */
export interface SubAccountView extends SubBalances {
  userId: string;
  name: string;
  isFrozen: boolean;
  createdAt: number;
  keyCount: number;
}

/** What the management routes need. */
export interface SubManageDeps {
  auth: AuthContext;
  store: SubAccountStore;
  trading: PaperTrading;
  keys: ApiKeyStore;
}

/** Rename, freeze, unfreeze, delete and read the main account's sub-accounts. */
export function subManageRoutes(deps: SubManageDeps): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const { auth: ctx, store, trading, keys } = deps;
  const figures = new AssetFigures(trading);

  const viewOf = (member: FamilyMember): SubAccountView => ({
    userId: member.id,
    name: member.name,
    isFrozen: member.isFrozen,
    createdAt: member.createdAt,
    keyCount: keys.listOf(member.id).length,
    ...subBalances(trading, figures, member.id),
  });

  routes.get(SUB_MANAGE_PATHS.accounts, (c) => {
    const main = requireMainAccount(requireUser(ctx, c));
    return replyOk(
      c,
      store
        .membersOf(main.id)
        .filter((member) => !member.isDemo)
        .map(viewOf),
    );
  });

  routes.get(SUB_MANAGE_PATHS.info, (c) => {
    const { sub } = ownedSub(store, requireUser(ctx, c), c.req.query('userId'));
    return replyOk(c, viewOf(sub));
  });

  routes.post(SUB_MANAGE_PATHS.rename, async (c) => {
    const body = await readAuthBody(c);
    const { main, sub } = ownedSub(store, requireUser(ctx, c), body.userId);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!SUB_NAME_PATTERN.test(name)) throw invalidField('name', 'must be 1 to 20 letters, digits, _ or -');
    const renamed = store.rename(main.id, sub.id, name);
    if (renamed === 'name-taken') throw subNameTaken();
    if (renamed === 'not-found') throw subAccountNotFound();
    ctx.logger.info('sub-account renamed', { userId: main.id, subUserId: sub.id });
    return replyOk(c, viewOf({ ...sub, name }));
  });

  for (const [path, isFrozen] of [
    [SUB_MANAGE_PATHS.freeze, true],
    [SUB_MANAGE_PATHS.unfreeze, false],
  ] as const) {
    routes.post(path, async (c) => {
      const body = await readAuthBody(c);
      const { main, sub } = ownedSub(store, requireUser(ctx, c), body.userId);
      withStepUp(ctx, sessionIdOf(c), 'sub-freeze', () => store.setFrozen(sub.id, isFrozen, ctx.now()));
      if (isFrozen) await endSessionsOf(ctx, sub.id);
      ctx.logger.info(isFrozen ? 'sub-account frozen' : 'sub-account unfrozen', { userId: main.id, subUserId: sub.id });
      return replyOk(c, viewOf({ ...sub, isFrozen }));
    });
  }

  routes.post(SUB_MANAGE_PATHS.delete, async (c) => {
    const body = await readAuthBody(c);
    const { main, sub } = ownedSub(store, requireUser(ctx, c), body.userId);
    // Checked before the step-up is used up, so a refusal leaves the grant for the retry after emptying it; checked
    // again inside the change's transaction, where no fill or transfer can land in between.
    if (!isEmptyAccount(trading, sub.id)) throw subAccountNotEmpty();
    withStepUp(ctx, sessionIdOf(c), 'sub-delete', () => {
      if (!isEmptyAccount(trading, sub.id)) throw subAccountNotEmpty();
      for (const key of keys.listOf(sub.id)) keys.remove(sub.id, key.apiKey);
      writeAntiPhishingCode(ctx.db, sub.id, null);
      store.markDeleted(sub.id, ctx.now());
    });
    await endSessionsOf(ctx, sub.id);
    ctx.logger.info('sub-account deleted', { userId: main.id, subUserId: sub.id });
    return replyOk(c, { userId: sub.id });
  });

  return routes;
}
