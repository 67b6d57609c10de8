import type { Context } from 'hono';
import { requireSession } from '../auth/sessions/session-middleware';
import type { GatewayEnv } from '../http/gateway-env';
import type { TradingContext } from './trading-context';

/**
 * The signed-in user's id, with paper accounts created on first use; `00005` (HTTP 401) without a session, `20906`
 * ("login expired", HTTP 200) when the request carried a session cookie that no longer names one.
 */
export function requireTrader(c: Context<GatewayEnv>, ctx: TradingContext): string {
  const { userId } = requireSession(c);
  ctx.db.transaction(() => ctx.ensureAccount(userId))();
  return userId;
}
