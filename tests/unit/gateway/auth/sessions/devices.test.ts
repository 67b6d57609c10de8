import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../../../../gateway/auth/sessions/session-store';
import { type AuthHarness, Browser, lastCode, makeAuthHarness } from '../auth-support';
import { expectRefused } from '../../refusal-support';

const PATHS = {
  list: '/v1/user/devices',
  revoke: '/v1/user/devices/revoke',
  revokeOthers: '/v1/user/devices/revoke-others',
  history: '/v1/user/login-history',
};
const PASSWORD = 'Device-pass-1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const APP =
  'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 ExchangeApp/2.21.0';

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
type Reply = { code: string; msg: string; data: any };

/** A browser with its own user agent on every request. */
class Device extends Browser {
  constructor(
    harness: AuthHarness,
    ip: string,
    readonly userAgent: string,
  ) {
    super(harness, ip);
  }

  override request(path: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.request(path, { ...init, headers });
  }

  async call(path: string, body?: unknown): Promise<Reply> {
    const res = body === undefined ? await this.get(path) : await this.post(path, body);
    return (await res.json()) as Reply;
  }

  async signIn(email: string, pwd = PASSWORD): Promise<Reply> {
    return this.call('/v1/user/login', { loginName: email, pwd });
  }
}

let h: AuthHarness;
const device = (ip: string, userAgent: string) => new Device(h, ip, userAgent);

beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: 'alice@example.com', password: PASSWORD });
  await h.addUser({ email: 'bob@example.com', password: PASSWORD });
  await h.addUser({ email: 'guarded@example.com', password: PASSWORD, twoFactor: { email: true } });
});
afterEach(() => h.close());

/** Alice signed in on a desktop in Frankfurt's documentation range and on a phone at home. */
async function aliceOnTwoDevices() {
  const desktop = device('198.51.100.7', CHROME);
  const phone = device('192.168.1.20', SAFARI_IPHONE);
  expect((await desktop.signIn('alice@example.com')).code).toBe('00000');
  h.clock.now += 5_000;
  expect((await phone.signIn('alice@example.com')).code).toBe('00000');
  return { desktop, phone };
}

const isSignedIn = async (browser: Device) => (await browser.call('/v1/user/overview/userinfo')).data.isLogin === true;
const idOfPhone = async (browser: Device) =>
  ((await browser.call(PATHS.list)).data as { id: string; os: string }[]).find((d) => d.os === 'iOS')!.id as string;

