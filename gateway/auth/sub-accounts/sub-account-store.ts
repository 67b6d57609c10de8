import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { NO_REFERRAL } from '../auth-fields';
import type { UserRecord, UserStore } from '../user-store';

/** Most sub-accounts one main account may hold (the demo account does not count). */
export const MAX_SUB_ACCOUNTS = 20;
/** A sub-account name: 1–20 letters, digits, `_` or `-`. */
export const SUB_NAME_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;
/** The nick name the demo account carries (the client shows its own localized label). */
export const DEMO_NICK_NAME = 'Demo';

/** A sub-account or the demo account of a family, as the list shows it. */
export interface FamilyMember {
  id: string;
  name: string;
  isDemo: boolean;
  /** A frozen sub-account cannot be switched to and its API keys fail (issue 21 §4). */
  isFrozen: boolean;
  createdAt: number;
}

/** Where a family account stands: deleted sub-accounts keep their row for the ledger but are gone from the family. */
export type SubStatus = 'active' | 'frozen' | 'deleted';

/** Why a sub-account was not created. */
export type CreateSubRefusal = 'limit' | 'name-taken';
/** Why a sub-account was not renamed: another of the family has the name, or no live sub-account of this main has the id. */
export type RenameSubRefusal = 'name-taken' | 'not-found';

/** The family side of accounts: sub-accounts, the demo account, and the main account a switched session acts for. */
export interface SubAccountStore {
  /** The subs of a main account in creation order, then its demo account when it has one. */
  membersOf(mainId: string): FamilyMember[];
  /** Creates a sub-account under `main` (at most MAX_SUB_ACCOUNTS, names unique in the family whatever their case). */
  createSub(main: UserRecord, name: string, now: number): UserRecord | CreateSubRefusal;
  /** The family's demo account, created on first use. */
  ensureDemo(main: UserRecord, now: number): UserRecord;
  /** The main account a session acts for, or null when the session was not made by a switch. */
  mainOfSession(sessionId: string): string | null;
  /** Records the main account a new session acts for. */
  setMainOfSession(sessionId: string, mainUserId: string): void;
  /** Whether an account is active, frozen or deleted (a main or demo account is always active). */
  statusOf(userId: string): SubStatus;
  /** The live (not deleted) sub-account `subId` of `mainId`, or undefined: never another family's, never the demo account. */
  subOf(mainId: string, subId: string): FamilyMember | undefined;
  /** Renames a live sub-account of `mainId` (names unique in the family whatever their case). */
  rename(mainId: string, subId: string, name: string): true | RenameSubRefusal;
  /** Freezes or unfreezes a sub-account. */
  setFrozen(subId: string, isFrozen: boolean, now: number): void;
  /** Marks a sub-account deleted and frees its name; its row stays for the ledger and records that name it. */
  markDeleted(subId: string, now: number): void;
}

/** Not a `scrypt$…` hash, so no password ever matches: a sub or demo account is entered only by switching. */
const NO_PASSWORD = '!no-password';

/**
 * The users table requires an email or a mobile, and neither belongs to a sub-account; a random address under the
 * reserved `.invalid` domain (RFC 2606) can never receive mail, be registered or be guessed.
 */
