import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_HISTORY_KEEP } from '../../../../../gateway/auth/sessions/login-history-store';
import { loginHistoryOf } from '../../../../../gateway/auth/sessions/login-history';
import type { UserRecord } from '../../../../../gateway/auth/user-store';
import { type AuthHarness, makeAuthHarness } from '../auth-support';

let h: AuthHarness;
let alice: UserRecord;
let bob: UserRecord;
beforeEach(async () => {
  h = makeAuthHarness();
  alice = await h.addUser({ email: 'alice@example.com', password: 'Alice-pass-1' });
  bob = await h.addUser({ email: 'bob@example.com', password: 'Bob-pass-1' });
});
afterEach(() => h.close());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36';

describe('login history store', () => {
  it(`keeps only the newest ${LOGIN_HISTORY_KEEP} attempts of a user, and never touches another user's`, () => {
    const history = loginHistoryOf(h.ctx);
    history.record({ userId: bob.id, at: 1, result: 'success', userAgent: CHROME, ip: '10.0.0.2' });
    for (let i = 0; i < LOGIN_HISTORY_KEEP + 5; i += 1) {
      history.record({ userId: alice.id, at: 1000 + i, result: 'wrong-password', userAgent: CHROME, ip: '10.0.0.1' });
    }
    const all = history.page(alice.id, { limit: 1000 });
    expect(all.entries).toHaveLength(LOGIN_HISTORY_KEEP);
    expect(all.entries[0]!.at).toBe(1000 + LOGIN_HISTORY_KEEP + 4);
    // The five oldest went.
    expect(all.entries.at(-1)!.at).toBe(1005);
    expect(all.next).toBeNull();
    expect(history.page(bob.id, { limit: 10 }).entries).toHaveLength(1);
    expect(h.db.prepare('SELECT count(*) FROM login_history WHERE user_id = ?').pluck().get(alice.id)).toBe(
      LOGIN_HISTORY_KEEP,
    );
  });

  it('pages newest first with a cursor, without overlap, and ends with a null cursor', () => {
    const history = loginHistoryOf(h.ctx);
    for (let i = 0; i < 7; i += 1) {
      history.record({ userId: alice.id, at: i, result: 'success', userAgent: '', ip: '127.0.0.1' });
    }
    const first = history.page(alice.id, { limit: 3 });
    expect(first.entries.map((entry) => entry.at)).toEqual([6, 5, 4]);
    const second = history.page(alice.id, { before: first.next!, limit: 3 });
    expect(second.entries.map((entry) => entry.at)).toEqual([3, 2, 1]);
    const last = history.page(alice.id, { before: second.next!, limit: 3 });
    expect(last.entries.map((entry) => entry.at)).toEqual([0]);
    expect(last.next).toBeNull();
    // A full last page does not promise an empty one.
    expect(history.page(alice.id, { before: first.next!, limit: 4 }).next).toBeNull();
  });
});

describe('session last seen', () => {
  const lastSeen = (publicId: string) =>
    h.db.prepare('SELECT last_seen_at, ip FROM sessions WHERE public_id = ?').get(publicId) as {
      last_seen_at: number;
      ip: string;
    };

  it('writes last_seen_at and the last address at most once a minute', () => {
    const made = h.ctx.sessions.create(alice.id, { userAgent: CHROME, ip: '10.0.0.1' });
    const publicId = h.ctx.sessions.devicesOf(alice.id)[0]!.publicId;
    const start = h.clock.now;
    h.clock.now = start + 30_000;
    expect(h.ctx.sessions.lookup(made.sid, { userAgent: CHROME, ip: '10.0.0.9' }).state).toBe('active');
    expect(lastSeen(publicId)).toEqual({ last_seen_at: start, ip: '10.0.0.1' });
    h.clock.now = start + 61_000;
    h.ctx.sessions.lookup(made.sid, { userAgent: CHROME, ip: '10.0.0.9' });
    expect(lastSeen(publicId)).toEqual({ last_seen_at: start + 61_000, ip: '10.0.0.9' });
    h.clock.now = start + 90_000;
    h.ctx.sessions.lookup(made.sid, { userAgent: CHROME, ip: '10.0.0.7' });
    expect(lastSeen(publicId).last_seen_at).toBe(start + 61_000);
  });

  it('gives a session made without a device (a sub-account switch) its first request’s device at once', () => {
    const made = h.ctx.sessions.create(alice.id);
    expect(h.ctx.sessions.devicesOf(alice.id)[0]).toMatchObject({ userAgent: '', ip: '' });
    h.ctx.sessions.lookup(made.sid, { userAgent: CHROME, ip: '192.168.0.3' });
    expect(h.ctx.sessions.devicesOf(alice.id)[0]).toMatchObject({ userAgent: CHROME, ip: '192.168.0.3' });
  });

  it('gives every session its own random public id, unlike its internal id', () => {
    const a = h.ctx.sessions.create(alice.id, { userAgent: CHROME, ip: '10.0.0.1' });
    h.ctx.sessions.create(alice.id, { userAgent: CHROME, ip: '10.0.0.1' });
    const devices = h.ctx.sessions.devicesOf(alice.id);
    expect(new Set(devices.map((device) => device.publicId)).size).toBe(2);
    for (const device of devices) expect(device.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(devices.map((device) => device.publicId)).not.toContain(a.session.sessionId);
  });
});
