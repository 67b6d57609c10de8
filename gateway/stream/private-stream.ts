import type { IncomingMessage, Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import type { Statement } from 'better-sqlite3';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { ApiKeyStore } from '../api-keys/api-key-store';
import type { Logger } from '../log/logger';
import { coinPlaces } from '../trading/coin-places';
import type { Market, OrderRecord } from '../trading/order-store';
import type { PaperTrading } from '../trading/paper-trading';
import type { ReplayStore } from '../security/replay-store';
import { checkPrivateLogin, isSessionValid, type PrivateSession } from './private-login';
import {
  type PrivateArg,
  PRIVATE_ERRORS,
  parsePrivateMessage,
  privateArgKey,
  privateErrorText,
  readPrivateArg,
} from './private-protocol';
import { futuresAccountRow, futuresOrderRow, positionRows, spotAccountRow, spotOrderRow } from './private-views';
import { pushText } from './stream-protocol';
import { type SocketAdmission, type SocketTicket, takeSubscriptionPlace } from './socket-admission';
import { byteLength, pathOf, rawText } from './socket-data';

/** Limits of the private stream; every field has a default. */
export interface PrivateStreamOptions {
  /** Path the stream answers on (default `/v2/ws/private`). */
  path: string;
  /**
   * Closes a connection that has not logged in this long after opening (default 10 000 ms: a client logs in as soon
   * as the socket opens, and until then the socket counts among its address's unauthenticated ones).
   */
  loginTimeoutMs: number;
  /** Closes a connection that sent no `ping` for this long (default 120 000 ms, as the public stream). */
  idleTimeoutMs: number;
  /** Failed logins one connection may make before it is closed (default 5). */
  maxLoginAttempts: number;
  /** Most subscriptions one connection may hold (default 200, as the public stream). */
  maxSubscriptions: number;
  /** Largest message answered normally; a larger one gets an error event (default 4096 bytes). */
  maxMessageBytes: number;
  /** Largest frame read at all; beyond it the connection is closed with 1009 (default 64 KiB). */
  maxFrameBytes: number;
  /** A client whose unsent data exceeds this is too slow and is disconnected (default 4 MiB). */
  maxBufferedBytes: number;
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

export const DEFAULT_PRIVATE_STREAM_OPTIONS: PrivateStreamOptions = {
  path: '/v2/ws/private',
  loginTimeoutMs: 10_000,
  idleTimeoutMs: 120_000,
  maxLoginAttempts: 5,
  maxSubscriptions: 200,
  maxMessageBytes: 4096,
  maxFrameBytes: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** Close codes (application range): no ping in time, no login in time, key revoked or too many failed logins. */
const IDLE_CLOSE_CODE = 4001;
const LOGIN_TIMEOUT_CLOSE_CODE = 4002;
const REFUSED_CLOSE_CODE = 4003;
/** How long one wait on the change feed lasts before it is renewed. */
const CHANGE_WAIT_MS = 60_000;
/** Orders changed this long before the last scan are read again, so a change in the same millisecond is not missed. */
const SCAN_SLACK_MS = 2000;
const FUTURES_PRODUCTS: Record<string, string> = { 'USDT-FUTURES': 'USDT', 'SUSDT-FUTURES': 'SUSDT' };

type HttpServer = Server | Http2Server | Http2SecureServer;

/** What a subscription pushes, resolved from its arg. */
type Feed =
  | { kind: 'orders'; market: Market; symbol?: string; marginCoin: string }
  | { kind: 'spot-account' }
  | { kind: 'futures-account'; marginCoin: string }
  | { kind: 'positions'; symbol?: string; marginCoin: string };

/** One subscription of a connection and what it last pushed, so an update carries only what changed. */
interface Subscription {
  argJson: string;
  feed: Feed;
  /** Orders: order id → fingerprint and update time; spot account: coin → its row. */
  seen: Map<string, { print: string; at: number }>;
  /** Positions and futures account: the data last pushed. */
  last: string;
  /** Orders: when the last scan ran (trading clock). */
  scannedAt: number;
}

/**
 * The exchange's v2 private WebSocket for API-key clients on the gateway's HTTP server: `login` with the key's HMAC
 * (same store and rules as the REST check), then `orders`, `account` (SPOT) and `orders`, `positions`, `account`
 * (USDT-FUTURES or SUSDT-FUTURES) of the key owner's paper account only: a snapshot on subscribe, then updates when
 * paper trading reports a change (the long poll's change feed). `ping`/`pong`, size and subscription caps, and the
 * login and idle timeouts close what the public stream closes. Attach it before the public stream's upgrade listener
 * runs (it prepends itself) so its path is claimed first.
 */
export function attachPrivateStream(
  server: HttpServer,
  deps: PrivateStreamDeps,
  overrides: Partial<PrivateStreamOptions> = {},
): PrivateStream {
  const options: PrivateStreamOptions = { ...DEFAULT_PRIVATE_STREAM_OPTIONS, ...overrides };
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const watchers = new Map<string, ChangeWatcher>();
  const readers = new ChannelReaders(deps.trading);

  const hub: Hub = {
    deps,
    options,
    readers,
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

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request) !== options.path) return;
    socket.on('error', () => socket.destroy());
    const ticket = deps.admission.admitUpgrade(request, socket, head, 'private');
    if (!ticket) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, hub, ticket);
      connections.add(connection);
      ws.once('close', () => {
        connections.delete(connection);
        connection.dispose();
      });
    });
  };
  server.on('upgrade', onUpgrade);

  let closed = false;
  return {
    stats: () => ({
      connections: connections.size,
      loggedIn: [...connections].filter((connection) => connection.isLoggedIn).length,
    }),
    close: () => {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.terminate();
      connections.clear();
      for (const watcher of watchers.values()) watcher.stop();
      watchers.clear();
      wss.close();
    },
  };
}

