/** Where the image prober reads its candidate hosts: `GET /v1/public/image-hosts` (gateway/images/image-routes.ts). */
export type HostListSource = () => Promise<unknown>;

let source: HostListSource = () => Promise.reject(new Error('no image host list source set'));

/**
 * Sets where the candidate hosts come from (spec §7.8). The app's start sets it (src/main.tsx), because only a higher
 * room reaches the request layer. Until then no list can be read, as when offline: the session's kept choice
 * stands, or images come from this origin.
 */
export function setHostListSource(next: HostListSource): void {
  source = next;
}

/** The candidate hosts, from the source the app set. */
export function readHostList(): Promise<unknown> {
  return source();
}

/**
 * An image every candidate host serves under the same path (spec §7.8): `/img/…`, letters, digits, `-`, `_`, `.` and
 * `/` only, no `..`. Such an image is loaded from the session's fastest host, not from this origin.
 */
export const HOSTED_IMAGE_PATH = /^\/img\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/;

/**
 * Where the sanitizer keeps a hosted image's path in rich text (src/platform/sanitize-html.ts): the image gets no `src`
 * of its own, so it never loads from this origin first; RichText sets it on the chosen host.
 */
export const HOSTED_PATH_ATTRIBUTE = 'data-hosted-path';
