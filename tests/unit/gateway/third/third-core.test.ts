import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { signInWithIdentity, type ThirdContext, thirdStoreOf } from '../../../../gateway/third/third-core';
import { answerThird } from '../../../../gateway/third/third-input';
import { thirdRoutes } from '../../../../gateway/third/third-routes';
import type { ThirdIdentity } from '../../../../gateway/third/third-store';
import {
  type AuthHarness,
  type Browser,
  lastCode,
  LOGIN_TEST_PASSWORD as PWD,
  makeAuthHarness,
  PROBE_PATH,
} from '../auth/auth-support';

const SIGN = '/__test__/third/sign';
const BASE = '/v1/user/public/third';
const TG: ThirdIdentity = { provider: 'telegram', subject: '4242', label: '@trader', email: null };
const WALLET: ThirdIdentity = { provider: 'wallet', subject: '0xabc', label: '0xabc…', email: null };
const GOOGLE: ThirdIdentity = { provider: 'google', subject: 'g-1', label: 'g@example.com', email: 'g@example.com' };
const APPLE: ThirdIdentity = {
  provider: 'apple',
  subject: 'a-1',
  label: 'relay@apple.test',
  email: 'relay@apple.test',
};

let h: AuthHarness;
beforeEach(async () => {
  h = makeAuthHarness({}, (ctx) => {
    const tctx: ThirdContext = { auth: ctx, db: ctx.db, localMode: true, origins: [] };
    const routes = new Hono<GatewayEnv>();
    // Stands in for a provider's check: the identity it would have proved.
    routes.post(SIGN, async (c) => {
      const identity = (await c.req.json()) as ThirdIdentity;
      return answerThird(tctx, c, (facts) => signInWithIdentity(tctx, facts, identity));
    });
    routes.route(
      '/',
      thirdRoutes(tctx, () => ({ telegram: {}, wallet: null, google: null, apple: null, qr: null })),
    );
    return routes;
  });
  await h.addUser({ email: 'plain@example.com', password: PWD });
  await h.addUser({ email: 'mfa@example.com', password: PWD, twoFactor: { email: true } });
});
afterEach(() => h.close());

type Reply = { code: string; msg?: string; data: Record<string, unknown> | null };
const json = async (res: Response) => (await res.json()) as Reply;
const sign = async (browser: Browser, identity: ThirdIdentity) => json(await browser.post(SIGN, identity));
const call = async (browser: Browser, path: string, body: Record<string, unknown>) =>
  json(await browser.post(`${BASE}/${path}`, body));
const sessionUser = async (browser: Browser) =>
  ((await (await browser.get(PROBE_PATH)).json()) as { session: { userId: string } | null }).session?.userId ?? null;
const userIdOf = (email: string) => h.ctx.users.findByEmail(email)!.id;
const identityRows = () => (h.db.prepare('SELECT COUNT(*) AS n FROM third_identities').get() as { n: number }).n;

async function unbound(browser: Browser, identity: ThirdIdentity) {
  const reply = await sign(browser, identity);
  expect(reply.data).toMatchObject({ bound: false, provider: identity.provider, label: identity.label });
  return String(reply.data!.serialNO);
}

describe('an identity no account is linked to', () => {
  it('gets a serialNO and an HttpOnly cookie, and no session', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    expect(serialNO).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.setCookie('third_serial')).toMatch(/HttpOnly/);
    expect(browser.cookies.has('sid')).toBe(false);
    // Only its digest is stored.
    expect(JSON.stringify(h.db.prepare('SELECT * FROM third_serials').all())).not.toContain(serialNO);
  });
});

