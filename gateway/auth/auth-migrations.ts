import type { Migration } from '../db/migration';

/**
 * Schema of accounts, sessions, pending logins, verification codes, the dev mailbox, rate-limit events, security keys
 * and terms consents (ids 200+); append only.
 */
export const AUTH_MIGRATIONS: readonly Migration[] = [
  {
    id: 200,
    name: 'auth-users-sessions-codes',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT UNIQUE,
        area_code TEXT,
        mobile TEXT,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        nick_name TEXT,
        email_2fa INTEGER NOT NULL DEFAULT 0,
        mobile_2fa INTEGER NOT NULL DEFAULT 0,
        google_2fa INTEGER NOT NULL DEFAULT 0,
        fido_2fa INTEGER NOT NULL DEFAULT 0,
        system_verify INTEGER NOT NULL DEFAULT 0,
        totp_secret TEXT,
        totp_last_step INTEGER NOT NULL DEFAULT 0,
        totp_pending_secret TEXT,
        totp_pending_at INTEGER,
        register_vip_no TEXT,
        register_channel TEXT,
        clac_code TEXT,
        common_code TEXT,
        group_id TEXT,
        act_code TEXT,
        parent_id TEXT REFERENCES users (id),
        is_demo INTEGER NOT NULL DEFAULT 0,
        CHECK (email IS NOT NULL OR mobile IS NOT NULL),
        CHECK ((mobile IS NULL) = (area_code IS NULL))
      );
      CREATE UNIQUE INDEX users_mobile ON users (area_code, mobile) WHERE mobile IS NOT NULL;
      CREATE INDEX users_parent ON users (parent_id) WHERE parent_id IS NOT NULL;

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        sid_hash TEXT NOT NULL UNIQUE,
        login_token_hash TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE pending_logins (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        account_key TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        methods TEXT NOT NULL CHECK (json_valid(methods)),
        fido INTEGER NOT NULL,
        system INTEGER NOT NULL,
        client_key TEXT CHECK (client_key IS NULL OR json_valid(client_key))
      ) WITHOUT ROWID;

      CREATE TABLE verify_codes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        target TEXT NOT NULL,
        scene TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX verify_codes_target ON verify_codes (channel, target, scene);

      CREATE TABLE dev_mailbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL,
        target TEXT NOT NULL,
        scene TEXT NOT NULL,
        code TEXT,
        text TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE auth_rate_events (
        bucket TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX auth_rate_events_bucket ON auth_rate_events (bucket, at);
      CREATE INDEX auth_rate_events_at ON auth_rate_events (at);
    `,
  },
  {
    id: 201,
    name: 'auth-webauthn-credentials',
    sql: `
      CREATE TABLE webauthn_credentials (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL DEFAULT 0,
        transports TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(transports)),
        created_at INTEGER NOT NULL,
        last_used_at INTEGER,
        nickname TEXT NOT NULL DEFAULT ''
      ) WITHOUT ROWID;
      CREATE INDEX webauthn_credentials_user ON webauthn_credentials (user_id);

      CREATE TABLE webauthn_challenges (
        binding TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        challenge TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at);
    `,
  },
  {
    id: 202,
    name: 'auth-sub-accounts',
    sql: `
      -- Sub-account names are unique within one family, whatever their case; a family has one demo account.
      CREATE UNIQUE INDEX users_sub_name ON users (parent_id, nick_name COLLATE NOCASE) WHERE parent_id IS NOT NULL AND is_demo = 0;
      CREATE UNIQUE INDEX users_demo ON users (parent_id) WHERE is_demo = 1;

      -- The main account a switched session acts for, so it can switch back without a password; ends with its session.
      CREATE TABLE session_main_accounts (
        session_id TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
        main_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 203,
    name: 'auth-step-up-grants',
    // A fresh second factor proved on one session for one purpose; used up by that change, or expired.
    sql: `
      CREATE TABLE step_up_grants (
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (session_id, purpose)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 204,
    name: 'auth-terms-consents',
    // When an account agreed to the terms at registration; written with the account, kept as long as it exists.
    sql: `
      CREATE TABLE terms_consents (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        agreed_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
];
