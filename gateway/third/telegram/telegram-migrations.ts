import type { Migration } from '../../db/migration';

/**
 * Id 710: the Telegram logins already used (a digest of their hash), kept until they would have expired anyway, so
 * a replay is refused also after a restart.
 */
export const TELEGRAM_MIGRATIONS: readonly Migration[] = [
  {
    id: 710,
    name: 'telegram used logins',
    sql: `
      CREATE TABLE third_telegram_used (
        digest TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX third_telegram_used_expiry ON third_telegram_used (expires_at);
    `,
  },
];
