import { Workbox } from 'workbox-window';
import { t } from '../i18n/i18n';
import { showToast } from '../ui/toast/toast-state';

/** Where the build puts the service worker (vite.config.ts, `serviceWorker`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open tab asks whether a new build was deployed: an app left open all day still hears of it. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * How long a tab whose user chose Reload waits for the new worker before it reloads anyway. The browser hands the tab
 * over only once the current worker has no request in flight; a page that keeps reading (the tickers every few
 * seconds, on a slow link) can hold that off, and the reload itself, ending those reads, lets it happen.
 */
export const TAKE_OVER_WAIT_MS = 8_000;

/**
 * How long after a Reload the new document takes the new worker's arrival as the one its user chose (the page is
 * already the new build, read from the network): nothing to offer.
 */
export const ACCEPTED_FOR_MS = 60_000;

/** The tab's note (session storage) that its user chose Reload, with the time. */
const ACCEPTED_KEY = 'sw-update-accepted-at';

/** What the page needs of the browser and of workbox-window: passed in, so a test drives it with its own. */
export interface ServiceWorkerDeps {
  createWorkbox(url: string): Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting' | 'update'>;
  reload(): void;
  setInterval(callback: () => void, ms: number): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  now(): number;
  /** This tab's session storage (kept across its reloads); null where the browser refuses it. */
  tabStorage(): TabStorage | null;
}

const browserDeps: ServiceWorkerDeps = {
  createWorkbox: (url) => new Workbox(url),
  reload: () => location.reload(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  now: () => Date.now(),
  tabStorage: () => {
    try {
      return sessionStorage;
    } catch {
      return null;
    }
  },
};

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Runs `use` on the tab's storage; a browser that refuses it (private modes, a full quota) loses only the note. */
function withTabStorage<T>(deps: ServiceWorkerDeps, use: (storage: TabStorage) => T): T | null {
  try {
    const storage = deps.tabStorage();
    return storage ? use(storage) : null;
  } catch {
    // Nothing kept: at worst the reloaded page offers the new build once more.
    return null;
  }
}

/** True (once) when this tab's user chose Reload within {@link ACCEPTED_FOR_MS}: the note is taken. */
function takeAcceptedNote(deps: ServiceWorkerDeps): boolean {
  const at = withTabStorage(deps, (storage) => {
    const value = Number(storage.getItem(ACCEPTED_KEY));
    storage.removeItem(ACCEPTED_KEY);
    return value;
  });
  if (!at) return false;
  const age = deps.now() - at;
  return age >= 0 && age <= ACCEPTED_FOR_MS;
}

/**
 * Registers the service worker and offers a new build when one is waiting: a toast "A new version is available"
 * with Reload. Accepting lets the waiting worker take over and reloads this tab (at the latest after
 * {@link TAKE_OVER_WAIT_MS}); until then the tab keeps running on the build it opened with, whose chunks the current
 * worker still serves. Another tab that the new worker takes over (because this one accepted) is told the same and
 * reloads when its user chooses.
 */
export async function startServiceWorker(deps: ServiceWorkerDeps = browserDeps): Promise<void> {
  const workbox = deps.createWorkbox(SERVICE_WORKER_URL);
  // This page is the one its user's Reload opened, from the network: it is the new build already.
  let isOpenedByReload = takeAcceptedNote(deps);
  let isAccepted = false;
  let isReloading = false;
  const reloadOnce = () => {
    if (isReloading) return;
    isReloading = true;
    deps.reload();
  };
  const offerReload = (run: () => void) =>
    showToast({
      type: 'info',
      message: t('app.updateAvailable'),
      duration: 0,
      action: { label: t('app.reload'), run },
    });
  workbox.addEventListener('waiting', () => {
    offerReload(() => {
      isAccepted = true;
      withTabStorage(deps, (storage) => storage.setItem(ACCEPTED_KEY, String(deps.now())));
      workbox.messageSkipWaiting();
      deps.setTimeout(reloadOnce, TAKE_OVER_WAIT_MS);
    });
  });
  workbox.addEventListener('controlling', (event) => {
    // The browser's first worker takes the page as it is: nothing changed under it.
    if (!isAccepted && !event.isUpdate) return;
    // This tab accepted: it reloads onto the new build.
    if (isAccepted) return reloadOnce();
    // The new worker takes the page its user's Reload opened before it could: nothing to offer.
    if (isOpenedByReload) {
      isOpenedByReload = false;
      return;
    }
    // A tab taken over by another tab's choice is asked first.
    offerReload(reloadOnce);
  });
  // A browser that refuses the worker (blocked, a private window, no secure context) runs the app without it.
  try {
    if (!(await workbox.register())) return;
  } catch {
    return;
  }
  deps.setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
}
