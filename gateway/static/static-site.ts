import { createHash } from 'node:crypto';
import { resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { appVersionOf } from '../../engine/rules/bridge';
import { matchesRoutePath, ROUTE_LIST_FILE, readRouteList } from '../../engine/rules/route-paths';
import {
  preloadsFor,
  preloadTags,
  ROUTE_PRELOADS_FILE,
  type RoutePreloads,
  readRoutePreloads,
} from '../../engine/rules/route-preloads';
import type { GatewayEnv } from '../http/gateway-env';
import { routeNotFound } from '../http/gateway-error';
import { acceptsEncoding } from './content-types';
import { type CachedFile, FileCache, memoryFile } from './file-cache';
import type { FirstPaint } from './first-paint';
import { notBuiltPage } from './not-built-page';

/** Path prefixes that belong to APIs and never fall back to the app's index.html. */
const API_PREFIXES = ['/v1', '/api', '/v2', '/__faults'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** App pages named like an API prefix: the API keys page `/api` (spec §2.1); `/{lang}/api` is under no prefix anyway. */
const PAGES_UNDER_API_PREFIXES: ReadonlySet<string> = new Set(['/api']);

/** True when a path is under one of the API prefixes (and is not an app page of that name). */
export function isApiPath(path: string): boolean {
  if (PAGES_UNDER_API_PREFIXES.has(path)) return false;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Optional changes to how the site is served. */
export interface StaticSiteOptions {
  /** Answers a request for the app's page (index.html) with a response of its own, or null to send it as built. */
  serveIndex?: (c: Context<GatewayEnv>, index: CachedFile, status: number) => Response | null;
  /** The page's first paint (gateway/static/first-paint.ts), written into it; null sends the page without one. */
  firstPaint?: (c: Context<GatewayEnv>) => FirstPaint | null;
}

/** Builds the GET handler that serves the built client from `distDir` with an SPA fallback to index.html. */
export function staticSite(
  distDir: string | undefined,
  options: StaticSiteOptions = {},
): (c: Context<GatewayEnv>) => Response {
  const root = distDir ? resolve(distDir) : undefined;
  const cache = new FileCache();
  const withPreloads = root ? pagePreloads(cache, root) : (_c: Context<GatewayEnv>, index: CachedFile) => index;
  // A first paint that fails (a figure it could not read) leaves the page as built: the app reads its data itself.
  const firstPaintOf = (c: Context<GatewayEnv>) => {
    try {
      return options.firstPaint?.(c) ?? null;
    } catch {
      return null;
    }
  };
  const sendIndex = (c: Context<GatewayEnv>, built: CachedFile, status: number) => {
    const preloaded = withPreloads(c, built);
    const paint = status === 200 ? firstPaintOf(c) : null;
    const index = (paint && withFirstPaint(preloaded, paint)) || preloaded;
    // A page with a first paint holds the market of one moment: never kept, by the browser or anything between.
    const cacheControl = index === preloaded ? 'no-cache' : 'no-store';
    return options.serveIndex?.(c, index, status) ?? sendFile(c, index, cacheControl, status);
  };
  return (c) => {
    const path = c.req.path;
    if (isApiPath(path)) throw routeNotFound();
    const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
    const index = root ? cache.get(resolve(root, 'index.html')) : undefined;
    if (!root || !index) {
      if (wantsHtml) return c.html(notBuiltPage());
      return c.text('Not found', 404);
    }
    const target = fileFor(root, path);
    // The app's page asked for by its own name (`/`, `/index.html`) is sent as the fallback is.
    if (target === resolve(root, 'index.html')) return sendIndex(c, index, 200);
    const file = target ? cache.get(target) : undefined;
    if (file) return sendFile(c, file, path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    // Deep links like /ja/spot/BTCUSDT load the app, which routes on the client; a path no route matches gets the
    // same page (it shows the app's not-found page) with a 404, so crawlers and monitors see the truth.
    if (wantsHtml) return sendIndex(c, index, isRoute(cache, root, path) ? 200 : 404);
    return c.text('Not found', 404);
  };
}

/**
 * The app's page for a request from inside the native app (its user agent) with the preload links of its route and
 * of the app's first files (engine/rules/route-preloads.ts) before `</head>`, made once per set of links and kept
 * while index.html is unchanged. Either page works anywhere (the links are hints), so caches need no `Vary`.
 */
function pagePreloads(cache: FileCache, root: string): (c: Context<GatewayEnv>, index: CachedFile) => CachedFile {
  const pages = new Map<string, CachedFile>();
  let pagesOf = '';
  let table: { from: CachedFile; preloads: RoutePreloads | null } | undefined;
  return (c, index) => {
    const file = cache.get(resolve(root, ROUTE_PRELOADS_FILE));
    if (!file) return index;
    if (table?.from !== file) table = { from: file, preloads: readRoutePreloads(new TextDecoder().decode(file.body)) };
    // Only inside the app: on the web the markets page measured slower with the links (npm run bench, loopback),
    // while a webview on a phone's network gains a round trip from them.
    if (!table.preloads || appVersionOf(c.req.header('user-agent') ?? '') === null) return index;
    const tags = preloadTags(preloadsFor(c.req.path, table.preloads, true));
    const html = new TextDecoder().decode(index.body);
    if (tags === '' || !html.includes('</head>')) return index;
    if (pagesOf !== index.etag) {
      pages.clear();
      pagesOf = index.etag;
    }
    let page = pages.get(tags);
    if (!page) {
      const body = new TextEncoder().encode(html.replace('</head>', `${tags}</head>`));
      const variant = createHash('sha256').update(tags).digest('base64url').slice(0, 10);
      page = memoryFile(body as Uint8Array<ArrayBuffer>, index.contentType, `${index.etag.slice(0, -1)}-${variant}"`);
      pages.set(tags, page);
    }
    return page;
  };
}

/** The page with a first paint's style before `</head>` and its markup before `#root`; null when the page has neither. */
function withFirstPaint(index: CachedFile, paint: FirstPaint): CachedFile | null {
  const html = new TextDecoder().decode(index.body);
  if (!html.includes('</head>') || !html.includes(ROOT_TAG)) return null;
  const body = new TextEncoder().encode(
    html.replace('</head>', `${paint.style}</head>`).replace(ROOT_TAG, `${paint.body}${ROOT_TAG}`),
  );
  // Made for one request: compressed quickly, and named by its content so no revalidation is ever answered 304.
  const etag = `"fp-${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
  return memoryFile(body as Uint8Array<ArrayBuffer>, index.contentType, etag, 'fast');
}

/** The app's mount point in index.html. */
const ROOT_TAG = '<div id="root">';

/** True when the build's route list matches the path; a build without a list (or an unreadable one) matches all. */
function isRoute(cache: FileCache, root: string, path: string): boolean {
  const file = cache.get(resolve(root, ROUTE_LIST_FILE));
  const routes = file ? readRouteList(new TextDecoder().decode(file.body)) : null;
  return routes === null || matchesRoutePath(path, routes);
}

/** The absolute file for a URL path inside `root`, or undefined for anything that would escape it. */
function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const absolute = resolve(root, `.${relative}`);
  return absolute.startsWith(root + sep) ? absolute : undefined;
}

function sendFile(c: Context<GatewayEnv>, file: CachedFile, cacheControl: string, status = 200): Response {
  const headers = new Headers({ 'content-type': file.contentType, 'cache-control': cacheControl, etag: file.etag });
  if (file.gzip) headers.set('vary', 'Accept-Encoding');
  if (status === 200 && c.req.header('if-none-match') === file.etag)
    return new Response(null, { status: 304, headers });
  const accepted = c.req.header('accept-encoding');
  let body = file.body;
  if (file.brotli && acceptsEncoding(accepted, 'br')) {
    body = file.brotli;
    headers.set('content-encoding', 'br');
  } else if (file.gzip && acceptsEncoding(accepted, 'gzip')) {
    body = file.gzip;
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(body.length));
  return new Response(body, { status, headers });
}
