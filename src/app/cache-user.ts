import { subscribe } from 'valtio';
import { CACHE_USER_MESSAGE } from '../../engine/rules/storage-areas';
import { authState } from '../session/auth-state';

/** What telling the worker needs of the page: passed in, so a test drives it. */
export interface CacheUserDeps {
  /** Calls `listener` now and at each change of the auth state. */
  watchAuth(listener: () => void): void;
  /** Calls `listener` when another worker takes the page. */
  watchController(listener: () => void): void;
  /** Posts to the worker that controls the page, if any. */
  postToWorker(message: unknown): void;
}

const browserDeps: CacheUserDeps = {
  watchAuth: (listener) => {
    listener();
    subscribe(authState, listener);
  },
  watchController: (listener) => navigator.serviceWorker?.addEventListener('controllerchange', listener),
  postToWorker: (message) => navigator.serviceWorker?.controller?.postMessage(message),
};

/**
 * Tells the service worker who is signed in, from the page's first moments (its cache of `/v1` replies keeps each
 * user's apart and deletes them at sign-out; it remembers the last user it heard of across restarts, so the requests
 * of a page load that start before the user is known go to that user's part). Only once the auth state is known:
 * a "nobody" while the first check runs would make it forget the user's replies. Again whenever a worker takes the
 * page.
 */
export function tellWorkerWhoIsSignedIn(deps: CacheUserDeps = browserDeps): void {
  let told: string | null | undefined;
  const current = (): string | null | undefined => {
    if (authState.status === 'unknown') return undefined;
    return authState.status === 'signedIn' ? (authState.user?.userId ?? null) : null;
  };
  const tell = (userId: string | null) => deps.postToWorker({ type: CACHE_USER_MESSAGE, userId });
  deps.watchAuth(() => {
    const userId = current();
    if (userId === undefined || userId === told) return;
    told = userId;
    tell(userId);
  });
  deps.watchController(() => {
    if (told !== undefined) tell(told);
  });
}
