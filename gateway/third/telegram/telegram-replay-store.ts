import type { Database } from 'better-sqlite3';
import { sha256Hex } from '../../auth/safe-equal';

/** The Telegram logins already used, each refused a second time until it would have expired anyway. */
export interface TelegramReplayStore {
  /** Marks a login (by its kind and hash) used until `expiresAt`; false when it was used already. */
  use(kind: 'widget' | 'initData', hash: string, expiresAt: number, now: number): boolean;
}

/** The store over the migrated `third_telegram_used` table. */
export function createTelegramReplayStore(db: Database): TelegramReplayStore {
  const prune = db.prepare('DELETE FROM third_telegram_used WHERE expires_at <= ?');
  const insert = db.prepare('INSERT OR IGNORE INTO third_telegram_used (digest, expires_at) VALUES (?, ?)');
  return {
    use: (kind, hash, expiresAt, now) => {
      prune.run(now);
      // One INSERT decides: of two requests with the same login, only one adds the row.
      return insert.run(sha256Hex(`${kind}:${hash.toLowerCase()}`), expiresAt).changes === 1;
    },
  };
}
