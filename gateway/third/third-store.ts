import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../auth/safe-equal';
import { randomSecret } from '../auth/sessions/session-store';

/** The providers of spec §7.4. */
export type ThirdProvider = 'telegram' | 'wallet' | 'apple' | 'google';
export const THIRD_PROVIDERS: readonly ThirdProvider[] = ['telegram', 'wallet', 'apple', 'google'];

/** Who a provider says the person is, after its own check passed. */
export interface ThirdIdentity {
  provider: ThirdProvider;
  /** Telegram user id (decimal), lower-case 0x address, or the OpenID `sub`. */
  subject: string;
  /** What the person recognises: `@username`, `0x12ab…cdef`, an email. */
  label: string;
  /** An email the provider vouches for (OpenID with `email_verified`), else null. */
  email: string | null;
}

/** A linked identity as its owner's settings list it. */
export interface LinkedIdentity {
  provider: ThirdProvider;
  label: string;
  linkedAt: number;
}

/** An identity not linked yet, behind its `serialNO`, with what the person chose or proved since. */
export interface SerialRecord {
  digest: string;
  identity: ThirdIdentity;
  expiresAt: number;
  /** The email `bind/choose` sent a registration code to. */
  chosenEmail: string | null;
  /** The email `securityVerify` proved with that code. */
  verifiedEmail: string | null;
}

/** How long a `serialNO` can be used: 10 minutes. */
export const SERIAL_TTL_MS = 10 * 60 * 1000;

interface SerialRow {
  digest: string;
  provider: ThirdProvider;
  subject: string;
  label: string;
  email: string | null;
  expires_at: number;
  chosen_email: string | null;
  verified_email: string | null;
}

/** Reads and writes the third-party tables; serials are stored only as their SHA-256. */
export interface ThirdStore {
  /** The account an identity is linked to. */
  userOf(provider: ThirdProvider, subject: string): string | undefined;
  /** Links an identity; false when it, or another identity of its provider, is already linked to an account. */
  link(identity: ThirdIdentity, userId: string, at: number): boolean;
  /** The identity of a provider linked to a user. */
  linkedOf(userId: string, provider: ThirdProvider): LinkedIdentity | undefined;
  /** Every identity linked to a user, oldest first. */
  listLinked(userId: string): LinkedIdentity[];
  /** Unlinks a user's identity of a provider; false when there was none. */
  unlink(userId: string, provider: ThirdProvider): boolean;
  /** Issues a fresh `serialNO` for an identity not linked yet. */
  issueSerial(identity: ThirdIdentity, now: number): { serialNO: string; expiresAt: number };
  /** The live serial of a `serialNO`; expired ones are deleted and read as undefined. */
  findSerial(serialNO: string, now: number): SerialRecord | undefined;
  /** Records the email a registration code went to (and forgets an earlier proof). */
  chooseEmail(digest: string, email: string): void;
  /** Records the email proved with that code. */
  verifyEmail(digest: string, email: string): void;
  /** Uses a serial up; false when another request already did. */
  consumeSerial(digest: string): boolean;
  /** Remembers that a pending login, once complete, links the serial's identity. */
  addPendingLink(pendingIdHash: string, serialDigest: string, expiresAt: number): void;
  /** Takes the pending link of a completed login (once), with its serial's identity. */
  takePendingLink(pendingIdHash: string, now: number): SerialRecord | undefined;
}

const toSerial = (row: SerialRow): SerialRecord => ({
  digest: row.digest,
  identity: { provider: row.provider, subject: row.subject, label: row.label, email: row.email },
  expiresAt: row.expires_at,
  chosenEmail: row.chosen_email,
  verifiedEmail: row.verified_email,
});

