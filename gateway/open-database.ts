import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { runMigrations } from './db/migration';
import { MIGRATIONS } from './migrations';

/** The gateway's SQLite file name inside the data directory. */
export const DATABASE_FILE = 'gateway.db';

/** Opens (creating if needed) `<dataDir>/gateway.db` with WAL, NORMAL sync and foreign keys, and brings its schema up to date. */
export function openDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, DATABASE_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Another process (a second gateway on the same dir) may hold a write lock for a moment.
    db.pragma('busy_timeout = 5000');
    runMigrations(db, MIGRATIONS);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
