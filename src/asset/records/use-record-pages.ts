import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ReadState } from '../../api/read-state';
import type { Reply } from '../../api/request';
import { useRead } from '../../api/use-read';
import { authState } from '../../session/auth-state';
import type { RecordPage } from './records-api';

/**
 * Cursor pages of one record list for the current filters (`key` names them), read as every page reads
 * (api/use-read.ts): Next follows the gateway's cursor, Previous goes back through the cursors seen, so a list of
 * thousands of rows never loads more than one page. A change of filters (or of user) starts again at the first page.
 */
export function useRecordPages<Row>(
  key: string,
  load: (cursor: string | null) => Promise<Reply<RecordPage<Row>>>,
): {
  state: ReadState<RecordPage<Row>>;
  page: number;
  next(): void;
  previous(): void;
  retry(): void;
} {
  const userId = useSnapshot(authState).user?.userId ?? null;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `userId` are what resets the pages.
  useEffect(() => setCursors([null]), [key, userId]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { state, refresh } = useRead(() => load(cursor), { key: `${key}\n${cursors.length}\n${cursor ?? ''}` });
  const nextCursor = state.status === 'ready' ? state.data.next : null;

  const next = useCallback(() => {
    if (nextCursor !== null) setCursors((stack) => [...stack, nextCursor]);
  }, [nextCursor]);
  const previous = useCallback(() => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);
  const retry = useCallback(() => void refresh(), [refresh]);
  return { state, page: state.status === 'signedOut' ? 1 : cursors.length, next, previous, retry };
}
