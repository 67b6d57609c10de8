import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Database } from 'better-sqlite3';
import type { Hono } from 'hono';
import { createApp } from './app';
import { createFundsProgress } from './asset/funds-progress';
import { openDatabase } from './open-database';
import type { GatewayEnv } from './http/gateway-env';
import { createImageHosts, type ImageHosts } from './images/image-hosts';
import type { ImageHostSettings } from './images/image-settings';
import { createLogger, type Logger, type LogLevel } from './log/logger';
import { MarketSimulator } from './market/simulator';
import {
  attachPublicStream,
  DEFAULT_STREAM_OPTIONS,
  type PublicStream,
  type PublicStreamOptions,
} from './stream/public-stream';
import {
  attachPrivateStream,
  DEFAULT_PRIVATE_STREAM_OPTIONS,
  type PrivateStreamOptions,
} from './stream/private-stream';
import { refuseOtherUpgrades } from './stream/socket-data';
import { DEFAULT_SOCKET_LIMITS, SocketAdmission, type SocketLimits } from './stream/socket-admission';
import { createApiKeyStore } from './api-keys/api-key-store';
import { apiSecretKey } from './api-keys/secret-box';
import { createReplayStore } from './security/replay-store';
import type { RootPem } from './security/dev-root';
import type { SignPolicy } from './security/sign-config';
import { loadSigning } from './security/signing-setup';
import { createPaperTrading } from './trading/paper-trading';
import { ReservesService } from './reserves/reserves-service';

/** How to start the gateway. */
export interface GatewayOptions {
  /** Milliseconds between proof-of-reserves tree builds (RESERVES_REBUILD_MS; default 600,000). */
  reservesRebuildMs?: number;
  /** TCP port; 0 picks a free one (default 0). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Directory of `gateway.db`; created when missing. */
  dataDir: string;
  /** Built client to serve (optional). */
  distDir?: string;
  /** Enables the test-only fault switch. */
  faults?: boolean;
  logLevel?: LogLevel;
  /** Seed of the market simulator (default: from the clock). */
  simulatorSeed?: number;
  /**
   * Milliseconds between simulator steps (default 250). With `levelChangesPerStep` it sets how hard the market pushes
   * the public stream's `books` channels: over the six default instruments, 250 ms and 12 give about 1,400 level
   * changes a second, 100 ms and 12 about 2,800, 50 ms and 20 about 5,500, 25 ms and 40 about 14,000 (re-centring
   * after each price move adds to the random changes). `gateway/main.ts` reads MARKET_STEP_MS and MARKET_LEVEL_CHANGES.
   */
  marketStepMs?: number;
  /** Random book level changes per instrument per step (default: the simulator's, 12). */
  levelChangesPerStep?: number;
  /** Levels kept per book side (default: the simulator's, 200). */
  bookDepth?: number;
  /** Limits and cadences of the public WebSocket `/v2/ws/public` (idle timeout, subscription and size caps…). */
  stream?: Partial<PublicStreamOptions>;
  /** Limits of the private WebSocket `/v2/ws/private` (login timeout, subscription and size caps…). */
  privateStream?: Partial<PrivateStreamOptions>;
  /** Per-address limits of both WebSockets together: open sockets, upgrades per window, sockets not logged in, subscriptions. */
  socketLimits?: Partial<SocketLimits>;
  /** Where the dev signing root lives (default `.dev-root` in the working directory); ignored when `signingRoot` is given. */
  devRootDir?: string;
  /** A production signing root instead of the dev one. */
  signingRoot?: RootPem;
  /** Overrides of the signing policy (tests turn clientOpen off, change modes…). */
  signPolicy?: Partial<SignPolicy>;
  /** Local mode (default on): codes go to the dev mailbox page and the log. */
  localMode?: boolean;
  /** Seeds the dev accounts (default: same as localMode). */
  seedDevAccounts?: boolean;
  /** Announcements beyond the 12 seeds (dev and bench only; see gateway/content/content-settings.ts). */
  announcementCount?: number;
  /** How long `GET /v1/trade/changes` waits for a change (default 8 s). */
  tradeLongPollMs?: number;
  /** A TLS-terminating proxy is in front (TRUST_PROXY): its `X-Forwarded-Proto` and `X-Forwarded-For` are believed. */
  trustProxy?: boolean;
  /** Holds API keys to the exchange's per-route request limits (HTTP 429 past them; default on, API_RATE_LIMITS=0 off). */
  apiRateLimits?: boolean;
  /** Third-party sign-in's settings (README "Settings"); the process environment in `main.ts`. */
  thirdEnv?: NodeJS.ProcessEnv;
  /**
   * Serves HTTPS itself with this key and certificate (PEM): HTTP/2 for browsers, HTTP/1.1 for the WebSocket
   * upgrade and older clients. Without it, plain HTTP/1.1 (behind a TLS proxy in production).
   */
  tls?: { key: string; cert: string };
  /** Image hosts (README "Settings": IMAGE_HOSTS, IMAGE_HOST_PORTS, IMAGE_HOST_DELAYS_MS); default this origin, and in local mode two extra ports. */
  images?: ImageHostSettings;
}

