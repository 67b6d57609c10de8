import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../../gateway/open-database';
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
      expect(columns).toEqual(['id', 'received_at', 'page', 'biz_type', 'event', 'reason', 'raw', 'source']);
    } finally {
      db.close();
    }
  });
});
