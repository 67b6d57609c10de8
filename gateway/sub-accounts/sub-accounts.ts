import type { KeyObject } from 'node:crypto';
import { Hono } from 'hono';
import type { AuthContext } from '../auth/auth-context';
import { createSubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { createApiKeyStore } from '../api-keys/api-key-store';
import { apiSecretKey } from '../api-keys/secret-box';
import type { GatewayEnv } from '../http/gateway-env';
import type { PaperTrading } from '../trading/paper-trading';
import { subAntiPhishingRoutes } from './sub-anti-phishing-routes';
import { subKeyRoutes } from './sub-key-routes';
import { subManageRoutes } from './sub-manage-routes';
import { businessErrorHandler } from '../http/envelope';

/** What sub-account management is built from. */
export interface SubAccountModuleDeps {
  /** The auth module's context: sessions, step-up grants, users, the database. */
  auth: AuthContext;
  /** Paper trading, whose balances the list shows and the delete check reads. */
  trading: PaperTrading;
  /** The gateway's private server key, which API key secrets are sealed with (as `v2ApiRoutes` seals them). */
  serverPrivateKey: KeyObject;
}

/**
 * Sub-account management (issue 21 §4) for the signed-in main account: its sub-accounts with balances, rename,
 * freeze, unfreeze, delete, each sub-account's API keys and anti-phishing code. Creating, listing the family and
 * switching stay in `gateway/auth/sub-accounts/sub-routes.ts`; transfers in `/v1/asset/sub-transfer`. Mount with
 * `app.route('/', …)` before the static site.
 */
export function subAccountManagementRoutes(deps: SubAccountModuleDeps): Hono<GatewayEnv> {
  const { auth, trading } = deps;
  const store = createSubAccountStore(auth.db, auth.users);
  const keys = createApiKeyStore(auth.db, apiSecretKey(deps.serverPrivateKey));
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  routes.route('/', subManageRoutes({ auth, store, trading, keys }));
  routes.route('/', subKeyRoutes(auth, store, keys));
  routes.route('/', subAntiPhishingRoutes(auth, store));
  return routes;
}
