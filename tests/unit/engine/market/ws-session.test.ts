import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChannelPush, MarketSession } from '../../../../engine/market/ws-session';
import { FakeSocket } from './trade-feed-support';

const BOOKS = { instType: 'SPOT', channel: 'books', instId: 'BTCUSDT' };
const TICKER = { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' };

let sockets: FakeSocket[];
let session: MarketSession;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  session = new MarketSession('ws://gateway/v2/ws/public', {
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    random: () => 0.5,
    now: () => Date.now(),
  });
});

afterEach(() => {
  session.close();
  vi.useRealTimers();
});

describe('MarketSession', () => {
  it('opens one socket for all subscriptions and subscribes each channel once', () => {
    const a = vi.fn();
    const b = vi.fn();
    session.subscribe(BOOKS, a);
    session.subscribe(BOOKS, b);
    session.subscribe(TICKER, vi.fn());
    expect(sockets).toHaveLength(1);
    sockets[0].open();
    expect(sockets[0].ops()).toEqual([{ op: 'subscribe', args: [BOOKS, TICKER] }]);
    sockets[0].push({ action: 'snapshot', arg: BOOKS, data: [{ bids: [], asks: [] }], ts: 7 });
    expect(a).toHaveBeenCalledWith<[ChannelPush]>({
      action: 'snapshot',
      arg: BOOKS,
      data: [{ bids: [], asks: [] }],
      ts: 7,
    });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes a channel when its last listener leaves', () => {
    const stopA = session.subscribe(BOOKS, vi.fn());
    const stopB = session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    stopA();
    expect(sockets[0].ops()).toHaveLength(1);
    stopB();
    expect(sockets[0].ops().at(-1)).toEqual({ op: 'unsubscribe', args: [BOOKS] });
  });

  it('sends ping every 30 s on a busy socket and reconnects when no pong comes', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    // Data every 250 ms: the socket never goes idle, so only the contract's 30 s ping is sent.
    for (let t = 0; t < 29_750; t += 250) {
      sockets[0].push({ action: 'update', arg: BOOKS, data: [{}], ts: t });
      vi.advanceTimersByTime(250);
    }
    expect(sockets[0].sent).not.toContain('ping');
    sockets[0].push({ action: 'update', arg: BOOKS, data: [{}], ts: 1 });
    vi.advanceTimersByTime(500);
    expect(sockets[0].sent.filter((m) => m === 'ping')).toHaveLength(1);
    sockets[0].push('pong');
    vi.advanceTimersByTime(1000);
    // Then the socket goes silent: pinged 2 s after its last message, dropped 2 s after that without pong.
    vi.advanceTimersByTime(4500);
    expect(sockets[0].closed).toBe(4000);
    expect(session.state).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects with growing back-off and resubscribes everything', () => {
    const states: string[] = [];
    session.onState((state) => states.push(state));
    session.subscribe(BOOKS, vi.fn());
    session.subscribe(TICKER, vi.fn());
    sockets[0].open();
    sockets[0].drop();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sockets[2].open();
    expect(sockets[2].ops()).toEqual([{ op: 'subscribe', args: [BOOKS, TICKER] }]);
    expect(session.counters.reconnects).toBe(2);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('caps the back-off at 30 s', () => {
    session.subscribe(BOOKS, vi.fn());
    for (let i = 0; i < 12; i += 1) {
      sockets.at(-1)?.drop();
      vi.advanceTimersByTime(30_000);
    }
    const count = sockets.length;
    sockets.at(-1)?.drop();
    vi.advanceTimersByTime(29_999);
    expect(sockets).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(count + 1);
  });

  it('resubscribes one channel for a fresh snapshot', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    session.resubscribe(BOOKS);
    expect(sockets[0].ops().slice(1)).toEqual([
      { op: 'unsubscribe', args: [BOOKS] },
      { op: 'subscribe', args: [BOOKS] },
    ]);
  });

  it('counts and ignores malformed or hostile frames, and server errors', () => {
    const listener = vi.fn();
    session.subscribe(BOOKS, listener);
    sockets[0].open();
    for (const bad of [
      '{',
      'null',
      '42',
      '"text"',
      { action: 'delete', arg: BOOKS, data: [] },
      { action: 'update', arg: { channel: 'books' }, data: [] },
      { action: 'update', arg: BOOKS, data: 'x' },
    ]) {
      sockets[0].push(bad);
    }
    sockets[0].onmessage?.({ data: new ArrayBuffer(4) });
    sockets[0].push({ event: 'error', code: 30001, msg: 'instId does not exist' });
    sockets[0].push({ action: 'update', arg: { ...BOOKS, instId: 'ETHUSDT' }, data: [] });
    expect(listener).not.toHaveBeenCalled();
    expect(session.counters).toMatchObject({ badMessages: 8, serverErrors: 1 });
  });

  it('stays closed after close()', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    session.close();
    expect(sockets[0].closed).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(session.state).toBe('closed');
  });
});

