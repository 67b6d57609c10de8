/**
 * What the service worker treats as the app (workers/service-worker/service-worker.ts), apart from the worker so Node
 * tests read it: the shell it falls back to, the paths that are not the app, and the message that lets a waiting
 * worker take over.
 */

/** The precached page every app route is answered with when the network fails. */
export const SHELL_URL = '/index.html';

/** The message a page posts to the waiting worker when the user accepts the update (workbox-window's own). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Path prefixes the gateway answers itself (its APIs, the socket, the fault switch and the local-mode pages beside
 * the app, such as the dev mailbox): a navigation there is never answered with the app's shell.
 */
const NOT_THE_APP = ['/v1', '/api', '/v2', '/__faults', '/dev', '/img'];

/** True when a navigation to `pathname` belongs to the app (and may fall back to the cached shell). */
export function isShellNavigation(pathname: string): boolean {
  return !NOT_THE_APP.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
