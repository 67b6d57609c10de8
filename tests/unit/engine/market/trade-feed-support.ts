import { bookChecksum } from '../../../../engine/market/book-checksum';
import type { TradeFeedMeta } from '../../../../engine/market/trade-feed-input';
import { TradeFeed, type TradeFeedOptions } from '../../../../engine/market/trade-feed';
import type { TradeFeedTarget, TradeFeedView, TradeFrame } from '../../../../engine/market/trade-frame';
import { type ChannelArg, MarketSession, type SocketLike } from '../../../../engine/market/ws-session';

/** A WebSocket stand-in: records what the client sent, and lets the test play the server. */
export class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.onopen?.();
  }
  /** Delivers one frame as the server would (objects as JSON text, anything else as is). */
  push(data: unknown) {
    this.onmessage?.({
      data: typeof data === 'string' || typeof data !== 'object' || data === null ? data : JSON.stringify(data),
    });
  }
  drop() {
    this.onclose?.();
  }
  ops(): { op: string; args: ChannelArg[] }[] {
    return this.sent.filter((m) => m !== 'ping').map((m) => JSON.parse(m) as { op: string; args: ChannelArg[] });
  }
}

/** An animation-frame clock the test advances by hand. */
export class FakeClock {
  private queue: (() => void)[] = [];
  readonly request = (callback: () => void): void => {
    this.queue.push(callback);
  };
  get pending(): number {
    return this.queue.length;
  }
  /** Runs the callbacks queued before this tick (one animation frame). */
  tick(): void {
    const due = this.queue;
    this.queue = [];
    for (const callback of due) callback();
  }
}

/** Timers the test fires by hand (ping, reconnect back-off, resync back-off). */
export class FakeTimers {
  private next = 1;
  readonly timers = new Map<number, { callback: () => void; ms: number }>();
  readonly setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next;
    this.next += 1;
    this.timers.set(id, { callback, ms });
    return id;
  };
  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  /** Fires every timer due within `ms` (any timer scheduled with a delay ≤ ms). */
  fire(ms: number): void {
    for (const [id, timer] of [...this.timers]) {
      if (timer.ms > ms) continue;
      this.timers.delete(id);
      timer.callback();
    }
  }
}

type Level = [string, string];

/** The server's side of one book: levels by price, the checksum over the top 25, and the seq. */
export class ServerBook {
  seq = 100;
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();

  constructor(bids: Level[], asks: Level[]) {
    for (const [p, s] of bids) this.bids.set(p, s);
    for (const [p, s] of asks) this.asks.set(p, s);
  }

