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
  {
    // The first seeds (ids 1001–1012) carried test markup; the announcements that replaced them have ids of their own,
    // so the read marks of the retired ones point at nothing and go. Nothing else is touched: marks on today's seeds
    // and on the bench's generated copies (100,001 on) stay.
    id: 801,
    name: 'retire-first-announcement-seeds',
    sql: `
      DELETE FROM content_announcement_reads
      WHERE announcement_id IN ('1001', '1002', '1003', '1004', '1005', '1006',
                                '1007', '1008', '1009', '1010', '1011', '1012');
    `,
  },
];
