import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createSubAccountStore } from '../../../../gateway/auth/sub-accounts/sub-account-store';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { riskTokenRoutes } from '../../../../gateway/security/risk-token-routes';
import { QR_MIGRATIONS } from '../../../../gateway/third/qr/qr-migrations';
import {
  QR_COLLECT_MS,
  QR_COOKIE,
  QR_PATHS,
  QR_POLL_IP_LIMIT,
  QR_TTL_MS,
  qrRoutes,
} from '../../../../gateway/third/qr/qr-routes';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { type AuthHarness, type Browser, fakeCiphertext, makeAuthHarness, PROBE_PATH } from '../auth/auth-support';

interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

let h: AuthHarness;
afterEach(() => h.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** The auth harness with the QR routes mounted as app.ts mounts them (behind the risk check when `riskRequired`). */
function makeQrHarness(options: { riskRequired?: boolean; plainLogin?: boolean } = {}): AuthHarness {
  const harness = makeAuthHarness({ allowPlainLogin: options.plainLogin ?? true });
  runMigrations(harness.db, QR_MIGRATIONS);
  const tctx: ThirdContext = { auth: harness.ctx, db: harness.db, localMode: true, origins: [] };
  const outer = new Hono<GatewayEnv>();
  const device = riskTokenRoutes({
    db: harness.db,
    required: options.riskRequired ?? false,
    now: () => harness.clock.now,
  });
  outer.use('/v1/*', device.riskCheck);
  outer.route('/', device.routes);
  harness.app.route('/', qrRoutes(tctx, { linkScheme: 'exchangeapp', linkHost: 'exchange' }));
  outer.route('/', harness.app);
  return Object.assign(harness, { app: outer });
}

async function call(browser: Browser, path: string, body: Record<string, unknown> = {}, headers = {}): Promise<Reply> {
  const res = await browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CHROME_WINDOWS, ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}

/** A web browser showing a fresh code: its key. */
async function showCode(web: Browser, headers: Record<string, string> = {}): Promise<string> {
  const reply = await call(web, QR_PATHS.create, {}, headers);
  expect(reply.code).toBe('00000');
  return (reply.data as { qrcodeKey: string }).qrcodeKey;
}

const poll = (web: Browser, qrcodeKey: string) => call(web, QR_PATHS.status, { qrcodeKey });

/** A browser signed in with a password (the phone's app session). */
async function appOf(email: string, password = 'Phone-pass-1'): Promise<Browser> {
  await h.addUser({ email, password });
  const app = h.browser('198.51.100.20');
  const reply = await call(app, '/v1/user/login', { loginName: email, pwd: password });
  expect(reply.data).toMatchObject({ needVerify: false });
  return app;
}

/** A browser holding a session made straight in the store (for harnesses where the password login is closed). */
async function phoneSession(email: string): Promise<Browser> {
  const user = await h.addUser({ email, password: 'Phone-pass-1' });
  const phone = h.browser('198.51.100.21');
  const created = h.ctx.sessions.create(user.id);
  phone.cookies.set('sid', created.sid);
  phone.cookies.set('login_token', created.loginToken);
  return phone;
}

async function sessionOf(browser: Browser): Promise<{ userId: string; sessionId: string } | null> {
  return ((await (await browser.get(PROBE_PATH)).json()) as { session: { userId: string; sessionId: string } | null })
    .session;
}

const sessionCount = () => (h.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;

describe('qrcode/create', () => {
  it('makes a 256-bit key for a 120 s code, a deep link and an httpOnly browser cookie', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const reply = await call(web, QR_PATHS.create);
    const data = reply.data as { qrcodeKey: string; qrContent: string; expiresAt: number };
    expect(data.qrcodeKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.qrContent).toBe(`exchangeapp://exchange/qrlogin?key=${data.qrcodeKey}`);
    expect(data.expiresAt).toBe(h.clock.now + QR_TTL_MS);
    expect(web.setCookie(QR_COOKIE)).toMatch(/HttpOnly/i);
    expect(web.setCookie(QR_COOKIE)).toMatch(/SameSite=Strict/i);
    // The browser keeps its secret; every code gets a new key.
    const secret = web.cookies.get(QR_COOKIE);
    expect(await showCode(web)).not.toBe(data.qrcodeKey);
    expect(web.cookies.get(QR_COOKIE)).toBe(secret);
  });
});

describe('the whole flow', () => {
  it('waiting → scanned (masked account) → confirmed signs the creating browser in, once', async () => {
    h = makeQrHarness();
    const web = h.browser('192.0.2.7');
    const key = await showCode(web);
    expect((await poll(web, key)).data).toEqual({ status: 'waiting' });
    const app = await appOf('phone.owner@example.com');
    const scan = await call(app, QR_PATHS.scan, { qrcodeKey: key });
    expect(scan.code).toBe('00000');
    expect(scan.data).toMatchObject({
      browser: 'Chrome',
      browserVersion: '124',
      os: 'Windows',
      place: { kind: 'known', city: 'Singapore', country: 'SG' },
    });
    const scanned = await poll(web, key);
    expect(scanned.data?.status).toBe('scanned');
    expect(scanned.data?.account).toBe('p***@example.com');
    expect(await sessionOf(web)).toBeNull();
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).data).toEqual({ confirmed: true });
    const before = sessionCount();
    const signed = await poll(web, key);
    expect(signed.code).toBe('00000');
    expect(signed.data).toMatchObject({ needVerify: false });
    expect((await sessionOf(web))?.userId).toBe(h.ctx.users.findByEmail('phone.owner@example.com')?.id);
    expect(sessionCount()).toBe(before + 1);
    // Any later poll is refused and makes nothing.
    const again = await poll(web, key);
    expect(again.code).toBe('40185');
    expect(sessionCount()).toBe(before + 1);
  });
});

