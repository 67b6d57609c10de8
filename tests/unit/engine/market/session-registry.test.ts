import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS, SessionRegistry } from '../../../../engine/market/session-registry';
import { FakeTimers } from './trade-feed-support';

function registry() {
  const timers = new FakeTimers();
  const opened: { url: string; closed: boolean; close(): void }[] = [];
  const sessions = new SessionRegistry({
    open: (url) => {
      const session = {
        url,
        closed: false,
        close() {
          session.closed = true;
        },
      };
      opened.push(session);
      return session;
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  return { sessions, opened, timers };
}

describe('SessionRegistry', () => {
  it('shares one session per stream URL among its users', () => {
    const r = registry();
    const a = r.sessions.acquire('ws://a');
    const b = r.sessions.acquire('ws://a');
    const c = r.sessions.acquire('ws://c');
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(r.opened.map((s) => s.url)).toEqual(['ws://a', 'ws://c']);
  });

  it('closes a session SESSION_IDLE_MS after its last user lets go, and keeps it when one comes back in time', () => {
    const r = registry();
    const first = r.sessions.acquire('ws://a');
    r.sessions.acquire('ws://a');
    r.sessions.release('ws://a');
    expect(r.timers.timers.size).toBe(0);
    r.sessions.release('ws://a');
    expect([...r.timers.timers.values()].map((t) => t.ms)).toEqual([SESSION_IDLE_MS]);
    // A new symbol's feed takes the socket back before it closes.
    expect(r.sessions.acquire('ws://a')).toBe(first);
    r.timers.fire(SESSION_IDLE_MS);
    expect(first.closed).toBe(false);
    r.sessions.release('ws://a');
    r.timers.fire(SESSION_IDLE_MS);
    expect(first.closed).toBe(true);
    // Closed and forgotten: the next use opens a fresh one.
    expect(r.sessions.acquire('ws://a')).not.toBe(first);
  });

  it('ignores a release of a URL it never opened', () => {
    const r = registry();
    r.sessions.release('ws://nowhere');
    expect(r.timers.timers.size).toBe(0);
  });
});
