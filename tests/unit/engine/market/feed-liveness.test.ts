import { describe, expect, it } from 'vitest';
import { BOOK_STALE_MS, SNAPSHOT_WAIT_MS } from '../../../../engine/market/feed-liveness';
import { TradeFeed } from '../../../../engine/market/trade-feed';
import type { TradeFrame } from '../../../../engine/market/trade-frame';
import { MarketSession } from '../../../../engine/market/ws-session';
import { ASKS, BIDS, FakeClock, FakeSocket, META, SPOT, ServerBook, VIEW } from './trade-feed-support';

/** Timers on a manual clock: `advance` moves the time and fires what fell due, in order. */
class ManualClock {
  now = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();
  readonly setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.next;
    this.next += 1;
    this.timers.set(id, { at: this.now + ms, callback });
    return id;
  };
  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  advance(ms: number, each?: () => void): void {
    const end = this.now + ms;
    for (;;) {
      let dueId = -1;
      let dueAt = Number.POSITIVE_INFINITY;
      for (const [id, timer] of this.timers)
        if (timer.at <= end && timer.at < dueAt) {
          dueAt = timer.at;
          dueId = id;
        }
      if (dueId < 0) break;
      const timer = this.timers.get(dueId)!;
      this.timers.delete(dueId);
      this.now = Math.max(this.now, timer.at);
      timer.callback();
      each?.();
    }
    this.now = end;
  }
}

/** A feed on a real session over fake sockets, every clock and timer manual; frames run after each timer. */
function liveScreen() {
  const clock = new ManualClock();
  const frameClock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const frames: TradeFrame[] = [];
  const session = new MarketSession(
    'ws://gateway/v2/ws/public',
    {
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      random: () => 0.5,
      now: () => clock.now,
    },
    { initialBackoffMs: 500, maxBackoffMs: 3000 },
  );
  const feed = new TradeFeed(SPOT, VIEW, META, {
    stream: session,
    requestFrame: frameClock.request,
    emit: (frame) => {
      frames.push(frame);
    },
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    now: () => clock.now,
  });
  const socket = () => sockets[sockets.length - 1];
  const server = new ServerBook(BIDS, ASKS);
  const books = { instType: 'SPOT', channel: 'books', instId: 'BTCUSDT' };
  const snapshot = () => socket().push({ action: 'snapshot', arg: books, data: [server.snapshot()], ts: clock.now });
  const update = () =>
    socket().push({ action: 'update', arg: books, data: [server.update({ bids: [['100.5', '1.1000']] })], ts: 1 });
  /** Moves the time on, running animation frames as they fall due; returns the connection of the newest frame. */
  const advance = (ms: number, each?: () => void) => {
    clock.advance(ms, () => {
      frameClock.tick();
      each?.();
    });
    frameClock.tick();
    return frames.at(-1)?.connection;
  };
  socket().open();
  snapshot();
  frameClock.tick();
  return { clock, session, feed, sockets, socket, frames, server, snapshot, update, advance, books };
}

/** Moves the time on by `within` ms and returns when (ms on the manual clock) frames first said each connection. */
function firstTimes(screen: ReturnType<typeof liveScreen>, within: number): Map<string, number> {
  const seen = new Map<string, number>();
  const look = () => {
    const connection = screen.frames.at(-1)?.connection;
    if (connection && !seen.has(connection)) seen.set(connection, screen.clock.now);
  };
  screen.advance(within, look);
  return seen;
}

