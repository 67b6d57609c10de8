import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPLACED_GRACE_MS } from '../../../../../gateway/auth/sessions/session-store';
import { SWITCH_LIMIT } from '../../../../../gateway/auth/sub-accounts/sub-routes';
import { keyIdOf } from '../../../../../gateway/security/client-public-key';
import { createDeviceKeyStore } from '../../../../../gateway/security/device-keys';
import { type AuthHarness, type Browser, makeAuthHarness } from '../auth-support';
import { createSub, getJson, postJson, REFUSED, sessionSeen, signedInMain } from './sub-support';

const SWITCH_PATHS = ['/v1/user/sub/switLogin', '/v1/user/sub/switchWeb', '/v1/user/sub/switchApp'];
const DEMO_PATHS = ['/v1/user/sub/switchLoginDemo', '/v1/user/sub/switchTradeDemo'];

let h: AuthHarness;
beforeEach(() => {
  h = makeAuthHarness();
});
afterEach(() => h.close());

async function whoAmI(browser: Browser): Promise<string | null> {
  const reply = await getJson(browser, '/v1/user/overview/userinfo');
  return reply.data?.isLogin ? reply.data.userId : null;
}

describe('switching to an own sub-account and back', () => {
  it.each(SWITCH_PATHS)('%s switches the session to the sub-account', async (path) => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    const reply = await postJson(browser, path, { userId: sub });
    expect(reply).toEqual({
      code: '00000',
      msg: 'success',
      data: { userId: sub, isSub: true, isDemo: false, parentId: user.id, nickName: 'desk' },
    });
    expect(await whoAmI(browser)).toBe(sub);
  });

  it('switches back to the main account without a password, and on to a sibling', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const desk = await createSub(browser, 'desk');
    const spare = await createSub(browser, 'spare');
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: desk });
    const back = await postJson(browser, '/v1/user/sub/switLogin', { userId: user.id });
    expect(back.data).toEqual({
      userId: user.id,
      isSub: false,
      isDemo: false,
      parentId: null,
      nickName: 'a***@example.com',
    });
    expect(await whoAmI(browser)).toBe(user.id);
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: desk });
    expect((await postJson(browser, '/v1/user/sub/switchApp', { userId: spare })).code).toBe('00000');
    expect(await whoAmI(browser)).toBe(spare);
  });

  it('accepts the id as a number too', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    expect(
      (await postJson(browser, '/v1/user/sub/switchWeb', { userId: Number(sub), languageType: 0 })).data.userId,
    ).toBe(sub);
  });
});

describe('a switch issues a new session', () => {
  it('sets new sid and login_token cookies and ends the old session the way logout does', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    const before = { sid: browser.cookies.get('sid')!, token: browser.cookies.get('login_token')! };
    const oldSession = (await sessionSeen(browser))!;
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: sub });
    expect(browser.setCookie('sid')).toMatch(/; HttpOnly/);
    expect(browser.setCookie('login_token')).not.toMatch(/HttpOnly/);
    expect(browser.cookies.get('sid')).not.toBe(before.sid);
    expect(browser.cookies.get('login_token')).not.toBe(before.token);
    const newSession = (await sessionSeen(browser))!;
    expect(newSession.sessionId).not.toBe(oldSession.sessionId);
    expect(h.ended).toContain(oldSession.sessionId);

    // Whoever kept the old cookies is signed out.
    const stale = h.browser();
    stale.cookies.set('sid', before.sid);
    stale.cookies.set('login_token', before.token);
    expect(await postJson(stale, '/v1/user/sub/switchWeb', { userId: sub })).toMatchObject({
      status: 'error',
      code: '20906',
    });
    expect(await sessionSeen(stale)).toBeNull();
    // Its cookie is dropped once no request the switching browser sent before the switch can still be answered.
    h.clock.now += REPLACED_GRACE_MS;
    await stale.get('/v1/user/overview/userinfo');
    expect(stale.cookies.has('sid')).toBe(false);
  });

  it("binds the old session's client key to the new session and account", async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    const old = (await sessionSeen(browser))!;
    const der = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' });
    const key = { keyId: keyIdOf(der), publicKey: der.toString('base64'), algorithm: 'rsa1024' };
    createDeviceKeyStore(h.db).bindDeviceKey({ ...key, userId: old.userId, sessionId: old.sessionId });
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: sub });
    const fresh = (await sessionSeen(browser))!;
    expect(h.bound).toContainEqual({ ...key, userId: sub, sessionId: fresh.sessionId });
  });

  it('binds nothing when the old session had no key (signing switched off)', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    await postJson(browser, '/v1/user/sub/switchWeb', { userId: sub });
    expect(h.bound).toEqual([]);
  });
});

