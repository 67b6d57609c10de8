import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import type { Logger } from '../log/logger';
import { type ImageHostList, imageFileRoutes, setImageHeaders } from './image-routes';
import { DEFAULT_IMAGE_SETTINGS, type ImageHostSettings } from './image-settings';

/** How far past the main port the extra image ports are looked for before the system picks any free one. */
const NEARBY_PORTS = 16;

/** The hosts the page may take images from, and local mode's extra image servers. */
export interface ImageHosts extends ImageHostList {
  /** Starts the extra image servers (local mode only) beside the main one on `host`. */
  start(host: string, mainPort: number, logger: Logger): Promise<void>;
  /** The extra servers' ports, in the order of their delays (empty outside local mode, or before start). */
  ports(): readonly number[];
  /** Closes the extra servers; safe to call twice. */
  close(): Promise<void>;
}

/** What the image hosts are built from. */
export interface ImageHostOptions {
  settings?: ImageHostSettings;
  /** Local mode starts the extra image servers (README "Settings": IMAGE_HOST_PORTS, IMAGE_HOST_DELAYS_MS). */
  localMode: boolean;
  /** The main server's TLS: the extra ones serve HTTPS too, or an https page could not show their images. */
  tls?: { key: string; cert: string };
}

interface ImageServer {
  server: ServerType;
  port: number;
}

/** Listens on `port` (0: any free one), or rejects with the listen error (EADDRINUSE). */
function listenOn(
  app: Hono<GatewayEnv>,
  host: string,
  port: number,
  tls: ImageHostOptions['tls'],
): Promise<ImageServer> {
  return new Promise((resolve, reject) => {
    const secure = tls
      ? { createServer: createSecureServer, serverOptions: { key: tls.key, cert: tls.cert, allowHTTP1: true } }
      : {};
    const server = serve({ fetch: app.fetch, hostname: host, port, ...secure }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({ server, port: info.port });
    });
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** An extra image host: `/img/*` only, each answer after `delayMs`; anything else is a bare 404. */
function imageHostApp(delayMs: number): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  app.use('*', async (c, next) => {
    await next();
    setImageHeaders(c.res.headers);
  });
  app.route('/', imageFileRoutes(delayMs));
  app.notFound((c) => c.text('Not found', 404));
  app.onError((_error, c) => c.text('Not found', 404));
  return app;
}

/** The image hosts of a gateway: IMAGE_HOSTS, and in local mode its extra ports with their delays (spec §7.8). */
export function createImageHosts(options: ImageHostOptions): ImageHosts {
  const settings = options.settings ?? DEFAULT_IMAGE_SETTINGS;
  const scheme = options.tls ? 'https:' : 'http:';
  let servers: ImageServer[] = [];
  let closing: Promise<void> | undefined;

  const localOrigins = (pageOrigin: string | null, fallbackHost: string | null): string[] => {
    const base = pageOrigin ?? fallbackHost;
    if (base === null) return [];
    return servers.map(({ port }) => {
      // The page's own host name, so a page opened as localhost or by a LAN address reaches the ports the same way.
      const url = new URL(base);
      url.protocol = scheme;
      url.port = String(port);
      return url.origin;
    });
  };
  let boundHost: string | null = null;
  const otherOrigins = (pageOrigin: string | null) => {
    const own = pageOrigin === null ? [] : [pageOrigin];
    return [...settings.hosts, ...localOrigins(pageOrigin, boundHost)].filter(
      (origin, at, all) => !own.includes(origin) && all.indexOf(origin) === at,
    );
  };

  return {
    hostsFor: (pageOrigin) => [...otherOrigins(pageOrigin), ...(pageOrigin === null ? [] : [pageOrigin])],
    otherOrigins,
    async start(host, mainPort, logger) {
      if (!options.localMode || settings.delaysMs.length === 0) return;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      boundHost = `${scheme}//${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : urlHost}`;
      let next = mainPort === 0 ? 0 : mainPort + 1;
      try {
        for (const [index, delayMs] of settings.delaysMs.entries()) {
          const app = imageHostApp(delayMs);
          const wanted = settings.ports?.[index];
          if (wanted !== undefined) {
            servers.push(await listenOn(app, host, wanted, options.tls));
            continue;
          }
          // Default: the free ports right after the main one, so the addresses are easy to guess and to read.
          for (;;) {
            const limit = mainPort + NEARBY_PORTS;
            const port = next === 0 || next > limit || next > 65535 ? 0 : next;
            try {
              const server = await listenOn(app, host, port, options.tls);
              servers.push(server);
              next = port === 0 ? 0 : port + 1;
              break;
            } catch (error) {
              if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
              next = port + 1;
            }
          }
        }
      } catch (error) {
        await Promise.all(servers.map(({ server }) => closeServer(server)));
        servers = [];
        throw error;
      }
      logger.info('image hosts listening', {
        ports: servers.map(({ port }) => port).join(','),
        delaysMs: settings.delaysMs.join(','),
      });
    },
    ports: () => servers.map(({ port }) => port),
    close() {
      closing ??= Promise.all(servers.map(({ server }) => closeServer(server))).then(() => undefined);
      return closing;
    },
  };
}
