/// <reference lib="webworker" />
/**
 * The app's service worker (ARCHITECTURE, the service worker; README, offline): it precaches the shell and every
 * hashed asset of its build, answers navigations network-first with the cached shell when the network fails, and
 * waits (never skips waiting on its own) until a page asks it to take over: a tab opened on the previous build keeps
 * loading that build's chunks from the previous worker's cache, even once the server only has the new ones.
 *
 * Built on its own by the `serviceWorker` plugin of vite.config.ts into `dist/sw.js`, with the precache list of the
 * build it belongs to put in place of `__PRECACHE_MANIFEST__`.
 */
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { classifyReply } from '../../engine/rules/reply';
import { CACHE_USER_MESSAGE, CACHED_AT_HEADER, isCacheablePath } from '../../engine/rules/storage-areas';
import { LocalCache, ownerOf } from './local-cache';
import { isShellNavigation, SHELL_URL, SKIP_WAITING_MESSAGE } from './shell-rules';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: (string | PrecacheEntry)[];

/**
 * How long a navigation waits for the network before the cached shell answers: a phone on a bad connection gets the
 * app in a few seconds rather than the browser's own error page after a minute.
 */
const NAVIGATION_TIMEOUT_S = 4;

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

// The page itself is not kept apart from the shell: a page of a newer build, read back offline, would name chunks
// this worker never cached.
const pages = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_S });
registerRoute(
  // The gateway's own pages and APIs are not the app: they go to the network as they are.
  ({ url, request }) => request.mode === 'navigate' && isShellNavigation(url.pathname),
  async (options) => {
    try {
      const response = await pages.handle(options);
      if (response) return response;
    } catch {
      // Offline, or no answer in time: the shell below.
    }
    return (await matchPrecache(SHELL_URL)) ?? Response.error();
  },
);

// GET `/v1` replies by area in IndexedDB (engine/rules/storage-areas.ts), and the public market reads: the network
// first, the last kept reply (of the signed-in user, or everyone's) when it fails, marked with the time it was kept.
const cache = new LocalCache();
let owner: Promise<string | null> | null = null;
const currentOwner = () => {
  owner ??= cache.currentOwner().catch(() => null);
  return owner;
};

/** A storage failure (§8's texts) is logged; the page has its reply from the network anyway. */
const warn = (error: unknown) => console.warn('local cache:', error instanceof Error ? error.message : String(error));

async function setUser(userId: unknown): Promise<void> {
  const next = typeof userId === 'string' && userId !== '' ? await ownerOf(userId) : null;
  owner = Promise.resolve(next);
  await cache.setCurrentOwner(next).catch(warn);
}

/** Keeps a reply the request layer would take as a success (the `/v1` and market envelopes alike) for its owner. */
async function keep(who: string | null, url: URL, response: Response): Promise<void> {
  try {
    const body = await response.text();
    if (classifyReply(JSON.parse(body)).kind !== 'ok') return;
    await cache.put(who, url, {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body,
    });
  } catch (error) {
    warn(error);
  }
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCacheablePath(url.pathname),
  async ({ request, url, event }) => {
    const who = await currentOwner();
    try {
      const response = await fetch(request);
      if (response.ok) (event as ExtendableEvent).waitUntil(keep(who, url, response.clone()));
      return response;
    } catch (error) {
      const kept = await cache.get(who, url).catch(() => undefined);
      if (!kept) throw error;
      return new Response(kept.body, {
        status: kept.status,
        headers: { 'content-type': kept.contentType, [CACHED_AT_HEADER]: String(kept.at) },
      });
    }
  },
);

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) event.waitUntil(self.skipWaiting());
  if (event.data?.type === CACHE_USER_MESSAGE) event.waitUntil(setUser(event.data.userId));
});

// The first worker of a browser takes the open pages at once, so the first visit works offline afterwards; a later
// one takes them only once a page asked it to (the update toast), and that page reloads.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