/** A running gateway. */
export interface RunningGateway {
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:8080" (https with `tls`). */
  url: string;
  port: number;
  host: string;
  db: Database;
  simulator: MarketSimulator;
  /** The public market WebSocket on `server`. */
  stream: PublicStream;
  /** What each address holds on both WebSockets, and what was turned away. */
  sockets: SocketAdmission;
  app: Hono<GatewayEnv>;
  /** The Node HTTP server, for a WebSocket upgrade handler to attach to. */
  server: ServerType;
  logger: Logger;
  /** The image hosts: in local mode, the extra ports serving `/img/*` with their delays. */
  images: ImageHosts;
  /** Stops the simulator timer, closes connections and the database; safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_STEP_MS = 250;

/** Opens the database, starts the market simulator and serves the app over HTTP (ARCHITECTURE "gateway/"). */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  const logger = createLogger(options.logLevel ?? 'info');
  const db = openDatabase(options.dataDir);
  const simulator = new MarketSimulator({
    seed: options.simulatorSeed ?? Date.now() >>> 0,
    nowMs: Date.now(),
    levelChangesPerStep: options.levelChangesPerStep,
    bookDepth: options.bookDepth,
    onListenerError: (error) => logger.error('market listener failed', { error: String(error) }),
  });
  const signing = loadSigning({
    dataDir: options.dataDir,
    root: options.signingRoot,
    devRootDir: options.devRootDir,
    policy: options.signPolicy,
  });
  const localMode = options.localMode ?? true;
  // Paper trading listens to the market from start-up: resting orders, triggers, TP/SL, liquidation and funding.
  const trading = createPaperTrading({ db, simulator, logger, longPollMs: options.tradeLongPollMs });
  trading.start();
  // Deposits gain confirmations and are credited, withdrawals complete, on the simulated chains' clock.
  const funds = createFundsProgress(trading, { logger });
  funds.start();
  // Proof of reserves: a tree build now (in a worker thread), then every reservesRebuildMs.
  const reserves = new ReservesService({ db, logger, rebuildMs: options.reservesRebuildMs });
  reserves.start();
  // The stream attaches to the server once it listens; the fault switch reaches it through this late binding.
  let stream: PublicStream | undefined;
  const images = createImageHosts({ settings: options.images, localMode, tls: options.tls });
  const app = createApp({
    images,
    trading,
    streamFaults: { pause: (ms) => stream?.pause(ms), silence: (ms) => stream?.silence(ms) },
    db,
    simulator,
    logger,
    faults: options.faults,
    distDir: options.distDir,
    signing,
    localMode,
    seedDevAccounts: options.seedDevAccounts ?? localMode,
    trustProxy: options.trustProxy,
    apiRateLimits: options.apiRateLimits ?? true,
    thirdEnv: options.thirdEnv,
    announcementCount: options.announcementCount,
    reserves,
  });
  let server: ServerType;
  let port: number;
  let dropConnections: () => void;
  try {
    // Local mode's extra image ports first: by default the free ones right after the main port.
    await images.start(host, options.port ?? 0, logger);
    ({ server, port, dropConnections } = await listen(app, host, options.port ?? 0, options.tls));
  } catch (error) {
    await images.close();
    funds.stop();
    trading.stop();
    await reserves.stop();
    db.close();
    throw error;
  }
  // One count per address over both streams: a socket costs the gateway the same on either.
  const admission = new SocketAdmission(
    { ...DEFAULT_SOCKET_LIMITS, ...options.socketLimits },
    { trustProxy: options.trustProxy ?? false },
  );
  const attached = attachPublicStream(server, simulator, logger, admission, options.stream);
  stream = attached;
  const privateStore = createApiKeyStore(db, apiSecretKey(signing.identity.serverPrivateKey));
  const privateDeps = {
    store: privateStore,
    replays: createReplayStore(db),
    trading,
    logger,
    admission,
  };
  const privateStream = attachPrivateStream(server, privateDeps, options.privateStream);
  // Each stream takes only its own path; any other upgrade is refused here.
  const stopRefusing = refuseOtherUpgrades(server, [
    options.stream?.path ?? DEFAULT_STREAM_OPTIONS.path,
    options.privateStream?.path ?? DEFAULT_PRIVATE_STREAM_OPTIONS.path,
  ]);
  const timer = setInterval(() => simulator.step(Date.now()), options.marketStepMs ?? DEFAULT_STEP_MS);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(timer);
      funds.stop();
      trading.stop();
      // Upgraded sockets are no longer the HTTP server's to close; end them first or close() would wait on them.
      attached.close();
      privateStream.close();
      stopRefusing();
      await images.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive and in-flight sockets (HTTP/2 sessions too) would otherwise hold close() open.
        dropConnections();
      });
      await reserves.stop();
      db.close();
    })();
    return closing;
  };
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const scheme = options.tls ? 'https' : 'http';
  return {
    url: `${scheme}://${urlHost}:${port}`,
    port,
    host,
    db,
    simulator,
    stream: attached,
    sockets: admission,
    app,
    server,
    logger,
    images,
    close,
  };
}

interface Listening {
  server: ServerType;
  port: number;
  /** Ends every open connection, so that `server.close()` does not wait on them. */
  dropConnections: () => void;
}

function listen(app: Hono<GatewayEnv>, hostname: string, port: number, tls: GatewayOptions['tls']): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const secure = tls
      ? { createServer: createSecureServer, serverOptions: { key: tls.key, cert: tls.cert, allowHTTP1: true } }
      : {};
    const server = serve({ fetch: app.fetch, hostname, port, ...secure }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({ server, port: info.port, dropConnections });
    });
    // An HTTP/2 server has no closeAllConnections: its sockets are tracked from the TCP connection on (a handshake
    // under way, or a session whose client has not asked anything yet, would otherwise hold close() open).
    const sockets = new Set<Socket>();
    if (tls)
      server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
    const dropConnections = () => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    };
    server.once('error', reject);
  });
}
