import type { Migration } from '../db/migration';

/**
 * Schema of announcements (ids 800–809; append only): which announcements each signed-in user has read. The
 * announcements themselves are seeded in memory (gateway/content/announcement-seeds.ts), so only the marks are kept.
 */
export const CONTENT_MIGRATIONS: readonly Migration[] = [
  {
    id: 800,
    name: 'announcement-reads',
    sql: `
      CREATE TABLE content_announcement_reads (
        user_id TEXT NOT NULL,
        announcement_id TEXT NOT NULL,
        read_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, announcement_id)
      ) WITHOUT ROWID;
    `,
  },
];
