import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import type { Logger } from '../log/logger';
import type { PaperTrading } from '../trading/paper-trading';
import type { ReplayStore } from '../security/replay-store';
import { ChangeWatcher } from './private-change-watcher';
import { PrivateChannelReaders } from './private-channels';
import { PrivateConnection, type PrivateHub } from './private-connection';
import type { SocketAdmission } from './socket-admission';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  openSocketEndpoint,
  type SocketSetup,
} from './stream-socket';

/** Limits of the private stream; every field has a default, those of one connection as the public stream's. */
export interface PrivateStreamOptions extends ConnectionLimits {
  /** Path the stream answers on (default `/v2/ws/private`). */
  path: string;
  /**
   * Closes a connection that has not logged in this long after opening (default 10 000 ms: a client logs in as soon
   * as the socket opens, and until then the socket counts among its address's unauthenticated ones).
   */
  loginTimeoutMs: number;
  /** Failed logins one connection may make before it is closed (default 5). */
  maxLoginAttempts: number;
}

/** What the private stream reads: the API keys, one-time proofs, paper trading, and the admission shared by the streams. */
export interface PrivateStreamDeps {
  store: ApiKeyStore;
  replays: ReplayStore;
  trading: PaperTrading;
  logger: Logger;
  /** Per-address limits of both streams; it also tells a client's address (its proxy rule is REST's). */
  admission: SocketAdmission;
  /** The clock of the login window (default Date.now). */
  now?: () => number;
}

/** A running private stream. */
export interface PrivateStream {
  /** Open connections and how many of them are logged in. */
  stats(): { connections: number; loggedIn: number };
  /** Disconnects every client and detaches from the HTTP server; safe to call twice. */
  close(): void;
}

/** The options the private stream runs with unless told otherwise (see each field). */
export const DEFAULT_PRIVATE_STREAM_OPTIONS: PrivateStreamOptions = {
  path: '/v2/ws/private',
  ...DEFAULT_CONNECTION_LIMITS,
  loginTimeoutMs: 10_000,
  maxLoginAttempts: 5,
};

type HttpServer = Server | Http2Server | Http2SecureServer;

/**
 * The exchange's v2 private WebSocket for API-key clients on the gateway's HTTP server: `login` with the key's HMAC
 * (same store and rules as the REST check; the timestamp a string or a number of seconds), then `orders`, `account`
 * (SPOT) and `orders`, `positions`, `account` (USDT-FUTURES or SUSDT-FUTURES) of the key owner's paper account only:
 * a snapshot on subscribe, then updates when paper trading reports a change (the long poll's change feed). The event
 * channels `fill` and `orders-algo` (both markets) and `positions-history` (futures) send no snapshot: each push is
 * what happened since the last, driven by the same change feed. `ping`/`pong`, size and subscription caps, and the
 * idle timeout are the public stream's (`StreamSocket`), and so are the address limits (`admission`); a socket that has
 * not logged in within the login timeout is closed. Each stream claims only its own path, so the order the two are
 * attached in does not matter.
 */
export function attachPrivateStream(
  server: HttpServer,
  deps: PrivateStreamDeps,
  overrides: Partial<PrivateStreamOptions> = {},
): PrivateStream {
  const options: PrivateStreamOptions = { ...DEFAULT_PRIVATE_STREAM_OPTIONS, ...overrides };
  const watchers = new Map<string, ChangeWatcher>();
  const setup: SocketSetup = {
    limits: options,
    logger: deps.logger,
    logName: 'private stream',
    counters: { idleCloses: 0, slowConsumerCloses: 0 },
    loginTimeoutMs: options.loginTimeoutMs,
  };
  const hub: PrivateHub = {
    login: { store: deps.store, replays: deps.replays, now: deps.now ?? Date.now },
    logger: deps.logger,
    maxLoginAttempts: options.maxLoginAttempts,
    maxSubscriptions: options.maxSubscriptions,
    readers: new PrivateChannelReaders(deps.trading),
    join: (connection, userId) => {
      let watcher = watchers.get(userId);
      if (!watcher) {
        watcher = new ChangeWatcher(deps.trading, userId, deps.logger, () => watchers.delete(userId));
        watchers.set(userId, watcher);
      }
      watcher.add(connection);
    },
    leave: (connection, userId) => watchers.get(userId)?.remove(connection),
  };
  const endpoint = openSocketEndpoint(server, {
    path: options.path,
    kind: 'private',
    admission: deps.admission,
    maxFrameBytes: options.maxFrameBytes,
    connect: (ws, ticket) => new PrivateConnection(ws, ticket, setup, hub),
  });

  return {
    stats: () => ({
      connections: endpoint.connections.size,
      loggedIn: [...endpoint.connections].filter((connection) => connection.isLoggedIn).length,
    }),
    close: () => {
      endpoint.close();
      for (const watcher of watchers.values()) watcher.stop();
      watchers.clear();
    },
  };
}