describe('linking to an existing account', () => {
  it('links after the password; the next sign-in with the identity opens that account', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    const linked = await call(browser, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO });
    expect(linked.code).toBe('00000');
    expect(await sessionUser(browser)).toBe(userIdOf('plain@example.com'));

    const later = h.browser('203.0.113.9');
    const again = await sign(later, TG);
    expect(again.data).not.toHaveProperty('bound');
    expect(await sessionUser(later)).toBe(userIdOf('plain@example.com'));
  });

  it("links only once the account's own second factors pass (securityVerify)", async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, WALLET);
    const pending = await call(browser, 'third/check', { loginName: 'mfa@example.com', pwd: PWD, serialNO });
    expect(pending.data).toMatchObject({ needVerify: true, methods: ['email'] });
    expect(identityRows()).toBe(0);
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'login' });
    const wrong = await call(browser, 'securityVerify', { emailCode: '000000' });
    expect(wrong.code).toBe('40102');
    expect(identityRows()).toBe(0);
    const done = await call(browser, 'securityVerify', { emailCode: lastCode(h, 'mfa@example.com') });
    expect(done.code).toBe('00000');
    expect(await sessionUser(browser)).toBe(userIdOf('mfa@example.com'));
    expect(thirdStoreOf(h.db).listLinked(userIdOf('mfa@example.com'))).toMatchObject([{ provider: 'wallet' }]);
  });

  it('refuses a wrong password, links nothing, and keeps the serial for a retry', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    const wrong = await call(browser, 'tg/checkUserExit', {
      loginName: 'plain@example.com',
      pwd: 'Nope-1234',
      serialNO,
    });
    expect(wrong.code).toBe('40101');
    expect(identityRows()).toBe(0);
    const right = await call(browser, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO });
    expect(right.code).toBe('00000');
  });

  it('refuses a used, expired, forged or other-provider serial', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    await call(browser, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO });
    const attacker = h.browser('198.51.100.7');
    expect((await call(attacker, 'third/check', { loginName: 'mfa@example.com', pwd: PWD, serialNO })).code).toBe(
      '40160',
    );

    const fresh = h.browser();
    const walletSerial = await unbound(fresh, WALLET);
    expect(
      (await call(fresh, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO: walletSerial }))
        .code,
    ).toBe('40160');
    expect(
      (await call(fresh, 'third/check', { loginName: 'plain@example.com', pwd: PWD, serialNO: 'A'.repeat(43) })).code,
    ).toBe('40160');
    h.clock.now += 10 * 60_000 + 1;
    expect(
      (await call(fresh, 'third/check', { loginName: 'plain@example.com', pwd: PWD, serialNO: walletSerial })).code,
    ).toBe('40160');
    expect(identityRows()).toBe(1);
  });

  it('refuses an identity linked meanwhile to another account, and a second identity of one provider', async () => {
    const first = h.browser();
    const second = h.browser('198.51.100.7');
    const serialA = await unbound(first, TG);
    const serialB = await unbound(second, TG);
    await call(first, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO: serialA });
    const taken = await call(second, 'bind/check', { loginName: 'mfa@example.com', pwd: PWD, serialNO: serialB });
    expect(taken.code).toBe('40161');

    const other = h.browser('198.51.100.8');
    const serialC = await unbound(other, { ...TG, subject: '5555', label: '@other' });
    const twice = await call(other, 'tg/checkUserExit', {
      loginName: 'plain@example.com',
      pwd: PWD,
      serialNO: serialC,
    });
    expect(twice.code).toBe('40162');
    expect(identityRows()).toBe(1);
  });
});

