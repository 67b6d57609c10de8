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
