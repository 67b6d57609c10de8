import type { Database } from 'better-sqlite3';
import { createDeviceKeyStore } from '../../security/device-keys';
import type { AuthContext } from '../auth-context';
import type { ClientKey } from '../sign-in/pending-login-store';
import { type RequestFacts, type SignInAnswer, sessionCookies } from '../sessions/request-facts';
import type { SubAccountStore } from './sub-account-store';
import type { UserRecord } from '../user-store';
import { loginView } from '../user-views';

/** Reads the client key bound to a session (signing contract §2), so a switch can carry it to the new session. */
export type SessionKeyReader = (sessionId: string) => ClientKey | null;

/** The session key reader over the gateway's device-key tables (the ones `onKeyBound` fills in the app). */
export function deviceKeyReader(db: Database): SessionKeyReader {
  const keys = createDeviceKeyStore(db);
  return (sessionId) => keys.keyOfSession(sessionId);
}

/** What the switch needs besides the auth context. */
export interface SwitchDeps {
  store: SubAccountStore;
  keyOfSession: SessionKeyReader;
}

/**
 * The main account a session acts for: the one recorded when a switch made it, else the signed-in user when that
 * user is a main account; null for any other session (it may not switch at all).
 */
export function authorityOf(store: SubAccountStore, sessionId: string, user: UserRecord): string | null {
  return store.mainOfSession(sessionId) ?? (user.parentId === null ? user.id : null);
}

const ACCOUNT_ID = /^[0-9]{1,20}$/;

/** An account id as a body carries it (a string of digits, or a positive safe integer), as a string; null otherwise. */
export function accountIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && ACCOUNT_ID.test(value) ? value : null;
}

/** True when the account is the main account itself or one of its own (sub or demo) accounts. */
export function isInFamily(target: UserRecord, mainId: string): boolean {
  return target.id === mainId || target.parentId === mainId;
}

/** `data` of a switch reply (spec §7.5): who the session now is. */
export function switchView(user: UserRecord) {
  const { userId, isSub, isDemo, parentId, nickName } = loginView(user);
  return { userId, isSub, isDemo, parentId, nickName };
}

/**
 * Replaces the request's session by a new one for `target` (new `sid` and `login_token`): the old session's client
 * key is bound to the new one, the old session ends the way logout ends it (so its key binding is dropped), and the
 * new session remembers `mainId` so it can switch back without a password.
 */
export async function switchSession(
  ctx: AuthContext,
  facts: Pick<RequestFacts, 'session'>,
  deps: SwitchDeps,
  target: UserRecord,
  mainId: string,
): Promise<SignInAnswer> {
  const previous = facts.session;
  const key = previous ? deps.keyOfSession(previous.sessionId) : null;
  const created = ctx.sessions.create(target.id);
  try {
    deps.store.setMainOfSession(created.session.sessionId, mainId);
    // The device that signed this switch keeps signing as the new account; without it the next core request fails.
    if (key) await ctx.onKeyBound({ ...key, userId: target.id, sessionId: created.session.sessionId });
  } catch (error) {
    ctx.sessions.remove(created.session.sessionId);
    throw error;
  }
  if (previous) {
    // The same steps as logout (replaced, not removed: this browser gets the new cookie in this reply), then the
    // session-ended hook (which unbinds its key).
    ctx.sessions.replace(previous.sessionId);
    await ctx.onSessionEnded(previous.sessionId);
  }
  ctx.logger.info('account switched', {
    fromUserId: previous?.userId ?? null,
    userId: target.id,
    sessionId: created.session.sessionId,
  });
  return { data: switchView(target), cookies: sessionCookies(created), session: created.session };
}
