import { useCallback, useState } from 'react';
import { isOfflineError, isSignedOutError } from '../../api/failures';
import { useVisiblePoll } from '../../ui/use-visible-poll';
import { type DeviceInfo, listDevices } from './devices-api';

/** How often the open page reads the list again: "last active" stays fresh, and an ended session finds out. */
export const DEVICES_REFRESH_MS = 10_000;

/** The device list as the page shows it: a failed refresh keeps the last list beside its failure. */
export type DevicesView =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'failed'; error: unknown; isOffline: boolean }
  | { status: 'ready'; devices: DeviceInfo[]; error: unknown; isOffline: boolean };

/** Reads the account's devices now and every DEVICES_REFRESH_MS while the page is seen; `reload` reads at once. */
export function useDevices(): { view: DevicesView; reload: () => Promise<void> } {
  const [view, setView] = useState<DevicesView>({ status: 'loading' });

  const read = useCallback(async (isLive: () => boolean = () => true) => {
    try {
      const devices = await listDevices();
      if (isLive()) setView({ status: 'ready', devices, error: null, isOffline: false });
    } catch (error) {
      if (!isLive()) return;
      // An ended session is answered "login expired": the request layer has shown the app signed out already.
      if (isSignedOutError(error)) return setView({ status: 'signedOut' });
      const isOffline = isOfflineError(error);
      setView((old) =>
        old.status === 'ready' ? { ...old, error, isOffline } : { status: 'failed', error, isOffline },
      );
    }
  }, []);

  useVisiblePoll(read, DEVICES_REFRESH_MS, []);

  const reload = useCallback(async () => {
    setView((old) => (old.status === 'ready' ? old : { status: 'loading' }));
    await read();
  }, [read]);

  return { view, reload };
}