describe('refused switches', () => {
  async function expectRefused(browser: Browser, body: unknown, path = '/v1/user/sub/switchWeb') {
    const sidBefore = browser.cookies.get('sid');
    const userBefore = await whoAmI(browser);
    const res = await browser.post(path, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(REFUSED);
    expect(browser.setCookie('sid')).toBeUndefined();
    expect(browser.cookies.get('sid')).toBe(sidBefore);
    expect(await whoAmI(browser)).toBe(userBefore);
  }

  it("refuses another user's sub-account, the other user, and unknown ids with one reply", async () => {
    const ann = await signedInMain(h, 'ann@example.com');
    const bob = await signedInMain(h, 'bob@example.com');
    const bobSub = await createSub(bob.browser, 'bob-desk');
    const bobDemo = (await postJson(bob.browser, '/v1/user/sub/switchLoginDemo', {})).data.userId;
    for (const path of SWITCH_PATHS) {
      await expectRefused(ann.browser, { userId: bobSub }, path);
      await expectRefused(ann.browser, { userId: bob.user.id }, path);
      await expectRefused(ann.browser, { userId: bobDemo }, path);
      await expectRefused(ann.browser, { userId: '1234567890' }, path);
    }
  });

  it('refuses malformed ids with the same reply', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    for (const userId of [
      '',
      'abc',
      -1,
      0,
      1.5,
      `${sub} OR 1=1`,
      `${sub}\n`,
      '9'.repeat(400),
      null,
      true,
      [sub],
      { id: sub },
    ]) {
      await expectRefused(browser, { userId });
    }
    await expectRefused(browser, {});
    await expectRefused(browser, [sub]);
  });

  it("refuses, from inside an own sub-account, another family's accounts", async () => {
    const ann = await signedInMain(h, 'ann@example.com');
    const bob = await signedInMain(h, 'bob@example.com');
    const bobSub = await createSub(bob.browser, 'bob-desk');
    const annSub = await createSub(ann.browser, 'desk');
    await postJson(ann.browser, '/v1/user/sub/switchWeb', { userId: annSub });
    await expectRefused(ann.browser, { userId: bobSub });
    await expectRefused(ann.browser, { userId: bob.user.id });
    await expectRefused(ann.browser, { userId: bob.user.id }, '/v1/user/sub/switchTradeDemo');
  });

  it('refuses a session that was never signed in', async () => {
    const ann = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(ann.browser, 'desk');
    for (const path of [...SWITCH_PATHS, ...DEMO_PATHS]) {
      const reply = await postJson(h.browser(), path, { userId: sub });
      expect(reply).toMatchObject({ status: 'error', code: '00005', data: null });
    }
  });

  it('refuses a session that signed in to a sub-account directly (it holds no main account)', async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    // No route signs in to a sub-account; make such a session by hand to check the switch does not assume one.
    const direct = h.ctx.sessions.create(sub);
    const other = h.browser();
    other.cookies.set('sid', direct.sid);
    other.cookies.set('login_token', direct.loginToken);
    await expectRefused(other, { userId: user.id });
    await expectRefused(other, {}, '/v1/user/sub/switchLoginDemo');
  });
});

