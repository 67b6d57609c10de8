import type { Migration } from '../../db/migration';

/**
 * Schema of signed-in devices and the sign-in history (ids 210–219; append only): each session gets an opaque public
 * id (what the devices page names it by, never its `sid` or id), the user agent it signed in with and its last
 * address; every sign-in attempt on an account is kept with its time, device, address and result (newest 200 per user).
 */
export const DEVICE_MIGRATIONS: readonly Migration[] = [
  {
    id: 210,
    name: 'device-sessions-login-history',
    sql: `
      ALTER TABLE sessions ADD COLUMN public_id TEXT;
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      ALTER TABLE sessions ADD COLUMN ip TEXT;
      UPDATE sessions SET public_id = lower(hex(randomblob(16))) WHERE public_id IS NULL;
      CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);

      CREATE TABLE login_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('success', 'wrong-password', 'wrong-code', 'rate-limited')),
        user_agent TEXT NOT NULL,
        ip TEXT NOT NULL
      );
      CREATE INDEX login_history_user ON login_history (user_id, id);
    `,
  },
  {
    id: 211,
    name: 'replaced-sessions',
    // A session a sign-in or an account switch replaced, for a minute: a request the same browser sent with the old
    // cookie before the new one arrived must not clear the new one (session-middleware.ts).
    sql: `
      CREATE TABLE replaced_sessions (
        sid_hash TEXT PRIMARY KEY,
        until INTEGER NOT NULL
      );
    `,
  },
];
