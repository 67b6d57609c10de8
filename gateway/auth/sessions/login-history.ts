import type { Database } from 'better-sqlite3';
import type { AuthContext } from '../auth-context';
import { assertLoginAllowed } from '../sign-in/auth-limits';
import { createLoginHistoryStore, type LoginHistoryStore, type LoginResult } from './login-history-store';
import type { RequestFacts } from './request-facts';

/** One store per database, so the sign-in routes and the history route share its prepared statements. */
const stores = new WeakMap<Database, LoginHistoryStore>();

/** The sign-in history store over the auth context's database. */
export function loginHistoryOf(ctx: Pick<AuthContext, 'db'>): LoginHistoryStore {
  let store = stores.get(ctx.db);
  if (!store) {
    store = createLoginHistoryStore(ctx.db);
    stores.set(ctx.db, store);
  }
  return store;
}

/** Adds one sign-in attempt to the account's history with this request's device and address; never fails the sign-in. */
export function recordLoginAttempt(
  ctx: AuthContext,
  facts: Pick<RequestFacts, 'device'>,
  userId: string,
  result: LoginResult,
): void {
  try {
    loginHistoryOf(ctx).record({ userId, at: ctx.now(), result, ...facts.device });
  } catch (error) {
    ctx.logger.warn('login history not recorded', {
      userId,
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
}

/**
 * {@link assertLoginAllowed}, also noting the refused attempt in the history of the account it was for (`userIdOf`,
 * asked only then: undefined when the name is no account's).
 */
export function assertAttemptAllowed(
  ctx: AuthContext,
  facts: Pick<RequestFacts, 'device'>,
  accountKey: string,
  userIdOf: () => string | undefined,
): void {
  try {
    assertLoginAllowed(ctx, accountKey, facts.device.ip);
  } catch (error) {
    const userId = userIdOf();
    if (userId !== undefined) recordLoginAttempt(ctx, facts, userId, 'rate-limited');
    throw error;
  }
}
