import type { Migration } from '../db/migration';

/** Schema of the DS1 device-key store and replay memory (contract §2–§5); ids from 100 so they never collide with the gateway's own. */
export const SECURITY_MIGRATIONS: Migration[] = [
  {
    id: 100,
    name: 'sign-device-keys',
    sql: `
      CREATE TABLE sign_device_keys (
        key_id TEXT PRIMARY KEY CHECK (length(key_id) = 32),
        public_key TEXT NOT NULL,
        algorithm TEXT NOT NULL CHECK (algorithm IN ('rsa1024', 'rsa2048')),
        created_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE sign_key_users (
        user_id_hash TEXT NOT NULL CHECK (length(user_id_hash) = 64),
        key_id TEXT NOT NULL REFERENCES sign_device_keys (key_id) ON DELETE CASCADE,
        last_bound_at INTEGER NOT NULL,
        PRIMARY KEY (user_id_hash, key_id)
      ) WITHOUT ROWID;
      CREATE INDEX sign_key_users_key ON sign_key_users (key_id);
      CREATE TABLE sign_key_sessions (
        session_hash TEXT PRIMARY KEY CHECK (length(session_hash) = 64),
        key_id TEXT NOT NULL REFERENCES sign_device_keys (key_id) ON DELETE CASCADE,
        user_id_hash TEXT NOT NULL,
        bound_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sign_key_sessions_key ON sign_key_sessions (key_id);
    `,
  },
  {
    id: 101,
    name: 'sign-replays',
    // One-time proofs (signatures, login envelopes, device checks) by SHA-256 digest, until they expire.
    sql: `
      CREATE TABLE sign_replays (
        digest BLOB PRIMARY KEY CHECK (length(digest) = 32),
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sign_replays_expiry ON sign_replays (expires_at);
    `,
  },
];
