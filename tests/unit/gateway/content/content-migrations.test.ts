import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_COUNT, seedAnnouncements } from '../../../../gateway/content/announcement-seeds';
import { CONTENT_MIGRATIONS } from '../../../../gateway/content/content-migrations';
import { createContentStore } from '../../../../gateway/content/content-store';
import { runMigrations } from '../../../../gateway/db/migration';
import { tempDir } from '../support';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

/** A data dir as a gateway with the first seeds left it: the read-mark table and these marks `[user, id]`. */
function oldDataDir(marks: readonly (readonly [string, string])[]): string {
  const path = join(dir.path, 'gateway.db');
  const db = new BetterSqlite3(path);
  try {
    runMigrations(
      db,
      CONTENT_MIGRATIONS.filter((migration) => migration.id === 800),
    );
    const insert = db.prepare(
      'INSERT INTO content_announcement_reads (user_id, announcement_id, read_at) VALUES (?, ?, ?)',
    );
    for (const [user, id] of marks) insert.run(user, id, 1);
  } finally {
    db.close();
  }
  return path;
}

describe('migration 801 (retire the first seeds)', () => {
  it('drops the read marks of the first seeds on restart and keeps every other mark', () => {
    const newest = seedAnnouncements()[0]!.id;
    const path = oldDataDir([
      ['ann', '1001'],
      ['ann', '1012'],
      ['bob', '1005'],
      ['ann', newest],
      ['bob', '100001'],
      ['bob', '1013'],
    ]);
    const db = new BetterSqlite3(path);
    try {
      expect(runMigrations(db, CONTENT_MIGRATIONS)).toEqual([801]);
      const rows = db
        .prepare(
          'SELECT user_id AS user, announcement_id AS id FROM content_announcement_reads ORDER BY user_id, announcement_id',
        )
        .all();
      expect(rows).toEqual([
        { user: 'ann', id: newest },
        { user: 'bob', id: '100001' },
        { user: 'bob', id: '1013' },
      ]);
      expect(runMigrations(db, CONTENT_MIGRATIONS)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('leaves a reader of the first seeds with every new announcement unread', () => {
    const path = oldDataDir(Array.from({ length: 12 }, (_, i) => ['ann', String(1001 + i)] as const));
    const db = new BetterSqlite3(path);
    try {
      runMigrations(db, CONTENT_MIGRATIONS);
      expect(createContentStore(db).unreadCount('ann')).toBe(SEED_COUNT);
      expect(db.prepare('SELECT COUNT(*) AS n FROM content_announcement_reads').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
