import { useCallback, useEffect, useState } from 'react';
import { isSignedOutError } from '../../api/failures';
import { type ApiKeyInfo, listApiKeys } from './api-keys-api';

/** The key list as the page shows it: a failed refresh keeps the last list beside its failure (shown localized). */
export type ApiKeysView =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'ready'; keys: ApiKeyInfo[]; error: unknown; isRefreshing: boolean };

/** Reads the signed-in account's keys on mount; `reload` reads them again and keeps the list while it does. */
export function useApiKeys(): { view: ApiKeysView; reload: () => Promise<void>; replace: (key: ApiKeyInfo) => void } {
  const [view, setView] = useState<ApiKeysView>({ status: 'loading' });

  const reload = useCallback(async () => {
    setView((old) => (old.status === 'ready' ? { ...old, isRefreshing: true } : { status: 'loading' }));
    try {
      const keys = await listApiKeys();
      setView({ status: 'ready', keys, error: null, isRefreshing: false });
    } catch (error) {
      if (isSignedOutError(error)) return setView({ status: 'signedOut' });
      setView((old) => ({
        status: 'ready',
        keys: old.status === 'ready' ? old.keys : [],
        error,
        isRefreshing: false,
      }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Shows a key as a change answered it, without reading the whole list again. */
  const replace = useCallback((key: ApiKeyInfo) => {
    setView((old) =>
      old.status === 'ready'
        ? { ...old, keys: old.keys.map((item) => (item.apiKey === key.apiKey ? key : item)) }
        : old,
    );
  }, []);

  return { view, reload, replace };
}
