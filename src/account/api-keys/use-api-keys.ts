import { useCallback } from 'react';
import { fresh, useRead } from '../../api/use-read';
import { type ApiKeyInfo, listApiKeys } from './api-keys-api';

const readKeys = fresh(listApiKeys);

/** The signed-in account's keys; `refresh` reads them again and keeps the list while it does. */
export function useApiKeys() {
  const { state, refresh, update } = useRead(readKeys);
  /** Shows a key as a change answered it, without reading the whole list again. */
  const replace = useCallback(
    (key: ApiKeyInfo) => update((keys) => keys.map((item) => (item.apiKey === key.apiKey ? key : item))),
    [update],
  );
  return { state, refresh, replace };
}
