import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { riskTokenRoutes } from '../../../../gateway/security/risk-token-routes';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { THIRD_MIGRATIONS } from '../../../../gateway/third/third-migrations';
import { encodeAuthResult } from '../../../../gateway/third/telegram/dev-telegram-routes';
import { signInitData, signWidgetFields } from '../../../../gateway/third/telegram/telegram-check';
import { TELEGRAM_MIGRATIONS } from '../../../../gateway/third/telegram/telegram-migrations';
import { TELEGRAM_PATHS, telegramRoutes } from '../../../../gateway/third/telegram/telegram-routes';
import { readTelegramSettings, type TelegramSettings } from '../../../../gateway/third/telegram/telegram-settings';
import { type AuthHarness, type Browser, makeAuthHarness } from '../auth/auth-support';

const TOKEN = '123456789:TEST-routes-token-aaaaaaaaaaaaaaaaaaaa';
const OTHER_TOKEN = '987654321:another-bot-token-bbbbbbbbbbbbbbbbbb';

interface Harness extends AuthHarness {
  settings: TelegramSettings;
}

let h: Harness;
afterEach(() => h.close());

/** The auth harness with the Telegram routes mounted as app.ts mounts them (behind the risk check when asked). */
function makeHarness(options: { riskRequired?: boolean; localMode?: boolean } = {}): Harness {
  const localMode = options.localMode ?? false;
  const auth = makeAuthHarness({ localMode });
  runMigrations(auth.db, [...THIRD_MIGRATIONS, ...TELEGRAM_MIGRATIONS]);
  const tctx: ThirdContext = { auth: auth.ctx, db: auth.db, localMode, origins: ['https://exchange.example'] };
  const settings = readTelegramSettings(
    { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BOT_NAME: 'exchange_bot', TELEGRAM_AUTH_MAX_AGE_S: '3600' },
    localMode,
  )!;
  const outer = new Hono<GatewayEnv>();
  const device = riskTokenRoutes({ db: auth.db, required: options.riskRequired ?? false, now: () => auth.clock.now });
  outer.use('/v1/*', device.riskCheck);
  outer.route('/', device.routes);
  outer.route('/', telegramRoutes(tctx, settings));
  outer.route('/', auth.app);
  return Object.assign(auth, { app: outer, settings });
}

const nowS = () => Math.floor(h.clock.now / 1000);

/** Widget data as oauth.telegram.org returns it, signed with `token`. */
function widgetData(overrides: Record<string, string | number> = {}, token = TOKEN) {
  return signWidgetFields(token, {
    id: 5550001,
    first_name: 'Ivan',
    username: 'ivan_tg',
    auth_date: nowS(),
    ...overrides,
  });
}

const signOf = (data: unknown) => encodeAuthResult(data);

function initDataOf(user: Record<string, unknown>, token = TOKEN, authDate = nowS()) {
  return signInitData(token, { query_id: 'AAH1', user: JSON.stringify(user), auth_date: String(authDate) });
}

interface Reply {
  code: string;
  data: Record<string, unknown> | null;
}

async function call(
  browser: Browser,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}

const count = (table: string) => (h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Nothing a refused call could have left behind: no account, identity, serial or session. */
function expectNothingCreated(browser: Browser, users = 0) {
  expect(count('users')).toBe(users);
  expect(count('third_identities')).toBe(0);
  expect(count('third_serials')).toBe(0);
  expect(count('sessions')).toBe(0);
  expect(browser.cookies.has('sid')).toBe(false);
  expect(browser.cookies.has('third_serial')).toBe(false);
}

describe('tg/sign', () => {
  it('accepts fresh widget data once and answers unbound with a serialNO', async () => {
    h = makeHarness();
    const browser = h.browser();
    const reply = await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(widgetData()) });
    expect(reply.code).toBe('00000');
    expect(reply.data).toMatchObject({ bound: false, provider: 'telegram', label: '@ivan_tg', email: null });
    expect(reply.data?.serialNO).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(browser.cookies.has('third_serial')).toBe(true);
  });

  it('accepts standard base64 as well, and labels a user without username by first name', async () => {
    h = makeHarness();
    const data = signWidgetFields(TOKEN, { id: 5550002, first_name: 'Олег', auth_date: nowS() });
    const sign = Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
    const reply = await call(h.browser(), TELEGRAM_PATHS.sign, { sign });
    expect(reply.data).toMatchObject({ bound: false, label: 'Олег' });
  });

  it('refuses a replayed payload (40173), also from another browser', async () => {
    h = makeHarness();
    const sign = signOf(widgetData());
    expect((await call(h.browser(), TELEGRAM_PATHS.sign, { sign })).code).toBe('00000');
    const other = h.browser('198.51.100.7');
    expect((await call(other, TELEGRAM_PATHS.sign, { sign })).code).toBe('40173');
    expect(other.cookies.has('third_serial')).toBe(false);
    expect(count('third_serials')).toBe(1);
  });

  it('refuses each tampered field, another bot, and a missing hash, creating nothing', async () => {
    h = makeHarness();
    const browser = h.browser();
    const good = widgetData();
    for (const [key, value] of Object.entries({
      id: 5550009,
      first_name: 'Eve',
      username: 'eve',
      auth_date: nowS() - 1,
    })) {
      expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf({ ...good, [key]: value }) })).code).toBe(
        '40171',
      );
    }
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(widgetData({}, OTHER_TOKEN)) })).code).toBe(
      '40171',
    );
    const { hash: _hash, ...noHash } = good;
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(noHash) })).code).toBe('40170');
    expectNothingCreated(browser);
  });

  it('refuses stale and future data (40172), creating nothing', async () => {
    h = makeHarness();
    const browser = h.browser();
    const stale = widgetData({ auth_date: nowS() - 3601 });
    const future = widgetData({ auth_date: nowS() + 61 });
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(stale) })).code).toBe('40172');
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(future) })).code).toBe('40172');
    expectNothingCreated(browser);
  });

  it('refuses malformed base64, malformed JSON inside and a sign of the wrong kind (40170)', async () => {
    h = makeHarness();
    const browser = h.browser();
    for (const sign of [
      '%%%not-base64%%%',
      Buffer.from('{"id":1,"first_name":', 'utf8').toString('base64url'),
      Buffer.from('[1,2]', 'utf8').toString('base64url'),
      Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'),
      JSON.stringify(widgetData()),
      'A'.repeat(5000),
      '',
      42,
      null,
    ]) {
      expect((await call(browser, TELEGRAM_PATHS.sign, { sign })).code).toBe('40170');
    }
    expectNothingCreated(browser);
  });

  it('signs a linked Telegram account in through the account itself', async () => {
    h = makeHarness();
    const user = await h.addUser({ email: 'linked@example.com', password: 'Linked-pass-1' });
    h.db
      .prepare(
        "INSERT INTO third_identities (provider, subject, user_id, label, linked_at) VALUES ('telegram', ?, ?, ?, ?)",
      )
      .run('5550001', user.id, '@ivan_tg', h.clock.now);
    const browser = h.browser();
    const reply = await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(widgetData()) });
    expect(reply.code).toBe('00000');
    expect(reply.data?.bound).not.toBe(false);
    expect(browser.cookies.has('third_serial')).toBe(false);
  });
});

