import { Workbox } from 'workbox-window';
import { t } from '../i18n/i18n';
import { showToast } from '../ui/toast/toast-state';

/** Where the build puts the service worker (vite.config.ts, `serviceWorker`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open tab asks whether a new build was deployed: an app left open all day still hears of it. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the page needs of the browser and of workbox-window: passed in, so a test drives it with its own. */
export interface ServiceWorkerDeps {
  createWorkbox(url: string): Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting' | 'update'>;
  reload(): void;
  setInterval(callback: () => void, ms: number): unknown;
}

const browserDeps: ServiceWorkerDeps = {
  createWorkbox: (url) => new Workbox(url),
  reload: () => location.reload(),
  setInterval: (callback, ms) => setInterval(callback, ms),
};

/**
 * Registers the service worker and offers a new build when one is waiting: a toast "A new version is available"
 * with Reload. Accepting lets the waiting worker take over and reloads this tab; until then the tab keeps running
 * on the build it opened with, whose chunks the current worker still serves. Another tab that the new worker takes
 * over (because this one accepted) is told the same and reloads when its user chooses.
 */
export async function startServiceWorker(deps: ServiceWorkerDeps = browserDeps): Promise<void> {
  const workbox = deps.createWorkbox(SERVICE_WORKER_URL);
  let isAccepted = false;
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
      workbox.messageSkipWaiting();
    });
  });
  workbox.addEventListener('controlling', (event) => {
    // The browser's first worker takes the page as it is: nothing changed under it.
    if (!isAccepted && !event.isUpdate) return;
    // This tab accepted: it reloads onto the new build. A tab taken over by another tab's choice is asked first.
    if (isAccepted) deps.reload();
    else offerReload(deps.reload);
  });
  // A browser that refuses the worker (blocked, a private window, no secure context) runs the app without it.
  try {
    if (!(await workbox.register())) return;
  } catch {
    return;
  }
  deps.setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
}
