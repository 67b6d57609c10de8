import type { Migration } from '../../db/migration';

/**
 * Id 740: QR sign-in keys. One row per code a web login page shows: the browser that made it (a hash of its cookie
 * secret), where the browser was (user agent, address) for the app to show, the account that scanned it, and its
 * state; kept ten minutes after expiry so a late poll still reads "expired".
 */
export const QR_MIGRATIONS: readonly Migration[] = [
  {
    id: 740,
    name: 'QR sign-in keys',
    sql: `
      CREATE TABLE third_qr_keys (
        digest TEXT PRIMARY KEY,
        browser_hash TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('waiting', 'scanned', 'confirmed', 'collected', 'cancelled')),
        user_id TEXT,
        main_user_id TEXT,
        user_agent TEXT NOT NULL,
        ip TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX third_qr_keys_expiry ON third_qr_keys (expires_at);
    `,
  },
];