describe('GET /v1/user/devices', () => {
  it('lists the account’s sessions with browser, OS, address and place, the caller’s first and marked', async () => {
    const { desktop } = await aliceOnTwoDevices();
    const reply = await desktop.call(PATHS.list);
    expect(reply.code, reply.msg).toBe('00000');
    expect(reply.data).toHaveLength(2);
    const [own, phone] = reply.data;
    expect(phone).toMatchObject({
      kind: 'browser',
      browser: 'Safari',
      os: 'iOS',
      osVersion: '17.2',
      ip: '192.168.1.20',
      place: { kind: 'private' },
      isCurrent: false,
    });
    expect(own).toMatchObject({
      kind: 'browser',
      browser: 'Chrome',
      version: '120',
      os: 'Windows',
      ip: '198.51.100.7',
      place: { kind: 'known', city: 'Frankfurt', country: 'DE' },
      isCurrent: true,
    });
    expect(own.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('never shows session ids, cookies or token hashes', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    const text = JSON.stringify(await desktop.call(PATHS.list));
    const rows = h.db.prepare('SELECT id, sid_hash, login_token_hash FROM sessions').all() as Record<string, string>[];
    for (const row of rows) for (const value of Object.values(row)) expect(text).not.toContain(value);
    for (const browser of [desktop, phone])
      for (const cookie of browser.cookies.values()) expect(text).not.toContain(cookie);
  });

  it('shows only the caller’s account, and names the app by its version', async () => {
    await aliceOnTwoDevices();
    const bob = device('10.9.9.9', APP);
    await bob.signIn('bob@example.com');
    const reply = await bob.call(PATHS.list);
    expect(reply.data).toHaveLength(1);
    expect(reply.data[0]).toMatchObject({ kind: 'app', version: '2.21.0', os: 'Android', isCurrent: true });
  });

  it('leaves out sessions that ended by idling', async () => {
    const { desktop } = await aliceOnTwoDevices();
    // The desktop stays active; the phone says nothing for a day.
    h.clock.now += SESSION_IDLE_MS / 2;
    expect((await desktop.call(PATHS.list)).data).toHaveLength(2);
    h.clock.now += SESSION_IDLE_MS / 2 + 10_000;
    expect((await desktop.call(PATHS.list)).data.map((d: { isCurrent: boolean }) => d.isCurrent)).toEqual([true]);
  });

  it('answers 00005 to a caller without a session and 20906 to one whose session ended', async () => {
    expect((await device('10.0.0.1', CHROME).call(PATHS.list)).code).toBe('00005');
    expect((await device('10.0.0.1', CHROME).call(PATHS.history)).code).toBe('00005');
    expect((await device('10.0.0.1', CHROME).call(PATHS.revokeOthers, {})).code).toBe('00005');
    const { desktop } = await aliceOnTwoDevices();
    await desktop.call('/v1/user/logout', {});
    desktop.cookies.set('sid', 'x'.repeat(43));
    expect((await desktop.call(PATHS.revoke, { id: 'a'.repeat(32) })).code).toBe('20906');
  });
});

describe('POST /v1/user/devices/revoke', () => {
  it('needs a step-up, then ends that session: its next request finds itself signed out', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    const phoneId = await idOfPhone(desktop);
    expect((await desktop.call(PATHS.revoke, { id: phoneId })).code).toBe('40112');
    expect(await isSignedIn(phone)).toBe(true);

    await desktop.grantStepUp('device-revoke');
    const reply = await desktop.call(PATHS.revoke, { id: phoneId });
    expect(reply.code, reply.msg).toBe('00000');
    // The session-ended hook ran (it drops the session's signing key).
    expect(h.ended).toHaveLength(1);
    // The phone's cookie now names an ended session: "login expired", which the client shows as signed out.
    expect((await phone.call(PATHS.list)).code).toBe('20906');
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(desktop)).toBe(true);
    expect((await desktop.call(PATHS.list)).data).toHaveLength(1);
  });

  it('works with the real step-up: an emailed code checked by /v1/user/security/verify', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    expect((await desktop.call('/v1/msg/verify-code/send', { type: 'email', scene: 'security' })).code).toBe('00000');
    const code = lastCode(h, 'alice@example.com');
    const verified = await desktop.call('/v1/user/security/verify', { purpose: 'device-revoke', emailCode: code });
    expect(verified.code, verified.msg).toBe('00000');
    expect((await desktop.call(PATHS.revoke, { id: await idOfPhone(desktop) })).code).toBe('00000');
    expect(await isSignedIn(phone)).toBe(false);
  });

  it('uses the step-up up: a second revoke needs a new one', async () => {
    const { desktop } = await aliceOnTwoDevices();
    const third = device('10.0.0.3', CHROME);
    await third.signIn('alice@example.com');
    await desktop.grantStepUp('device-revoke');
    expect((await desktop.call(PATHS.revoke, { id: await idOfPhone(desktop) })).code).toBe('00000');
    const thirdId = (await third.call(PATHS.list)).data.find((d: { isCurrent: boolean }) => d.isCurrent).id;
    expect((await desktop.call(PATHS.revoke, { id: thirdId })).code).toBe('40112');
    expect(await isSignedIn(third)).toBe(true);
  });

  it('does not accept a step-up proved for another change', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    await desktop.grantStepUp('password-change');
    expect((await desktop.call(PATHS.revoke, { id: await idOfPhone(desktop) })).code).toBe('40112');
    expect(await isSignedIn(phone)).toBe(true);
  });

  it('answers another account’s device as not found, ends nothing, and keeps the step-up', async () => {
    const { desktop } = await aliceOnTwoDevices();
    const bob = device('10.9.9.9', CHROME);
    await bob.signIn('bob@example.com');
    const bobsId = (await bob.call(PATHS.list)).data[0].id;
    await desktop.grantStepUp('device-revoke');
    const reply = await desktop.call(PATHS.revoke, { id: bobsId });
    expect(reply.code).toBe('40330');
    expect(await isSignedIn(bob)).toBe(true);
    // The failed change rolled back, so the grant is still there for the right one.
    expect((await desktop.call(PATHS.revoke, { id: await idOfPhone(desktop) })).code).toBe('00000');
  });

  it.each([
    ['an unknown id', { id: 'f'.repeat(32) }],
    ['a malformed id', { id: "' OR 1=1 --" }],
    ['an internal session id', null],
    ['no id', {}],
    ['a number', { id: 7 }],
  ])('answers %s as not found', async (_name, body) => {
    const { desktop, phone } = await aliceOnTwoDevices();
    const internal = h.db.prepare('SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1').pluck().get();
    await desktop.grantStepUp('device-revoke');
    expect((await desktop.call(PATHS.revoke, body ?? { id: internal })).code).toBe('40330');
    expect(await isSignedIn(phone)).toBe(true);
  });

  it('refuses to end the caller’s own session (sign-out is for that), even with a step-up', async () => {
    const { desktop } = await aliceOnTwoDevices();
    const ownId = (await desktop.call(PATHS.list)).data.find((d: { isCurrent: boolean }) => d.isCurrent).id;
    expect((await desktop.call(PATHS.revoke, { id: ownId })).code).toBe('40331');
    await desktop.grantStepUp('device-revoke');
    expect((await desktop.call(PATHS.revoke, { id: ownId })).code).toBe('40331');
    expect(await isSignedIn(desktop)).toBe(true);
  });
});

