import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { GatewayEnv } from '../http/gateway-env';
import { routeNotFound } from '../http/gateway-error';
import { socketOriginOf } from '../http/request-origin';
import { securityHeaders } from '../http/security-headers';
import type { CachedFile } from '../static/file-cache';
import type { StaticSiteOptions } from '../static/static-site';
import { APP_SHELL_HOST_SCRIPT } from './app-shell-host';
import { APP_SHELL_CSS, renderAppShellPage } from './app-shell-page';
import { APP_SHELL_SCRIPT } from './app-shell-script';
import { APP_SHELL_SIGNING_SCRIPT } from './app-shell-signing';

/** Paths of the dev app shell: the page, its scripts and stylesheet, and the host script put into the framed app. */
export const APP_SHELL_PATHS = {
  page: '/dev/app-shell',
  script: '/dev/app-shell/shell.js',
  signing: '/dev/app-shell/signing.js',
  css: '/dev/app-shell/shell.css',
  host: '/dev/app-shell/host.js',
} as const;

/** The cookie the shell sets on Load: `<android|ios>:<major.minor.patch>`, the app the framed page plays inside. */
export const APP_SHELL_COOKIE = 'dev_app_shell';

/** The app a shell cookie names. */
export interface ShellApp {
  platform: 'android' | 'ios';
  version: string;
}

const COOKIE_VALUE = /^(android|ios):(\d{1,4}\.\d{1,4}\.\d{1,4})$/;
const HEAD_TAG = /<head(?:\s[^>]*)?>/i;

/** The app a shell cookie's value names, or null for anything else (it is written into the page, so nothing loose). */
export function parseShellCookie(value: string | undefined): ShellApp | null {
  const match = value === undefined ? null : COOKIE_VALUE.exec(value);
  return match ? { platform: match[1] as ShellApp['platform'], version: match[2]! } : null;
}

/**
 * Whether a request is a frame's navigation: an iframe's own, or one the app's service worker passed on, which the
 * browser sends as destination `empty` in mode `navigate` (a page's fetch can never ask for that mode). Such a
 * request cannot tell a frame from a tab; in a tab the host script does nothing, and the shell's cookie is gone once
 * the shell is.
 */
function isFrameNavigation(c: Context<GatewayEnv>): boolean {
  const dest = c.req.header('sec-fetch-dest');
  return dest === 'iframe' || (dest === 'empty' && c.req.header('sec-fetch-mode') === 'navigate');
}

/** The app the framed page should play, for a frame's navigation carrying a valid shell cookie; null otherwise. */
function framedAppOf(c: Context<GatewayEnv>): ShellApp | null {
  return isFrameNavigation(c) ? parseShellCookie(getCookie(c, APP_SHELL_COOKIE)) : null;
}

/** The app's page with the host script as the first script of its head, or null for a page without a head. */
export function withHostScript(html: string, app: ShellApp): string | null {
  const head = HEAD_TAG.exec(html);
  if (!head) return null;
  const at = head.index + head[0].length;
  // The values passed the cookie's pattern: letters, digits, dots and one colon, nothing to escape.
  const tag = `\n<script src="${APP_SHELL_PATHS.host}" data-app="${app.platform}:${app.version}"></script>`;
  return html.slice(0, at) + tag + html.slice(at);
}

/** The local-mode app shell as the gateway mounts it. */
export interface AppShell {
  /** `/dev/app-shell` and its files; a 404 outside local mode, so the app's fallback never answers them. */
  routes: Hono<GatewayEnv>;
  /** Mount with `app.use('*', …)` before the response headers: it lets the shell frame its one page (local mode only). */
  framing: MiddlewareHandler<GatewayEnv>;
  /** Give to `staticSite`: the app's page framed by the shell gets the host script (local mode only). */
  site: StaticSiteOptions;
}

/**
 * The dev app shell (README "Inside the native app"): a page that frames the app in a simulated phone and plays the
 * native app over the bridge (contracts/bridge.md). Only in local mode, and only for a frame's navigation that
 * carries the shell's cookie, is the app's page changed: the host script first in its head, and framing allowed to
 * its own origin for that response alone; everything else keeps `frame-ancestors 'none'` and `DENY`.
 */
export function createAppShell(localMode: boolean): AppShell {
  const routes = new Hono<GatewayEnv>();
  const local = (): void => {
    if (!localMode) throw routeNotFound();
  };
  const noStore = (c: Context<GatewayEnv>, contentType: string): void => {
    c.header('content-type', contentType);
    c.header('cache-control', 'no-store');
  };
  routes.get(APP_SHELL_PATHS.page, (c) => {
    local();
    c.header('cache-control', 'no-store');
    return c.html(renderAppShellPage(APP_SHELL_PATHS));
  });
  routes.get(APP_SHELL_PATHS.script, (c) => {
    local();
    noStore(c, 'text/javascript; charset=utf-8');
    return c.body(APP_SHELL_SCRIPT);
  });
  routes.get(APP_SHELL_PATHS.signing, (c) => {
    local();
    noStore(c, 'text/javascript; charset=utf-8');
    return c.body(APP_SHELL_SIGNING_SCRIPT);
  });
  routes.get(APP_SHELL_PATHS.css, (c) => {
    local();
    noStore(c, 'text/css; charset=utf-8');
    return c.body(APP_SHELL_CSS);
  });
  routes.get(APP_SHELL_PATHS.host, (c) => {
    local();
    noStore(c, 'text/javascript; charset=utf-8');
    return c.body(APP_SHELL_HOST_SCRIPT);
  });
  if (!localMode) return { routes, framing: async (_c, next) => next(), site: {} };

  // The requests whose response the shell may frame: marked by serveIndex, read once the headers are set.
  const framed = new WeakSet<Request>();
  const serveIndex = (c: Context<GatewayEnv>, index: CachedFile, status: number): Response | null => {
    const app = framedAppOf(c);
    const html = app ? withHostScript(new TextDecoder().decode(index.body), app) : null;
    if (!html) return null;
    framed.add(c.req.raw);
    // Never stored: the same address gives the plain page to a tab, which must not get this one from a cache.
    return new Response(html, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        vary: 'Cookie, Sec-Fetch-Dest',
      },
    });
  };
  const framing: MiddlewareHandler<GatewayEnv> = async (c, next) => {
    await next();
    if (!framed.has(c.req.raw)) return;
    for (const [name, value] of Object.entries(securityHeaders(socketOriginOf(c), 'same-origin')))
      c.res.headers.set(name, value);
  };
  return { routes, framing, site: { serveIndex } };
}
