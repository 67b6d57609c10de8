import { useCallback, useEffect, useRef, useState } from 'react';
import { type AnnouncementItem, type CategoryFilter, fetchAnnouncements } from './content-api';

/** The list as the page shows it. */
export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; items: AnnouncementItem[]; nextCursor: string | null; total: number }
  | { status: 'error'; error: unknown };

/** The announcements of a category in a language, page by page; `loadMore` appends the next page. */
export function useAnnouncements(
  locale: string,
  category: CategoryFilter,
): { list: ListState; isLoadingMore: boolean; moreError: unknown; loadMore: () => void; reload: () => void } {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  // A reply for a filter or language the page has left is dropped.
  const generation = useRef(0);

  const reload = useCallback(() => {
    const id = ++generation.current;
    setList({ status: 'loading' });
    setMoreError(null);
    setLoadingMore(false);
    fetchAnnouncements(locale, category, null).then(
      (page) => {
        if (id === generation.current) setList({ status: 'ready', ...page });
      },
      (error: unknown) => {
        if (id === generation.current) setList({ status: 'error', error });
      },
    );
  }, [locale, category]);
  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    if (list.status !== 'ready' || list.nextCursor === null || isLoadingMore) return;
    const id = generation.current;
    setLoadingMore(true);
    setMoreError(null);
    fetchAnnouncements(locale, category, list.nextCursor).then(
      (page) => {
        if (id !== generation.current) return;
        setLoadingMore(false);
        setList((old) =>
          old.status === 'ready'
            ? { status: 'ready', items: [...old.items, ...page.items], nextCursor: page.nextCursor, total: page.total }
            : old,
        );
      },
      (error: unknown) => {
        if (id !== generation.current) return;
        setLoadingMore(false);
        setMoreError(error);
      },
    );
  }, [list, isLoadingMore, locale, category]);

  return { list, isLoadingMore, moreError, loadMore, reload };
}
