import type { Database } from 'better-sqlite3';

/** One schema change; `id` orders them and is recorded once applied. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
  /** A step SQL cannot express (exact bigint sums), run after `sql` in the same transaction. */
  after?: (db: Database) => void;
}

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction; returns the ids applied. */
export function runMigrations(db: Database, migrations: readonly Migration[]): number[] {
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
      migration.after?.(db);
      record.run(migration.id, migration.name, Date.now());
    })();
    done.push(migration.id);
  }
  return done;
}