describe('POST /v1/user/devices/revoke-others', () => {
  it('after a step-up ends every other session of the account and keeps the caller’s', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    const third = device('10.0.0.3', APP);
    await third.signIn('alice@example.com');
    const bob = device('10.9.9.9', CHROME);
    await bob.signIn('bob@example.com');
    expect((await desktop.call(PATHS.revokeOthers, {})).code).toBe('40112');
    await desktop.grantStepUp('device-revoke');
    const reply = await desktop.call(PATHS.revokeOthers, {});
    expect(reply).toMatchObject({ code: '00000', data: { revoked: 2 } });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect(await isSignedIn(desktop)).toBe(true);
    expect(await isSignedIn(bob)).toBe(true);
    expect((await desktop.call(PATHS.revokeOthers, {})).code).toBe('40112');
  });
});

describe('GET /v1/user/login-history', () => {
  it('records every sign-in attempt with its result, device and address', async () => {
    const phone = device('192.168.1.20', SAFARI_IPHONE);
    expect((await phone.signIn('alice@example.com', 'Wrong-pass-1')).code).toBe('40101');
    h.clock.now += 1_000;
    expect((await phone.signIn('alice@example.com')).code).toBe('00000');
    const reply = await phone.call(PATHS.history);
    expect(reply.code, reply.msg).toBe('00000');
    expect(reply.data.next).toBeNull();
    expect(reply.data.rows).toEqual([
      expect.objectContaining({ result: 'success', browser: 'Safari', os: 'iOS', ip: '192.168.1.20' }),
      expect.objectContaining({ result: 'wrong-password', browser: 'Safari', place: { kind: 'private' } }),
    ]);
    expect(reply.data.rows[1].at).toBe(reply.data.rows[0].at - 1_000);
  });

  it('records a wrong second factor and an attempt blocked by the rate limit', async () => {
    const attacker = device('203.0.113.9', CHROME);
    expect((await attacker.signIn('guarded@example.com')).code).toBe('00000');
    expect((await attacker.call('/v1/user/login/verify-login', { emailCode: '000000' })).code).toBe('40102');
    for (let i = 0; i < 4; i += 1) await attacker.signIn('guarded@example.com', 'Wrong-pass-1');
    expect((await attacker.signIn('guarded@example.com', 'Wrong-pass-1')).code).toBe('40429');

    const owner = device('10.0.0.1', CHROME);
    const pending = await owner.signIn('guarded@example.com');
    expect(pending.code).toBe('00000');
    await owner.call('/v1/msg/verify-code/send', { type: 'email', scene: 'login' });
    const done = await owner.call('/v1/user/login/verify-login', { emailCode: lastCode(h, 'guarded@example.com') });
    expect(done.code, done.msg).toBe('00000');
    const rows = (await owner.call(`${PATHS.history}?limit=50`)).data.rows as { result: string; ip: string }[];
    expect(rows.map((row) => row.result)).toEqual([
      'success',
      'rate-limited',
      'wrong-password',
      'wrong-password',
      'wrong-password',
      'wrong-password',
      'wrong-code',
    ]);
    expect(rows[1]).toMatchObject({ ip: '203.0.113.9', place: { kind: 'known', city: 'São Paulo', country: 'BR' } });
  });

  it('keeps attempts on names that are no account nowhere, and shows no one else’s history', async () => {
    const stranger = device('10.0.0.5', CHROME);
    await stranger.signIn('nobody@example.com');
    await stranger.signIn('bob@example.com', 'Wrong-pass-1');
    expect(h.db.prepare('SELECT count(*) FROM login_history').pluck().get()).toBe(1);
    const alice = device('10.0.0.6', CHROME);
    await alice.signIn('alice@example.com');
    const rows = (await alice.call(PATHS.history)).data.rows as { result: string }[];
    expect(rows.map((row) => row.result)).toEqual(['success']);
  });

  it('pages with limit and cursor, and refuses a bad limit or cursor', async () => {
    const phone = device('10.0.0.7', CHROME);
    for (let i = 0; i < 3; i += 1) await phone.signIn('alice@example.com', 'Wrong-pass-1');
    await phone.signIn('alice@example.com');
    const first = (await phone.call(`${PATHS.history}?limit=3`)).data;
    expect(first.rows).toHaveLength(3);
    expect(first.next).toMatch(/^\d+$/);
    const second = (await phone.call(`${PATHS.history}?limit=3&cursor=${first.next}`)).data;
    expect(second.rows).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((row: { id: string }) => row.id)).size).toBe(4);
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'cursor=-1', 'cursor=1e3']) {
      await expectRefused(await phone.get(`${PATHS.history}?${query}`), '40002', undefined, query);
    }
  });
});

