/**
 * The spec's local cache (§3 "Local storage", §8 storage errors, §9 limits): one IndexedDB store, `local_cache`, in a
 * database of version 1, split into areas, with a size limit; and which area a cached `/v1` reply belongs to. The
 * service worker keeps GET `/v1` replies there (workers/service-worker/local-cache.ts) so asset views read
 * last-known figures offline.
 */

/** The spec's areas, in its order ("http-response cache", "md5 cache", "web sdk" and "Web3" as identifiers). */
export const STORAGE_AREAS = [
  'common',
  'separation',
  'mix',
  'copy',
  'community',
  'activity',
  'earn',
  'httpResponseCache',
  'md5Cache',
  'webSdk',
  'web3',
] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/** The web storages a page keeps small values in, by the names callers choose them with (§3 "Local storage"). */
export const STORAGE_TYPES = ['local', 'session'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
/** §8: where an unsupported storage type's values go instead (after a warning): the storage kept across visits. */
export const STORAGE_TYPE_FALLBACK: StorageType = 'local';

/** The storage type a name stands for, or null when it is not one (§8: the caller warns and uses the fallback). */
export function storageTypeOf(name: string): StorageType | null {
  return (STORAGE_TYPES as readonly string[]).includes(name) ? (name as StorageType) : null;
}

/** §3 / §9: the database version and its one store. */
export const LOCAL_CACHE_DB_VERSION = 1;
export const LOCAL_CACHE_STORE = 'local_cache';
/** §9 "storage size setting": the most bytes the cache holds; the oldest entries go to make room. */
export const LOCAL_CACHE_SIZE_LIMIT = 4_980_736;

/** §8: the storage errors, word for word. */
export const STORAGE_ERRORS = {
  unavailable: 'No available storage method found.',
  invalidArguments: 'Invalid arguments',
  quotaExceeded: 'quota exceeded',
} as const;
export type StorageErrorKind = keyof typeof STORAGE_ERRORS;

/** A storage failure with its §8 text; `kind` tells which. */
export class StorageError extends Error {
  constructor(readonly kind: StorageErrorKind) {
    super(STORAGE_ERRORS[kind]);
    this.name = 'StorageError';
  }
}

/**
 * Replies that are the same for every visitor and always go to `common`, whoever is signed in: the server's time,
 * the public market and instrument lists, the signing configuration and the referral configuration. Everything else
 * belongs to the signed-in user's part of its area.
 */
const ALWAYS_COMMON = [/^\/v1\/public\//, /^\/v1\/mix\/config\//, /^\/v1\/referral\/config\b/, /^\/v1\/market\//];

/** The first path segment after `/v1/` that names an area of its own. */
const AREA_OF_SEGMENT: Readonly<Record<string, StorageArea>> = {
  mix: 'mix',
  copy: 'copy',
  trace: 'copy',
  community: 'community',
  activity: 'activity',
  earn: 'earn',
  finance: 'earn',
  savings: 'earn',
  web3: 'web3',
  sdk: 'webSdk',
  // The account's own figures, kept apart per (sub-)account: assets, spot orders, user and sub-account data.
  asset: 'separation',
  spot: 'separation',
  user: 'separation',
  trade: 'separation',
};

/**
 * GET replies never kept: the account's long poll (a held request, not data), the risk-control and device
 * identifiers, sign-in and security steps, and verification codes. What they say is only true once, or is a secret.
 */
const NEVER_CACHED = [
  /^\/v1\/trade\/changes\b/,
  /^\/v1\/constantid\//,
  /^\/v1\/user\/login\b/,
  /^\/v1\/user\/security\//,
  /^\/v1\/user\/public\//,
  /^\/v1\/msg\//,
];

/** Whether a GET reply to `path` may be kept at all. */
export function isCacheablePath(path: string): boolean {
  if (PUBLIC_MARKET.test(path)) return true;
  return path.startsWith('/v1/') && !NEVER_CACHED.some((pattern) => pattern.test(path));
}

/**
 * The public market REST reads (market-data contract: instruments and tickers), kept beside the `/v1` replies so the
 * markets page shows its last-known prices offline. The same for everyone: always in `common`.
 */
const PUBLIC_MARKET = /^\/api\/v2\/(spot|mix)\/(public|market)\//;

/** Whether a reply to `path` is the same for everyone (it goes to `common`, outside any user's part). */
export function isCommonPath(path: string): boolean {
  return PUBLIC_MARKET.test(path) || ALWAYS_COMMON.some((pattern) => pattern.test(path));
}

/** The area a GET reply is cached in; null for a path that is neither under `/v1/` nor a public market read. */
export function areaOfPath(path: string): StorageArea | null {
  if (isCommonPath(path)) return 'common';
  if (!path.startsWith('/v1/')) return null;
  const [segment, next] = path.slice(4).split('/');
  // The paper-trading routes name their product line second: `/v1/trade/mix/…` is the futures (mix) area.
  if (segment === 'trade' && next === 'mix') return 'mix';
  return AREA_OF_SEGMENT[segment] ?? 'httpResponseCache';
}

/**
 * What a cached reply is found by: the path and its query in a fixed order, without the per-request `_t` the request
 * layer adds (§7.1), so the next request for the same data finds it; null for anything but a `/v1/` URL or a public
 * market read.
 */
export function cacheKeyOf(url: RequestUrl): string | null {
  if (!url.pathname.startsWith('/v1/') && !PUBLIC_MARKET.test(url.pathname)) return null;
  const params = [...url.searchParams]
    .filter(([name]) => name !== '_t')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The parts of a URL the cache reads (a `URL` has them). */
export interface RequestUrl {
  pathname: string;
  searchParams: Iterable<[string, string]>;
}

/** The message a page posts to the service worker when the signed-in user changes: `{ type, userId }` (null: nobody). */
export const CACHE_USER_MESSAGE = 'cache-user';

/** Header of a reply the service worker answered from the cache (the network failed): when it was stored, in ms. */
export const CACHED_AT_HEADER = 'x-cached-at';
