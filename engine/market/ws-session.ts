/**
 * One public market WebSocket shared by every subscription of a tab (market-data contract): ref-counted
 * subscriptions, the `ping`/`pong` heartbeat, reconnect with exponential back-off and jitter, and resubscribing
 * everything after a reconnect. A silent socket is found out within seconds: after `idlePingMs` without a message
 * the session sends `ping`, and when neither `pong` nor anything else follows within `pongTimeoutMs` it closes the
 * socket and reconnects. Sockets, timers and the clock are injected, so the same code runs in the market worker and,
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
  /** Milliseconds on any steady clock, read only by the liveness check (never per message). */
  now(): number;
}

export interface SessionOptions {
  /** How often the client sends `ping` on a busy socket (contract: every 30 s). */
  pingIntervalMs?: number;
  /** Silence after which the client sends `ping` at once, to learn whether the socket still lives (default 2 s). */
  idlePingMs?: number;
  /** How long a `ping` may go without `pong` (or any other message) before the socket counts as dead (default 2 s). */
  pongTimeoutMs?: number;
  /** How often the liveness check runs while a socket is open (default 500 ms). */
  livenessCheckMs?: number;
  /** A socket not open after this long (a lost network can leave a connect hanging) is dropped and retried (default 5 s). */
  connectTimeoutMs?: number;
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
  private livenessTimer: unknown = null;
  private reconnectTimer: unknown = null;
  /** Messages of the open socket so far: counted per message, read only by the liveness check. */
  private heard = 0;
  private heardSeen = 0;
  private lastHeardAt = 0;
  private lastPingAt = 0;
  /** When the unanswered `ping` went, or null when none is waiting. */
  private pingSentAt: number | null = null;
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
      idlePingMs: options.idlePingMs ?? 2000,
      pongTimeoutMs: options.pongTimeoutMs ?? 2000,
      livenessCheckMs: options.livenessCheckMs ?? 500,
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
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

  /**
   * Asks whether the socket still lives (a feed whose data went quiet): sends `ping` now unless one is waiting; no
   * answer within `pongTimeoutMs` closes the socket and reconnects.
   */
  probe(): void {
    if (this.state === 'open' && this.pingSentAt === null) this.sendPing(this.deps.now());
  }

  onState(listener: (state: SessionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Opens the socket ahead of the first subscription (a screen about to subscribe saves the connect's round trip);
   * does nothing when it is open or opening.
   */
  connect(): void {
    if (this.state === 'closed') this.open();
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
    this.livenessTimer = this.deps.setTimeout(() => {
      this.livenessTimer = null;
      if (this.socket === socket && this.state !== 'open') this.dropDeadSocket();
    }, this.options.connectTimeoutMs);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimers();
      const now = this.deps.now();
      this.heard = 0;
      this.heardSeen = 0;
      this.lastHeardAt = now;
      this.lastPingAt = now;
      this.pingSentAt = null;
      this.setState('open');
      const args = [...this.listeners.values()].map((entry) => entry.arg);
      for (let i = 0; i < args.length; i += this.options.argsPerMessage)
        this.sendOp('subscribe', args.slice(i, i + this.options.argsPerMessage));
      this.scheduleLiveness();
    };
    socket.onmessage = (event) => {
      // A socket given up on (no pong) may still deliver: nothing of it counts any more.
      if (this.socket !== socket) return;
      this.heard += 1;
      this.receive(event.data);
    };
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

  /**
   * The liveness check, every `livenessCheckMs` while the socket is open: anything heard answers a waiting `ping`;
   * silence for `idlePingMs` (or `pingIntervalMs` since the last `ping`) sends one; a `ping` unanswered for
   * `pongTimeoutMs` means the socket is dead even if it has not noticed, so it is closed and a reconnect follows.
   */
  private scheduleLiveness(): void {
    this.livenessTimer = this.deps.setTimeout(() => {
      this.livenessTimer = null;
      if (!this.socket || this.state !== 'open') return;
      const now = this.deps.now();
      if (this.heard !== this.heardSeen) {
        this.heardSeen = this.heard;
        this.lastHeardAt = now;
        this.pingSentAt = null;
      }
      if (this.pingSentAt !== null) {
        if (now - this.pingSentAt >= this.options.pongTimeoutMs) {
          this.dropDeadSocket();
          return;
        }
      } else if (
        now - this.lastHeardAt >= this.options.idlePingMs ||
        now - this.lastPingAt >= this.options.pingIntervalMs
      ) {
        this.sendPing(now);
      }
      this.scheduleLiveness();
    }, this.options.livenessCheckMs);
  }

  private sendPing(now: number): void {
    if (!this.socket) return;
    this.socket.send('ping');
    this.pingSentAt = now;
    this.lastPingAt = now;
    // Only what arrives from now on answers this ping.
    this.heardSeen = this.heard;
  }

  /** No pong (or no open in time): the connection is dead even if the socket has not noticed. */
  private dropDeadSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.clearTimers();
    if (socket) {
      socket.onclose = null;
      socket.close(4000, 'no pong');
    }
    this.scheduleReconnect();
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
    for (const timer of [this.livenessTimer, this.reconnectTimer]) if (timer !== null) this.deps.clearTimeout(timer);
    this.livenessTimer = null;
    this.reconnectTimer = null;
    this.pingSentAt = null;
  }

  private setState(state: SessionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
