import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { THIRD_MIGRATIONS } from '../../../../gateway/third/third-migrations';
import { DEV_TELEGRAM_PATHS } from '../../../../gateway/third/telegram/dev-telegram-routes';
import { TELEGRAM_MIGRATIONS } from '../../../../gateway/third/telegram/telegram-migrations';
import { TELEGRAM_PATHS, telegramRoutes } from '../../../../gateway/third/telegram/telegram-routes';
import { readTelegramSettings, type TelegramSettings } from '../../../../gateway/third/telegram/telegram-settings';
import { type AuthHarness, makeAuthHarness } from '../auth/auth-support';

const SITE = 'http://localhost';
let h: AuthHarness & { settings: TelegramSettings };
afterEach(() => h.close());

function makeHarness(localMode: boolean, env: NodeJS.ProcessEnv = {}) {
  const auth = makeAuthHarness({ localMode });
  runMigrations(auth.db, [...THIRD_MIGRATIONS, ...TELEGRAM_MIGRATIONS]);
  const tctx: ThirdContext = { auth: auth.ctx, db: auth.db, localMode, origins: [] };
  const settings = readTelegramSettings(env, localMode) ?? readTelegramSettings(env, true)!;
  const outer = new Hono<GatewayEnv>();
  outer.route('/', telegramRoutes(tctx, settings));
  outer.route('/', auth.app);
  return Object.assign(auth, { app: outer, settings });
}

const authUrl = (params: Record<string, string>) => `${DEV_TELEGRAM_PATHS.auth}?${new URLSearchParams(params)}`;
const pageParams = () => ({
  bot_id: h.settings.botId,
  origin: SITE,
  request_access: 'write',
  return_to: `${SITE}/en/login?redirect=%2Fassets`,
});

function submitForm(fields: Record<string, string>) {
  return h.browser().request(DEV_TELEGRAM_PATHS.auth, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('dev Telegram OAuth page', () => {
  it('renders a form without script or inline style for this site', async () => {
    h = makeHarness(true);
    const res = await h.browser().get(authUrl(pageParams()));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`action="${DEV_TELEGRAM_PATHS.auth}"`);
    expect(html).toContain(`href="${DEV_TELEGRAM_PATHS.css}"`);
    expect(html).not.toMatch(/<script|style=/);
  });

  it('returns to return_to with a #tgAuthResult that tg/sign accepts once', async () => {
    h = makeHarness(true);
    const { bot_id, origin, return_to } = pageParams();
    const res = await submitForm({ bot_id, origin, return_to, id: '777', first_name: 'Lee', username: 'lee' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${return_to}#tgAuthResult=`)).toBe(true);
    const sign = location.split('#tgAuthResult=')[1]!;
    expect(JSON.parse(Buffer.from(sign, 'base64url').toString('utf8'))).toMatchObject({ id: 777, first_name: 'Lee' });
    const post = (body: unknown) =>
      h
        .browser()
        .post(TELEGRAM_PATHS.sign, body)
        .then((r) => r.json() as Promise<{ code: string; data: unknown }>);
    expect(await post({ sign })).toMatchObject({ code: '00000', data: { bound: false, label: '@lee' } });
    expect((await post({ sign })).code).toBe('40173');
  });

  it('refuses another site as origin or return address, and another bot', async () => {
    h = makeHarness(true);
    expect((await h.browser().get(authUrl({ ...pageParams(), return_to: 'https://evil.example/login' }))).status).toBe(
      400,
    );
    expect((await h.browser().get(authUrl({ ...pageParams(), origin: 'https://evil.example' }))).status).toBe(400);
    expect((await h.browser().get(authUrl({ ...pageParams(), bot_id: '1' }))).status).toBe(400);
    const { bot_id, origin } = pageParams();
    const res = await submitForm({ bot_id, origin, return_to: 'https://evil.example/', id: '7', first_name: 'X' });
    expect(res.status).toBe(400);
  });

  it('signs Mini App data for tests that tg/signV2 accepts', async () => {
    h = makeHarness(true);
    const res = await h.browser().post(DEV_TELEGRAM_PATHS.initData, { user: { id: 4040, first_name: 'Mini' } });
    const { initData } = ((await res.json()) as { data: { initData: string } }).data;
    const reply = await (await h.browser().post(TELEGRAM_PATHS.signV2, { initData, id: '4040' })).json();
    expect(reply).toMatchObject({ code: '00000', data: { bound: false, label: 'Mini' } });
  });

  it('is not mounted outside local mode, nor with a real bot', async () => {
    h = makeHarness(false);
    expect((await h.browser().get(authUrl(pageParams()))).status).toBe(404);
    expect((await h.browser().post(DEV_TELEGRAM_PATHS.initData, { user: { id: 1, first_name: 'A' } })).status).toBe(
      404,
    );
    h.close();
    h = makeHarness(true, {
      TELEGRAM_BOT_TOKEN: '123456789:real-token-aaaaaaaaaaaaaaaaaaaaaaaa',
      TELEGRAM_BOT_NAME: 'real_bot',
    });
    expect((await h.browser().get(authUrl(pageParams()))).status).toBe(404);
  });
});
