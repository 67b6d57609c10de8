import { useCallback, useRef, useState } from 'react';
import { classifyFailure, type ReadState } from './read-state';
import { type ReadOptions, useRead } from './use-read';

/** A page of a list the gateway pages by cursor: its rows and the cursor of the next page (null at the end). */
export interface CursorPage<Row> {
  rows: Row[];
  next: string | null;
}

/** Where reading the next page stands: not asked, under way, or failed (offline or not). */
export type MoreState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: unknown; offline: boolean };

/**
 * A list read a page at a time (sign-in history, announcements), as every read is ({@link useRead}): the first page
 * is the read's data, and `loadMore` appends the next one to it. A new key (or user) starts again from the first
 * page, and a next page that arrives for a list the page has left is dropped.
 */
export function useMorePages<Row, Page extends CursorPage<Row>>(
  loadPage: (cursor: string | null) => Promise<Page>,
  options: ReadOptions = {},
): { state: ReadState<Page>; refresh: () => Promise<Page | null>; more: MoreState; loadMore: () => void } {
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const [more, setMore] = useState<MoreState>({ status: 'idle' });
  // The list each next page belongs to: a new first page (new key, refresh) makes older ones stale.
  const list = useRef(0);
  const read = useCallback(() => {
    list.current += 1;
    setMore({ status: 'idle' });
    return loadRef.current(null).then((data) => ({ data, cachedAt: null }));
  }, []);
  const { state, refresh, update } = useRead(read, options);

  const next = state.status === 'ready' ? state.data.next : null;
  const isLoadingMore = more.status === 'loading';
  const loadMore = useCallback(() => {
    if (next === null || isLoadingMore) return;
    const mine = list.current;
    setMore({ status: 'loading' });
    loadRef.current(next).then(
      (page) => {
        if (mine !== list.current) return;
        update((shown) => ({ ...page, rows: [...shown.rows, ...page.rows] }));
        setMore({ status: 'idle' });
      },
      (error: unknown) => {
        if (mine !== list.current) return;
        const kind = classifyFailure(error);
        if (kind === 'cancelled') return setMore({ status: 'idle' });
        setMore({ status: 'failed', error, offline: kind === 'offline' });
      },
    );
  }, [next, isLoadingMore, update]);

  return { state, refresh, more, loadMore };
}
