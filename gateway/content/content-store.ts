import type { Database } from 'better-sqlite3';
import { isLocale, localeEntryOf } from '../../engine/rules/locales';
import {
  type Announcement,
  type AnnouncementCategory,
  bodyOf,
  SEED_COUNT,
  seedAnnouncements,
  titleOf,
} from './announcement-seeds';
import type { SeedBundle } from './seed-texts';

/** One row of `GET /v1/public/content/announcements`. */
export interface AnnouncementListItem {
  id: string;
  category: AnnouncementCategory;
  title: string;
  /** ms since the epoch, as a decimal string (the `/v1` convention for times). */
  publishedAt: string;
  /** Whether the signed-in user has read it; null when nobody is signed in (the page keeps its own marks then). */
  read: boolean | null;
}

/** A page of the list: newest first; `nextCursor` is passed back as `cursor` for the next page, null at the end. */
export interface AnnouncementPage {
  items: AnnouncementListItem[];
  nextCursor: string | null;
  /** How many announcements the filter matches in all. */
  total: number;
}

/** `GET /v1/public/content/announcements/:id`: one announcement with its body as HTML. */
export interface AnnouncementDetail extends AnnouncementListItem {
  locale: SeedBundle;
  html: string;
}

/** What a list asks for, already validated. */
export interface ListQuery {
  bundle: SeedBundle;
  category: AnnouncementCategory | null;
  cursor: string | null;
  size: number;
  userId: string | null;
}

/** Where the list's cursor points: after this id; `unknown` when the id is not in the filtered list. */
export type PageResult = AnnouncementPage | 'unknown-cursor';

/** The announcements (seeded in memory) and each signed-in user's read marks (stored). */
export interface ContentStore {
  page(query: ListQuery): PageResult;
  detail(id: string, bundle: SeedBundle, userId: string | null): AnnouncementDetail | null;
  /** How many announcements the user has not read. */
  unreadCount(userId: string): number;
  /** Marks these announcements (unknown ids are skipped) or all of them read for this user only; returns how many were new. */
  markRead(userId: string, ids: readonly string[] | 'all', now: number): number;
}

/** Options of the store: `announcementCount` above the seeds' 12 is for development and the bench only. */
export interface ContentStoreOptions {
  announcementCount?: number;
}

/** Builds the store over `db` (whose migrations include CONTENT_MIGRATIONS). */
export function createContentStore(db: Database, options: ContentStoreOptions = {}): ContentStore {
  const all = seedAnnouncements(Math.max(SEED_COUNT, options.announcementCount ?? SEED_COUNT));
  const byId = new Map(all.map((announcement) => [announcement.id, announcement]));
  const byCategory = new Map<AnnouncementCategory, Announcement[]>();
  for (const announcement of all) {
    const list = byCategory.get(announcement.category) ?? [];
    list.push(announcement);
    byCategory.set(announcement.category, list);
  }
  const readIdsOf = db.prepare('SELECT announcement_id AS id FROM content_announcement_reads WHERE user_id = ?');
  const isReadBy = db.prepare('SELECT 1 FROM content_announcement_reads WHERE user_id = ? AND announcement_id = ?');
  const insertRead = db.prepare(
    'INSERT OR IGNORE INTO content_announcement_reads (user_id, announcement_id, read_at) VALUES (?, ?, ?)',
  );
  const readSet = (userId: string) =>
    new Set((readIdsOf.all(userId) as { id: string }[]).map((row) => row.id).filter((id) => byId.has(id)));

  const itemOf = (announcement: Announcement, bundle: SeedBundle, read: boolean | null): AnnouncementListItem => ({
    id: announcement.id,
    category: announcement.category,
    title: titleOf(announcement, bundle),
    publishedAt: String(announcement.publishedAt),
    read,
  });

  return {
    page({ bundle, category, cursor, size, userId }) {
      const list = category === null ? all : (byCategory.get(category) ?? []);
      let start = 0;
      if (cursor !== null) {
        const at = list.findIndex((announcement) => announcement.id === cursor);
        if (at < 0) return 'unknown-cursor';
        start = at + 1;
      }
      const slice = list.slice(start, start + size);
      const reads = userId === null ? null : readSet(userId);
      return {
        items: slice.map((announcement) =>
          itemOf(announcement, bundle, reads === null ? null : reads.has(announcement.id)),
        ),
        nextCursor: start + size < list.length ? slice[slice.length - 1]!.id : null,
        total: list.length,
      };
    },
    detail(id, bundle, userId) {
      const announcement = byId.get(id);
      if (!announcement) return null;
      const read = userId === null ? null : isReadBy.get(userId, id) !== undefined;
      return {
        ...itemOf(announcement, bundle, read),
        locale: bundle,
        html: bodyOf(announcement, bundle, intlOf(bundle)),
      };
    },
    unreadCount(userId) {
      return all.length - readSet(userId).size;
    },
    markRead(userId, ids, now) {
      const targets = ids === 'all' ? all.map((announcement) => announcement.id) : ids.filter((id) => byId.has(id));
      let added = 0;
      db.transaction(() => {
        for (const id of targets) added += insertRead.run(userId, id, now).changes;
      })();
      return added;
    },
  };
}

/** The Intl tag of a bundle's language, for the dates inside a body. */
function intlOf(bundle: SeedBundle): string {
  return isLocale(bundle) ? localeEntryOf(bundle).intl : 'en-US';
}
