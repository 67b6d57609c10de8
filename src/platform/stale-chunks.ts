/**
 * A tab that no service worker serves (the first visit, before the worker took it; a browser without one) may ask for
 * a chunk of the build it opened with after a deploy removed it: the import fails, and Vite says so with
 * `vite:preloadError`. The page then loads again, onto the new build, at the address it was going to. Once per address
 * within {@link STALE_RELOAD_WINDOW_MS}, so a chunk that is really missing shows the route's error instead of a
 * reload loop.
 */
export const STALE_RELOAD_WINDOW_MS = 30_000;

const RELOADED_KEY = 'stale_chunk_reload';

/** What the handler needs of the page: passed in, so a test drives it. */
export interface StaleChunkDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  href(): string;
  reload(): void;
}

/** Whether to load the page again for a failed chunk now; records the reload when it says yes. */
export function shouldReloadForStaleChunk(deps: StaleChunkDeps): boolean {
  const href = deps.href();
  // A storage that refuses to be read throws from here: no reload.
  const stored = deps.storage.getItem(RELOADED_KEY) ?? '{}';
  let last: { href?: string; at?: number } = {};
  try {
    last = JSON.parse(stored) ?? {};
  } catch {
    // A value this page did not write: as if there were none.
  }
  const now = deps.now();
  if (last.href === href && typeof last.at === 'number' && now - last.at < STALE_RELOAD_WINDOW_MS) return false;
  deps.storage.setItem(RELOADED_KEY, JSON.stringify({ href, at: now }));
  return true;
}

/**
 * Listens for failed chunk loads on this page (see the module's comment). A page on its way out (a reload, a link, a
 * typed address) ends the chunk loads it had in flight: those failures are no sign of a new build, and a reload from
 * them would replace the navigation under way, so they only end quietly.
 */
export function watchStaleChunks(target: EventTarget = window, deps?: StaleChunkDeps): void {
  let isLeaving = false;
  target.addEventListener('beforeunload', () => {
    isLeaving = true;
  });
  target.addEventListener('pagehide', () => {
    isLeaving = true;
  });
  // Back from the back-forward cache: the page is in use again.
  target.addEventListener('pageshow', () => {
    isLeaving = false;
  });
  target.addEventListener('vite:preloadError', (event) => {
    // Kept from the route too: it would surface as an error in a page that is already going.
    if (isLeaving) return event.preventDefault();
    const page = deps ?? {
      storage: sessionStorage,
      now: () => Date.now(),
      href: () => location.href,
      reload: () => location.reload(),
    };
    let isReloading = false;
    try {
      isReloading = shouldReloadForStaleChunk(page);
    } catch {
      // No session storage (a locked-down browser): no reload, so never a loop.
    }
    if (!isReloading) return;
    // The failed import is not thrown at the route: the reload replaces it.
    event.preventDefault();
    page.reload();
  });
}
