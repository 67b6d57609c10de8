import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPLACED_GRACE_MS, SESSION_IDLE_MS, SESSION_TTL_MS } from '../../../../../gateway/auth/sessions/session-store';
import { type AuthHarness, type Browser, makeAuthHarness, PROBE_PATH } from '../auth-support';

const EMAIL = 'trader@example.com';
const PASSWORD = 'Trader-pass-1';
const HOUR = 60 * 60 * 1000;

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness();
  await h.addUser({ email: EMAIL, password: PASSWORD });
});
afterEach(() => h.close());

async function login(browser: Browser, origin?: string): Promise<Response> {
  const res = await browser.post('/v1/user/login', { loginName: EMAIL, pwd: PASSWORD }, { origin });
  expect(res.status).toBe(200);
  return res;
}

async function isSignedIn(browser: Browser): Promise<boolean> {
  const body = await (await browser.get('/v1/user/overview/userinfo')).json();
  return body.data.isLogin === true;
}

describe('session cookies', () => {
  it('sets sid HttpOnly, SameSite=Lax, Path=/ for 7 days, and login_token readable by the page', async () => {
    const browser = h.browser();
    await login(browser);
    const sid = browser.setCookie('sid')!;
    const token = browser.setCookie('login_token')!;
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Lax/);
    expect(sid).toMatch(/; Path=\//);
    expect(sid).toMatch(/; Max-Age=604800/);
    expect(sid).not.toMatch(/Secure/);
    expect(token).not.toMatch(/HttpOnly/);
    expect(token).toMatch(/; SameSite=Lax/);
    // 32 random bytes as base64url.
    expect(browser.cookies.get('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies.get('login_token')).not.toBe(browser.cookies.get('sid'));
  });

  it('adds Secure on https', async () => {
    const browser = h.browser();
    await login(browser, 'https://exchange.example');
    expect(browser.setCookie('sid')).toMatch(/; Secure/);
    expect(browser.setCookie('login_token')).toMatch(/; Secure/);
  });

  it('stores only hashes of sid and login_token', async () => {
    const browser = h.browser();
    await login(browser);
    const dump = JSON.stringify(h.db.prepare('SELECT * FROM sessions').all());
    expect(dump).not.toContain(browser.cookies.get('sid'));
    expect(dump).not.toContain(browser.cookies.get('login_token'));
  });

  it('exposes { sessionId, userId } through sessionOf, and sessionId is not the cookie', async () => {
    const browser = h.browser();
    const user = (await (await login(browser)).json()).data;
    const { session } = await (await browser.get(PROBE_PATH)).json();
    expect(session).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f]{32}$/), userId: user.userId });
    expect(session.sessionId).not.toBe(browser.cookies.get('sid'));
  });
});

describe('who is signed in', () => {
  it('answers userinfo with the masked identity when signed in', async () => {
    const browser = h.browser();
    await login(browser);
    const body = await (await browser.get('/v1/user/overview/userinfo')).json();
    expect(body).toMatchObject({
      code: '00000',
      data: {
        isLogin: true,
        email: 't***@example.com',
        mobile: null,
        isSub: false,
        parentId: null,
        twoFactor: { google: false },
      },
    });
    expect(JSON.stringify(body)).not.toContain(EMAIL);
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password|totp/i);
  });

  it("keeps today's 00005 reply when signed out", async () => {
    const res = await h.browser().get('/v1/user/overview/userinfo');
    expect(await res.json()).toEqual({ code: '00005', msg: 'Please login to visit', data: { isLogin: false } });
  });

  it('treats a request with only login_token as anonymous', async () => {
    const browser = h.browser();
    await login(browser);
    const thief = h.browser();
    thief.cookies.set('login_token', browser.cookies.get('login_token')!);
    expect(await isSignedIn(thief)).toBe(false);
    expect((await (await thief.get(PROBE_PATH)).json()).session).toBeNull();
    const res = await thief.post('/v1/user/security/google/secret', {});
    expect(await res.json()).toMatchObject({ status: 'error', code: '00005' });
  });

  it('treats a forged or malformed sid as anonymous and clears it', async () => {
    for (const forged of ['A'.repeat(43), "x' OR 1=1 --", '']) {
      const browser = h.browser();
      browser.cookies.set('sid', forged);
      expect(await isSignedIn(browser), forged).toBe(false);
    }
    const browser = h.browser();
    browser.cookies.set('sid', 'B'.repeat(43));
    await browser.get('/v1/user/overview/userinfo');
    expect(browser.setCookie('sid')).toMatch(/Max-Age=0/);
  });

  it('clears a dead sid only with a /v1 reply, which tells the page; a market poll or a file leaves it', async () => {
    const browser = h.browser();
    await login(browser);
    h.clock.now += SESSION_IDLE_MS + 1000;
    for (const path of ['/api/v2/public/time', '/favicon.png', '/']) {
      await browser.get(path);
      expect(browser.cookies.has('sid'), path).toBe(true);
    }
    const reply = await (await browser.post('/v1/user/security/google/secret', {})).json();
    expect(reply).toMatchObject({ code: '20906' });
    expect(browser.cookies.has('sid')).toBe(false);
    expect(browser.cookies.has('login_token')).toBe(false);
  });
});

