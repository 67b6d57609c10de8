import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations } from '../../../gateway/db/migrations';
import { DATABASE_FILE, openDatabase } from '../../../gateway/db/open-database';
import { tempDir } from './support';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('openDatabase', () => {
  it('creates gateway.db in the data dir with WAL, NORMAL sync and foreign keys on', () => {
    const db = openDatabase(join(dir.path, 'nested', 'data'));
    try {
      expect(db.name).toBe(join(dir.path, 'nested', 'data', DATABASE_FILE));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // 1 = NORMAL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('creates the csp_reports and kv tables', () => {
    const db = openDatabase(dir.path);
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => (r as { name: string }).name);
      expect(tables).toEqual(expect.arrayContaining(['schema_migrations', 'csp_reports', 'kv']));
      const columns = db
        .prepare('PRAGMA table_info(csp_reports)')
        .all()
        .map((r) => (r as { name: string }).name);
      expect(columns).toEqual(['id', 'received_at', 'page', 'biz_type', 'event', 'reason', 'raw']);
    } finally {
      db.close();
    }
  });
});

describe('runMigrations', () => {
  it('applies every migration once and nothing on the second run or after a reopen', () => {
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      expect(runMigrations(db)).toEqual(MIGRATIONS.map((m) => m.id));
      db.prepare('INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)').run('k', 'v', 1);
      expect(runMigrations(db)).toEqual([]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    } finally {
      db.close();
    }
    const reopened = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      expect(runMigrations(reopened)).toEqual([]);
      expect(reopened.prepare('SELECT value FROM kv WHERE key = ?').get('k')).toEqual({ value: 'v' });
    } finally {
      reopened.close();
    }
  });

  it('applies only the new migrations, in id order, and rolls back a failing one', () => {
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      runMigrations(db);
      const extra = [
        { id: 3, name: 'third', sql: 'CREATE TABLE third (id INTEGER)' },
        { id: 2, name: 'second', sql: 'CREATE TABLE second (id INTEGER)' },
      ];
      expect(runMigrations(db, [...MIGRATIONS, ...extra])).toEqual([2, 3]);
      const broken = { id: 4, name: 'broken', sql: 'CREATE TABLE fourth (id INTEGER); THIS IS NOT SQL' };
      expect(() => runMigrations(db, [...MIGRATIONS, ...extra, broken])).toThrow();
      const names = db.prepare("SELECT name FROM sqlite_master WHERE name = 'fourth'").all();
      expect(names).toEqual([]);
      expect(runMigrations(db, [...MIGRATIONS, ...extra])).toEqual([]);
    } finally {
      db.close();
    }
  });
});
