import { RequestError } from '../api/request';
import { api } from '../security/secured-api';
import type { CategoryFilter } from './announcement-categories';

/** What an announcement is about (gateway/content/content-api.md). */
export type AnnouncementCategory = 'listing' | 'maintenance' | 'activity' | 'product';

// The tabs live apart: the announcements route checks its address with them, and this module brings the request layer.
export { CATEGORY_FILTERS, type CategoryFilter } from './announcement-categories';

/** One row of the list. */
export interface AnnouncementItem {
  id: string;
  category: AnnouncementCategory;
  title: string;
  /** ms since the epoch, decimal string. */
  publishedAt: string;
  /** null when nobody is signed in (the page's own marks count then). */
  read: boolean | null;
}

/** A page of the list, newest first. */
export interface AnnouncementPage {
  items: AnnouncementItem[];
  nextCursor: string | null;
  total: number;
}

/** One announcement with its (unsanitized) body HTML; the page shows it only through RichText. */
export interface AnnouncementDetail extends AnnouncementItem {
  locale: string;
  html: string;
}

/** A coin's description as HTML. */
export interface CoinDescriptionReply {
  coin: string;
  name: string;
  locale: string;
  html: string;
}

/** How many rows one request asks for (the gateway allows up to 100). */
export const PAGE_SIZE = 100;

/** A page of announcements in the page's language; failures are thrown for the page to show. */
export function fetchAnnouncements(
  locale: string,
  category: CategoryFilter,
  cursor: string | null,
  size = PAGE_SIZE,
): Promise<AnnouncementPage> {
  const params = { locale, category, size, ...(cursor === null ? {} : { cursor }) };
  return api.get<AnnouncementPage>('/public/content/announcements', { params, silent: true });
}

/** One announcement in the page's language. */
export function fetchAnnouncement(id: string, locale: string): Promise<AnnouncementDetail> {
  return api.get<AnnouncementDetail>(`/public/content/announcements/${encodeURIComponent(id)}`, {
    params: { locale },
    silent: true,
  });
}

/** The signed-in user's unread count. */
export function fetchUnreadCount(): Promise<{ unread: number }> {
  return api.get<{ unread: number }>('/content/announcements/unread-count', { silent: true });
}

/** Marks announcements read for the signed-in user; answers the new unread count. */
export function postRead(marks: { ids: string[] } | { all: true }): Promise<{ marked: number; unread: number }> {
  return api.post<{ marked: number; unread: number }>('/content/announcements/read', { params: marks, silent: true });
}

/** A coin's description in the page's language. */
export function fetchCoinDescription(coin: string, locale: string): Promise<CoinDescriptionReply> {
  return api.get<CoinDescriptionReply>(`/public/content/coins/${encodeURIComponent(coin)}`, {
    params: { locale },
    silent: true,
  });
}

/** True when the gateway says there is no such announcement or coin (a state, not a failure). */
export function isNotFoundError(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    (error.details.status === 404 || error.details.code === '40904' || error.details.code === '40905')
  );
}