function placeholderEmail(kind: 'sub' | 'demo'): string {
  return `${kind}-${randomBytes(16).toString('hex')}@accounts.invalid`;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

interface MemberRow {
  id: string;
  nick_name: string | null;
  is_demo: number;
  created_at: number;
  frozen_at: number | null;
}

const toMember = (row: MemberRow): FamilyMember => ({
  id: row.id,
  name: row.nick_name ?? row.id,
  isDemo: row.is_demo === 1,
  isFrozen: row.frozen_at !== null,
  createdAt: row.created_at,
});

/** Creates the store over the migrated `users` and `session_main_accounts` tables. */
export function createSubAccountStore(db: Database, users: UserStore): SubAccountStore {
  // Deleted sub-accounts are out of the family: not listed, not counted against the limit.
  const LIVE = 'LEFT JOIN sub_account_status s ON s.user_id = u.id WHERE u.parent_id = ? AND s.deleted_at IS NULL';
  const members = db.prepare(
    `SELECT u.id, u.nick_name, u.is_demo, u.created_at, s.frozen_at FROM users u ${LIVE}
     ORDER BY u.is_demo, u.created_at, u.rowid`,
  );
  const liveSub = db.prepare(
    `SELECT u.id, u.nick_name, u.is_demo, u.created_at, s.frozen_at FROM users u ${LIVE} AND u.id = ? AND u.is_demo = 0`,
  );
  const countSubs = db.prepare(`SELECT COUNT(*) AS n FROM users u ${LIVE} AND u.is_demo = 0`);
  const statusRow = db.prepare('SELECT frozen_at, deleted_at FROM sub_account_status WHERE user_id = ?');
  const freeze = db.prepare(
    `INSERT INTO sub_account_status (user_id, frozen_at) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET frozen_at = excluded.frozen_at`,
  );
  const markDeleted = db.prepare(
    `INSERT INTO sub_account_status (user_id, frozen_at, deleted_at, deleted_name)
     SELECT id, NULL, ?, nick_name FROM users WHERE id = ?
     ON CONFLICT (user_id) DO UPDATE SET deleted_at = excluded.deleted_at, deleted_name = excluded.deleted_name`,
  );
  const clearNick = db.prepare('UPDATE users SET nick_name = NULL WHERE id = ?');
  const nameTaken = db.prepare(
    'SELECT 1 FROM users WHERE parent_id = ? AND is_demo = 0 AND nick_name = ? COLLATE NOCASE LIMIT 1',
  );
  const otherHasName = db.prepare(
    'SELECT 1 FROM users WHERE parent_id = ? AND is_demo = 0 AND id <> ? AND nick_name = ? COLLATE NOCASE LIMIT 1',
  );
  const demoOf = db.prepare('SELECT id FROM users WHERE parent_id = ? AND is_demo = 1');
  const setNick = db.prepare('UPDATE users SET nick_name = ? WHERE id = ?');
  const mainOf = db.prepare('SELECT main_user_id FROM session_main_accounts WHERE session_id = ?');
  const setMain = db.prepare(
    `INSERT INTO session_main_accounts (session_id, main_user_id) VALUES (?, ?)
     ON CONFLICT (session_id) DO UPDATE SET main_user_id = excluded.main_user_id`,
  );

  const insertMember = (
    main: UserRecord,
    kind: 'sub' | 'demo',
    nickName: string,
    now: number,
  ): UserRecord | 'duplicate' => {
    const created = users.insert({
      email: placeholderEmail(kind),
      areaCode: null,
      mobile: null,
      passwordHash: NO_PASSWORD,
      createdAt: now,
      referral: NO_REFERRAL,
      parentId: main.id,
      isDemo: kind === 'demo',
    });
    if (created === 'duplicate') return 'duplicate';
    setNick.run(nickName, created.id);
    return { ...created, nickName };
  };

  // IMMEDIATE: the count, the name check and the insert hold the write lock together, so two gateways cannot both pass.
  const createSub = db.transaction((main: UserRecord, name: string, now: number): UserRecord | CreateSubRefusal => {
    if ((countSubs.get(main.id) as { n: number }).n >= MAX_SUB_ACCOUNTS) return 'limit';
    if (nameTaken.get(main.id, name)) return 'name-taken';
    const created = insertMember(main, 'sub', name, now);
    if (created === 'duplicate') throw new Error('Could not allocate a sub-account');
    return created;
  });

  const rename = db.transaction((mainId: string, subId: string, name: string): true | RenameSubRefusal => {
    if (!liveSub.get(mainId, subId)) return 'not-found';
    if (otherHasName.get(mainId, subId, name)) return 'name-taken';
    setNick.run(name, subId);
    return true;
  });

  const ensureDemo = db.transaction((main: UserRecord, now: number): UserRecord => {
    const existing = demoOf.get(main.id) as { id: string } | undefined;
    const found = existing ? users.findById(existing.id) : undefined;
    if (found) return found;
    const created = insertMember(main, 'demo', DEMO_NICK_NAME, now);
    if (created === 'duplicate') throw new Error('Could not allocate a demo account');
    return created;
  });

  return {
    membersOf: (mainId) => (members.all(mainId) as MemberRow[]).map(toMember),
    createSub: (main, name, now) => {
      try {
        return createSub.immediate(main, name, now);
      } catch (error) {
        // The unique index is the last word when another process created the same name meanwhile.
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
    },
    ensureDemo: (main, now) => {
      try {
        return ensureDemo.immediate(main, now);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another process made it first: that one is the family's demo account.
        const existing = demoOf.get(main.id) as { id: string } | undefined;
        const found = existing ? users.findById(existing.id) : undefined;
        if (!found) throw error;
        return found;
      }
    },
    mainOfSession: (sessionId) => (mainOf.get(sessionId) as { main_user_id: string } | undefined)?.main_user_id ?? null,
    setMainOfSession: (sessionId, mainUserId) => {
      setMain.run(sessionId, mainUserId);
    },
    statusOf: (userId) => {
      const row = statusRow.get(userId) as { frozen_at: number | null; deleted_at: number | null } | undefined;
      if (row?.deleted_at != null) return 'deleted';
      return row?.frozen_at != null ? 'frozen' : 'active';
    },
    subOf: (mainId, subId) => {
      const row = liveSub.get(mainId, subId) as MemberRow | undefined;
      return row ? toMember(row) : undefined;
    },
    rename: (mainId, subId, name) => {
      try {
        return rename.immediate(mainId, subId, name);
      } catch (error) {
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
    },
    setFrozen: (subId, isFrozen, now) => {
      freeze.run(subId, isFrozen ? now : null);
    },
    markDeleted: (subId, now) => {
      db.transaction(() => {
        markDeleted.run(now, subId);
        clearNick.run(subId);
      })();
    },
  };
}
