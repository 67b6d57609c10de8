import type { Context } from 'hono';
import type { TradingContext } from '../trading/trading-context';
import { type ApiKeyEnv, apiCallerOf } from './api-key-env';

/**
 * What every v2 private trading route file opens with: `write` runs an engine call in one transaction, and `userOf`
 * is the key owner's account, its paper balances made on first use (a key may trade before its owner ever did).
 */
export function v2TradingAccess(ctx: TradingContext) {
  const write = <T>(action: () => T): T => ctx.db.transaction(action)();
  const userOf = (c: Context<ApiKeyEnv>): string => {
    const { userId } = apiCallerOf(c);
    write(() => ctx.ensureAccount(userId));
    return userId;
  };
  return { write, userOf };
}
