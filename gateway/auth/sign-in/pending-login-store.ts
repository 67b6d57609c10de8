import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../safe-equal';
import { randomSecret } from '../sessions/session-store';

/** The code-based second factors of spec §7.2, in the order the client lists them. */
export type CodeMethod = 'email' | 'mobile' | 'google';
/** Every code method, in display order. */
export const CODE_METHODS: readonly CodeMethod[] = ['email', 'mobile', 'google'];

/** The client key that came in the login envelope, bound to the session once the login completes (signing contract §3). */
export interface ClientKey {
  publicKey: string;
  algorithm: string;
  keyId: string;
}

/** The steps a login still needs before it becomes a session. */
export interface PendingSteps {
  /** Code methods still to verify (all in one verify-login call). */
  methods: CodeMethod[];
  /** The security-key step is still needed. */
  fido: boolean;
  /** The new-device confirmation is still needed. */
  system: boolean;
}

/** A login whose password was right and which waits for its second factors. */
export interface PendingLogin extends PendingSteps {
  idHash: string;
  userId: string;
  /** The rate-limit bucket of the account name typed at login. */
  accountKey: string;
  expiresAt: number;
  attempts: number;
  clientKey: ClientKey | null;
}

/** How long a pending login lives: 5 minutes from the password step. */
export const PENDING_TTL_MS = 5 * 60 * 1000;
/** Wrong second-factor answers allowed before the pending login is dropped. */
export const PENDING_MAX_ATTEMPTS = 5;

/** Reads and writes the `pending_logins` table; the cookie value is stored only as its SHA-256. */
export interface PendingLoginStore {
  /** Starts a pending login and returns the secret for the `login_pending` cookie. */
  create(input: PendingSteps & { userId: string; accountKey: string; clientKey: ClientKey | null }): {
    token: string;
    pending: PendingLogin;
  };
  /** The live pending login of a cookie value; an expired one is deleted and reads as undefined. */
  find(token: string): PendingLogin | undefined;
  /** Counts one wrong answer and returns the attempts so far. */
  recordFailure(idHash: string): number;
  /** Saves the steps still needed. */
  saveSteps(idHash: string, steps: PendingSteps): void;
  /** Deletes a pending login; false when it was already gone (a concurrent request completed it). */
  remove(idHash: string): boolean;
  /** Deletes every pending login of a user (its password or second factors changed, so none may complete). */
  removeAllOf(userId: string): void;
}

interface PendingRow {
  id_hash: string;
  user_id: string;
  account_key: string;
  expires_at: number;
  attempts: number;
  methods: string;
  fido: number;
  system: number;
  client_key: string | null;
}

function toPending(row: PendingRow): PendingLogin {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    accountKey: row.account_key,
    expiresAt: row.expires_at,
    attempts: row.attempts,
    methods: JSON.parse(row.methods) as CodeMethod[],
    fido: row.fido === 1,
    system: row.system === 1,
    clientKey: row.client_key === null ? null : (JSON.parse(row.client_key) as ClientKey),
  };
}

/** Creates the store over the migrated `pending_logins` table, on an injected clock. */
export function createPendingLoginStore(db: Database, now: () => number): PendingLoginStore {
  const insert = db.prepare(`INSERT INTO pending_logins
    (id_hash, user_id, account_key, created_at, expires_at, methods, fido, system, client_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const select = db.prepare('SELECT * FROM pending_logins WHERE id_hash = ?');
  const fail = db.prepare('UPDATE pending_logins SET attempts = attempts + 1 WHERE id_hash = ? RETURNING attempts');
  const steps = db.prepare('UPDATE pending_logins SET methods = ?, fido = ?, system = ? WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM pending_logins WHERE id_hash = ?');
  const prune = db.prepare('DELETE FROM pending_logins WHERE expires_at <= ?');
  const removeOfUser = db.prepare('DELETE FROM pending_logins WHERE user_id = ?');
  return {
    create: (input) => {
      const at = now();
      prune.run(at);
      const token = randomSecret(32);
      const idHash = sha256Hex(token);
      const clientKey = input.clientKey ? JSON.stringify(input.clientKey) : null;
      const expiresAt = at + PENDING_TTL_MS;
      insert.run(
        idHash,
        input.userId,
        input.accountKey,
        at,
        expiresAt,
        JSON.stringify(input.methods),
        input.fido ? 1 : 0,
        input.system ? 1 : 0,
        clientKey,
      );
      return { token, pending: { ...input, methods: [...input.methods], idHash, expiresAt, attempts: 0 } };
    },
    find: (token) => {
      const row = select.get(sha256Hex(token)) as PendingRow | undefined;
      if (!row) return undefined;
      if (now() >= row.expires_at || row.attempts >= PENDING_MAX_ATTEMPTS) {
        remove.run(row.id_hash);
        return undefined;
      }
      return toPending(row);
    },
    recordFailure: (idHash) => (fail.get(idHash) as { attempts: number } | undefined)?.attempts ?? PENDING_MAX_ATTEMPTS,
    saveSteps: (idHash, next) => {
      steps.run(JSON.stringify(next.methods), next.fido ? 1 : 0, next.system ? 1 : 0, idHash);
    },
    remove: (idHash) => remove.run(idHash).changes > 0,
    removeAllOf: (userId) => {
      removeOfUser.run(userId);
    },
  };
}
