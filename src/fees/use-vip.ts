import { useCallback, useEffect, useState } from 'react';
import { isSignedOutError } from '../api/failures';
import { useSnapshot } from 'valtio';
import { authState } from '../session/auth-state';
import { fetchVipOverview, fetchVipSchedule, type VipOverview, type VipSchedule } from './vip-api';

/** A reply as a page shows it: loading, its data, or its failure (the last data kept beside a failed refresh). */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown; data: T | null };

/** The overview, or that nobody is signed in. */
export type OverviewState = Loaded<VipOverview> | { status: 'signedOut' };

/** Reads the public schedule on mount; `reload` reads it again. */
export function useVipSchedule(): { schedule: Loaded<VipSchedule>; reload: () => void } {
  const [schedule, setSchedule] = useState<Loaded<VipSchedule>>({ status: 'loading' });
  const reload = useCallback(() => {
    setSchedule((old) => (old.status === 'ready' ? old : { status: 'loading' }));
    fetchVipSchedule().then(
      (data) => setSchedule({ status: 'ready', data }),
      (error: unknown) =>
        setSchedule((old) => ({ status: 'error', error, data: old.status === 'ready' ? old.data : null })),
    );
  }, []);
  useEffect(reload, [reload]);
  return { schedule, reload };
}

/** Reads the signed-in account's overview (not asked for while the page knows nobody is signed in). */
export function useVipOverview(): { overview: OverviewState; reload: () => void } {
  const { status: authStatus } = useSnapshot(authState);
  const [overview, setOverview] = useState<OverviewState>({ status: 'loading' });
  const reload = useCallback(() => {
    if (authState.status === 'anonymous') return setOverview({ status: 'signedOut' });
    setOverview((old) => (old.status === 'ready' ? old : { status: 'loading' }));
    fetchVipOverview().then(
      (data) => setOverview({ status: 'ready', data }),
      (error: unknown) =>
        setOverview((old) =>
          isSignedOutError(error)
            ? { status: 'signedOut' }
            : { status: 'error', error, data: old.status === 'ready' ? old.data : null },
        ),
    );
  }, []);
  // A sign-in or sign-out in this tab (or another) reads the overview again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: authStatus is the trigger, read through authState.
  useEffect(reload, [reload, authStatus]);
  return { overview, reload };
}
