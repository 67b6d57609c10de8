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

  it('sends ping every 30 s and reconnects when no pong comes', () => {
    session.subscribe(BOOKS, vi.fn());
    sockets[0].open();
    vi.advanceTimersByTime(30_000);
    expect(sockets[0].sent).toContain('ping');
    sockets[0].push('pong');
    vi.advanceTimersByTime(30_000 + 10_000);
    expect(sockets[0].closed).toBe(4000);
    expect(session.state).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
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
