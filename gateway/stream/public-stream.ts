import type { IncomingMessage, Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../log/logger';
import type { MarketSimulator } from '../market/simulator';
import { type StreamClient, StreamHub } from './stream-hub';
import { errorText, parseClientMessage, STREAM_ERRORS } from './stream-protocol';
import type { SocketAdmission, SocketTicket } from './socket-admission';
import { byteLength, pathOf, rawText } from './socket-data';

/** Limits and cadences of the public stream; every field has a default. */
export interface PublicStreamOptions {
  /** Path the stream answers on (default `/v2/ws/public`); upgrades elsewhere are refused with 404. */
  path: string;
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
  /** Shortest gap between two ticker pushes of one instrument (default 100 ms). */
  tickerPushMs: number;
  /** Shortest gap between two candle updates of one channel within a period (default 1000 ms, as the public feed). */
  candlePushMs: number;
}

/** Figures about the stream, for logs, tests and benchmarks. */
export interface PublicStreamStats {
  connections: number;
  /** Channels with at least one subscriber. */
  channels: number;
  /** Connections closed because they sent no ping in time. */
  idleCloses: number;
  /** Connections closed because they could not keep up. */
  slowConsumerCloses: number;
}

/** A running public stream. */
export interface PublicStream {
  stats(): PublicStreamStats;
  /**
   * Drops every connection and refuses new ones for `ms` (the fault switch's "stream outage", so a test can watch a
   * client reconnect and resync); a later call extends or shortens the outage.
   */
  pause(ms: number): void;
  /**
   * Sends nothing on any connection, open or new, for `ms` while keeping every socket open (the fault switch's
   * "stream silence": a stalled feed, as a client sees a half-dead connection). Pushes, acknowledgements and `pong`
   * are dropped, not queued; what clients send is still read. A later call extends or shortens the silence.
   */
  silence(ms: number): void;
  /** Disconnects every client and detaches from the HTTP server; safe to call twice. */
  close(): void;
}

export const DEFAULT_STREAM_OPTIONS: PublicStreamOptions = {
  path: '/v2/ws/public',
  idleTimeoutMs: 120_000,
  maxSubscriptions: 200,
  maxMessageBytes: 4096,
  maxFrameBytes: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  tickerPushMs: 100,
  candlePushMs: 1000,
};

const TRADE_SNAPSHOT_SIZE = 50;
const CANDLE_SNAPSHOT_SIZE = 200;
/** Close code for a connection that stopped pinging (application range). */
const IDLE_CLOSE_CODE = 4001;

type HttpServer = Server | Http2Server | Http2SecureServer;

/**
 * The public market WebSocket of the market-data contract on the gateway's HTTP server: `ping`/`pong`, subscribe and
 * unsubscribe with acknowledgements and error events, pushes from the market simulator; it closes idle and slow
 * clients, holds each address to the limits of `admission` (shared with the private stream), and never lets one
 * client's input or backlog take the server down.
 */
export function attachPublicStream(
  server: HttpServer,
  simulator: MarketSimulator,
  logger: Logger,
  admission: SocketAdmission,
  overrides: Partial<PublicStreamOptions> = {},
): PublicStream {
  const options: PublicStreamOptions = { ...DEFAULT_STREAM_OPTIONS, ...overrides };
  const hub = new StreamHub(simulator, {
    maxSubscriptions: options.maxSubscriptions,
    tickerPushMs: options.tickerPushMs,
    candlePushMs: options.candlePushMs,
    tradeSnapshotSize: TRADE_SNAPSHOT_SIZE,
    candleSnapshotSize: CANDLE_SNAPSHOT_SIZE,
    now: Date.now,
  });
  // The public feed sends no compressed frames, and compression would cost the CPU the simulator needs.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const counters = { idleCloses: 0, slowConsumerCloses: 0 };

  let pausedUntil = 0;
  /** Until when (ms since the epoch) every connection sends nothing; read only by a connection's send. */
  const quiet = { until: 0 };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Another path is another stream's, or nobody's (refuseOtherUpgrades answers it).
    if (pathOf(request) !== options.path) return;
    socket.on('error', () => socket.destroy());
    if (Date.now() < pausedUntil) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const ticket = admission.admitUpgrade(request, socket, head, 'public');
    if (!ticket) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, hub, options, logger, counters, quiet, ticket);
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
    stats: () => ({ connections: connections.size, channels: hub.topicCount, ...counters }),
    pause: (ms: number) => {
      pausedUntil = Date.now() + Math.max(0, ms);
      for (const connection of connections) connection.terminate();
      connections.clear();
    },
    silence: (ms: number) => {
      quiet.until = Date.now() + Math.max(0, ms);
    },
    close: () => {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.terminate();
      connections.clear();
      hub.close();
      wss.close();
    },
  };
}

/** One client connection: heartbeat, inbound limits, outbound back-pressure. */
class Connection implements StreamClient {
  readonly subscriptions = new Set<string>();
  private readonly idleTimer: NodeJS.Timeout;
  private disposed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly hub: StreamHub,
    private readonly options: PublicStreamOptions,
    private readonly logger: Logger,
    private readonly counters: { idleCloses: number; slowConsumerCloses: number },
    private readonly quiet: { until: number },
    readonly quota: SocketTicket,
  ) {
    this.idleTimer = setTimeout(() => this.closeIdle(), options.idleTimeoutMs);
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    // Protocol faults (oversized frame, bad UTF-8, bad opcode) end in a close; without a listener they would crash the process.
    ws.on('error', (error) => this.logger.debug('stream client error', { error: error.message }));
  }

  send(text: string): void {
    if (this.disposed || this.ws.readyState !== WebSocket.OPEN) return;
    // The silence fault: the socket stays open and nothing goes out.
    if (this.quiet.until !== 0 && Date.now() < this.quiet.until) return;
    if (this.ws.bufferedAmount > this.options.maxBufferedBytes) {
      // Buffering more for a client that cannot read would grow without bound; it reconnects and resyncs instead.
      this.counters.slowConsumerCloses += 1;
      this.logger.warn('stream client too slow, disconnected', { bufferedBytes: this.ws.bufferedAmount });
      this.terminate();
      return;
    }
    this.ws.send(text);
  }

  terminate(): void {
    this.dispose();
    this.ws.terminate();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.idleTimer);
    this.hub.drop(this);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.disposed) return;
    try {
      const size = byteLength(data);
      if (size > this.options.maxMessageBytes) {
        const msg = `Illegal request: message of ${size} bytes is larger than ${this.options.maxMessageBytes}`;
        this.send(errorText({ code: STREAM_ERRORS.illegalRequest, msg }));
        return;
      }
      const request = isBinary
        ? ({
            kind: 'error',
            error: { code: STREAM_ERRORS.illegalRequest, msg: 'Illegal request: send text frames' },
          } as const)
        : parseClientMessage(rawText(data));
      if (request.kind === 'ping') {
        this.idleTimer.refresh();
        this.send('pong');
      } else if (request.kind === 'error') {
        this.send(errorText(request.error));
      } else {
        this.hub.handle(this, request.op, request.args);
      }
    } catch (error) {
      this.logger.error('stream message failed', { error: error instanceof Error ? error.message : String(error) });
      this.send(errorText({ code: STREAM_ERRORS.systemBusy, msg: 'The system is busy' }));
    }
  }

  private closeIdle(): void {
    if (this.disposed) return;
    this.counters.idleCloses += 1;
    this.dispose();
    this.ws.close(IDLE_CLOSE_CODE, 'no ping received in time');
  }
}
