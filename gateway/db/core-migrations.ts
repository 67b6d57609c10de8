import type { Migration } from './migration';

/** Schema of the gateway's own tables outside any area (ids below 100): CSP reports, the key-value store, risk tokens. */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'csp-reports-and-kv',
    sql: `
      CREATE TABLE csp_reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at INTEGER NOT NULL,
        page TEXT NOT NULL,
        biz_type TEXT NOT NULL,
        event TEXT NOT NULL,
        reason TEXT NOT NULL,
        raw TEXT NOT NULL CHECK (json_valid(raw))
      );
      CREATE INDEX csp_reports_received_at ON csp_reports (received_at);
      CREATE TABLE kv (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 10,
    name: 'risk-tokens',
    // Device tokens issued for the risk-control SDK (spec §7.6), by SHA-256 digest, for their 14,400 s life.
    sql: `
      CREATE TABLE risk_tokens (
        digest BLOB PRIMARY KEY CHECK (length(digest) = 32),
        issued_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX risk_tokens_issued ON risk_tokens (issued_at);
    `,
  },
  {
    id: 11,
    name: 'risk-tokens-bound',
    // Each token is bound to the address it was issued to by an HMAC keyed with the token
    // (security/risk-token-routes.ts), so the table alone names no address. Tokens issued before have no binding and are dropped: a page holding one is
    // refused once with 40140, and the client fetches a fresh token and sends the call again.
    sql: `
      DROP TABLE risk_tokens;
      CREATE TABLE risk_tokens (
        digest BLOB PRIMARY KEY CHECK (length(digest) = 32),
        address_tag BLOB NOT NULL CHECK (length(address_tag) = 32),
        issued_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX risk_tokens_issued ON risk_tokens (issued_at);
    `,
  },
  {
    id: 12,
    name: 'csp-reports-source',
    // Who sent each report (a digest of its address scope, csp-report-routes.ts), so a flood from one place only ever
    // pushes out its own reports; rows from before have none and count as one source.
    sql: `
      ALTER TABLE csp_reports ADD COLUMN source TEXT NOT NULL DEFAULT '';
      CREATE INDEX csp_reports_source ON csp_reports (source, id);
    `,
  },
];