/** What a connection shares with the others of its stream. */
interface Hub {
  deps: PrivateStreamDeps;
  options: PrivateStreamOptions;
  readers: ChannelReaders;
  join(connection: Connection, userId: string): void;
  leave(connection: Connection, userId: string): void;
}

/**
 * Follows one user's change feed (`TradeChanges`) while any of the user's sockets is logged in, and asks each of them
 * to refresh on every change; the waits end when the last socket leaves.
 */
class ChangeWatcher {
  private readonly connections = new Set<Connection>();
  private readonly abort = new AbortController();
  private cursor: number;
  private stopped = false;

  constructor(
    private readonly trading: PaperTrading,
    private readonly userId: string,
    private readonly logger: Logger,
    private readonly onIdle: () => void,
  ) {
    // A cursor past the feed's end answers the current cursor: changes from now on are the ones to follow.
    this.cursor = trading.changes.since(userId, Number.MAX_SAFE_INTEGER)?.cursor ?? 0;
    void this.run();
  }

  add(connection: Connection): void {
    this.connections.add(connection);
  }

  remove(connection: Connection): void {
    this.connections.delete(connection);
    if (this.connections.size === 0) {
      this.stop();
      this.onIdle();
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const reply = await this.trading.changes.wait(this.userId, this.cursor, CHANGE_WAIT_MS, this.abort.signal);
      if (this.stopped) return;
      this.cursor = reply.cursor;
      if (reply.topics.length === 0) continue;
      for (const connection of [...this.connections]) {
        try {
          connection.refresh();
        } catch (error) {
          this.logger.error('private stream refresh failed', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  }
}

/** Reads the rows of each feed from paper trading. */
class ChannelReaders {
  private readonly spotPlaces: Map<string, number>;
  private readonly changedSince: Statement;

  constructor(private readonly trading: PaperTrading) {
    this.spotPlaces = coinPlaces(trading.ctx.simulator.listInstruments('SPOT'));
    this.changedSince = trading.ctx.db
      .prepare('SELECT order_id FROM trade_orders WHERE user_id = ? AND market = ? AND u_time >= ? ORDER BY seq')
      .pluck();
  }

  now(): number {
    return this.trading.ctx.now();
  }

  /** An arg's feed, or the error to answer: 30016 for an unknown channel or instType, 30001 for an unknown instId. */
  feedOf(arg: PrivateArg): Feed | { code: number; msg: string } {
    const { simulator } = this.trading.ctx;
    const missing = {
      code: PRIVATE_ERRORS.notFound,
      msg: `instType:${arg.instType},channel:${arg.channel} doesn't exist`,
    };
    const symbolOf = (instType: 'SPOT' | 'USDT-FUTURES'): string | undefined | null => {
      if (arg.instId === undefined || arg.instId === 'default') return undefined;
      return simulator.getInstrument(instType, arg.instId) ? arg.instId : null;
    };
    if (arg.instType === 'SPOT') {
      if (arg.channel === 'orders') {
        if (arg.instId === undefined)
          return { code: PRIVATE_ERRORS.paramError, msg: 'Param error: instId is required' };
        const symbol = symbolOf('SPOT');
        if (symbol === null)
          return { ...missing, msg: `instType:SPOT,channel:orders,instId:${arg.instId} doesn't exist` };
        return { kind: 'orders', market: 'spot', symbol, marginCoin: '' };
      }
      if (arg.channel === 'account') return arg.coin === 'default' ? { kind: 'spot-account' } : missing;
    }
    const marginCoin = FUTURES_PRODUCTS[arg.instType];
    if (marginCoin !== undefined) {
      if (arg.channel === 'orders' || arg.channel === 'positions') {
        if (arg.instId === undefined)
          return { code: PRIVATE_ERRORS.paramError, msg: 'Param error: instId is required' };
        const symbol = symbolOf('USDT-FUTURES');
        if (symbol === null)
          return {
            ...missing,
            msg: `instType:${arg.instType},channel:${arg.channel},instId:${arg.instId} doesn't exist`,
          };
        return arg.channel === 'orders'
          ? { kind: 'orders', market: 'futures', symbol, marginCoin }
          : { kind: 'positions', symbol, marginCoin };
      }
      if (arg.channel === 'account') return arg.coin === 'default' ? { kind: 'futures-account', marginCoin } : missing;
    }
    return {
      code: PRIVATE_ERRORS.paramError,
      msg: `Param error: no private channel ${arg.channel} for instType ${arg.instType}`,
    };
  }

  orderRow(order: OrderRecord, marginCoin: string): unknown {
    const { ctx } = this.trading;
    return order.market === 'spot'
      ? spotOrderRow(ctx.spec('SPOT', order.symbol), order)
      : futuresOrderRow(ctx.spec('USDT-FUTURES', order.symbol), order, marginCoin);
  }

  openOrders(userId: string, market: Market, symbol: string | undefined): OrderRecord[] {
    return this.trading.ctx.orders.openOf(userId, market, symbol);
  }

  /** The user's orders of a market changed at or after `since` (trading clock), oldest placed first. */
  changedOrders(userId: string, market: Market, since: number): OrderRecord[] {
    const ids = this.changedSince.all(userId, market, since) as string[];
    return ids.flatMap((id) => this.trading.ctx.orders.find(userId, market, id) ?? []);
  }

  spotAccount(userId: string): Array<ReturnType<typeof spotAccountRow>> {
    const now = this.now();
    return this.trading.ctx.accounts
      .balances(userId)
      .map((balance) => spotAccountRow(balance, this.spotPlaces.get(balance.coin), now));
  }

  futuresAccount(userId: string, marginCoin: string) {
    return [futuresAccountRow(this.trading, userId, marginCoin)];
  }

  positions(userId: string, marginCoin: string, symbol: string | undefined) {
    return positionRows(this.trading, userId, marginCoin, symbol);
  }

  ensureAccount(userId: string): void {
    const { ctx } = this.trading;
    ctx.db.transaction(() => ctx.ensureAccount(userId))();
  }
}

/** What identifies an order's state: a change to any of these is pushed. */
const orderPrint = (order: OrderRecord) =>
  `${order.status}|${order.baseVolume}|${order.quoteVolume}|${order.fee}|${order.price}|${order.size}|${order.uTime}`;

/** A spot coin is shown while it holds something, and once more when it drops to nothing. */
const holds = (row: { available: string; frozen: string }) =>
  !/^[0.]+$/.test(row.available) || !/^[0.]+$/.test(row.frozen);

/** One client connection: login, heartbeat, inbound limits, subscriptions, pushes and back-pressure. */
class Connection {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly idleTimer: NodeJS.Timeout;
  private readonly loginTimer: NodeJS.Timeout;
  private session: PrivateSession | undefined;
  private loginPending = false;
  private failedLogins = 0;
  private disposed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly hub: Hub,
    private readonly ticket: SocketTicket,
  ) {
    this.idleTimer = setTimeout(
      () => this.closeWith(IDLE_CLOSE_CODE, 'no ping received in time'),
      hub.options.idleTimeoutMs,
    );
    this.loginTimer = setTimeout(
      () => this.closeWith(LOGIN_TIMEOUT_CLOSE_CODE, 'no login in time'),
      hub.options.loginTimeoutMs,
    );
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    // Protocol faults (oversized frame, bad UTF-8) end in a close; without a listener they would crash the process.
    ws.on('error', (error) => hub.deps.logger.debug('private stream client error', { error: error.message }));
  }

  get isLoggedIn(): boolean {
    return this.session !== undefined;
  }

  /** Re-reads every subscription after a change of the user's trading and pushes what differs from the last push. */
  refresh(): void {
    if (this.disposed || !this.session) return;
    if (!this.checkSession()) return;
    for (const subscription of this.subscriptions.values()) this.push(subscription, 'update');
  }

  terminate(): void {
    this.dispose();
    this.ws.terminate();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.loginTimer);
    if (this.session) this.hub.leave(this, this.session.userId);
  }

  private send(text: string): void {
    if (this.disposed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.hub.options.maxBufferedBytes) {
      // Buffering more for a client that cannot read would grow without bound; it reconnects and resyncs instead.
      this.hub.deps.logger.warn('private stream client too slow, disconnected', {
        bufferedBytes: this.ws.bufferedAmount,
      });
      this.terminate();
      return;
    }
    this.ws.send(text);
  }

  private closeWith(code: number, reason: string): void {
    if (this.disposed) return;
    this.dispose();
    this.ws.close(code, reason);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.disposed) return;
    try {
      const size = byteLength(data);
      const { maxMessageBytes } = this.hub.options;
      if (size > maxMessageBytes) {
        const msg = `Illegal request: message of ${size} bytes is larger than ${maxMessageBytes}`;
        this.send(privateErrorText(PRIVATE_ERRORS.illegalRequest, msg));
        return;
      }
      if (isBinary) {
        this.send(privateErrorText(PRIVATE_ERRORS.illegalRequest, 'Illegal request: send text frames'));
        return;
      }
      const request = parsePrivateMessage(rawText(data));
      if (request.kind === 'ping') {
        this.idleTimer.refresh();
        // A key disabled or deleted since the login ends the connection at the next ping at the latest.
        if (this.session && !this.checkSession()) return;
        this.send('pong');
      } else if (request.kind === 'error') {
        this.send(privateErrorText(request.code, request.msg, { op: request.op }));
      } else if (request.kind === 'login') {
        void this.login(request.args);
      } else if (!this.session) {
        this.send(privateErrorText(PRIVATE_ERRORS.loginRequired, 'User needs to log in', { op: request.op }));
      } else {
        for (const value of request.args) this.handleArg(request.op, value);
      }
    } catch (error) {
      this.hub.deps.logger.error('private stream message failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      this.send(privateErrorText(PRIVATE_ERRORS.systemBusy, 'The system is busy'));
    }
  }

  private async login(args: Parameters<typeof checkPrivateLogin>[1]): Promise<void> {
    if (this.session || this.loginPending) {
      this.send(privateErrorText(PRIVATE_ERRORS.loginFailed, 'Login failed: already logged in', { op: 'login' }));
      return;
    }
    this.loginPending = true;
    const { deps } = this.hub;
    let outcome: Awaited<ReturnType<typeof checkPrivateLogin>>;
    try {
      outcome = await checkPrivateLogin(
        { store: deps.store, replays: deps.replays, now: deps.now ?? Date.now },
        args,
        this.ticket.address,
      );
    } finally {
      this.loginPending = false;
    }
    if (this.disposed) return;
    if ('reason' in outcome) {
      deps.logger.debug('private stream login refused', { apiKey: args.apiKey, reason: outcome.reason });
      this.send(privateErrorText(outcome.code, outcome.msg, { op: 'login' }));
      this.failedLogins += 1;
      if (this.failedLogins >= this.hub.options.maxLoginAttempts)
        this.closeWith(REFUSED_CLOSE_CODE, 'too many failed logins');
      return;
    }
    clearTimeout(this.loginTimer);
    this.ticket.markLoggedIn();
    this.hub.readers.ensureAccount(outcome.userId);
    this.session = outcome;
    this.hub.join(this, outcome.userId);
    deps.logger.debug('private stream login', { apiKey: outcome.apiKey });
    this.send('{"event":"login","code":0}');
  }

  /** False (and the connection closed) once the session's key is disabled, deleted or no longer allowed to read. */
  private checkSession(): boolean {
    if (!this.session) return false;
    if (isSessionValid(this.hub.deps.store, this.session)) return true;
    this.send(privateErrorText(PRIVATE_ERRORS.accessKeyInvalid, 'Invalid ACCESS_KEY'));
    this.closeWith(REFUSED_CLOSE_CODE, 'api key no longer valid');
    return false;
  }

  private handleArg(op: 'subscribe' | 'unsubscribe', value: unknown): void {
    const arg = readPrivateArg(value);
    if (!arg) {
      this.send(privateErrorText(PRIVATE_ERRORS.paramError, 'Param error: malformed arg', { op }));
      return;
    }
    const key = privateArgKey(arg);
    const argJson = JSON.stringify(arg);
    const ack = `{"event":"${op}","arg":${argJson}}`;
    if (op === 'unsubscribe') {
      if (this.subscriptions.delete(key)) this.ticket.returnSubscription();
      this.send(ack);
      return;
    }
    const feed = this.hub.readers.feedOf(arg);
    if ('code' in feed) {
      this.send(privateErrorText(feed.code, feed.msg, { arg, op }));
      return;
    }
    if (!this.subscriptions.has(key)) {
      const place = takeSubscriptionPlace(this.subscriptions.size, this.hub.options.maxSubscriptions, this.ticket);
      if (!place.ok) {
        this.send(privateErrorText(PRIVATE_ERRORS.tooManySubscriptions, place.msg, { arg, op }));
        return;
      }
    }
    const subscription: Subscription = { argJson, feed, seen: new Map(), last: '', scannedAt: this.hub.readers.now() };
    this.subscriptions.set(key, subscription);
    this.send(ack);
    this.push(subscription, 'snapshot');
  }

  /** Pushes a subscription's snapshot, or its changes since the last push (nothing when nothing changed). */
  private push(subscription: Subscription, action: 'snapshot' | 'update'): void {
    const { readers } = this.hub;
    const userId = this.session!.userId;
    const { feed } = subscription;
    let rows: unknown[];
    if (feed.kind === 'orders') {
      const now = readers.now();
      let orders: OrderRecord[];
      if (action === 'snapshot') {
        orders = readers.openOrders(userId, feed.market, feed.symbol);
      } else {
        const since = subscription.scannedAt - SCAN_SLACK_MS;
        orders = readers
          .changedOrders(userId, feed.market, since)
          .filter((order) => feed.symbol === undefined || order.symbol === feed.symbol)
          .filter((order) => subscription.seen.get(order.orderId)?.print !== orderPrint(order));
        for (const [id, entry] of subscription.seen) if (entry.at < since) subscription.seen.delete(id);
      }
      subscription.scannedAt = now;
      for (const order of orders) subscription.seen.set(order.orderId, { print: orderPrint(order), at: order.uTime });
      rows = orders.map((order) => readers.orderRow(order, feed.marginCoin));
    } else if (feed.kind === 'spot-account') {
      const all = readers.spotAccount(userId);
      const print = (row: (typeof all)[number]) => `${row.available}|${row.frozen}`;
      const changed =
        action === 'snapshot'
          ? all.filter(holds)
          : all.filter(
              (row) =>
                subscription.seen.get(row.coin)?.print !== print(row) &&
                (holds(row) || subscription.seen.has(row.coin)),
            );
      for (const row of changed) {
        if (holds(row)) subscription.seen.set(row.coin, { print: print(row), at: 0 });
        else subscription.seen.delete(row.coin);
      }
      rows = changed;
    } else {
      rows =
        feed.kind === 'positions'
          ? readers.positions(userId, feed.marginCoin, feed.symbol)
          : readers.futuresAccount(userId, feed.marginCoin);
      const data = JSON.stringify(rows);
      if (action === 'update' && data === subscription.last) return;
      subscription.last = data;
      // Positions go out whole each time (the exchange's `snapshot`), so a closed position leaves the client's list.
      this.send(pushText(feed.kind === 'positions' ? 'snapshot' : action, subscription.argJson, data, readers.now()));
      return;
    }
    if (action === 'update' && rows.length === 0) return;
    this.send(pushText(action, subscription.argJson, JSON.stringify(rows), readers.now()));
  }
}
