import { useCallback, useEffect, useState } from 'react';
import { isSignedOutError } from '../../api/failures';
import { readOverview, type SettingsOverview } from './settings-api';

/** The settings as the page shows them: a failed refresh keeps the last overview beside its failure. */
export type SettingsView =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; overview: SettingsOverview; isRefreshing: boolean };

/** Reads the signed-in account's settings on mount; `reload` reads them again, keeping what is shown meanwhile. */
export function useSettings(): { view: SettingsView; reload: () => Promise<void> } {
  const [view, setView] = useState<SettingsView>({ status: 'loading' });

  const reload = useCallback(async () => {
    setView((old) => (old.status === 'ready' ? { ...old, isRefreshing: true } : { status: 'loading' }));
    try {
      setView({ status: 'ready', overview: await readOverview(), isRefreshing: false });
    } catch (error) {
      if (isSignedOutError(error)) return setView({ status: 'signedOut' });
      setView((old) => (old.status === 'ready' ? { ...old, isRefreshing: false } : { status: 'failed', error }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { view, reload };
}
