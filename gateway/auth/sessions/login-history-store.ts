import type { Database } from 'better-sqlite3';

/** The outcome of one sign-in attempt on an account. */
export type LoginResult = 'success' | 'wrong-password' | 'wrong-code' | 'rate-limited';

/** The newest entries kept per user; older ones are deleted as new ones come. */
export const LOGIN_HISTORY_KEEP = 200;

/** One sign-in attempt as stored. */
export interface LoginHistoryEntry {
  /** Increasing; the cursor of the next page. */
  id: number;
  at: number;
  result: LoginResult;
  userAgent: string;
  ip: string;
}

/** One page of a user's sign-in history, newest first, and the cursor of the next (null on the last). */
export interface LoginHistoryPage {
  entries: LoginHistoryEntry[];
  next: number | null;
}

/** Reads and writes the `login_history` table. */
export interface LoginHistoryStore {
  /** Records one attempt and trims the user's history to its newest LOGIN_HISTORY_KEEP entries. */
  record(entry: { userId: string; at: number; result: LoginResult; userAgent: string; ip: string }): void;
  /** A page of at most `limit` entries older than the cursor `before` (newest first). */
  page(userId: string, query: { before?: number; limit: number }): LoginHistoryPage;
}

interface Row {
  id: number;
  at: number;
  result: LoginResult;
  user_agent: string;
  ip: string;
}

/** Creates the store over the migrated `login_history` table. */
export function createLoginHistoryStore(db: Database): LoginHistoryStore {
  const insert = db.prepare('INSERT INTO login_history (user_id, at, result, user_agent, ip) VALUES (?, ?, ?, ?, ?)');
  // Everything below the user's LOGIN_HISTORY_KEEP-th newest id goes; the index makes it a short range scan.
  const trim = db.prepare(`DELETE FROM login_history WHERE user_id = @user AND id <= (
      SELECT id FROM login_history WHERE user_id = @user ORDER BY id DESC LIMIT 1 OFFSET @keep)`);
  const newest = db.prepare(
    'SELECT id, at, result, user_agent, ip FROM login_history WHERE user_id = ? ORDER BY id DESC LIMIT ?',
  );
  const older = db.prepare(
    'SELECT id, at, result, user_agent, ip FROM login_history WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
  );
  const toEntry = (row: Row): LoginHistoryEntry => ({
    id: row.id,
    at: row.at,
    result: row.result,
    userAgent: row.user_agent,
    ip: row.ip,
  });
  return {
    record: db.transaction((entry: Parameters<LoginHistoryStore['record']>[0]) => {
      insert.run(entry.userId, entry.at, entry.result, entry.userAgent, entry.ip);
      trim.run({ user: entry.userId, keep: LOGIN_HISTORY_KEEP });
    }),
    page: (userId, { before, limit }) => {
      const rows = (
        before === undefined ? newest.all(userId, limit + 1) : older.all(userId, before, limit + 1)
      ) as Row[];
      const entries = rows.slice(0, limit).map(toEntry);
      return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
  };
}
