import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import { MIGRATIONS } from '../../../../gateway/migrations';
import { tempDir } from '../support';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('runMigrations', () => {
  it('applies every migration once and nothing on the second run or after a reopen', () => {
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      expect(runMigrations(db, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.id));
      db.prepare('INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)').run('k', 'v', 1);
      expect(runMigrations(db, MIGRATIONS)).toEqual([]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    } finally {
      db.close();
    }
    const reopened = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      expect(runMigrations(reopened, MIGRATIONS)).toEqual([]);
      expect(reopened.prepare('SELECT value FROM kv WHERE key = ?').get('k')).toEqual({ value: 'v' });
    } finally {
      reopened.close();
    }
  });

  it('applies only the new migrations, in id order, and rolls back a failing one', () => {
    const db = new BetterSqlite3(join(dir.path, 'm.db'));
    try {
      runMigrations(db, MIGRATIONS);
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
