import type { IncomingMessage, Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../log/logger';
import type { SocketAdmission, SocketKind, SocketTicket } from './socket-admission';
import { byteLength, pathOf, rawText } from './socket-data';
import { errorText, STREAM_ERRORS } from './stream-protocol';

/** The limits of one connection, the same on the public and the private stream; every field has a default. */
export interface ConnectionLimits {
  /** Closes a connection that sent no `ping` for this long (default 120 000 ms, as the public feed does). */
  idleTimeoutMs: number;
  /** Most subscriptions one connection may hold (default 200). */
  maxSubscriptions: number;
  /** Largest message answered normally; a larger one gets an error event (default 4096 bytes, the public limit). */
  maxMessageBytes: number;
  /** Largest frame read at all; beyond it the connection is closed with 1009 (default 64 KiB). */
  maxFrameBytes: number;
  /** A client whose unsent data exceeds this is too slow and is disconnected (default 4 MiB). */
  maxBufferedBytes: number;
}

/** The limits both streams run with unless told otherwise (see each field). */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  idleTimeoutMs: 120_000,
  maxSubscriptions: 200,
  maxMessageBytes: 4096,
  maxFrameBytes: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** Close code (application range) of a connection that sent no `ping` in time. */
export const IDLE_CLOSE_CODE = 4001;
/** Close code of a private connection that did not log in in time. */
export const LOGIN_TIMEOUT_CLOSE_CODE = 4002;
/** Close code of a private connection whose key was revoked, or that failed to log in too often. */
export const REFUSED_CLOSE_CODE = 4003;
/** Close code of a socket turned away over a limit of its address (after its error event 30007). */
export const OVER_LIMIT_CLOSE_CODE = 4004;
/** The exchange's message with 30007. */
const OVER_LIMIT_MSG = 'request over limit,connection close';
/** How long a turned-away socket may take to answer the close before it is cut. */
const REFUSED_LINGER_MS = 1000;

/** Connections a stream closed, by cause. */
export interface SocketCounters {
  /** Closed because they sent no ping in time. */
  idleCloses: number;
  /** Closed because they could not keep up. */
  slowConsumerCloses: number;
}

/** What every connection of one stream shares. */
export interface SocketSetup {
  limits: ConnectionLimits;
  logger: Logger;
  /** How log lines name the stream (`stream`, `private stream`). */
  logName: string;
  counters: SocketCounters;
  /** Until when (ms since the epoch) nothing is sent, the socket kept open (the public stream's silence fault). */
  quiet?: { readonly until: number };
  /** Closes a connection that has not logged in this long after opening (the private stream); no deadline when absent. */
  loginTimeoutMs?: number;
}

/**
 * One client connection as both streams hold it: `ping` answered with `pong` and renewing the idle deadline (close
 * 4001), the login deadline of a private socket (close 4002), the size and text checks on what comes in (30002),
 * back-pressure on what goes out, and its address's ticket. A stream says what the other messages mean.
 */
export abstract class StreamSocket {
  private readonly idleTimer: NodeJS.Timeout;
  private readonly loginTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly ws: WebSocket,
    /** The socket's share of its address's counts. */
    protected readonly ticket: SocketTicket,
    private readonly setup: SocketSetup,
  ) {
    this.idleTimer = setTimeout(() => this.closeIdle(), setup.limits.idleTimeoutMs);
    if (setup.loginTimeoutMs !== undefined)
      this.loginTimer = setTimeout(
        () => this.closeWith(LOGIN_TIMEOUT_CLOSE_CODE, 'no login in time'),
        setup.loginTimeoutMs,
      );
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    // Protocol faults (oversized frame, bad UTF-8, bad opcode) end in a close; without a listener they would crash the process.
    ws.on('error', (error) => setup.logger.debug(`${setup.logName} client error`, { error: error.message }));
  }

  /** Queues a text frame; a client that cannot keep up is disconnected, never buffered without bound. */
  send(text: string): void {
    if (this.disposed || this.ws.readyState !== WebSocket.OPEN) return;
    const { quiet, limits, logger, logName, counters } = this.setup;
    // The silence fault: the socket stays open and nothing goes out.
    if (quiet && quiet.until !== 0 && Date.now() < quiet.until) return;
    if (this.ws.bufferedAmount > limits.maxBufferedBytes) {
      // Buffering more for a client that cannot read would grow without bound; it reconnects and resyncs instead.
      counters.slowConsumerCloses += 1;
      logger.warn(`${logName} client too slow, disconnected`, { bufferedBytes: this.ws.bufferedAmount });
      this.terminate();
      return;
    }
    this.ws.send(text);
  }

  /** Drops the connection at once, without a close handshake. */
  terminate(): void {
    this.dispose();
    this.ws.terminate();
  }

  /** Stops the deadlines and lets the stream forget the connection; safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.loginTimer);
    this.forget();
  }

  /** True once the connection has ended. */
  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Ends the connection with a close frame. */
  protected closeWith(code: number, reason: string): void {
    if (this.disposed) return;
    this.dispose();
    this.ws.close(code, reason);
  }

  /** The private socket logged in: its login deadline ends and it no longer counts as unauthenticated. */
  protected markLoggedIn(): void {
    clearTimeout(this.loginTimer);
    this.ticket.markLoggedIn();
  }

  /** Whether a `ping` (the idle deadline already renewed) gets its `pong`; false when the connection closed over it. */
  protected answersPing(): boolean {
    return true;
  }

  /** Handles one text message other than `ping`, within the size limit. */
  protected abstract receiveText(text: string): void;

  /** Lets go of what the stream holds for this connection; called once, when it ends. */
  protected abstract forget(): void;

  private receive(data: RawData, isBinary: boolean): void {
    if (this.disposed) return;
    const { limits, logger, logName } = this.setup;
    try {
      const size = byteLength(data);
      if (size > limits.maxMessageBytes) {
        const msg = `Illegal request: message of ${size} bytes is larger than ${limits.maxMessageBytes}`;
        this.send(errorText({ code: STREAM_ERRORS.illegalRequest, msg }));
        return;
      }
      if (isBinary) {
        this.send(errorText({ code: STREAM_ERRORS.illegalRequest, msg: 'Illegal request: send text frames' }));
        return;
      }
      const text = rawText(data);
      if (text === 'ping') {
        this.idleTimer.refresh();
        if (this.answersPing()) this.send('pong');
      } else {
        this.receiveText(text);
      }
    } catch (error) {
      logger.error(`${logName} message failed`, { error: error instanceof Error ? error.message : String(error) });
      this.send(errorText({ code: STREAM_ERRORS.systemBusy, msg: 'The system is busy' }));
    }
  }

  private closeIdle(): void {
    if (this.disposed) return;
    this.setup.counters.idleCloses += 1;
    this.closeWith(IDLE_CLOSE_CODE, 'no ping received in time');
  }
}

