import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { accessKeyInvalid } from '../api-keys/api-key-errors';
import type { ApiPermission } from '../api-keys/api-key-rules';

/** Who a v2 private request acts for, as the API key check proved it. */
export interface ApiCaller {
  /** The account the key belongs to (a main, sub or demo account): every private route acts on this one only. */
  userId: string;
  apiKey: string;
  permissions: readonly ApiPermission[];
  /** The request sent the exchange's demo-trading header `paptrading: 1`; every account here is paper either way. */
  paperTrading: boolean;
  /** The `locale` header, when sent (messages stay English for now). */
  locale: string | null;
}

/**
 * The gateway's Hono environment with the API caller that `apiKeyAuth` sets for the v2 private routes; optional, so a
 * context of either environment serves the other (envelope helpers, the auth error handler).
 */
export type ApiKeyEnv = {
  Bindings: GatewayEnv['Bindings'];
  Variables: GatewayEnv['Variables'] & { apiCaller?: ApiCaller };
};

/** The proved caller of a v2 private route; a 40006 when the API key check did not run (a route mounted outside it). */
export function apiCallerOf(c: Context<ApiKeyEnv>): ApiCaller {
  const caller = c.get('apiCaller');
  if (!caller) throw accessKeyInvalid();
  return caller;
}
