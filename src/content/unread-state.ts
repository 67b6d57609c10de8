import { proxy } from 'valtio';
import { safeStorage } from '../platform/storage';
import { authState } from '../session/auth-state';
import { fetchAnnouncements, fetchUnreadCount, postRead } from './content-api';

/** Where a signed-out visitor's read announcements are kept (ids, newest mark last). */
export const LOCAL_READ_KEY = 'content.readAnnouncements';
/** The most ids kept locally: older marks fall off (they are of announcements far down the list by then). */
export const MAX_LOCAL_READ = 300;
/** A signed-out visitor's badge counts the newest announcements only, this many. */
export const ANONYMOUS_WINDOW = 50;

/** The header badge's count (view state): null until known or when it could not be read. */
export const unreadState = proxy({ count: null as number | null });

/** The ids a signed-out visitor has read on this device. */
export function localReadIds(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(LOCAL_READ_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Adds ids to the local marks, keeping only the newest MAX_LOCAL_READ. */
export function addLocalReads(ids: readonly string[]): void {
  const kept = [...localReadIds()].filter((id) => !ids.includes(id));
  safeStorage.set(LOCAL_READ_KEY, JSON.stringify([...kept, ...ids].slice(-MAX_LOCAL_READ)));
}

const isSignedIn = () => authState.status === 'signedIn';

let refreshId = 0;

/** A count read this recently, for the same visitor and language, is not read again on a navigation. */
export const UNREAD_FRESH_MS = 60_000;
let lastRead: { key: string; at: number } | null = null;

/**
 * Reads the count again: the gateway's for a signed-in user, the newest announcements not marked locally otherwise.
 * A navigation asks every time; the count is read at most once a minute unless `force` (the visitor marked some read).
 */
export async function refreshUnread(locale: string, force = false): Promise<void> {
  const key = `${authState.status}|${locale}`;
  if (
    !force &&
    unreadState.count !== null &&
    lastRead?.key === key &&
    performance.now() - lastRead.at < UNREAD_FRESH_MS
  )
    return;
  const id = ++refreshId;
  try {
    const count = isSignedIn()
      ? (await fetchUnreadCount()).unread
      : await (async () => {
          const page = await fetchAnnouncements(locale, 'all', null, ANONYMOUS_WINDOW);
          const read = localReadIds();
          return page.items.filter((item) => !read.has(item.id)).length;
        })();
    if (id !== refreshId) return;
    unreadState.count = count;
    lastRead = { key, at: performance.now() };
  } catch {
    // The badge hides rather than showing a stale or wrong number; the next navigation tries again.
    if (id === refreshId) unreadState.count = null;
  }
}

/** Marks announcements read (the gateway's marks when signed in, this device's otherwise) and lowers the badge. */
export async function markRead(ids: readonly string[], locale: string): Promise<void> {
  if (ids.length === 0) return;
  if (isSignedIn()) {
    const { unread } = await postRead({ ids: [...ids] });
    refreshId += 1;
    unreadState.count = unread;
    return;
  }
  addLocalReads(ids);
  await refreshUnread(locale, true);
}

/** Whether an item counts as read on this page: the gateway's mark when signed in, the local one otherwise. */
export function isItemRead(item: { id: string; read: boolean | null }, local: ReadonlySet<string>): boolean {
  return item.read ?? local.has(item.id);
}