describe('hostile calls create no session', () => {
  it('confirming twice, and scanning after the confirmation', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const app = await appOf('a@example.com');
    await call(app, QR_PATHS.scan, { qrcodeKey: key });
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('00000');
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('40188');
    expect((await call(app, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('40188');
    const other = await appOf('b@example.com');
    expect((await call(other, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('40188');
    // The first confirmation still signs in the creating browser once, as the account that confirmed.
    expect((await poll(web, key)).data).toMatchObject({ needVerify: false });
    expect((await sessionOf(web))?.userId).toBe((await sessionOf(app))?.userId);
  });

  it('another account than the scanner can neither scan, confirm nor cancel', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const scanner = await appOf('scanner@example.com');
    const intruder = await appOf('intruder@example.com');
    await call(scanner, QR_PATHS.scan, { qrcodeKey: key });
    expect((await call(intruder, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('40187');
    expect((await call(intruder, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('40187');
    expect((await call(intruder, QR_PATHS.cancel, { qrcodeKey: key })).code).toBe('40187');
    const before = sessionCount();
    expect((await poll(web, key)).data?.status).toBe('scanned');
    expect(await sessionOf(web)).toBeNull();
    expect(sessionCount()).toBe(before);
  });

  it('confirming a code nobody scanned is refused', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const app = await appOf('a@example.com');
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('40188');
    expect((await poll(web, key)).data).toEqual({ status: 'waiting' });
  });

  it('a poll without, or with another, creator cookie never gets the session, even after confirmation', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const app = await appOf('a@example.com');
    await call(app, QR_PATHS.scan, { qrcodeKey: key });
    await call(app, QR_PATHS.confirm, { qrcodeKey: key });
    const before = sessionCount();
    const thief = h.browser();
    expect((await poll(thief, key)).code).toBe('40186');
    await showCode(thief);
    expect((await poll(thief, key)).code).toBe('40186');
    const forged = h.browser();
    forged.cookies.set(QR_COOKIE, 'A'.repeat(43));
    expect((await poll(forged, key)).code).toBe('40186');
    // The phone itself (signed in, no creator cookie) gets nothing either.
    expect((await poll(app, key)).code).toBe('40186');
    expect(sessionCount()).toBe(before);
    for (const browser of [thief, forged]) expect(await sessionOf(browser)).toBeNull();
    // The real browser still collects.
    expect((await poll(web, key)).data).toMatchObject({ needVerify: false });
  });

  it('an expired code: expired to the browser, refused to the app, and a confirmation not collected in time lapses', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const app = await appOf('a@example.com');
    h.clock.now += QR_TTL_MS;
    expect((await poll(web, key)).data).toEqual({ status: 'expired' });
    expect((await call(app, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('40185');
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('40185');
    const late = await showCode(web);
    await call(app, QR_PATHS.scan, { qrcodeKey: late });
    await call(app, QR_PATHS.confirm, { qrcodeKey: late });
    h.clock.now += QR_COLLECT_MS;
    const before = sessionCount();
    expect((await poll(web, late)).data).toEqual({ status: 'expired' });
    expect(await sessionOf(web)).toBeNull();
    expect(sessionCount()).toBe(before);
  });

  it('a cancelled code reads cancelled and can no longer be confirmed', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const app = await appOf('a@example.com');
    expect((await call(app, QR_PATHS.cancel, { qrcodeKey: key })).code).toBe('40188');
    await call(app, QR_PATHS.scan, { qrcodeKey: key });
    expect((await call(app, QR_PATHS.cancel, { qrcodeKey: key })).data).toEqual({ cancelled: true });
    expect((await poll(web, key)).data).toEqual({ status: 'cancelled' });
    expect((await call(app, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('40188');
    expect((await call(app, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('40188');
    expect((await poll(web, key)).data).toEqual({ status: 'cancelled' });
    expect(await sessionOf(web)).toBeNull();
  });

  it('unknown and malformed keys', async () => {
    h = makeQrHarness();
    const web = h.browser();
    await showCode(web);
    const app = await appOf('a@example.com');
    const unknown = 'B'.repeat(43);
    for (const qrcodeKey of [unknown, 'short', 42, '', `${unknown}x`]) {
      expect((await call(web, QR_PATHS.status, { qrcodeKey })).code).toBe('40185');
      expect((await call(app, QR_PATHS.scan, { qrcodeKey })).code).toBe('40185');
      expect((await call(app, QR_PATHS.confirm, { qrcodeKey })).code).toBe('40185');
    }
    expect(await sessionOf(web)).toBeNull();
  });

  it('the app calls need a signed-in session', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    const stranger = h.browser();
    expect((await call(stranger, QR_PATHS.scan, { qrcodeKey: key })).code).toBe('00005');
    expect((await call(stranger, QR_PATHS.confirm, { qrcodeKey: key })).code).toBe('00005');
    expect((await call(stranger, QR_PATHS.cancel, { qrcodeKey: key })).code).toBe('00005');
    expect((await poll(web, key)).data).toEqual({ status: 'waiting' });
  });

  it('a polling flood is limited per address', async () => {
    h = makeQrHarness();
    const web = h.browser();
    const key = await showCode(web);
    for (let i = 0; i < QR_POLL_IP_LIMIT.max; i += 1) expect((await poll(web, key)).code).toBe('00000');
    expect((await poll(web, key)).code).toBe('40429');
    // Another address is not blocked by this one; the window passes.
    const elsewhere = h.browser('198.51.100.77');
    expect((await poll(elsewhere, key)).code).toBe('40186');
    h.clock.now += QR_POLL_IP_LIMIT.windowMs;
    expect((await poll(web, key)).code).toBe('00000');
  });

  it('refuses getQrKeyStatus without a risk token when the check is required (40140), and signs in with one', async () => {
    h = makeQrHarness({ riskRequired: true });
    const web = h.browser();
    // Making a code needs the token as well.
    expect((await call(web, QR_PATHS.create, {})).code).toBe('40140');
    const token = ((await (await web.get('/v1/constantid/udid/c1')).json()) as { data: { token: string } }).data.token;
    const key = await showCode(web, { 'risk-token': token });
    // The password login needs the token too here: the phone's session is made in the store.
    const phone = await phoneSession('phone@example.com');
    await call(phone, QR_PATHS.scan, { qrcodeKey: key });
    await call(phone, QR_PATHS.confirm, { qrcodeKey: key });
    expect((await poll(web, key)).code).toBe('40140');
    expect(await sessionOf(web)).toBeNull();
    const signed = await call(web, QR_PATHS.status, { qrcodeKey: key }, { 'risk-token': token });
    expect(signed.data).toMatchObject({ needVerify: false });
  });
});

describe('accounts', () => {
  it('a sub-account session signs the web in as the sub-account, able to switch back; a frozen one is refused', async () => {
    h = makeQrHarness();
    const main = await h.addUser({ email: 'main@example.com', password: 'Main-pass-1' });
    const subs = createSubAccountStore(h.db, h.ctx.users);
    const sub = subs.createSub(main, 'desk', h.clock.now);
    if (typeof sub === 'string') throw new Error(sub);
    const phone = h.browser();
    const created = h.ctx.sessions.create(sub.id);
    subs.setMainOfSession(created.session.sessionId, main.id);
    phone.cookies.set('sid', created.sid);
    phone.cookies.set('login_token', created.loginToken);

    const web = h.browser();
    const key = await showCode(web);
    await call(phone, QR_PATHS.scan, { qrcodeKey: key });
    expect((await poll(web, key)).data).toEqual({ status: 'scanned', account: 'desk' });
    await call(phone, QR_PATHS.confirm, { qrcodeKey: key });
    expect((await poll(web, key)).data).toMatchObject({ needVerify: false, userId: sub.id, isSub: true });
    const session = await sessionOf(web);
    expect(session?.userId).toBe(sub.id);
    expect(subs.mainOfSession(session!.sessionId)).toBe(main.id);

    // Frozen after the scan: neither the confirmation nor the collection signs it in.
    const second = h.browser();
    const key2 = await showCode(second);
    await call(phone, QR_PATHS.scan, { qrcodeKey: key2 });
    await call(phone, QR_PATHS.confirm, { qrcodeKey: key2 });
    subs.setFrozen(sub.id, true, h.clock.now);
    expect((await poll(second, key2)).code).toBe('40189');
    expect(await sessionOf(second)).toBeNull();
    const key3 = await showCode(second);
    expect((await call(phone, QR_PATHS.scan, { qrcodeKey: key3 })).code).toBe('40189');
  });

  it('opens a login envelope and binds its key to the new session; a bad envelope is refused', async () => {
    h = makeQrHarness({ plainLogin: false });
    const web = h.browser();
    const key = await showCode(web);
    const phone = await phoneSession('phone@example.com');
    const user = h.ctx.users.findByEmail('phone@example.com')!;
    await call(phone, QR_PATHS.scan, { qrcodeKey: key });
    await call(phone, QR_PATHS.confirm, { qrcodeKey: key });
    expect((await poll(web, key)).code).toBe('40106');
    const wrongPath = fakeCiphertext({ qrcodeKey: key }, '/v1/user/login');
    expect((await call(web, QR_PATHS.status, { bodyCiphertext: wrongPath })).code).toBe('40106');
    expect(await sessionOf(web)).toBeNull();
    const envelope = fakeCiphertext({ qrcodeKey: key }, QR_PATHS.status);
    expect((await call(web, QR_PATHS.status, { bodyCiphertext: envelope })).data).toMatchObject({ needVerify: false });
    expect(h.bound.at(-1)).toMatchObject({ userId: user.id, keyId: 'k'.repeat(32) });
  });
});
