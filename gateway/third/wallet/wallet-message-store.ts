import type { Database } from 'better-sqlite3';

/** A sign-in message handed out for an address. */
export interface StoredWalletMessage {
  /** Lower-case 0x address. */
  address: string;
  nonce: string;
  message: string;
  expiresAt: number;
}

/** The live sign-in messages, one (the newest) per address, each usable once. */
export interface WalletMessageStore {
  /** Stores the address's new message, replacing any earlier one, and drops expired messages. */
  put(record: StoredWalletMessage, now: number): void;
  /** The address's live message; an expired one is deleted and reads as undefined. */
  find(address: string, now: number): StoredWalletMessage | undefined;
  /** Uses the message with this nonce up; false when it is gone (used by another request, or replaced). */
  consume(address: string, nonce: string): boolean;
}

interface Row {
  address: string;
  nonce: string;
  message: string;
  expires_at: number;
}

/** The store over the migrated `third_wallet_messages` table (so a used nonce stays used after a restart). */
export function createWalletMessageStore(db: Database): WalletMessageStore {
  const upsert = db.prepare(
    `INSERT INTO third_wallet_messages (address, nonce, message, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (address) DO UPDATE SET nonce = excluded.nonce, message = excluded.message, expires_at = excluded.expires_at`,
  );
  const prune = db.prepare('DELETE FROM third_wallet_messages WHERE expires_at <= ?');
  const select = db.prepare('SELECT address, nonce, message, expires_at FROM third_wallet_messages WHERE address = ?');
  const remove = db.prepare('DELETE FROM third_wallet_messages WHERE address = ? AND nonce = ?');
  return {
    put: (record, now) => {
      prune.run(now);
      upsert.run(record.address, record.nonce, record.message, record.expiresAt);
    },
    find: (address, now) => {
      const row = select.get(address) as Row | undefined;
      if (!row) return undefined;
      if (row.expires_at <= now) {
        remove.run(row.address, row.nonce);
        return undefined;
      }
      return { address: row.address, nonce: row.nonce, message: row.message, expiresAt: row.expires_at };
    },
    // One DELETE decides: of two requests with the same signature, only one sees a row removed.
    consume: (address, nonce) => remove.run(address, nonce).changes === 1,
  };
}
