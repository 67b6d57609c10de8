import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { sha256Hex } from './safe-equal';

/** A signed-in session (`sessionId` is an opaque public handle, never the `sid` cookie value). */
export interface AuthSession {
  sessionId: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry (ms). */
  expiresAt: number;
  /** When the session ends if unused (ms). */
  idleExpiresAt: number;
}

/** A just-created session and the two secrets that go into cookies (only their hashes are stored). */
export interface NewSession {
  session: AuthSession;
  sid: string;
  loginToken: string;
}

/** Absolute lifetime of a session: 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Idle lifetime of a session: 24 hours without a request. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The result of looking a `sid` up: a live session, an ended one (with its id, for clean-up hooks), or nothing. */
export type SessionLookup =
  | { state: 'active'; session: AuthSession }
  | { state: 'ended'; sessionId: string }
  | { state: 'none' };

/** Reads and writes the `sessions` table. */
export interface SessionStore {
  /** Creates a session for a user: a random 32-byte `sid` and a random `login_token`. */
  create(userId: string): NewSession;
  /** Finds the session of a `sid` cookie value; an expired one is deleted and reported as ended. */
  lookup(sid: string): SessionLookup;
  /** Deletes a session by its public id. */
  remove(sessionId: string): void;
  /** Deletes every expired session and returns their ids (for the session-ended hook). */
  pruneExpired(): string[];
  /**
   * Deletes every session of a user except `keepSessionId`, including the sessions that switched from it into one
   * of its sub or demo accounts; returns their ids (for the session-ended hook).
   */
  removeOthersOf(userId: string, keepSessionId: string): string[];
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

/** A cookie-safe random secret: base64url of `bytes` random bytes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function toSession(row: SessionRow): AuthSession {
  return {
    sessionId: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    idleExpiresAt: Math.min(row.last_seen_at + SESSION_IDLE_MS, row.expires_at),
  };
}

/** Creates the store over the migrated `sessions` table, on an injected clock. */
export function createSessionStore(db: Database, now: () => number): SessionStore {
  const insert =
    db.prepare(`INSERT INTO sessions (id, sid_hash, login_token_hash, user_id, created_at, last_seen_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const bySid = db.prepare('SELECT id, user_id, created_at, last_seen_at, expires_at FROM sessions WHERE sid_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const expired = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ? RETURNING id');
  const others = db.prepare(`DELETE FROM sessions WHERE id != ? AND (user_id = ?
    OR id IN (SELECT session_id FROM session_main_accounts WHERE main_user_id = ?)) RETURNING id`);
  return {
    create: (userId) => {
      const at = now();
      const sid = randomSecret(32);
      const loginToken = randomSecret(24);
      const id = randomBytes(16).toString('hex');
      insert.run(id, sha256Hex(sid), sha256Hex(loginToken), userId, at, at, at + SESSION_TTL_MS);
      return {
        session: toSession({ id, user_id: userId, created_at: at, last_seen_at: at, expires_at: at + SESSION_TTL_MS }),
        sid,
        loginToken,
      };
    },
    lookup: (sid) => {
      const row = bySid.get(sha256Hex(sid)) as SessionRow | undefined;
      if (!row) return { state: 'none' };
      const at = now();
      if (at >= row.expires_at || at >= row.last_seen_at + SESSION_IDLE_MS) {
        remove.run(row.id);
        return { state: 'ended', sessionId: row.id };
      }
      if (at - row.last_seen_at >= TOUCH_EVERY_MS) {
        touch.run(at, row.id);
        row.last_seen_at = at;
      }
      return { state: 'active', session: toSession(row) };
    },
    remove: (sessionId) => {
      remove.run(sessionId);
    },
    pruneExpired: () => {
      const at = now();
      return (expired.all(at, at - SESSION_IDLE_MS) as { id: string }[]).map((row) => row.id);
    },
    removeOthersOf: (userId, keepSessionId) =>
      (others.all(keepSessionId, userId, userId) as { id: string }[]).map((row) => row.id),
  };
}
