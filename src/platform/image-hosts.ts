import { type HostListSource, readHostList } from './image-host-source';

/** The probe image every candidate host serves (gateway/images/image-routes.ts). */
export const PROBE_PATH = '/img/probe.gif';
/** A host whose probe has not loaded by then is left out of the session's choice (spec §7.8). */
export const PROBE_TIMEOUT_MS = 3000;
/** Where the session's choice is kept: `{ list, ranked, bad }`. */
export const IMAGE_HOSTS_KEY = 'image-hosts';
const MAX_HOSTS = 8;

/** The session's choice among the candidate hosts (this origin, the fallback, is never one of them). */
export interface HostChoice {
  /** The candidate list it was chosen from, as the gateway sent it (hostile entries and this origin dropped). */
  list: string[];
  /** The hosts whose probe loaded, fastest first. */
  ranked: string[];
  /** Hosts an image failed on in this session: never tried again. */
  bad: string[];
}

/**
 * One candidate host as a bare origin, or null for anything else: another scheme (javascript:, data:), credentials,
 * a path, a query or a fragment, or text around it (a hostile list must not choose where else the page loads from).
 */
export function imageOriginOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200 || !/^https?:\/\/[^\s/?#@\\]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.username !== '' || url.password !== '') return null;
    // A host name the URL parser lets through may still carry `;` or quotes.
    if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) return null;
    return url.origin === value.toLowerCase() || url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/** The usable hosts of a reply: bare http(s) origins, each once, at most eight. */
export function cleanHostList(hosts: unknown): string[] {
  if (!Array.isArray(hosts)) return [];
  const origins: string[] = [];
  for (const entry of hosts) {
    const origin = imageOriginOf(entry);
    if (origin !== null && !origins.includes(origin)) origins.push(origin);
  }
  return origins.slice(0, MAX_HOSTS);
}

/** How long a host takes to load the probe image, in ms, or null when it fails or times out. */
export function probeHost(origin: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const started = performance.now();
    const done = (ms: number | null) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      // An unfinished load stops here, so a slow host costs nothing more.
      if (ms === null) image.src = '';
      resolve(ms);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    image.onload = () => done(performance.now() - started);
    image.onerror = () => done(null);
    // A fresh address each time: a cached probe would measure nothing.
    image.src = `${origin}${PROBE_PATH}?t=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  });
}

/**
 * Probes every host at once: `first` settles with the first host to load (the fastest, by definition) or null when
 * none does; `all` with every host that loaded, fastest first, once each has loaded, failed or timed out.
 */
export function probeHosts(
  hosts: readonly string[],
  timeoutMs = PROBE_TIMEOUT_MS,
): { first: Promise<string | null>; all: Promise<string[]> } {
  let announce: (host: string | null) => void = () => undefined;
  const first = new Promise<string | null>((resolve) => {
    announce = resolve;
  });
  const timed = hosts.map((host) =>
    probeHost(host, timeoutMs).then((ms) => {
      if (ms !== null) announce(host);
      return { host, ms };
    }),
  );
  const all = Promise.all(timed).then((results) => {
    announce(null);
    return results
      .filter((result): result is { host: string; ms: number } => result.ms !== null)
      .sort((a, b) => a.ms - b.ms)
      .map((result) => result.host);
  });
  return { first, all };
}

function readChoice(): HostChoice | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(IMAGE_HOSTS_KEY) ?? 'null') as Partial<HostChoice> | null;
    if (!value) return null;
    const list = cleanHostList(value.list);
    const keep = (hosts: unknown) => cleanHostList(hosts).filter((host) => list.includes(host));
    return list.length > 0 ? { list, ranked: keep(value.ranked), bad: keep(value.bad) } : null;
  } catch {
    return null;
  }
}

function writeChoice(choice: HostChoice): void {
  try {
    sessionStorage.setItem(IMAGE_HOSTS_KEY, JSON.stringify(choice));
  } catch {
    // Private modes and full quotas: the choice lasts for this page only.
  }
}

export type { HostListSource } from './image-host-source';

const fromGateway: HostListSource = readHostList;

let choice: HostChoice | null = null;
let choosing: Promise<void> | null = null;
/** The choice under way; one that was reset meanwhile changes nothing. */
let run = 0;

/** The same list (order aside)? Then the session's choice still holds. */
function sameHosts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((host) => b.includes(host));
}

const NO_CHOICE: HostChoice = { list: [], ranked: [], bad: [] };

async function choose(source: HostListSource): Promise<void> {
  const mine = run;
  const kept = readChoice();
  let list: string[];
  try {
    // This origin is the fallback after every other host, not a candidate: it is never probed.
    list = cleanHostList(await source()).filter((host) => host !== location.origin);
    if (mine !== run) return;
  } catch {
    if (mine !== run) return;
    // No list (offline): the kept choice, or this origin alone.
    choice = kept ?? NO_CHOICE;
    return;
  }
  if (list.length === 0 || (kept && sameHosts(kept.list, list))) {
    choice = list.length === 0 ? NO_CHOICE : kept;
    return;
  }
  const probes = probeHosts(list);
  const fastest = await probes.first;
  if (mine !== run) return;
  const chosen: HostChoice = { list, ranked: fastest === null ? [] : [fastest], bad: [] };
  choice = chosen;
  writeChoice(chosen);
  // The full order (for the fallbacks) arrives once every probe has settled; images already shown keep their host.
  void probes.all.then((ranked) => {
    if (mine !== run || choice?.list !== list) return;
    choice = { ...choice, ranked };
    writeChoice(choice);
  });
}

/**
 * Chooses the session's hosts on first use: a choice kept in this session for the same list is used as it is,
 * otherwise every host is probed; resolves once there is a first choice. `source` is for tests.
 */
export function chooseImageHosts(source: HostListSource = fromGateway): Promise<void> {
  if (!choosing) {
    const kept = readChoice();
    // A kept choice is used at once; the list is still asked for, to notice a new one.
    if (kept) choice = kept;
    choosing = choose(source);
  }
  return choice ? Promise.resolve() : choosing;
}

/** The hosts to try for an image, in order: the fastest first, the failed ones left out, this origin always last. */
export function imageHostOrder(): string[] {
  const bad = choice?.bad ?? [];
  return [...(choice?.ranked ?? []).filter((host) => !bad.includes(host)), location.origin];
}

/** Notes that an image failed on `host`: it is not tried again in this session. */
export function markHostBad(host: string): void {
  if (!choice || host === location.origin || choice.bad.includes(host)) return;
  choice = { ...choice, bad: [...choice.bad, host] };
  writeChoice(choice);
}

/** Forgets the page's choice (tests; sessionStorage is left to the caller). */
export function resetImageHosts(): void {
  run += 1;
  choice = null;
  choosing = null;
}
