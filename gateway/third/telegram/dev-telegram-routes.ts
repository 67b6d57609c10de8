import { type Context, Hono } from 'hono';
import { readAuthBody } from '../../auth/auth-request';
import { businessErrorHandler, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { isHttpsRequest } from '../../http/request-origin';
import type { JsonObject } from '../../http/validate';
import type { ThirdContext } from '../third-core';
import { DEV_TELEGRAM_CSS, renderDevTelegramPage } from './dev-telegram-page';
import { signInitData, signWidgetFields } from './telegram-check';
import { DEV_TELEGRAM_OAUTH_BASE, type TelegramSettings } from './telegram-settings';

/** Paths of the dev Telegram (local mode only): the OAuth page and its stylesheet, and the Mini App data helper. */
export const DEV_TELEGRAM_PATHS = {
  auth: `${DEV_TELEGRAM_OAUTH_BASE}/auth`,
  css: `${DEV_TELEGRAM_OAUTH_BASE}/page.css`,
  initData: '/dev/telegram/init-data',
} as const;

/** The base64url of a JSON value's UTF-8 text: how oauth.telegram.org hands the login back in `#tgAuthResult=`. */
export function encodeAuthResult(data: unknown): string {
  return Buffer.from(JSON.stringify(data), 'utf8').toString('base64url');
}

/** The origin this request came to. */
function ownOrigin(c: Context<GatewayEnv>): string {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttpsRequest(c) ? 'https' : 'http'}://${host}`;
}

/** The page's parameters, when they name this bot and a return address on this very site (never an open redirect). */
function readTarget(c: Context<GatewayEnv>, settings: TelegramSettings, source: Record<string, unknown>) {
  const { bot_id: botId, origin, return_to: returnTo } = source;
  if (botId !== settings.botId) throw invalidField('bot_id', 'is not the dev bot');
  if (typeof origin !== 'string' || origin !== ownOrigin(c)) throw invalidField('origin', 'must be this site');
  let target: URL;
  try {
    target = new URL(typeof returnTo === 'string' ? returnTo : '');
  } catch {
    throw invalidField('return_to', 'must be a URL on this site');
  }
  if (target.origin !== origin) throw invalidField('return_to', 'must be a URL on this site');
  target.hash = '';
  return { origin, returnTo: target.toString() };
}

function formText(value: unknown, pattern: RegExp, field: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw invalidField(field, 'is not valid');
  return value;
}

/** A user for signed Mini App data: `{id, first_name, username?}`. */
function readDevUser(body: JsonObject): { id: number; first_name: string; username?: string } {
  const user = body.user;
  if (typeof user !== 'object' || user === null || Array.isArray(user)) throw invalidField('user', 'must be an object');
  const { id, first_name: firstName, username } = user as JsonObject;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw invalidField('user.id', 'must be a positive integer');
  if (typeof firstName !== 'string' || firstName === '') throw invalidField('user.first_name', 'must be text');
  if (username !== undefined && (typeof username !== 'string' || !/^[A-Za-z0-9_]{0,32}$/.test(username)))
    throw invalidField('user.username', 'is not a Telegram username');
  return { id, first_name: firstName, ...(username ? { username } : {}) };
}

/**
 * Local mode's stand-in for Telegram, signing with the dev bot: `GET /dev/telegram-oauth/auth` (the form that plays
 * oauth.telegram.org; posting it returns to `return_to#tgAuthResult=…`) and `POST /dev/telegram/init-data`
 * {user, auth_date?} → {initData} for tests and the app shell. Mounted only in local mode with the dev bot.
 */
export function devTelegramRoutes(tctx: ThirdContext, settings: TelegramSettings): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const nowS = () => Math.floor(tctx.auth.now() / 1000);

  routes.get(DEV_TELEGRAM_PATHS.auth, (c) => {
    const { origin, returnTo } = readTarget(c, settings, c.req.query());
    c.header('cache-control', 'no-store');
    return c.html(
      renderDevTelegramPage({
        botName: settings.botName,
        botId: settings.botId,
        origin,
        returnTo,
        action: DEV_TELEGRAM_PATHS.auth,
        cssPath: DEV_TELEGRAM_PATHS.css,
      }),
    );
  });

  routes.post(DEV_TELEGRAM_PATHS.auth, async (c) => {
    const form = await c.req.parseBody();
    const { returnTo } = readTarget(c, settings, form);
    const id = formText(form.id, /^[1-9]\d{0,15}$/, 'id');
    const firstName = formText(form.first_name, /^.{1,64}$/u, 'first_name');
    const username = formText(form.username ?? '', /^[A-Za-z0-9_]{0,32}$/, 'username');
    const fields = {
      id: Number(id),
      first_name: firstName,
      ...(username ? { username } : {}),
      auth_date: nowS(),
    };
    const result = encodeAuthResult(signWidgetFields(settings.botToken, fields));
    return c.redirect(`${returnTo}#tgAuthResult=${result}`, 303);
  });

  routes.get(DEV_TELEGRAM_PATHS.css, (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(DEV_TELEGRAM_CSS);
  });

  routes.post(DEV_TELEGRAM_PATHS.initData, async (c) => {
    const body = await readAuthBody(c);
    const authDate = body.auth_date === undefined ? nowS() : body.auth_date;
    if (typeof authDate !== 'number' || !Number.isSafeInteger(authDate))
      throw invalidField('auth_date', 'must be Unix seconds');
    const initData = signInitData(settings.botToken, {
      query_id: `DEV${nowS().toString(36)}`,
      user: JSON.stringify(readDevUser(body)),
      auth_date: String(authDate),
    });
    c.header('cache-control', 'no-store');
    return replyOk(c, { initData });
  });
  return routes;
}
