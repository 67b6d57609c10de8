import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { NO_REFERRAL } from './auth-fields';
import type { UserRecord, UserStore } from './user-store';

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
  createdAt: number;
}

/** Why a sub-account was not created. */
export type CreateSubRefusal = 'limit' | 'name-taken';

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
}

/** Creates the store over the migrated `users` and `session_main_accounts` tables. */
export function createSubAccountStore(db: Database, users: UserStore): SubAccountStore {
  const members = db.prepare(
    'SELECT id, nick_name, is_demo, created_at FROM users WHERE parent_id = ? ORDER BY is_demo, created_at, rowid',
  );
  const countSubs = db.prepare('SELECT COUNT(*) AS n FROM users WHERE parent_id = ? AND is_demo = 0');
  const nameTaken = db.prepare(
    'SELECT 1 FROM users WHERE parent_id = ? AND is_demo = 0 AND nick_name = ? COLLATE NOCASE LIMIT 1',
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

  const ensureDemo = db.transaction((main: UserRecord, now: number): UserRecord => {
    const existing = demoOf.get(main.id) as { id: string } | undefined;
    const found = existing ? users.findById(existing.id) : undefined;
    if (found) return found;
    const created = insertMember(main, 'demo', DEMO_NICK_NAME, now);
    if (created === 'duplicate') throw new Error('Could not allocate a demo account');
    return created;
  });

  return {
    membersOf: (mainId) =>
      (members.all(mainId) as MemberRow[]).map((row) => ({
        id: row.id,
        name: row.nick_name ?? row.id,
        isDemo: row.is_demo === 1,
        createdAt: row.created_at,
      })),
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
  };
}
