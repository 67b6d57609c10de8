import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../safe-equal';
import type { AuthSession } from '../../http/gateway-env';
import { USER_AGENT_MAX } from './user-agent';

/** What the devices page knows of the browser behind a session: its user agent (cut to USER_AGENT_MAX) and address. */
export interface SessionDevice {
  userAgent: string;
  ip: string;
}

/** A live session as the devices page lists it: named by its public id, never by its id or `sid`. */
export interface DeviceSession {
  publicId: string;
  /** The internal id, for comparing with the request's own session; never sent to a client. */
  sessionId: string;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string;
  ip: string;
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

/** How long a replaced session's cookie is known as replaced: far past any request sent just before the new one. */
export const REPLACED_GRACE_MS = 60 * 1000;

/**
 * The result of looking a `sid` up: a live session, an ended one (with its id, for clean-up hooks), one a sign-in or
 * switch replaced within {@link REPLACED_GRACE_MS}, or nothing.
 */
export type SessionLookup =
  | { state: 'active'; session: AuthSession }
  | { state: 'ended'; sessionId: string }
  | { state: 'replaced' }
  | { state: 'none' };

/** Reads and writes the `sessions` table. */
export interface SessionStore {
  /**
   * Creates a session for a user: a random 32-byte `sid`, a random `login_token` and a random public id; `device`
   * is the browser that signed in (absent for a sub-account switch: its first request fills it in).
   */
  create(userId: string, device?: SessionDevice): NewSession;
  /**
   * Finds the session of a `sid` cookie value; an expired one is deleted and reported as ended. A live one's
   * `last_seen_at` (and last address, from `seen`) is written at most once a minute.
   */
  lookup(sid: string, seen?: SessionDevice): SessionLookup;
  /** Deletes a session by its public id. */
  remove(sessionId: string): void;
  /**
   * Deletes a session a new one replaces in the same browser (a sign-in, an account switch): for
   * {@link REPLACED_GRACE_MS} its cookie still looks up as `replaced`, so a reply to a request the browser sent with
   * it just before does not clear the new cookie.
   */
  replace(sessionId: string): void;
  /** Deletes every expired session and returns their ids (for the session-ended hook). */
  pruneExpired(): string[];
  /**
   * Deletes every session of a user except `keepSessionId`, including the sessions that switched from it into one
   * of its sub or demo accounts; returns their ids (for the session-ended hook).
   */
  removeOthersOf(userId: string, keepSessionId: string): string[];
  /** The account a session acts for: the main account it switched from, else its own user. */
  ownerOf(session: Pick<AuthSession, 'sessionId' | 'userId'>): string;
  /** The live sessions of an account (its own and those switched from it into its sub accounts), last active first. */
  devicesOf(ownerId: string): DeviceSession[];
  /** The session of the account with this public id, or undefined (unknown, ended, or another account's). */
  findOwned(ownerId: string, publicId: string): DeviceSession | undefined;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  has_device: number;
}

interface DeviceRow {
  public_id: string;
  id: string;
  created_at: number;
  last_seen_at: number;
  user_agent: string | null;
  ip: string | null;
}

/** The sessions of an account: its own, and those switched from it into its sub or demo accounts. */
const OWNED = `(user_id = @owner OR id IN (SELECT session_id FROM session_main_accounts WHERE main_user_id = @owner))`;

function toDevice(row: DeviceRow): DeviceSession {
  return {
    publicId: row.public_id,
    sessionId: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent ?? '',
    ip: row.ip ?? '',
  };
}

/** A cookie-safe random secret: base64url of `bytes` random bytes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function toSession(row: Omit<SessionRow, 'has_device'>): AuthSession {
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
  const insert = db.prepare(`INSERT INTO sessions
    (id, sid_hash, login_token_hash, user_id, created_at, last_seen_at, expires_at, public_id, user_agent, ip)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const bySid =
    db.prepare(`SELECT id, user_id, created_at, last_seen_at, expires_at, user_agent IS NOT NULL AS has_device
    FROM sessions WHERE sid_hash = ?`);
  const touch = db.prepare(`UPDATE sessions SET last_seen_at = @at, ip = coalesce(@ip, ip),
    user_agent = coalesce(user_agent, @userAgent) WHERE id = @id`);
  const mainOf = db.prepare('SELECT main_user_id FROM session_main_accounts WHERE session_id = ?').pluck();
  const DEVICE_COLUMNS = 'public_id, id, created_at, last_seen_at, user_agent, ip';
  const LIVE = 'expires_at > @now AND last_seen_at > @now - @idle';
  const devices = db.prepare(
    `SELECT ${DEVICE_COLUMNS} FROM sessions WHERE ${OWNED} AND ${LIVE} ORDER BY last_seen_at DESC, created_at DESC`,
  );
  const owned = db.prepare(
    `SELECT ${DEVICE_COLUMNS} FROM sessions WHERE public_id = @publicId AND ${OWNED} AND ${LIVE}`,
  );
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const markReplaced = db.prepare(
    'INSERT OR REPLACE INTO replaced_sessions (sid_hash, until) SELECT sid_hash, ? FROM sessions WHERE id = ?',
  );
  const replacedUntil = db.prepare('SELECT until FROM replaced_sessions WHERE sid_hash = ?').pluck();
  const pruneReplaced = db.prepare('DELETE FROM replaced_sessions WHERE until <= ?');
  const expired = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ? RETURNING id');
  const others = db.prepare(`DELETE FROM sessions WHERE id != ? AND (user_id = ?
    OR id IN (SELECT session_id FROM session_main_accounts WHERE main_user_id = ?)) RETURNING id`);
  return {
    create: (userId, device) => {
      const at = now();
      const sid = randomSecret(32);
      const loginToken = randomSecret(24);
      const id = randomBytes(16).toString('hex');
      const publicId = randomBytes(16).toString('hex');
      insert.run(
        id,
        sha256Hex(sid),
        sha256Hex(loginToken),
        userId,
        at,
        at,
        at + SESSION_TTL_MS,
        publicId,
        device ? device.userAgent.slice(0, USER_AGENT_MAX) : null,
        device?.ip ?? null,
      );
      return {
        session: toSession({ id, user_id: userId, created_at: at, last_seen_at: at, expires_at: at + SESSION_TTL_MS }),
        sid,
        loginToken,
      };
    },
    lookup: (sid, seen) => {
      const hash = sha256Hex(sid);
      const row = bySid.get(hash) as SessionRow | undefined;
      const at = now();
      if (!row)
        return ((replacedUntil.get(hash) as number | undefined) ?? 0) > at ? { state: 'replaced' } : { state: 'none' };
      if (at >= row.expires_at || at >= row.last_seen_at + SESSION_IDLE_MS) {
        remove.run(row.id);
        return { state: 'ended', sessionId: row.id };
      }
      // A session made without a device (a sub-account switch) takes its first request's at once.
      if (at - row.last_seen_at >= TOUCH_EVERY_MS || (seen !== undefined && !row.has_device)) {
        touch.run({
          at,
          id: row.id,
          ip: seen?.ip ?? null,
          userAgent: seen ? seen.userAgent.slice(0, USER_AGENT_MAX) : null,
        });
        row.last_seen_at = at;
      }
      return { state: 'active', session: toSession(row) };
    },
    remove: (sessionId) => {
      remove.run(sessionId);
    },
    replace: (sessionId) => {
      db.transaction(() => {
        markReplaced.run(now() + REPLACED_GRACE_MS, sessionId);
        remove.run(sessionId);
      })();
    },
    pruneExpired: () => {
      const at = now();
      pruneReplaced.run(at);
      return (expired.all(at, at - SESSION_IDLE_MS) as { id: string }[]).map((row) => row.id);
    },
    removeOthersOf: (userId, keepSessionId) =>
      (others.all(keepSessionId, userId, userId) as { id: string }[]).map((row) => row.id),
    ownerOf: (session) => (mainOf.get(session.sessionId) as string | undefined) ?? session.userId,
    devicesOf: (ownerId) =>
      (devices.all({ owner: ownerId, now: now(), idle: SESSION_IDLE_MS }) as DeviceRow[]).map(toDevice),
    findOwned: (ownerId, publicId) => {
      const row = owned.get({ owner: ownerId, publicId, now: now(), idle: SESSION_IDLE_MS }) as DeviceRow | undefined;
      return row ? toDevice(row) : undefined;
    },
  };
}