describe('TradeFeed liveness', () => {
  it('stays live while the book moves, with no ping beyond the contract’s 30 s one', () => {
    const screen = liveScreen();
    expect(screen.frames.at(-1)?.connection).toBe('live');
    // A busy book: an update every 200 ms for 20 s.
    for (let t = 0; t < 20_000; t += 200) {
      screen.update();
      screen.advance(200);
    }
    expect(screen.frames.at(-1)?.connection).toBe('live');
    expect(screen.socket().sent).not.toContain('ping');
    expect(screen.sockets).toHaveLength(1);
  });

  it('says stale within 5 s of a silent socket (greyed book kept), then drops the socket that does not answer ping', () => {
    const screen = liveScreen();
    screen.update();
    const silentFrom = screen.clock.now;
    const times = firstTimes(screen, 5000);
    const staleAt = times.get('stale');
    expect(staleAt).toBeDefined();
    expect(staleAt! - silentFrom).toBeLessThanOrEqual(BOOK_STALE_MS + 500);
    const stale = [...screen.frames].reverse().find((f) => f.connection === 'stale')!;
    // The book stays on screen (greyed by the page) until the socket is known dead; it is not emptied silently.
    expect(stale.book === null || stale.book.status === 'live').toBe(true);
    const first = screen.sockets[0];
    // The stale rule asked for a fresh snapshot and the socket was pinged.
    expect(first.ops().at(-1)).toEqual({ op: 'subscribe', args: [screen.books] });
    expect(first.sent).toContain('ping');
    // No pong: within 5 s of the silence the socket is closed and the screen says it is reconnecting.
    const lostAt = times.get('reconnecting');
    expect(first.closed).toBe(4000);
    expect(lostAt).toBeGreaterThan(staleAt!);
    expect(lostAt! - silentFrom).toBeLessThanOrEqual(5000);
    expect(screen.frames.at(-1)?.book?.status ?? 'resyncing').toBe('resyncing');
  });

  it('reconnects with back-off while the stream stays silent, and is live within 5 s of it coming back', () => {
    const screen = liveScreen();
    // A gateway that accepts every socket at once but sends nothing on it.
    const acceptSilently = () => {
      const last = screen.socket();
      if (last.closed === null && last.sent.length === 0) last.open();
    };
    screen.advance(60_000, acceptSilently);
    const tries = screen.sockets.length;
    // Each silent socket is given up on (4 s) and another tried after a back-off capped at 3 s (±25 %): no storm,
    // and never a wait long enough to miss the stream's return by more than a few seconds.
    expect(tries).toBeGreaterThanOrEqual(Math.floor(60_000 / (4500 + 3750)));
    expect(tries).toBeLessThanOrEqual(Math.ceil(60_000 / (4000 + 2250)) + 1);
    expect(screen.session.counters.reconnects).toBe(tries - 1);
    expect(screen.sockets.slice(0, -1).every((socket) => socket.closed === 4000)).toBe(true);
    expect(screen.frames.at(-1)?.connection).toBe('reconnecting');
    // The stream comes back: from now on each `books` subscription gets its snapshot, as the gateway sends it.
    const backAt = screen.clock.now;
    const answered = new Map<FakeSocket, number>();
    const serve = () => {
      acceptSilently();
      const last = screen.socket();
      if (last.closed !== null) return;
      const asked = last
        .ops()
        .filter((op) => op.op === 'subscribe' && op.args.some((arg) => arg.channel === 'books')).length;
      if (asked > (answered.get(last) ?? 0)) {
        answered.set(last, asked);
        screen.snapshot();
      }
    };
    let liveAt: number | null = null;
    screen.advance(5000, () => {
      serve();
      if (liveAt === null && screen.frames.at(-1)?.connection === 'live') liveAt = screen.clock.now;
    });
    expect(liveAt).not.toBeNull();
    expect(liveAt! - backAt).toBeLessThanOrEqual(5000);
    expect(screen.frames.at(-1)?.connection).toBe('live');
    expect([...screen.frames].reverse().find((f) => f.book !== null)?.book?.status).toBe('live');
  });

  it('requires a fresh snapshot before the book is live again: updates on the revived socket do not make it live', () => {
    const screen = liveScreen();
    screen.update();
    expect(firstTimes(screen, 4000).get('stale')).toBeDefined();
    // The socket answers after all (a slow network): pong, then book updates of the old subscription.
    screen.socket().push('pong');
    screen.update();
    screen.update();
    screen.advance(100);
    expect(screen.frames.at(-1)?.connection).toBe('stale');
    expect(screen.sockets).toHaveLength(1);
    // The fresh snapshot the stale rule asked for: live again.
    screen.snapshot();
    screen.advance(100);
    expect(screen.frames.at(-1)?.connection).toBe('live');
    expect(screen.frames.at(-1)?.counters.checksumMismatches).toBe(0);
  });

  it('after a reconnect says reconnecting until the new socket brings a snapshot, asking again when none comes', () => {
    const screen = liveScreen();
    screen.socket().drop();
    screen.advance(600);
    const second = screen.socket();
    expect(screen.sockets).toHaveLength(2);
    second.open();
    // Tickers and trades flow, the book snapshot was lost: never live.
    for (let t = 0; t < 3500; t += 250) {
      second.push({
        action: 'update',
        arg: { instType: 'SPOT', channel: 'trade', instId: 'BTCUSDT' },
        data: [{ ts: String(t), price: '100.5', size: '1', side: 'buy', tradeId: String(t) }],
        ts: t,
      });
      screen.advance(250);
    }
    expect(screen.frames.at(-1)?.connection).toBe('reconnecting');
    const subscribes = second.ops().filter((op) => op.op === 'subscribe' && op.args.length === 1);
    expect(subscribes).toContainEqual({ op: 'subscribe', args: [screen.books] });
    screen.snapshot();
    screen.advance(50);
    expect(screen.frames.at(-1)?.connection).toBe('live');
  });

  it('asks again when the snapshot it asked for never comes while the socket lives', () => {
    const screen = liveScreen();
    const booksSubscribes = () =>
      screen
        .socket()
        .ops()
        .filter((op) => op.op === 'subscribe' && op.args.length === 1 && op.args[0].channel === 'books').length;
    const tradeArg = { instType: 'SPOT', channel: 'trade', instId: 'BTCUSDT' };
    // The socket stays alive (trades flow), but the book stops and every snapshot asked for is lost.
    const trades = () =>
      screen.socket().push({
        action: 'update',
        arg: tradeArg,
        data: [{ ts: '1', price: '100.5', size: '1', side: 'buy', tradeId: String(screen.clock.now) }],
        ts: screen.clock.now,
      });
    screen.advance(3500, trades);
    expect(booksSubscribes()).toBe(1);
    expect(screen.frames.at(-1)?.connection).toBe('stale');
    screen.advance(3000, trades);
    expect(booksSubscribes()).toBe(2);
    expect(screen.sockets).toHaveLength(1);
    screen.snapshot();
    screen.advance(50);
    expect(screen.frames.at(-1)?.connection).toBe('live');
  });

  it('asks again at once when book updates flow on a new socket but its snapshot was lost', () => {
    const screen = liveScreen();
    screen.socket().drop();
    screen.advance(600);
    const second = screen.socket();
    second.open();
    const openedAt = screen.clock.now;
    const asked = () => second.ops().filter((op) => op.op === 'subscribe' && op.args.length === 1).length;
    let askedAt: number | null = null;
    screen.advance(2500, () => {
      screen.update();
      if (askedAt === null && asked() > 0) askedAt = screen.clock.now;
    });
    expect(askedAt).not.toBeNull();
    expect(askedAt! - openedAt).toBeGreaterThanOrEqual(SNAPSHOT_WAIT_MS);
    expect(askedAt! - openedAt).toBeLessThan(BOOK_STALE_MS);
    expect(screen.frames.at(-1)?.connection).toBe('reconnecting');
    screen.snapshot();
    screen.advance(50);
    expect(screen.frames.at(-1)?.connection).toBe('live');
  });

  it('stops its liveness timer when closed', () => {
    const screen = liveScreen();
    screen.feed.close();
    screen.session.close();
    const count = screen.frames.length;
    screen.advance(20_000);
    expect(screen.frames).toHaveLength(count);
    expect(screen.sockets).toHaveLength(1);
  });
});