describe('creating an account', () => {
  it("google/register takes only Google's vouched email, once", async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, GOOGLE);
    expect((await call(browser, 'google/register', { email: 'else@example.com', serialNO, agreed: true })).code).toBe(
      '40163',
    );
    const made = await call(browser, 'google/register', { email: 'g@example.com', serialNO, agreed: true });
    expect(made.code).toBe('00000');
    expect(await sessionUser(browser)).toBe(userIdOf('g@example.com'));
    const replay = h.browser('198.51.100.7');
    expect((await call(replay, 'google/register', { email: 'g@example.com', serialNO, agreed: true })).code).toBe(
      '40160',
    );
  });

  it('apple/register takes the vouched email without a code, another one only with its code', async () => {
    const browser = h.browser();
    await unbound(browser, APPLE);
    const noCode = await call(browser, 'apple/register', { email: 'mine@example.com', agreed: true });
    expect(noCode.code).toBe('40165');
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'mine@example.com' });
    const made = await call(browser, 'apple/register', {
      email: 'mine@example.com',
      emailCode: lastCode(h, 'mine@example.com'),
      agreed: true,
    });
    expect(made.code).toBe('00000');
    expect(thirdStoreOf(h.db).listLinked(userIdOf('mine@example.com'))).toMatchObject([{ provider: 'apple' }]);
  });

  it('wallet/register needs the email proved through bind/choose and securityVerify', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, WALLET);
    expect((await call(browser, 'wallet/register', { email: 'w@example.com', serialNO, agreed: true })).code).toBe(
      '40165',
    );
    expect((await call(browser, 'securityVerify', { emailCode: '123456' })).code).toBe('40164');
    await call(browser, 'bind/choose', { email: 'w@example.com', serialNO });
    expect((await call(browser, 'securityVerify', { emailCode: '000000' })).code).toBe('40102');
    const verified = await call(browser, 'securityVerify', { emailCode: lastCode(h, 'w@example.com') });
    expect(verified.data).toMatchObject({ verified: true, email: 'w@example.com' });
    // The proof is for the chosen email only.
    expect((await call(browser, 'wallet/register', { email: 'x@example.com', serialNO, agreed: true })).code).toBe(
      '40165',
    );
    const made = await call(browser, 'wallet/register', { email: 'w@example.com', serialNO, agreed: true });
    expect(made.code).toBe('00000');
    expect(await sessionUser(browser)).toBe(userIdOf('w@example.com'));
  });

  it('tg/register takes a registration code; an address already registered is refused and links nothing', async () => {
    const browser = h.browser();
    await unbound(browser, TG);
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'plain@example.com' });
    const taken = await call(browser, 'tg/register', {
      email: 'plain@example.com',
      verifyCode: lastCode(h, 'plain@example.com'),
      agreed: true,
    });
    expect(taken.code).toBe('40107');
    expect(identityRows()).toBe(0);
    // The serial survives the refusal: the person can link that account instead.
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'tg@example.com' });
    const made = await call(browser, 'tg/register', {
      email: 'tg@example.com',
      verifyCode: lastCode(h, 'tg@example.com'),
      agreed: true,
    });
    expect(made.code).toBe('00000');
  });

  it('tg/generateVirtual makes an account under a reserved address, which cannot unlink its only way in', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    expect((await call(browser, 'tg/generateVirtual', { serialNO, agreed: true })).code).toBe('00000');
    expect(h.ctx.users.findByEmail('tg4242@telegram.invalid')).toBeDefined();
    await browser.grantStepUp('third-unlink');
    expect((await call(browser, '../../security/third/unbind', { provider: 'telegram' })).code).toBe('40167');
  });
});

