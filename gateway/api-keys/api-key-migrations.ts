import type { Migration } from '../db/migration';

/**
 * Schema of API keys (ids 500+; append only): one row per key with its passphrase hash and its secret sealed under
 * the gateway's key (secret-box.ts), never in clear; and the signatures already accepted, so each is used once.
 */
export const API_KEY_MIGRATIONS: readonly Migration[] = [
  {
    id: 500,
    name: 'api-keys',
    sql: `
      CREATE TABLE api_keys (
        api_key TEXT PRIMARY KEY CHECK (api_key GLOB 'bg_*' AND length(api_key) = 35),
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        permissions TEXT NOT NULL CHECK (json_valid(permissions)),
        ips TEXT NOT NULL CHECK (json_valid(ips)),
        passphrase_hash TEXT NOT NULL,
        secret_nonce BLOB NOT NULL CHECK (length(secret_nonce) = 12),
        secret_sealed BLOB NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        last_used_at INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX api_keys_user ON api_keys (user_id, created_at);
    `,
  },
];