type HttpServer = Server | Http2Server | Http2SecureServer;

/** Where a stream takes its sockets, and how it makes a connection of one. */
export interface EndpointSetup<C extends StreamSocket> {
  /** The stream's path; an upgrade on another path is left to the other listeners. */
  path: string;
  kind: SocketKind;
  /** Per-address limits of both streams; it also tells a client's address. */
  admission: SocketAdmission;
  /** Largest frame read at all (`ConnectionLimits.maxFrameBytes`). */
  maxFrameBytes: number;
  /** True while upgrades are answered 503 (the public stream's outage fault). */
  isPaused?: () => boolean;
  /** The stream's connection over an admitted socket. */
  connect(ws: WebSocket, ticket: SocketTicket): C;
}

/** A stream's connections on the gateway's HTTP server. */
export interface SocketEndpoint<C> {
  readonly connections: ReadonlySet<C>;
  /** Drops every open connection at once. */
  terminateAll(): void;
  /** Detaches from the HTTP server and drops every connection; safe to call twice. */
  close(): void;
}

/**
 * Claims a stream's path on the gateway's HTTP server: each upgrade there is counted by `admission`, answered as the
 * exchange does when over a limit (error event 30007, then close 4004), and otherwise becomes one of the stream's
 * connections until its socket closes.
 */
export function openSocketEndpoint<C extends StreamSocket>(
  server: HttpServer,
  setup: EndpointSetup<C>,
): SocketEndpoint<C> {
  // The public feed sends no compressed frames, and compression would cost the CPU the simulator needs.
  const wss = new WebSocketServer({ noServer: true, maxPayload: setup.maxFrameBytes, perMessageDeflate: false });
  // Turned-away upgrades are answered on a server of their own, which never delivers their messages anywhere.
  const refuser = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: 1024,
    perMessageDeflate: false,
  });
  const connections = new Set<C>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Another path is another stream's, or nobody's (refuseOtherUpgrades answers it).
    if (pathOf(request) !== setup.path) return;
    socket.on('error', () => socket.destroy());
    if (setup.isPaused?.()) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const ticket = admitUpgrade(setup.admission, refuser, request, socket, head, setup.kind);
    if (!ticket) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = setup.connect(ws, ticket);
      connections.add(connection);
      ws.once('close', () => {
        connections.delete(connection);
        connection.dispose();
      });
    });
  };
  server.on('upgrade', onUpgrade);

  const terminateAll = () => {
    for (const connection of connections) connection.terminate();
    connections.clear();
  };
  let closed = false;
  return {
    connections,
    terminateAll,
    close: () => {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      terminateAll();
      wss.close();
      refuser.close();
    },
  };
}

/**
 * Admits an upgrade: on success the ticket, given back when the socket closes (also when the handshake fails); over a
 * limit, completes the handshake only to send the exchange's error event 30007 and close with 4004 (as the exchange
 * does), and returns undefined.
 */
function admitUpgrade(
  admission: SocketAdmission,
  refuser: WebSocketServer,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  kind: SocketKind,
): SocketTicket | undefined {
  // A socket already gone would never report its close, and so never give its ticket back.
  if (socket.destroyed) return undefined;
  const outcome = admission.admit(admission.addressOf(request), kind);
  if (outcome.ok) {
    socket.once('close', () => outcome.ticket.release());
    return outcome.ticket;
  }
  refuser.handleUpgrade(request, socket, head, (ws) => {
    ws.on('error', () => ws.terminate());
    ws.send(errorText({ code: STREAM_ERRORS.overLimit, msg: OVER_LIMIT_MSG }));
    ws.close(OVER_LIMIT_CLOSE_CODE, 'request over limit');
    // A client that never answers the close holds nothing here for long.
    const linger = setTimeout(() => ws.terminate(), REFUSED_LINGER_MS);
    ws.once('close', () => clearTimeout(linger));
  });
  return undefined;
}
