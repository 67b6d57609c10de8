import { useCallback, useEffect, useRef, useState } from 'react';
import { isOfflineError, isSignedOutError } from '../../api/failures';
import { isNotMainError } from './sub-accounts-api';

/**
 * What a sub-account page shows for a read: loading, nobody signed in, a session that is not a main account's, a
 * failure (offline or another), or the data; a failed refresh keeps the data beside its failure.
 */
export type SubLoad<T> =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'notMain' }
  | { status: 'failed'; error: unknown; isOffline: boolean }
  | { status: 'ready'; data: T; error: unknown; isRefreshing: boolean };

/** Reads `load()` on mount and when `key` changes; `reload` reads again and keeps what it shows while it does. */
export function useSubLoad<T>(
  load: () => Promise<T>,
  key: string,
): { view: SubLoad<T>; reload: () => Promise<void>; replace: (data: T) => void } {
  const [view, setView] = useState<SubLoad<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what is read; a new key reads afresh.
  const reload = useCallback(async () => {
    setView((old) => (old.status === 'ready' ? { ...old, isRefreshing: true } : { status: 'loading' }));
    try {
      const data = await loadRef.current();
      setView({ status: 'ready', data, error: null, isRefreshing: false });
    } catch (error) {
      if (isSignedOutError(error)) return setView({ status: 'signedOut' });
      if (isNotMainError(error)) return setView({ status: 'notMain' });
      setView((old) =>
        old.status === 'ready'
          ? { ...old, error, isRefreshing: false }
          : { status: 'failed', error, isOffline: isOfflineError(error) },
      );
    }
  }, [key]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((data: T) => {
    setView((old) => (old.status === 'ready' ? { ...old, data } : old));
  }, []);

  return { view, reload, replace };
}