describe('MarketSession liveness', () => {
  it('pings a socket silent for 2 s and drops it when neither pong nor anything else follows within 2 s', () => {
    const states: string[] = [];
    session.onState((state) => states.push(state));
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    sockets[0].push({ action: 'snapshot', arg: BOOKS, data: [{}], ts: 1 });
    vi.advanceTimersByTime(1500);
    expect(sockets[0].sent).not.toContain('ping');
    vi.advanceTimersByTime(1000);
    expect(sockets[0].sent).toContain('ping');
    expect(sockets[0].closed).toBeNull();
    vi.advanceTimersByTime(2000);
    expect(sockets[0].closed).toBe(4000);
    expect(states.at(-1)).toBe('reconnecting');
    // A late message of the dropped socket counts for nothing.
    const listener = vi.fn();
    session.subscribe(TICKER, listener);
    sockets[0].push({ action: 'snapshot', arg: TICKER, data: [{}], ts: 1 });
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('keeps a socket whose ping is answered, by pong or by data', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(2500);
      expect(sockets[0].sent.at(-1)).toBe('ping');
      if (i % 2 === 0) sockets[0].push('pong');
      else sockets[0].push({ action: 'update', arg: BOOKS, data: [{}], ts: 1 });
    }
    vi.advanceTimersByTime(500);
    expect(sockets[0].closed).toBeNull();
    expect(sockets).toHaveLength(1);
  });

  it('pings at once when a feed asks (probe), once until answered', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    session.probe();
    session.probe();
    expect(sockets[0].sent.filter((m) => m === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(sockets[0].closed).toBe(4000);
  });

  it('drops a connect that hangs for 5 s and tries again', () => {
    session.subscribe(BOOKS, vi.fn());
    vi.advanceTimersByTime(4999);
    expect(sockets[0].closed).toBeNull();
    vi.advanceTimersByTime(1);
    expect(sockets[0].closed).toBe(4000);
    expect(session.state).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });
});

describe('MarketSession.connect', () => {
  it('opens one socket on a fresh session and sends no subscribe when it opens', () => {
    session.connect();
    expect(sockets).toHaveLength(1);
    expect(session.state).toBe('connecting');
    sockets[0].open();
    expect(session.state).toBe('open');
    expect(sockets[0].ops()).toEqual([]);
  });

  it('opens no second socket while connecting or open', () => {
    session.connect();
    session.connect();
    expect(sockets).toHaveLength(1);
    sockets[0].open();
    session.connect();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].closed).toBeNull();
    expect(session.state).toBe('open');
  });

  it('lets a subscription made while connecting go out once over the same socket when it opens', () => {
    const listener = vi.fn();
    session.connect();
    session.subscribe(BOOKS, listener);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent).toEqual([]);
    sockets[0].open();
    expect(sockets[0].ops()).toEqual([{ op: 'subscribe', args: [BOOKS] }]);
    sockets[0].push({ action: 'snapshot', arg: BOOKS, data: [{}], ts: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets a subscription made once open go out at once over the same socket', () => {
    session.connect();
    sockets[0].open();
    session.subscribe(TICKER, vi.fn());
    expect(sockets).toHaveLength(1);
    expect(sockets[0].ops()).toEqual([{ op: 'subscribe', args: [TICKER] }]);
  });

  it('does not cut short a reconnect back-off', () => {
    session.connect();
    sockets[0].open();
    sockets[0].drop();
    expect(session.state).toBe('reconnecting');
    session.connect();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('opens again after close()', () => {
    session.connect();
    sockets[0].open();
    session.close();
    expect(sockets[0].closed).toBe(1000);
    session.connect();
    expect(sockets).toHaveLength(2);
    expect(session.state).toBe('connecting');
    session.subscribe(BOOKS, vi.fn());
    sockets[1].open();
    expect(sockets[1].ops()).toEqual([{ op: 'subscribe', args: [BOOKS] }]);
    expect(sockets[0].sent).toEqual([]);
  });
});
