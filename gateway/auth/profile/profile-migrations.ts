import type { Migration } from '../../db/migration';

/**
 * Schema of the account settings pages (ids 220–229; append only): the anti-phishing code every mail carries, the
 * profile picture, the fund password and which second factors a sign-in asks for.
 */
export const PROFILE_MIGRATIONS: readonly Migration[] = [
  {
    id: 220,
    name: 'auth-anti-phishing-codes',
    sql: `
      CREATE TABLE anti_phishing_codes (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        code TEXT NOT NULL CHECK (length(code) BETWEEN 4 AND 20 AND code NOT GLOB '*[^A-Za-z0-9]*'),
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 221,
    name: 'auth-profile-avatar-fund-password',
    // The picture is stored as the client compressed it (JPEG or WebP, at most 256×256); the fund password as a hash.
    sql: `
      CREATE TABLE user_profiles (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        avatar BLOB,
        avatar_type TEXT CHECK (avatar_type IS NULL OR avatar_type IN ('image/jpeg', 'image/webp')),
        avatar_updated_at INTEGER,
        fund_password_hash TEXT,
        fund_password_updated_at INTEGER,
        CHECK ((avatar IS NULL) = (avatar_type IS NULL))
      ) WITHOUT ROWID;
    `,
  },
];
