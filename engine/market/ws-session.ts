/**
 * One public market WebSocket shared by every subscription of a tab (market-data contract): ref-counted
 * subscriptions, the `ping`/`pong` heartbeat, reconnect with exponential back-off and jitter, and resubscribing
 * everything after a reconnect. Sockets and timers are injected, so the same code runs in the market worker and,
 * with fakes, in Node tests.
 */

/** A channel subscription as the stream names it. */
export interface ChannelArg {
  instType: string;
  channel: string;
  instId: string;
}

/** A data push of the stream: `snapshot` or `update` of one channel. */
export interface ChannelPush {
  action: 'snapshot' | 'update';
  arg: ChannelArg;
  data: unknown[];
  ts: number;
}

/** What the session needs of a WebSocket (the browser's fits; tests pass a fake). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

export interface SessionDeps {
  connect(url: string): SocketLike;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** 0 ≤ x < 1, for back-off jitter. */
  random(): number;
}

export interface SessionOptions {
  /** How often the client sends `ping` (contract: every 30 s). */
  pingIntervalMs?: number;
  /** How long to wait for `pong` before treating the socket as dead. */
  pongTimeoutMs?: number;
  /** First reconnect delay; it doubles up to `maxBackoffMs`, with ±25 % jitter. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Subscription args sent per `subscribe` message. */
  argsPerMessage?: number;
}

export type SessionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Figures a screen or a bench can show about the connection. */
export interface SessionCounters {
  reconnects: number;
  /** Messages that were neither `pong`, an event nor a well-formed push. */
  badMessages: number;
  /** Errors the server reported (`event: error`). */
  serverErrors: number;
}

type Listener = (push: ChannelPush) => void;

/** The key of a subscription: one listener set per instType, channel and instId. */
export function argKey(arg: ChannelArg): string {
  return `${arg.instType}|${arg.channel}|${arg.instId}`;
}

function isArg(value: unknown): value is ChannelArg {
  if (value === null || typeof value !== 'object') return false;
  const { instType, channel, instId } = value as Record<string, unknown>;
  return typeof instType === 'string' && typeof channel === 'string' && typeof instId === 'string';
}

export class MarketSession {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, { arg: ChannelArg; listeners: Set<Listener> }>();
  private readonly stateListeners = new Set<(state: SessionState) => void>();
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private backoffMs: number;
  private readonly options: Required<SessionOptions>;
  state: SessionState = 'closed';
  readonly counters: SessionCounters = { reconnects: 0, badMessages: 0, serverErrors: 0 };

  constructor(
    private readonly url: string,
    private readonly deps: SessionDeps,
    options: SessionOptions = {},
  ) {
    this.options = {
      pingIntervalMs: options.pingIntervalMs ?? 30_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
      initialBackoffMs: options.initialBackoffMs ?? 500,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      argsPerMessage: options.argsPerMessage ?? 20,
    };
    this.backoffMs = this.options.initialBackoffMs;
  }

  /** Starts listening to a channel; the socket opens on the first subscription. Returns the function that stops. */
  subscribe(arg: ChannelArg, listener: Listener): () => void {
    const key = argKey(arg);
    let entry = this.listeners.get(key);
    if (!entry) {
      entry = { arg: { instType: arg.instType, channel: arg.channel, instId: arg.instId }, listeners: new Set() };
      this.listeners.set(key, entry);
      if (this.state === 'open') this.sendOp('subscribe', [entry.arg]);
    }
    entry.listeners.add(listener);
    if (this.state === 'closed') this.open();
    return () => {
      const current = this.listeners.get(key);
      if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
      this.listeners.delete(key);
      if (this.state === 'open') this.sendOp('unsubscribe', [current.arg]);
    };
  }

  /**
   * Drops one channel's state and subscribes it again, for a fresh `books` snapshot after a sequence gap or a
   * checksum mismatch (contract: resubscribe).
   */
  resubscribe(arg: ChannelArg): void {
    if (this.state !== 'open' || !this.listeners.has(argKey(arg))) return;
    this.sendOp('unsubscribe', [arg]);
    this.sendOp('subscribe', [arg]);
  }

  onState(listener: (state: SessionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Closes for good: no reconnect. */
  close(): void {
    this.setState('closed');
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'closed');
    }
  }

  private open(): void {
    this.setState(this.counters.reconnects > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.deps.connect(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.setState('open');
      const args = [...this.listeners.values()].map((entry) => entry.arg);
      for (let i = 0; i < args.length; i += this.options.argsPerMessage)
        this.sendOp('subscribe', args.slice(i, i + this.options.argsPerMessage));
      this.schedulePing();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // A close follows an error; that is where the reconnect happens.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.state !== 'closed') this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    if (data === 'pong') {
      this.deps.clearTimeout(this.pongTimer);
      this.pongTimer = null;
      // A live connection: the next outage starts from the shortest back-off again.
      this.backoffMs = this.options.initialBackoffMs;
      return;
    }
    if (typeof data !== 'string') {
      this.counters.badMessages += 1;
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      this.counters.badMessages += 1;
      return;
    }
    if (message === null || typeof message !== 'object') {
      this.counters.badMessages += 1;
      return;
    }
    const { event, action, arg, data: rows, ts } = message as Record<string, unknown>;
    if (event === 'error') {
      this.counters.serverErrors += 1;
      return;
    }
    if (typeof event === 'string') return;
    if ((action !== 'snapshot' && action !== 'update') || !isArg(arg) || !Array.isArray(rows)) {
      this.counters.badMessages += 1;
      return;
    }
    const entry = this.listeners.get(argKey(arg));
    if (!entry) return;
    this.backoffMs = this.options.initialBackoffMs;
    const push: ChannelPush = { action, arg: entry.arg, data: rows, ts: typeof ts === 'number' ? ts : Number(ts) || 0 };
    for (const listener of entry.listeners) listener(push);
  }

  private sendOp(op: 'subscribe' | 'unsubscribe', args: ChannelArg[]): void {
    this.socket?.send(JSON.stringify({ op, args }));
  }

  private schedulePing(): void {
    this.pingTimer = this.deps.setTimeout(() => {
      if (!this.socket || this.state !== 'open') return;
      this.socket.send('ping');
      this.pongTimer = this.deps.setTimeout(() => {
        // No pong: the connection is dead even if the socket has not noticed.
        const socket = this.socket;
        this.socket = null;
        this.clearTimers();
        if (socket) {
          socket.onclose = null;
          socket.close(4000, 'no pong');
        }
        this.scheduleReconnect();
      }, this.options.pongTimeoutMs);
      this.schedulePing();
    }, this.options.pingIntervalMs);
  }

  private scheduleReconnect(): void {
    if (this.state === 'closed') return;
    this.setState('reconnecting');
    const jitter = 0.75 + this.deps.random() * 0.5;
    const delay = Math.round(this.backoffMs * jitter);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs);
    this.reconnectTimer = this.deps.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state === 'closed') return;
      this.counters.reconnects += 1;
      this.open();
    }, delay);
  }

  private clearTimers(): void {
    for (const timer of [this.pingTimer, this.pongTimer, this.reconnectTimer])
      if (timer !== null) this.deps.clearTimeout(timer);
    this.pingTimer = null;
    this.pongTimer = null;
    this.reconnectTimer = null;
  }

  private setState(state: SessionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
