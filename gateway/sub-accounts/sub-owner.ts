import type { AuthContext } from '../auth/auth-context';
import type { FamilyMember, SubAccountStore } from '../auth/sub-accounts/sub-account-store';
import { mainAccountOnly, subAccountNotFound } from '../auth/sub-accounts/sub-errors';
import { accountIdOf } from '../auth/sub-accounts/sub-switch';
import type { UserRecord } from '../auth/user-store';

/** The main account a management request comes from and the sub-account it names. */
export interface OwnedSub {
  main: UserRecord;
  sub: FamilyMember;
}

/**
 * The signed-in `user` when it is a main account, else 40302: a sub-account's session (even one switched from its main
 * account) and the demo account manage nothing, so a sub-account never reaches its main account or its siblings
 * through these routes.
 */
export function requireMainAccount(user: UserRecord): UserRecord {
  if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
  return user;
}

/**
 * The signed-in main account (`user`) and its live sub-account `userId`; 40306 for an id it does not hold (another
 * family's, the demo account, a deleted, malformed or unknown one), one reply for all.
 */
export function ownedSub(store: SubAccountStore, user: UserRecord, userId: unknown): OwnedSub {
  const main = requireMainAccount(user);
  const id = accountIdOf(userId);
  const sub = id === null ? undefined : store.subOf(main.id, id);
  if (!sub) throw subAccountNotFound();
  return { main, sub };
}

/**
 * Ends every session of a sub-account (a switched one included) the way logout ends one, so freezing or deleting
 * takes effect at once: the next request of such a session is signed out.
 */
export async function endSessionsOf(ctx: AuthContext, userId: string): Promise<void> {
  const ended = ctx.sessions.removeOthersOf(userId, '');
  for (const sessionId of ended) await ctx.onSessionEnded(sessionId);
  if (ended.length > 0) ctx.logger.info('sub-account sessions ended', { userId, count: ended.length });
}
