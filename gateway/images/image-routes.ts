import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { replyError, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { routeNotFound } from '../http/gateway-error';
import { socketOriginOf } from '../http/request-origin';
import { withImageOrigins } from '../http/security-headers';
import { announcementBannerSvg } from './announcement-banners';
import { coinIconSvg, GENERIC_COIN_SVG } from './coin-icons';
import { PROBE_GIF } from './probe-image';

/** The image hosts a page may use (image-hosts.ts builds them). */
export interface ImageHostList {
  /** The candidate hosts for a page on `pageOrigin`: the configured ones, the extra ports, that origin last. */
  hostsFor(pageOrigin: string | null): string[];
  /** The same without the page's own origin: what its `img-src` adds to `'self'`. */
  otherOrigins(pageOrigin: string | null): string[];
}

/** Paths of the images (spec §7.8) and of the host list the page probes. */
export const IMAGE_PATHS = {
  /** `GET` → the 1 × 1 probe image, never cached. */
  probe: '/img/probe.gif',
  /** `GET` → a coin's icon, `<COIN>.svg`; a coin the exchange does not list gets the generic one. */
  coin: '/img/coins/:file',
  /** `GET` → an announcement's banner, `<name>.svg`. */
  announcement: '/img/announcements/:file',
  /** `GET` (public) → `{ hosts: [origin…] }`, this origin last. */
  hosts: '/v1/public/image-hosts',
} as const;

/**
 * The policy of an image response: an SVG opened on its own can run nothing and load nothing, only draw
 * (its attributes may style it).
 */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const LONG_CACHE = 'public, max-age=31536000, immutable';
const COIN_FILE = /^([A-Za-z0-9]{1,12})\.svg$/;
const BANNER_FILE = /^([a-z]{1,20})\.svg$/;

/** The headers every image response carries, on the gateway's own origin and on the extra image ports alike. */
export function setImageHeaders(headers: Headers): void {
  headers.set('Content-Security-Policy', IMAGE_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  // Images are public and shown by pages of other origins (the app on another host, the extra ports' pages).
  headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

function svg(c: Context<GatewayEnv>, body: string): Response {
  c.header('content-type', 'image/svg+xml; charset=utf-8');
  c.header('cache-control', LONG_CACHE);
  return c.body(body);
}

/** `/img/*`: the probe image, coin icons and announcement banners, each after `delayMs` (the extra ports' latency). */
export function imageFileRoutes(delayMs = 0): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  if (delayMs > 0)
    routes.use('/img/*', async (_c, next) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await next();
    });
  routes.get(IMAGE_PATHS.probe, (c) => {
    c.header('content-type', 'image/gif');
    c.header('cache-control', 'no-store');
    return c.body(PROBE_GIF);
  });
  routes.get(IMAGE_PATHS.coin, (c) => {
    // Anything but a plain symbol (dots, slashes, encoded traversal) is no file here.
    const match = COIN_FILE.exec(c.req.param('file'));
    if (!match) return replyError(c, routeNotFound());
    return svg(c, coinIconSvg(match[1]!.toUpperCase()) ?? GENERIC_COIN_SVG);
  });
  routes.get(IMAGE_PATHS.announcement, (c) => {
    const match = BANNER_FILE.exec(c.req.param('file'));
    const body = match ? announcementBannerSvg(match[1]!) : null;
    if (body === null) return replyError(c, routeNotFound());
    return svg(c, body);
  });
  return routes;
}

/** The origin of the page a request comes from (`http://host:port`), or null for a Host header that is not a host. */
export function pageOriginOf(c: Context<GatewayEnv>): string | null {
  return socketOriginOf(c)?.replace(/^ws/, 'http') ?? null;
}

/** The images as the gateway mounts them. */
export interface ImageArea {
  /** `/img/*` and `GET /v1/public/image-hosts`; mount before the app's fallback. */
  routes: Hono<GatewayEnv>;
  /**
   * Mount with `app.use('*', …)` before every other header middleware: image responses get their own strict policy,
   * and every other response's `img-src` names the image hosts.
   */
  headers: MiddlewareHandler<GatewayEnv>;
}

/** The gateway's images (spec §7.8): its own `/img/*` files, the host list the page probes, and the CSP that allows them. */
export function imageArea(hosts: ImageHostList): ImageArea {
  const routes = imageFileRoutes();
  routes.get(IMAGE_PATHS.hosts, (c) => replyOk(c, { hosts: hosts.hostsFor(pageOriginOf(c)) }));
  const headers: MiddlewareHandler<GatewayEnv> = async (c, next) => {
    await next();
    if (c.req.path.startsWith('/img/')) {
      setImageHeaders(c.res.headers);
      return;
    }
    const others = hosts.otherOrigins(pageOriginOf(c));
    const policy = c.res.headers.get('Content-Security-Policy');
    if (others.length > 0 && policy) c.res.headers.set('Content-Security-Policy', withImageOrigins(policy, others));
  };
  return { routes, headers };
}
