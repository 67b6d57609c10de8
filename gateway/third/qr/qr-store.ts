import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../../auth/safe-equal';

/** Where a code stands: shown, scanned by an account, confirmed by it, used to sign the browser in, or cancelled. */
export type QrState = 'waiting' | 'scanned' | 'confirmed' | 'collected' | 'cancelled';

/** One code as stored (the key itself is never stored, only its digest). */
export interface QrRecord {
  digest: string;
  /** SHA-256 of the creating browser's cookie secret. */
  browserHash: string;
  status: QrState;
  /** The account that scanned it (then confirmed it), or null while waiting. */
  userId: string | null;
  /** The main account the confirming session acted for when it was a switched sub-account session, else null. */
  mainUserId: string | null;
  userAgent: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
}

/** A new code's row. */
export interface NewQrRecord {
  key: string;
  browserSecret: string;
  userAgent: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
}

/** How long an expired code's row stays, so a late poll reads "expired" rather than "unknown": 10 minutes. */
export const QR_KEEP_EXPIRED_MS = 10 * 60 * 1000;

/** The QR sign-in keys; every change of state is one conditional UPDATE, so of two racing calls only one wins. */
export interface QrStore {
  /** Stores a new waiting code and drops rows expired for more than QR_KEEP_EXPIRED_MS. */
  create(record: NewQrRecord): void;
  /** The code with this key, expired or not; undefined when there is none. */
  find(key: string): QrRecord | undefined;
  /** waiting → scanned by `userId`, while live; false when the code was not waiting. */
  markScanned(digest: string, userId: string, now: number): boolean;
  /** scanned by `userId` → confirmed, while live; the code then stays collectable until `collectBy`. */
  markConfirmed(digest: string, userId: string, mainUserId: string | null, now: number, collectBy: number): boolean;
  /** scanned by `userId` → cancelled, while live (only the account that scanned a code can turn it down). */
  markCancelled(digest: string, userId: string, now: number): boolean;
  /** confirmed → collected, for the creating browser only, while live: true once for a code, ever. */
  collect(digest: string, browserHash: string, now: number): boolean;
}

interface Row {
  digest: string;
  browser_hash: string;
  status: QrState;
  user_id: string | null;
  main_user_id: string | null;
  user_agent: string;
  ip: string;
  created_at: number;
  expires_at: number;
}

/** The digest a key is stored under. */
export const qrDigest = (key: string): string => sha256Hex(`qr:${key}`);
/** The digest a browser's cookie secret is stored under. */
export const browserDigest = (secret: string): string => sha256Hex(`qr-browser:${secret}`);

/** The store over the migrated `third_qr_keys` table. */
export function createQrStore(db: Database): QrStore {
  const insert = db.prepare(
    `INSERT INTO third_qr_keys (digest, browser_hash, status, user_agent, ip, created_at, expires_at)
     VALUES (?, ?, 'waiting', ?, ?, ?, ?)`,
  );
  const prune = db.prepare('DELETE FROM third_qr_keys WHERE expires_at <= ?');
  const select = db.prepare('SELECT * FROM third_qr_keys WHERE digest = ?');
  const scan = db.prepare(
    `UPDATE third_qr_keys SET status = 'scanned', user_id = ? WHERE digest = ? AND status = 'waiting' AND expires_at > ?`,
  );
  const confirm = db.prepare(
    `UPDATE third_qr_keys SET status = 'confirmed', main_user_id = ?, expires_at = ?
     WHERE digest = ? AND status = 'scanned' AND user_id = ? AND expires_at > ?`,
  );
  const cancel = db.prepare(
    `UPDATE third_qr_keys SET status = 'cancelled'
     WHERE digest = ? AND expires_at > ? AND status = 'scanned' AND user_id = ?`,
  );
  const collect = db.prepare(
    `UPDATE third_qr_keys SET status = 'collected'
     WHERE digest = ? AND status = 'confirmed' AND browser_hash = ? AND expires_at > ?`,
  );
  return {
    create: (record) => {
      prune.run(record.createdAt - QR_KEEP_EXPIRED_MS);
      insert.run(
        qrDigest(record.key),
        browserDigest(record.browserSecret),
        record.userAgent,
        record.ip,
        record.createdAt,
        record.expiresAt,
      );
    },
    find: (key) => {
      const row = select.get(qrDigest(key)) as Row | undefined;
      if (!row) return undefined;
      return {
        digest: row.digest,
        browserHash: row.browser_hash,
        status: row.status,
        userId: row.user_id,
        mainUserId: row.main_user_id,
        userAgent: row.user_agent,
        ip: row.ip,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      };
    },
    markScanned: (digest, userId, now) => scan.run(userId, digest, now).changes === 1,
    markConfirmed: (digest, userId, mainUserId, now, collectBy) =>
      confirm.run(mainUserId, collectBy, digest, userId, now).changes === 1,
    markCancelled: (digest, userId, now) => cancel.run(digest, now, userId).changes === 1,
    collect: (digest, browserHash, now) => collect.run(digest, browserHash, now).changes === 1,
  };
}
