import { localizedCodeText } from './code-texts';
import { isOfflineError, isSignedOutError } from './failures';
import { RequestError } from './request';

/**
 * One read as a page shows it (README, reading data): every page's reads go through {@link useRead} into this.
 *
 * - `loading`: nothing to show yet (the first read, a new key, or the session still being checked).
 * - `signedOut`: the read needs a session and there is none (or it ended): the page's sign-in prompt.
 * - `ready`: the data. `keptAt` is when the figures were kept, when they are not fresh: the service worker answered
 *   offline, or a refresh failed and the page kept what it had (`error` says why); null while fresh. `refreshing`
 *   while a refresh the page asked for runs.
 * - `failed`: the read failed with nothing to show; `offline` when the device is (the page says so, not "failed").
 */
export type ReadState<T> =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'ready'; data: T; keptAt: number | null; refreshing: boolean; error: unknown; receivedAt: number }
  | { status: 'failed'; error: unknown; offline: boolean };

/** What a failed read means for the page: one classifier for every read. */
export type FailureKind = 'cancelled' | 'signedOut' | 'offline' | 'failed';

/**
 * Classifies a read's failure: `cancelled` (the page left, or a newer read replaced it: nothing to show),
 * `signedOut` (nobody is signed in, or the login expired), `offline` (the device is), else `failed`.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof RequestError && error.kind === 'cancelled') return 'cancelled';
  if (isSignedOutError(error)) return 'signedOut';
  if (isOfflineError(error)) return 'offline';
  return 'failed';
}

/**
 * The state after a failed read: a page with data keeps it (marked kept, with the failure beside it); a page without
 * shows the failure, or its sign-in prompt when the session is gone. A cancelled read changes nothing.
 */
export function afterFailure<T>(previous: ReadState<T>, error: unknown): ReadState<T> {
  const kind = classifyFailure(error);
  if (kind === 'cancelled') return previous.status === 'ready' ? { ...previous, refreshing: false } : previous;
  if (kind === 'signedOut') return { status: 'signedOut' };
  if (previous.status === 'ready')
    return { ...previous, keptAt: previous.keptAt ?? previous.receivedAt, refreshing: false, error };
  return { status: 'failed', error, offline: kind === 'offline' };
}

/** The data a state shows, or null. */
export function dataOf<T>(state: ReadState<T>): T | null {
  return state.status === 'ready' ? state.data : null;
}

/**
 * A failed read's text in the user's language: the client's own text for a gateway code it translates, else the
 * page's line (`fallback`, "Your assets could not be loaded."), never a reply's English.
 */
export function failureText(error: unknown, fallback: string): string {
  // A bridge failure's code is the app's own, not the gateway's.
  const code = error instanceof RequestError && error.kind !== 'bridge' ? error.details.code : undefined;
  return (code && localizedCodeText(code)) || fallback;
}