  sorted(side: 'bids' | 'asks'): Level[] {
    const levels = [...(side === 'bids' ? this.bids : this.asks)].map(([p, s]) => [p, s] as Level);
    return levels.sort((a, b) => (side === 'bids' ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
  }

  checksum(): number {
    return bookChecksum(this.sorted('bids').slice(0, 25), this.sorted('asks').slice(0, 25));
  }

  snapshot(): Record<string, unknown> {
    return { asks: this.sorted('asks'), bids: this.sorted('bids'), checksum: this.checksum(), seq: this.seq, ts: '1' };
  }

  /** Applies changes (size "0" deletes) and returns the update message with the next seq and the new checksum. */
  update(changes: { bids?: Level[]; asks?: Level[] }): Record<string, unknown> {
    for (const side of ['bids', 'asks'] as const) {
      const map = side === 'bids' ? this.bids : this.asks;
      for (const [p, s] of changes[side] ?? []) {
        if (Number(s) === 0) map.delete(p);
        else map.set(p, s);
      }
    }
    this.seq += 1;
    return { asks: changes.asks ?? [], bids: changes.bids ?? [], checksum: this.checksum(), seq: this.seq, ts: '1' };
  }
}

export const SPOT: TradeFeedTarget = { instType: 'SPOT', symbol: 'BTCUSDT' };
export const FUTURES: TradeFeedTarget = { instType: 'USDT-FUTURES', symbol: 'BTCUSDT' };
export const META: TradeFeedMeta = { pricePlace: 1, volumePlace: 4 };
export const VIEW: TradeFeedView = { intl: 'en', groupStep: null, depthRows: 5, candleChannel: null };

/** A feed on a real MarketSession over fake sockets, a fake frame clock and fake timers, with every frame recorded. */
export function startFeed(
  options: {
    target?: TradeFeedTarget;
    view?: TradeFeedView;
    meta?: TradeFeedMeta;
    feed?: TradeFeedOptions;
    emit?: (frame: TradeFrame) => unknown;
    now?: () => number;
  } = {},
) {
  const sockets: FakeSocket[] = [];
  const clock = new FakeClock();
  const timers = new FakeTimers();
  const frames: TradeFrame[] = [];
  const session = new MarketSession(
    'ws://gateway/v2/ws/public',
    {
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      random: () => 0.5,
      // The socket's liveness runs on the test's clock; without one it stands still, so no socket goes idle.
      now: options.now ?? (() => 0),
    },
    { pingIntervalMs: 30_000, initialBackoffMs: 500 },
  );
  const target = options.target ?? SPOT;
  const feed = new TradeFeed(
    target,
    options.view ?? VIEW,
    options.meta ?? META,
    {
      stream: session,
      requestFrame: clock.request,
      emit: (frame) => {
        frames.push(frame);
        return options.emit?.(frame);
      },
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      now: options.now ?? Date.now,
    },
    options.feed,
  );
  const socket = () => sockets[sockets.length - 1];
  const arg = (channel: string): ChannelArg => ({ instType: target.instType, channel, instId: target.symbol });
  const push = (channel: string, action: 'snapshot' | 'update', data: unknown[], ts = 1000) =>
    socket().push({ action, arg: arg(channel), data, ts });
  /**
   * Advances one animation frame and returns the newest frame sent since the last call, if any: one a paced part
   * sent from its own message (zero timeouts run first, as they would before the next animation frame) or the one
   * the frame's flush produced.
   */
  const frame = (): TradeFrame | undefined => {
    const before = frames.length;
    timers.fire(0);
    clock.tick();
    return frames.length > before ? frames[frames.length - 1] : undefined;
  };
  return { feed, session, sockets, socket, clock, timers, frames, push, frame, arg };
}

export const BIDS: [string, string][] = [
  ['100.5', '1.0000'],
  ['100.4', '2.0000'],
  ['100.2', '0.5000'],
];
export const ASKS: [string, string][] = [
  ['100.6', '1.5000'],
  ['100.8', '2.5000'],
  ['101.0', '1.0000'],
];

/** A feed whose socket is open and whose book got its first snapshot; the first frame has been taken. */
export function liveFeed(options: Parameters<typeof startFeed>[0] = {}) {
  const harness = startFeed(options);
  harness.socket().open();
  const server = new ServerBook(BIDS, ASKS);
  harness.push('books', 'snapshot', [server.snapshot()]);
  const first = harness.frame();
  return { ...harness, server, first };
}

export const spotTicker = (overrides: Record<string, unknown> = {}) => ({
  instId: 'BTCUSDT',
  lastPr: '100.55',
  open24h: '99.3',
  high24h: '101.2',
  low24h: '98.7',
  change24h: '0.01243',
  bidPr: '100.5',
  askPr: '100.6',
  bidSz: '1',
  askSz: '1.5',
  baseVolume: '1234.5678',
  quoteVolume: '123456789.12',
  openUtc: '99.9',
  changeUtc24h: '0.002',
  ts: '1000',
  ...overrides,
});

export const futuresTicker = (overrides: Record<string, unknown> = {}) => ({
  ...spotTicker(),
  fundingRate: '0.000125',
  nextFundingTime: '1736956800000',
  markPrice: '100.57',
  indexPrice: '100.52',
  holdingAmount: '10',
  symbolType: 1,
  symbol: 'BTCUSDT',
  deliveryPrice: '0',
  ...overrides,
});

export const trade = (id: number, price: string, size: string, side: 'buy' | 'sell', ts: number) => ({
  ts: String(ts),
  price,
  size,
  side,
  tradeId: String(id),
});

export const candle = (start: number, o: string, h: string, l: string, c: string, v = '1.5') => [
  String(start),
  o,
  h,
  l,
  c,
  v,
  '150',
  '150',
];