describe('session expiry', () => {
  it('ends a session idle for 24 hours, clears its cookies and reports it ended', async () => {
    const browser = h.browser();
    await login(browser);
    h.clock.now += SESSION_IDLE_MS - 1000;
    expect(await isSignedIn(browser)).toBe(true);
    h.clock.now += SESSION_IDLE_MS + 1000;
    expect(await isSignedIn(browser)).toBe(false);
    expect(browser.cookies.has('sid')).toBe(false);
    expect(browser.cookies.has('login_token')).toBe(false);
    expect(h.ended).toHaveLength(1);
  });

  it('keeps a used session alive across days, until the 7-day absolute limit', async () => {
    const browser = h.browser();
    await login(browser);
    const start = h.clock.now;
    while (h.clock.now + 12 * HOUR < start + SESSION_TTL_MS) {
      h.clock.now += 12 * HOUR;
      expect(await isSignedIn(browser)).toBe(true);
    }
    h.clock.now = start + SESSION_TTL_MS;
    expect(await isSignedIn(browser)).toBe(false);
    expect(h.ended).toHaveLength(1);
  });

  it('answers 20906 "login expired" on a protected route when the sid has ended', async () => {
    const browser = h.browser();
    await login(browser);
    const sid = browser.cookies.get('sid')!;
    h.clock.now += SESSION_IDLE_MS + 1;
    const late = h.browser();
    late.cookies.set('sid', sid);
    const res = await late.post('/v1/user/security/google/secret', {});
    expect(await res.json()).toMatchObject({ status: 'error', code: '20906' });
  });
});

describe('POST /v1/user/logout', () => {
  it('deletes the session, clears both cookies and calls onSessionEnded', async () => {
    const browser = h.browser();
    await login(browser);
    const sid = browser.cookies.get('sid')!;
    const { session } = await (await browser.get(PROBE_PATH)).json();
    const res = await browser.post('/v1/user/logout', {});
    expect(await res.json()).toEqual({ code: '00000', msg: 'success', data: null });
    expect(browser.setCookie('sid')).toMatch(/Max-Age=0/);
    expect(browser.setCookie('login_token')).toMatch(/Max-Age=0/);
    expect(h.ended).toEqual([session.sessionId]);
    // The old cookie, replayed, no longer works.
    const replay = h.browser();
    replay.cookies.set('sid', sid);
    expect(await isSignedIn(replay)).toBe(false);
  });

  it('succeeds and clears cookies without a session', async () => {
    const browser = h.browser();
    browser.cookies.set('login_token', 'whatever-value-123456');
    const res = await browser.post('/v1/user/logout', {});
    expect((await res.json()).code).toBe('00000');
    expect(browser.cookies.has('login_token')).toBe(false);
    expect(h.ended).toEqual([]);
  });
});

describe('a new login', () => {
  it('replaces the session the browser had (a new sid; the old one ends)', async () => {
    const browser = h.browser();
    await login(browser);
    const first = browser.cookies.get('sid')!;
    await login(browser);
    expect(browser.cookies.get('sid')).not.toBe(first);
    expect(h.ended).toHaveLength(1);
    const old = h.browser();
    old.cookies.set('sid', first);
    expect(await isSignedIn(old)).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it('does not let the reply to a request sent with the old cookie clear the new one, for a minute', async () => {
    const browser = h.browser();
    await login(browser);
    const first = browser.cookies.get('sid')!;
    await login(browser);
    const second = { sid: browser.cookies.get('sid'), token: browser.cookies.get('login_token') };
    // A read the page sent just before the new sign-in's reply came back: it still carries the old cookie.
    const late = h.browser();
    late.cookies.set('sid', first);
    const reply = await (await late.post('/v1/user/security/google/secret', {})).json();
    expect(reply).toMatchObject({ code: '20906' });
    expect(late.setCookie('sid')).toBeUndefined();
    expect(late.setCookie('login_token')).toBeUndefined();
    expect(await isSignedIn(browser)).toBe(true);
    expect(browser.cookies.get('sid')).toBe(second.sid);
    expect(browser.cookies.get('login_token')).toBe(second.token);
    // Past the grace, the old cookie is an ended one like any other, and its browser is told to drop it.
    h.clock.now += REPLACED_GRACE_MS;
    await late.get('/v1/user/overview/userinfo');
    expect(late.setCookie('sid')).toMatch(/Max-Age=0/);
  });
});
