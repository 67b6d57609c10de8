import type { KeyObject } from 'node:crypto';
import { Hono } from 'hono';
import type { AuthContext } from '../auth/auth-context';
import type { Logger } from '../log/logger';
import type { PaperTrading } from '../trading/paper-trading';
import { apiKeyAuth } from './api-key-auth';
import type { ApiKeyEnv } from './api-key-env';
import { apiKeySessionRoutes } from '../api-keys/api-key-routes';
import { createApiKeyStore } from '../api-keys/api-key-store';
import { mixAccountRoutes } from './mix-account-routes';
import { mixTradeRoutes } from './mix-trade-routes';
import { apiSecretKey } from '../api-keys/secret-box';
import { createReplayStore } from '../security/replay-store';
import { spotAccountRoutes } from './spot-account-routes';
import { spotTradeRoutes } from './spot-trade-routes';
import { spotWalletRoutes } from './spot-wallet-routes';
import { v2BillRoutes } from './v2-bill-routes';
import { v2BulkRoutes } from './v2-bulk-routes';
import { V2RateLimiter } from './v2-rate-limits';
import { v2PlanRoutes } from './v2-plan-routes';
import { v2OrderEditRoutes } from './v2-order-edit-routes';
import { mixPositionRoutes } from './mix-position-routes';
import { businessErrorHandler } from '../http/envelope';

/** What the API key module is built from. */
export interface ApiKeyDeps {
  /** The auth module's context: sessions, step-up grants, the passphrase hash cost, the database. */
  auth: AuthContext;
  /** Paper trading, whose accounts the v2 private routes read and change. */
  trading: PaperTrading;
  /** The gateway's private server key (`identity.serverPrivateKey`), which the secrets' sealing key is derived from. */
  serverPrivateKey: KeyObject;
  logger: Logger;
  /** The clock of the `ACCESS-TIMESTAMP` window (default Date.now). */
  now?: () => number;
  /**
   * Holds every account to the exchange's per-route request limits (HTTP 429 past them): `true` on the monotonic clock,
   * or a limiter of the caller's (a test's, on a clock it holds); off when absent.
   */
  rateLimits?: boolean | V2RateLimiter;
}

/**
 * API keys (issue 21 §3): the session routes that manage them (`/v1/user/apikey/*`) and the exchange's v2 private
 * REST routes they open (spot assets and trading, USDT-M orders, account and positions), each behind `apiKeyAuth` and
 * the permission it declares with `requirePermission`. Mount with `app.route('/', …)` after the public market routes
 * and before the static site.
 */
export function v2ApiRoutes(deps: ApiKeyDeps): Hono<ApiKeyEnv> {
  const store = createApiKeyStore(deps.auth.db, apiSecretKey(deps.serverPrivateKey));
  const routes = new Hono<ApiKeyEnv>();
  routes.onError(businessErrorHandler);
  routes.route('/', apiKeySessionRoutes(deps.auth, store));
  // One check (and one passphrase memory) for every private route; each route puts it in front of its handler.
  const auth = apiKeyAuth({
    store,
    replays: createReplayStore(deps.auth.db),
    logger: deps.logger,
    now: deps.now,
    rateLimiter: deps.rateLimits === true ? new V2RateLimiter() : deps.rateLimits || undefined,
  });
  routes.route('/', spotAccountRoutes(deps.trading, auth));
  routes.route('/', spotTradeRoutes(deps.trading, auth));
  routes.route('/', mixTradeRoutes(deps.trading, auth));
  routes.route('/', mixAccountRoutes(deps.trading, auth));
  routes.route('/', v2BulkRoutes(deps.trading, auth));
  routes.route('/', v2PlanRoutes(deps.trading, auth));
  routes.route('/', spotWalletRoutes({ ...deps, keys: store }, auth));
  routes.route('/', v2BillRoutes(deps.trading, auth));
  routes.route('/', v2OrderEditRoutes(deps.trading, auth));
  routes.route('/', mixPositionRoutes(deps.trading, auth));
  return routes;
}
