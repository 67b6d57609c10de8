import type { Database } from 'better-sqlite3';

/** How long a registration or login challenge may be answered: 5 minutes from the options call. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** One registered security key (WebAuthn credential) of a user. */
export interface StoredCredential {
  /** The credential id, base64url (as the browser reports it). */
  id: string;
  userId: string;
  /** The COSE public key bytes. */
  publicKey: Uint8Array<ArrayBuffer>;
  /** The authenticator's signature counter at the last use (0 when it keeps none). */
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
  nickname: string;
}

/** A challenge waiting for its answer, bound to one session (registration) or one pending login. */
export interface StoredChallenge {
  userId: string;
  challenge: string;
  expiresAt: number;
}

/** The binding of a registration challenge: the signed-in session that asked for it. */
export const registrationBinding = (sessionId: string) => `register:${sessionId}`;
/** The binding of a step-up challenge: the signed-in session confirming a change to its account's security. */
export const stepUpBinding = (sessionId: string) => `step-up:${sessionId}`;
/** The binding of a login challenge: the pending login (the SHA-256 of its cookie) that asked for it. */
export const loginBinding = (pendingIdHash: string) => `login:${pendingIdHash}`;

/** Reads and writes `webauthn_credentials` and `webauthn_challenges`; every query is a prepared statement. */
export interface WebAuthnStore {
  /** The user's keys, oldest first. */
  credentialsOf(userId: string): StoredCredential[];
  /** One key by its credential id, whoever owns it. */
  findCredential(id: string): StoredCredential | undefined;
  /** Stores a new key; false when the credential id is registered already (to anyone). */
  addCredential(credential: Omit<StoredCredential, 'lastUsedAt'>): boolean;
  /** Records a successful use: the new counter and the time. */
  markUsed(id: string, counter: number, at: number): void;
  /** Deletes one of the user's keys; false when the user has no key of that id. */
  removeCredential(userId: string, id: string): boolean;
  /** Stores the challenge of a binding, replacing an older one (only the newest options call can be answered). */
  putChallenge(binding: string, challenge: StoredChallenge): void;
  /** Removes and returns the live challenge of a binding: each challenge is answered at most once, right or wrong. */
  takeChallenge(binding: string): StoredChallenge | undefined;
}

interface CredentialRow {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
  nickname: string;
}

interface ChallengeRow {
  user_id: string;
  challenge: string;
  expires_at: number;
}

function toCredential(row: CredentialRow): StoredCredential {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    nickname: row.nickname,
  };
}

/** Creates the store over the migrated tables, on an injected clock (for challenge expiry). */
export function createWebAuthnStore(db: Database, now: () => number): WebAuthnStore {
  const byUser = db.prepare('SELECT * FROM webauthn_credentials WHERE user_id = ? ORDER BY created_at, id');
  const byId = db.prepare('SELECT * FROM webauthn_credentials WHERE id = ?');
  const insert =
    db.prepare(`INSERT INTO webauthn_credentials (id, user_id, public_key, counter, transports, created_at, nickname)
    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`);
  const used = db.prepare('UPDATE webauthn_credentials SET counter = ?, last_used_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM webauthn_credentials WHERE user_id = ? AND id = ?');
  const put = db.prepare(`INSERT INTO webauthn_challenges (binding, user_id, challenge, expires_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (binding) DO UPDATE SET user_id = excluded.user_id, challenge = excluded.challenge, expires_at = excluded.expires_at`);
  // DELETE … RETURNING makes "read and use up" one step, so two concurrent answers cannot both get the challenge.
  const take = db.prepare('DELETE FROM webauthn_challenges WHERE binding = ? RETURNING user_id, challenge, expires_at');
  const prune = db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?');

  return {
    credentialsOf: (userId) => (byUser.all(userId) as CredentialRow[]).map(toCredential),
    findCredential: (id) => {
      const row = byId.get(id) as CredentialRow | undefined;
      return row ? toCredential(row) : undefined;
    },
    addCredential: (credential) =>
      insert.run(
        credential.id,
        credential.userId,
        Buffer.from(credential.publicKey),
        credential.counter,
        JSON.stringify(credential.transports),
        credential.createdAt,
        credential.nickname,
      ).changes > 0,
    markUsed: (id, counter, at) => {
      used.run(counter, at, id);
    },
    removeCredential: (userId, id) => remove.run(userId, id).changes > 0,
    putChallenge: (binding, challenge) => {
      prune.run(now());
      put.run(binding, challenge.userId, challenge.challenge, challenge.expiresAt);
    },
    takeChallenge: (binding) => {
      const row = take.get(binding) as ChallengeRow | undefined;
      if (!row || now() >= row.expires_at) return undefined;
      return { userId: row.user_id, challenge: row.challenge, expiresAt: row.expires_at };
    },
  };
}