/** Builds the store on a database migrated with THIRD_MIGRATIONS. */
export function createThirdStore(db: Database): ThirdStore {
  const userOf = db.prepare('SELECT user_id FROM third_identities WHERE provider = ? AND subject = ?');
  const insertLink = db.prepare(
    'INSERT OR IGNORE INTO third_identities (provider, subject, user_id, label, linked_at) VALUES (?, ?, ?, ?, ?)',
  );
  const linkedOf = db.prepare(
    'SELECT provider, label, linked_at FROM third_identities WHERE user_id = ? AND provider = ?',
  );
  const listLinked = db.prepare(
    'SELECT provider, label, linked_at FROM third_identities WHERE user_id = ? ORDER BY linked_at, provider',
  );
  const unlink = db.prepare('DELETE FROM third_identities WHERE user_id = ? AND provider = ?');
  const insertSerial = db.prepare(
    'INSERT INTO third_serials (digest, provider, subject, label, email, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const findSerial = db.prepare('SELECT * FROM third_serials WHERE digest = ?');
  const pruneSerials = db.prepare('DELETE FROM third_serials WHERE expires_at <= ?');
  const prunePending = db.prepare('DELETE FROM third_pending_links WHERE expires_at <= ?');
  const chooseEmail = db.prepare('UPDATE third_serials SET chosen_email = ?, verified_email = NULL WHERE digest = ?');
  const verifyEmail = db.prepare('UPDATE third_serials SET verified_email = ? WHERE digest = ? AND chosen_email = ?');
  const deleteSerial = db.prepare('DELETE FROM third_serials WHERE digest = ?');
  const insertPending = db.prepare(
    'INSERT OR REPLACE INTO third_pending_links (pending_id_hash, serial_digest, expires_at) VALUES (?, ?, ?)',
  );
  const takePending = db.prepare('DELETE FROM third_pending_links WHERE pending_id_hash = ? RETURNING *');
  const toLinked = (row: { provider: ThirdProvider; label: string; linked_at: number }): LinkedIdentity => ({
    provider: row.provider,
    label: row.label,
    linkedAt: row.linked_at,
  });
  const liveSerial = (digest: string, now: number): SerialRecord | undefined => {
    pruneSerials.run(now);
    const row = findSerial.get(digest) as SerialRow | undefined;
    return row ? toSerial(row) : undefined;
  };

  return {
    userOf: (provider, subject) => (userOf.get(provider, subject) as { user_id: string } | undefined)?.user_id,
    link: (identity, userId, at) => {
      try {
        return insertLink.run(identity.provider, identity.subject, userId, identity.label, at).changes === 1;
      } catch {
        // The (user, provider) index: the account already has an identity of this provider.
        return false;
      }
    },
    linkedOf: (userId, provider) => {
      const row = linkedOf.get(userId, provider) as Parameters<typeof toLinked>[0] | undefined;
      return row ? toLinked(row) : undefined;
    },
    listLinked: (userId) => (listLinked.all(userId) as Parameters<typeof toLinked>[0][]).map(toLinked),
    unlink: (userId, provider) => unlink.run(userId, provider).changes === 1,
    issueSerial: (identity, now) => {
      const serialNO = randomSecret(32);
      const expiresAt = now + SERIAL_TTL_MS;
      insertSerial.run(
        sha256Hex(serialNO),
        identity.provider,
        identity.subject,
        identity.label,
        identity.email,
        expiresAt,
      );
      return { serialNO, expiresAt };
    },
    findSerial: (serialNO, now) => liveSerial(sha256Hex(serialNO), now),
    chooseEmail: (digest, email) => {
      chooseEmail.run(email, digest);
    },
    verifyEmail: (digest, email) => {
      verifyEmail.run(email, digest, email);
    },
    consumeSerial: (digest) => deleteSerial.run(digest).changes === 1,
    addPendingLink: (pendingIdHash, serialDigest, expiresAt) => {
      insertPending.run(pendingIdHash, serialDigest, expiresAt);
    },
    takePendingLink: (pendingIdHash, now) => {
      prunePending.run(now);
      const row = takePending.get(pendingIdHash) as { serial_digest: string } | undefined;
      return row ? liveSerial(row.serial_digest, now) : undefined;
    },
  };
}