describe('tg/signV2', () => {
  it('accepts Mini App data whose user is the `id` given, once', async () => {
    h = makeHarness();
    const initData = initDataOf({ id: 5550003, first_name: 'Mia', username: 'mia' });
    const reply = await call(h.browser(), TELEGRAM_PATHS.signV2, { initData, id: '5550003' });
    expect(reply.data).toMatchObject({ bound: false, provider: 'telegram', label: '@mia' });
    expect((await call(h.browser(), TELEGRAM_PATHS.signV2, { initData, id: 5550003 })).code).toBe('40173');
  });

  it('refuses an id that is not the Mini App user (40174), creating nothing', async () => {
    h = makeHarness();
    const browser = h.browser();
    const initData = initDataOf({ id: 5550003, first_name: 'Mia' });
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData, id: '5550004' })).code).toBe('40174');
    expectNothingCreated(browser);
    // The refusal did not use the data up: with the right id it still works.
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData, id: '5550003' })).code).toBe('00000');
  });

  it('refuses data signed the widget way, with another bot, stale, or malformed', async () => {
    h = makeHarness();
    const browser = h.browser();
    const user = JSON.stringify({ id: 5550005, first_name: 'Zoe' });
    const widgetStyle = signWidgetFields(TOKEN, { auth_date: String(nowS()), user });
    const forged = new URLSearchParams({ auth_date: String(nowS()), user, hash: String(widgetStyle.hash) }).toString();
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: forged, id: '5550005' })).code).toBe('40171');
    const other = initDataOf({ id: 5550005, first_name: 'Zoe' }, OTHER_TOKEN);
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: other, id: '5550005' })).code).toBe('40171');
    const stale = initDataOf({ id: 5550005, first_name: 'Zoe' }, TOKEN, nowS() - 3601);
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: stale, id: '5550005' })).code).toBe('40172');
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: 'user=x', id: '5550005' })).code).toBe('40170');
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: 7, id: '5550005' })).code).toBe('40170');
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData: other, id: 'abc' })).code).toBe('40170');
    expectNothingCreated(browser);
  });
});

describe('risk check', () => {
  it('refuses tg/sign and tg/signV2 without a risk token (40140), then accepts them with one', async () => {
    h = makeHarness({ riskRequired: true });
    const browser = h.browser();
    const sign = signOf(widgetData());
    const initData = initDataOf({ id: 5550006, first_name: 'Kim' });
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign })).code).toBe('40140');
    expect((await call(browser, TELEGRAM_PATHS.signV2, { initData, id: '5550006' })).code).toBe('40140');
    expectNothingCreated(browser);
    const token = ((await (await browser.get('/v1/constantid/udid/c1')).json()) as { data: { token: string } }).data
      .token;
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign }, { 'risk-token': token })).code).toBe('00000');
  });
});

describe('failure limit', () => {
  it('answers 40429 after 30 refused logins from one address', async () => {
    h = makeHarness();
    const browser = h.browser();
    for (let i = 0; i < 30; i++) await call(browser, TELEGRAM_PATHS.sign, { sign: 'bad!' });
    expect((await call(browser, TELEGRAM_PATHS.sign, { sign: signOf(widgetData()) })).code).toBe('40429');
    expect((await call(h.browser('198.51.100.9'), TELEGRAM_PATHS.sign, { sign: signOf(widgetData()) })).code).toBe(
      '00000',
    );
  });
});
