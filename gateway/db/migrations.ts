import type { Database } from 'better-sqlite3';
import { AUTH_MIGRATIONS } from '../auth/auth-migrations';
import { SECURITY_MIGRATIONS } from '../security/security-migrations';
import { TRADING_MIGRATIONS } from '../trading/trading-migrations';

/** One schema change; `id` orders them and is recorded once applied. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Every schema change of the gateway database, oldest first; append only, never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [
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
  ...SECURITY_MIGRATIONS,
  ...AUTH_MIGRATIONS,
  ...TRADING_MIGRATIONS,
];

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction; returns the ids applied. */
export function runMigrations(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => (row as { id: number }).id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, Date.now());
    })();
    done.push(migration.id);
  }
  return done;
}