describe('the terms consent of a new account', () => {
  const userRows = () => (h.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
  const consentOf = (userId: string) =>
    h.db.prepare('SELECT agreed_at FROM terms_consents WHERE user_id = ?').get(userId) as
      | { agreed_at: number }
      | undefined;

  it.each([
    ['missing', {}],
    ['false', { agreed: false }],
    ['the string "true"', { agreed: 'true' }],
    ['1', { agreed: 1 }],
  ])(
    'refuses every sign-up call with the consent %s (40116): no user row, no link, the serial kept',
    async (_, consent) => {
      const users = userRows();
      const browser = h.browser();
      const serialNO = await unbound(browser, GOOGLE);
      expect((await call(browser, 'google/register', { email: 'g@example.com', serialNO, ...consent })).code).toBe(
        '40116',
      );
      const tg = h.browser('198.51.100.7');
      const tgSerial = await unbound(tg, TG);
      expect((await call(tg, 'tg/generateVirtual', { serialNO: tgSerial, ...consent })).code).toBe('40116');
      expect(userRows()).toBe(users);
      expect(identityRows()).toBe(0);
      // The refusal used nothing up: the same identity signs up once the box is ticked.
      expect((await call(browser, 'google/register', { email: 'g@example.com', serialNO, agreed: true })).code).toBe(
        '00000',
      );
      expect(userRows()).toBe(users + 1);
    },
  );

  it('refuses a coded sign-up before its code is spent, so the same code works once consent is given', async () => {
    const browser = h.browser();
    await unbound(browser, TG);
    await browser.post('/v1/msg/verify-code/send', { type: 'email', scene: 'register', email: 'tg@example.com' });
    const code = lastCode(h, 'tg@example.com');
    expect((await call(browser, 'tg/register', { email: 'tg@example.com', verifyCode: code })).code).toBe('40116');
    expect(h.ctx.users.findByEmail('tg@example.com')).toBeUndefined();
    const made = await call(browser, 'tg/register', { email: 'tg@example.com', verifyCode: code, agreed: true });
    expect(made.code).toBe('00000');
  });

  it('records when the new account agreed, with the account', async () => {
    h.clock.now += 5_000;
    const browser = h.browser();
    const serialNO = await unbound(browser, GOOGLE);
    await call(browser, 'google/register', { email: 'g@example.com', serialNO, agreed: true });
    expect(consentOf(userIdOf('g@example.com'))).toEqual({ agreed_at: h.clock.now });
  });

  it('changes nothing when a link to an existing account carries a forged consent', async () => {
    const users = userRows();
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    const linked = await call(browser, 'tg/checkUserExit', {
      loginName: 'plain@example.com',
      pwd: PWD,
      serialNO,
      agreed: true,
    });
    expect(linked.code).toBe('00000');
    expect(await sessionUser(browser)).toBe(userIdOf('plain@example.com'));
    expect(userRows()).toBe(users);
    expect(consentOf(userIdOf('plain@example.com'))).toBeUndefined();
    // The serial was used by the link: a sign-up with it afterwards makes nothing.
    const after = await call(h.browser('198.51.100.7'), 'tg/generateVirtual', { serialNO, agreed: true });
    expect(after.code).toBe('40160');
    expect(userRows()).toBe(users);
  });

  it('keeps the replay rules: a used serial is refused with or without consent, and makes no second account', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, GOOGLE);
    expect((await call(browser, 'google/register', { email: 'g@example.com', serialNO, agreed: true })).code).toBe(
      '00000',
    );
    const users = userRows();
    const replay = h.browser('198.51.100.7');
    expect((await call(replay, 'google/register', { email: 'g@example.com', serialNO, agreed: true })).code).toBe(
      '40160',
    );
    expect((await call(replay, 'google/register', { email: 'g@example.com', serialNO })).code).toBe('40160');
    expect(userRows()).toBe(users);
  });
});

describe('linked identities in the settings', () => {
  it('lists them, and unlinks only after a step-up', async () => {
    const browser = h.browser();
    const serialNO = await unbound(browser, TG);
    await call(browser, 'tg/checkUserExit', { loginName: 'plain@example.com', pwd: PWD, serialNO });
    const list = await json(await browser.get('/v1/user/security/third/list'));
    expect(list.data).toMatchObject([{ provider: 'telegram', label: '@trader' }]);
    expect(JSON.stringify(list.data)).not.toContain('4242');
    expect((await call(browser, '../../security/third/unbind', { provider: 'telegram' })).code).toBe('40112');
    await browser.grantStepUp('third-unlink');
    expect((await call(browser, '../../security/third/unbind', { provider: 'google' })).code).toBe('40166');
    // The refused change left the grant for the real one.
    expect((await call(browser, '../../security/third/unbind', { provider: 'telegram' })).code).toBe('00000');
    expect(identityRows()).toBe(0);
    const signedOut = h.browser('198.51.100.7');
    expect((await json(await signedOut.get('/v1/user/security/third/list'))).code).toBe('00005');
  });
});
