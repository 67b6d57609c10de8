/** How the gateway serves images (README "Settings": IMAGE_HOSTS, IMAGE_HOST_PORTS, IMAGE_HOST_DELAYS_MS). */
export interface ImageHostSettings {
  /** Other origins that serve the same `/img/` files (a CDN); the page probes them with this origin (spec §7.8). */
  hosts: readonly string[];
  /**
   * Local mode's extra image ports, one per delay: null (default) takes free ports next to the main one, 0 in the
   * list lets the system pick that one.
   */
  ports: readonly number[] | null;
  /** How long each extra port waits before it answers, in ms (default 0 and 300), so the page's choice shows. */
  delaysMs: readonly number[];
}

/** Local mode's two extra hosts: one answers at once, one a noticeable moment later. */
export const DEFAULT_IMAGE_DELAYS_MS: readonly number[] = [0, 300];
const MAX_HOSTS = 8;
const MAX_DELAY_MS = 10_000;

/** The settings when none are given: this origin only, and in local mode two extra ports next to it. */
export const DEFAULT_IMAGE_SETTINGS: ImageHostSettings = { hosts: [], ports: null, delaysMs: DEFAULT_IMAGE_DELAYS_MS };

/**
 * One image host as its origin (`https://img.example.com`), or null for anything else: another scheme (javascript:,
 * data:, ftp:), credentials, a path, a query or a fragment, or text around it. It ends up in the page's CSP and in
 * image addresses, so nothing loose passes.
 */
export function imageOriginOf(entry: string): string | null {
  if (!/^https?:\/\/[^\s/?#@\\]+\/?$/i.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '')
    return null;
  // A host name the URL parser lets through may still carry `;` or quotes, which would end a CSP directive.
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) return null;
  return url.origin;
}

/** IMAGE_HOSTS: comma-separated origins, each checked by {@link imageOriginOf}; a bad one stops the gateway, named. */
export function parseImageHosts(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const origins: string[] = [];
  for (const entry of entries) {
    const origin = imageOriginOf(entry);
    if (origin === null)
      throw new Error(`IMAGE_HOSTS must list http(s) origins such as https://img.example.com, got ${entry}`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_HOSTS)
    throw new Error(`IMAGE_HOSTS lists at most ${MAX_HOSTS} origins, got ${origins.length}`);
  return origins;
}

/** A comma-separated list of whole numbers in a range, or a message naming the setting. */
function parseNumbers(name: string, raw: string, min: number, max: number): number[] {
  return raw.split(',').map((part) => {
    const text = part.trim();
    const value = Number(text);
    if (!/^\d{1,6}$/.test(text) || value < min || value > max)
      throw new Error(`${name} must be a comma-separated list of whole numbers from ${min} to ${max}, got ${raw}`);
    return value;
  });
}

/** Reads IMAGE_HOSTS, IMAGE_HOST_PORTS and IMAGE_HOST_DELAYS_MS, or fails with a message naming the bad one. */
export function readImageSettings(env: NodeJS.ProcessEnv): ImageHostSettings {
  const hosts = parseImageHosts(env.IMAGE_HOSTS);
  const rawDelays = env.IMAGE_HOST_DELAYS_MS?.trim();
  const delaysMs = rawDelays
    ? parseNumbers('IMAGE_HOST_DELAYS_MS', rawDelays, 0, MAX_DELAY_MS)
    : DEFAULT_IMAGE_DELAYS_MS;
  if (delaysMs.length > MAX_HOSTS) throw new Error(`IMAGE_HOST_DELAYS_MS lists at most ${MAX_HOSTS} delays`);
  const rawPorts = env.IMAGE_HOST_PORTS?.trim();
  let ports: number[] | null = null;
  if (rawPorts === '0') ports = delaysMs.map(() => 0);
  else if (rawPorts) {
    ports = parseNumbers('IMAGE_HOST_PORTS', rawPorts, 0, 65535);
    if (ports.length !== delaysMs.length)
      throw new Error(
        `IMAGE_HOST_PORTS lists ${ports.length} ports but IMAGE_HOST_DELAYS_MS ${delaysMs.length} delays: give one port per delay, or 0`,
      );
  }
  return { hosts, ports, delaysMs };
}
