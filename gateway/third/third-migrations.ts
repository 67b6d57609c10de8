import type { Migration } from '../db/migration';

/**
 * Ids 700–709: third-party sign-in (spec §7.4). Provider identities linked to accounts, the single-use `serialNO`
 * of an identity not linked yet, and a link waiting for its account's second factors. Ids 710–749 belong to the
 * providers (Telegram 710, wallet 720, OpenID 730, QR 740).
 */
export const THIRD_MIGRATIONS: readonly Migration[] = [
  {
    id: 700,
    name: 'third-party identities, serials and pending links',
    sql: `
      CREATE TABLE third_identities (
        provider TEXT NOT NULL CHECK (provider IN ('telegram', 'wallet', 'apple', 'google')),
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id),
        label TEXT NOT NULL,
        linked_at INTEGER NOT NULL,
        PRIMARY KEY (provider, subject)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX third_identities_user ON third_identities (user_id, provider);
      CREATE TABLE third_serials (
        digest TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        label TEXT NOT NULL,
        email TEXT,
        expires_at INTEGER NOT NULL,
        chosen_email TEXT,
        verified_email TEXT
      ) WITHOUT ROWID;
      CREATE TABLE third_pending_links (
        pending_id_hash TEXT PRIMARY KEY,
        serial_digest TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
];
