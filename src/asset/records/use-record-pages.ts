import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Reply } from '../../api/request';
import { RequestError } from '../../api/request';
import { authState } from '../../session/auth-state';
import type { RecordPage } from './records-api';

/** A page of records as the list shows it. */
export type RecordsView<Row> =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'error'; message: string; isOffline: boolean }
  | { status: 'ready'; rows: Row[]; hasNext: boolean; cachedAt: number | null };

/**
 * Cursor pages of one record list for the current filters (`key` names them): Next follows the gateway's cursor,
 * Previous goes back through the cursors seen, so a list of thousands of rows never loads more than one page.
 * A change of filters starts again at the first page.
 */
export function useRecordPages<Row>(
  key: string,
  load: (cursor: string | null) => Promise<Reply<RecordPage<Row>>>,
): {
  view: RecordsView<Row>;
  page: number;
  next(): void;
  previous(): void;
  retry(): void;
} {
  const { status: session, user } = useSnapshot(authState);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [view, setView] = useState<RecordsView<Row>>({ status: 'loading' });
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const userId = user?.userId ?? null;
  const cursor = cursors[cursors.length - 1] ?? null;

  // New filters (or another signed-in user) start from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `userId` are what resets the pages.
  useEffect(() => setCursors([null]), [key, userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters (`key`) and a retry (`attempt`) read again.
  useEffect(() => {
    if (session !== 'signedIn') return;
    let live = true;
    setView({ status: 'loading' });
    loadRef.current(cursor).then(
      (reply) => {
        if (!live) return;
        setNextCursor(reply.data.next);
        setView({
          status: 'ready',
          rows: reply.data.rows,
          hasNext: reply.data.next !== null,
          cachedAt: reply.cachedAt,
        });
      },
      (error: unknown) => {
        if (!live || (error instanceof RequestError && error.kind === 'cancelled')) return;
        setView({
          status: 'error',
          message: error instanceof Error ? error.message : '',
          isOffline: typeof navigator !== 'undefined' && !navigator.onLine,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [session, cursor, key, attempt]);

  useEffect(() => {
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const next = useCallback(() => {
    if (nextCursor !== null) setCursors((stack) => [...stack, nextCursor]);
  }, [nextCursor]);
  const previous = useCallback(() => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (session === 'anonymous') return { view: { status: 'signedOut' }, page: 1, next, previous, retry };
  if (session === 'unknown') return { view: { status: 'loading' }, page: 1, next, previous, retry };
  return { view, page: cursors.length, next, previous, retry };
}