describe('the demo account', () => {
  it.each(DEMO_PATHS)('%s creates it on first use, and later switches reuse it', async (path) => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const first = await postJson(browser, path, {});
    expect(first.data).toEqual({
      userId: expect.stringMatching(/^\d{10}$/),
      isSub: true,
      isDemo: true,
      parentId: user.id,
      nickName: 'Demo',
    });
    expect(first.data.userId).not.toBe(user.id);
    await postJson(browser, '/v1/user/sub/switLogin', { userId: user.id });
    const again = await postJson(browser, DEMO_PATHS.find((other) => other !== path)!, { userId: user.id });
    expect(again.data.userId).toBe(first.data.userId);
    const count = h.db.prepare('SELECT COUNT(*) AS n FROM users WHERE parent_id = ? AND is_demo = 1').get(user.id) as {
      n: number;
    };
    expect(count.n).toBe(1);
  });

  it('is kept apart: its own account, one per family, reachable from a sub and left for the main account', async () => {
    const ann = await signedInMain(h, 'ann@example.com');
    const bob = await signedInMain(h, 'bob@example.com');
    const desk = await createSub(ann.browser, 'desk');
    await postJson(ann.browser, '/v1/user/sub/switchWeb', { userId: desk });
    const annDemo = (await postJson(ann.browser, '/v1/user/sub/switchTradeDemo', { userId: desk })).data;
    const bobDemo = (await postJson(bob.browser, '/v1/user/sub/switchTradeDemo', {})).data;
    expect(annDemo.parentId).toBe(ann.user.id);
    expect(bobDemo.parentId).toBe(bob.user.id);
    expect(new Set([annDemo.userId, bobDemo.userId, ann.user.id, desk]).size).toBe(4);
    expect(await whoAmI(ann.browser)).toBe(annDemo.userId);
    const info = (await getJson(ann.browser, '/v1/user/overview/userinfo')).data;
    expect(info).toMatchObject({ isDemo: true, isSub: true, parentId: ann.user.id });
    // Bob cannot reach Ann's demo account, nor name Ann's accounts in his demo switch.
    expect(await postJson(bob.browser, '/v1/user/sub/switchWeb', { userId: annDemo.userId })).toEqual(REFUSED);
    expect(await postJson(bob.browser, '/v1/user/sub/switchLoginDemo', { userId: ann.user.id })).toEqual(REFUSED);
    expect(await postJson(bob.browser, '/v1/user/sub/switchLoginDemo', { userId: 'nope' })).toEqual(REFUSED);
    // From the demo account, back to the main one.
    expect((await postJson(ann.browser, '/v1/user/sub/switchWeb', { userId: ann.user.id })).data.isDemo).toBe(false);
    expect(await whoAmI(ann.browser)).toBe(ann.user.id);
  });

  it('accepts an empty body', async () => {
    const { browser } = await signedInMain(h, 'ann@example.com');
    const res = await browser.request('/v1/user/sub/switchLoginDemo', { method: 'POST' });
    expect((await res.json()).data.isDemo).toBe(true);
  });
});

describe('switch rate limit', () => {
  it(`allows ${SWITCH_LIMIT.max} switches a minute per family, then answers 429 until the window passes`, async () => {
    const { user, browser } = await signedInMain(h, 'ann@example.com');
    const sub = await createSub(browser, 'desk');
    for (let i = 0; i < SWITCH_LIMIT.max; i += 1) {
      const reply = await postJson(browser, '/v1/user/sub/switchWeb', { userId: i % 2 === 0 ? sub : user.id });
      expect(reply.code, `switch ${i}`).toBe('00000');
    }
    const res = await browser.post('/v1/user/sub/switchWeb', { userId: user.id });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ status: 'error', code: '40429' });
    // A refused probe is limited as well, so the limit cannot be used to tell ids apart.
    expect((await browser.post('/v1/user/sub/switchWeb', { userId: '1234567890' })).status).toBe(429);
    // Another family is not affected.
    const bob = await signedInMain(h, 'bob@example.com');
    expect((await postJson(bob.browser, '/v1/user/sub/switchLoginDemo', {})).code).toBe('00000');
    h.clock.now += SWITCH_LIMIT.windowMs + 1;
    expect((await postJson(browser, '/v1/user/sub/switchWeb', { userId: user.id })).code).toBe('00000');
  });
});
