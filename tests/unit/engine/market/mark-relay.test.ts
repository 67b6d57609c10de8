import { describe, expect, it } from 'vitest';
import type { MarkFeedMessage } from '../../../../engine/market/mark-feed';
import { MarkRelay, MarkWatch } from '../../../../engine/market/mark-relay';
import { MARKS_EVERY_MS } from '../../../../engine/market/page-pacing';
import { SessionRegistry } from '../../../../engine/market/session-registry';
import type { ChannelArg, ChannelPush } from '../../../../engine/market/ws-session';
import { FakeTimers } from './trade-feed-support';

const futuresTicker = (instId: string, markPrice: string, ts = 1): ChannelPush => ({
  action: 'snapshot',
  arg: { instType: 'USDT-FUTURES', channel: 'ticker', instId },
  data: [{ instId, markPrice, indexPrice: markPrice }],
  ts,
});

function relay() {
  let now = 0;
  const timers = new FakeTimers();
  const marks = new MarkRelay({ now: () => now, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
  const posted: MarkFeedMessage[] = [];
  const port = { closed: false, postMessage: (message: MarkFeedMessage) => posted.push(message), close() {} };
  return { marks, timers, posted, port, at: (ms: number) => (now = ms) };
}

describe('MarkRelay', () => {
  it('posts nothing until a port is attached, then the newest marks per symbol, paced', () => {
    const r = relay();
    r.at(1000);
    r.marks.onTicker(futuresTicker('BTCUSDT', '60000'));
    expect(r.posted).toEqual([]);
    r.marks.attach(r.port);
    r.at(1050);
    r.marks.onTicker(futuresTicker('BTCUSDT', '60001', 5));
    r.marks.onTicker(futuresTicker('ETHUSDT', '3000', 6));
    expect(r.posted).toEqual([]);
    r.at(1000 + MARKS_EVERY_MS);
    r.timers.fire(MARKS_EVERY_MS);
    expect(r.posted).toEqual([
      {
        type: 'marks',
        marks: { BTCUSDT: '60001', ETHUSDT: '3000' },
        indexPrices: { BTCUSDT: '60001', ETHUSDT: '3000' },
        ts: 6,
      },
    ]);
  });

  it('ignores spot tickers and closes a port it replaces', () => {
    const r = relay();
    r.marks.attach(r.port);
    r.marks.onTicker({
      ...futuresTicker('BTCUSDT', '1'),
      arg: { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' },
    });
    expect(r.timers.timers.size).toBe(0);
    expect(r.posted).toEqual([]);
    let closed = false;
    r.marks.attach({ postMessage: () => undefined, close: () => (closed = true) });
    expect(closed).toBe(false);
    r.marks.attach(r.port);
    expect(closed).toBe(true);
  });
});

describe('MarkWatch', () => {
  function watch() {
    const timers = new FakeTimers();
    const subscribed = new Map<string, (push: ChannelPush) => void>();
    let opened = 0;
    const sessions = new SessionRegistry({
      open: () => {
        opened += 1;
        return {
          subscribe: (arg: ChannelArg, listener: (push: ChannelPush) => void) => {
            subscribed.set(arg.instId, listener);
            return () => subscribed.delete(arg.instId);
          },
          close: () => undefined,
        };
      },
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    });
    const r = relay();
    r.marks.attach(r.port);
    return { watch: new MarkWatch(sessions, r.marks), subscribed, r, timers, opened: () => opened };
  }

  it("keeps the watched symbols' tickers subscribed, replacing the set on each call, and lets go on an empty list", () => {
    const w = watch();
    w.watch.set(['BTCUSDT', 'ETHUSDT'], 'ws://a');
    expect([...w.subscribed.keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    w.subscribed.get('BTCUSDT')?.(futuresTicker('BTCUSDT', '60000'));
    expect(w.r.posted).toHaveLength(1);
    w.watch.set(['ETHUSDT', 'SOLUSDT'], 'ws://a');
    expect([...w.subscribed.keys()].sort()).toEqual(['ETHUSDT', 'SOLUSDT']);
    expect(w.opened()).toBe(1);
    w.watch.set([], 'ws://a');
    expect(w.subscribed.size).toBe(0);
    // The session's last use went: it closes when idle.
    expect(w.timers.timers.size).toBeGreaterThan(0);
  });

  it('moves to another stream when the URL changes', () => {
    const w = watch();
    w.watch.set(['BTCUSDT'], 'ws://a');
    w.watch.set(['BTCUSDT'], 'ws://b');
    expect(w.opened()).toBe(2);
    expect([...w.subscribed.keys()]).toEqual(['BTCUSDT']);
  });
});
