import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { WebSocket } from 'ws';
import type { Logger } from '../log/logger';
import type { MarketSimulator } from '../market/simulator';
import type { SocketAdmission, SocketTicket } from './socket-admission';
import { type StreamClient, StreamHub } from './stream-hub';
import { errorText, parseClientMessage } from './stream-protocol';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  openSocketEndpoint,
  type SocketCounters,
  type SocketSetup,
  StreamSocket,
} from './stream-socket';

/** Limits and cadences of the public stream; every field has a default. */
export interface PublicStreamOptions extends ConnectionLimits {
  /** Path the stream answers on (default `/v2/ws/public`); upgrades elsewhere are refused with 404. */
  path: string;
  /** Shortest gap between two ticker pushes of one instrument (default 100 ms). */
  tickerPushMs: number;
  /** Shortest gap between two candle updates of one channel within a period (default 1000 ms, as the public feed). */
  candlePushMs: number;
}

/** Figures about the stream, for logs, tests and benchmarks. */
export interface PublicStreamStats extends SocketCounters {
  connections: number;
  /** Channels with at least one subscriber. */
  channels: number;
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

/** The options the public stream runs with unless told otherwise (see each field). */
export const DEFAULT_STREAM_OPTIONS: PublicStreamOptions = {
  path: '/v2/ws/public',
  ...DEFAULT_CONNECTION_LIMITS,
  tickerPushMs: 100,
  candlePushMs: 1000,
};

const TRADE_SNAPSHOT_SIZE = 50;
const CANDLE_SNAPSHOT_SIZE = 200;

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
  const counters: SocketCounters = { idleCloses: 0, slowConsumerCloses: 0 };
  let pausedUntil = 0;
  /** Until when (ms since the epoch) every connection sends nothing; read only by a connection's send. */
  const quiet = { until: 0 };
  const setup: SocketSetup = { limits: options, logger, logName: 'stream', counters, quiet };
  const endpoint = openSocketEndpoint(server, {
    path: options.path,
    kind: 'public',
    admission,
    maxFrameBytes: options.maxFrameBytes,
    isPaused: () => Date.now() < pausedUntil,
    connect: (ws, ticket) => new PublicConnection(ws, ticket, setup, hub),
  });

  return {
    stats: () => ({ connections: endpoint.connections.size, channels: hub.topicCount, ...counters }),
    pause: (ms: number) => {
      pausedUntil = Date.now() + Math.max(0, ms);
      endpoint.terminateAll();
    },
    silence: (ms: number) => {
      quiet.until = Date.now() + Math.max(0, ms);
    },
    close: () => {
      endpoint.close();
      hub.close();
    },
  };
}

/** One public connection: its subscriptions, which the hub keeps and pushes to. */
class PublicConnection extends StreamSocket implements StreamClient {
  readonly subscriptions = new Set<string>();

  constructor(
    ws: WebSocket,
    ticket: SocketTicket,
    setup: SocketSetup,
    private readonly hub: StreamHub,
  ) {
    super(ws, ticket, setup);
  }

  /** The address's share the hub takes subscriptions from. */
  get quota(): SocketTicket {
    return this.ticket;
  }

  protected override receiveText(text: string): void {
    const request = parseClientMessage(text);
    if (request.kind === 'error') this.send(errorText(request.error));
    else this.hub.handle(this, request.op, request.args);
  }

  protected override forget(): void {
    this.hub.drop(this);
  }
}
