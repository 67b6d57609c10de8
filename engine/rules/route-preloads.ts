import { splitLanguagePrefix } from './route-languages';

/**
 * The file `vite build` writes beside index.html: for each client route (its full path, e.g. `/spot/$symbol`), the
 * built files its page loads before its first render beyond those index.html already names; and under
 * {@link IN_APP_KEY}, the files every page loads inside the native app (the bridge). The gateway names them in the
 * page it serves, so a phone fetches them with the entry instead of one round trip after it.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The table's key for the files of pages inside the app. */
export const IN_APP_KEY = '(in-app)';

/** Route path → files, as `/assets/…` URLs. */
export type RoutePreloads = Readonly<Record<string, readonly string[]>>;

/**
 * The route path of a route file, from its path under `src/routes/` without `.tsx`, flat or in folders as TanStack
 * Router's file-based routing reads them (`asset.index` and `asset/index` → `/asset/`, `asset/route` → `/asset`,
 * `spot.$symbol` → `/spot/$symbol`; a trailing `_` only un-nests a route: `announcements_.$id` → `/announcements/$id`).
 */
export function routePathOfFile(stem: string): string | null {
  if (stem === '__root' || stem.length === 0) return null;
  const parts = stem
    .split(/[./]/)
    .map((part) => (part.length > 1 ? part.replace(/_$/, '') : part))
    .filter((part, i, all) => !(part === 'route' && i === all.length - 1 && all.length > 1));
  if (parts.at(-1) === 'index') return `/${parts.slice(0, -1).join('/')}${parts.length > 1 ? '/' : ''}`;
  return `/${parts.join('/')}`;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

/**
 * The files to preload for a page: those of every route the path matches and of their layouts (the routes whose
 * segments begin it), then the app's when the page is inside the app; each once, in that order.
 */
export function preloadsFor(pathname: string, table: RoutePreloads, inApp: boolean): string[] {
  const path = splitLanguagePrefix(pathname.split(/[?#]/, 1)[0] ?? '/').rest;
  const segments = segmentsOf(path);
  const files = new Set<string>();
  for (const [route, routeFiles] of Object.entries(table)) {
    if (route === IN_APP_KEY) continue;
    const pattern = segmentsOf(route);
    // An index route (`/`, `/asset/`) is its path's page only; any other route is also the layout of longer paths.
    const isIndex = route.endsWith('/');
    const fits =
      (isIndex ? pattern.length === segments.length : pattern.length <= segments.length) &&
      pattern.every((part, i) => (part.startsWith('$') ? segments[i] !== '' : part === segments[i]));
    if (!fits) continue;
    for (const file of routeFiles) files.add(file);
  }
  if (inApp) for (const file of table[IN_APP_KEY] ?? []) files.add(file);
  return [...files];
}

/** A built file's URL is safe to write into an attribute as it is: `/assets/` and a plain file name. */
const SAFE_FILE = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The `<link>` tags naming `files` (what the build's own preload helper would add later, so it finds them and
 * adds nothing): scripts as module preloads, style sheets as style preloads, both in CORS mode like the helper's.
 * Anything that is not a plain built file's URL is left out.
 */
export function preloadTags(files: readonly string[]): string {
  return files
    .filter((file) => SAFE_FILE.test(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${file}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`,
    )
    .join('');
}

/** Reads the preloads file's contents: the table, or null when it is anything else. */
export function readRoutePreloads(text: string): RoutePreloads | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  for (const files of Object.values(value))
    if (!Array.isArray(files) || !files.every((file) => typeof file === 'string')) return null;
  return value as RoutePreloads;
}