describe('sessions switched into a sub account', () => {
  it('count as the main account’s devices, on both sides, and can be signed out from the main one', async () => {
    const { desktop, phone } = await aliceOnTwoDevices();
    await desktop.grantStepUp('sub-create');
    const created = await desktop.call('/v1/user/sub/create', { name: 'desk1' });
    expect(created.code, created.msg).toBe('00000');
    const switched = await phone.call('/v1/user/sub/switchWeb', { userId: created.data.userId });
    expect(switched.code, switched.msg).toBe('00000');

    const seenFromMain = (await desktop.call(PATHS.list)).data as { id: string; os: string; isCurrent: boolean }[];
    expect(seenFromMain).toHaveLength(2);
    // The switched session kept the phone's device (filled in by its first request).
    const seenFromSub = (await phone.call(PATHS.list)).data as { os: string; isCurrent: boolean }[];
    expect(seenFromSub.map((d) => [d.os, d.isCurrent])).toEqual([
      ['iOS', true],
      ['Windows', false],
    ]);

    await desktop.grantStepUp('device-revoke');
    const phoneId = seenFromMain.find((d) => !d.isCurrent)!.id;
    expect((await desktop.call(PATHS.revoke, { id: phoneId })).code).toBe('00000');
    expect(await isSignedIn(phone)).toBe(false);
  });
});
