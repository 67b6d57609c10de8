import { type Context, Hono } from 'hono';
import { AuthError, rateLimited } from '../../auth/auth-errors';
import type { ClientKey } from '../../auth/sign-in/pending-login-store';
import type { RateLimit } from '../../security/rate-limiter';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import { signInWithIdentity, type ThirdContext, type ThirdIdentity } from '../third-core';
import { answerThird, readThirdFields } from '../third-input';
import { devTelegramRoutes } from './dev-telegram-routes';
import {
  initDataFieldsOf,
  TELEGRAM_CLOCK_SKEW_S,
  type TelegramUser,
  type VerifiedTelegramLogin,
  verifyInitData,
  verifyWidgetLogin,
  widgetFieldsOf,
} from './telegram-check';
import { TELEGRAM_ERRORS } from './telegram-errors';
import { createTelegramReplayStore } from './telegram-replay-store';
import type { TelegramSettings } from './telegram-settings';
import { businessErrorHandler } from '../../http/envelope';

/** Paths of the Telegram sign-in (spec §7.4). */
export const TELEGRAM_PATHS = {
  sign: '/v1/user/public/third/tg/sign',
  signV2: '/v1/user/public/third/tg/signV2',
} as const;

/** Refused Telegram logins per client address: 30 per 15 minutes, then 40429. */
export const TELEGRAM_FAILURE_LIMIT: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };

/** The longest `sign` accepted: Telegram's widget data is a few hundred bytes. */
const MAX_SIGN_LENGTH = 4096;
/** Standard or URL-safe base64, padded or not. */
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The widget data in `sign`: the `tgAuthResult` that oauth.telegram.org appends to the return URL, passed on
 * untouched, i.e. base64 (URL-safe or standard) of the UTF-8 JSON object the widget returns. Throws 40170.
 */
function readSign(fields: JsonObject): Map<string, string> {
  const sign = fields.sign;
  if (typeof sign !== 'string' || sign.length > MAX_SIGN_LENGTH || !BASE64.test(sign))
    throw TELEGRAM_ERRORS.malformed();
  let data: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(sign, 'base64'));
    data = JSON.parse(text);
  } catch {
    throw TELEGRAM_ERRORS.malformed();
  }
  return widgetFieldsOf(data);
}

/** The Mini App's `initData` string, or 40170. */
function readInitData(fields: JsonObject): Map<string, string> {
  const initData = fields.initData;
  if (typeof initData !== 'string') throw TELEGRAM_ERRORS.malformed();
  return initDataFieldsOf(initData);
}

/** The Telegram user id in `id` (a decimal string or number), or 40170. */
function readUserId(fields: JsonObject): string {
  const id = fields.id;
  const text = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id;
  if (typeof text !== 'string' || !/^[1-9]\d{0,19}$/.test(text)) throw TELEGRAM_ERRORS.malformed();
  return text;
}

/** What the person recognises their Telegram account by: `@username`, else their first name. */
export function telegramLabel(user: TelegramUser): string {
  return user.username ? `@${user.username}` : user.firstName;
}

/**
 * The Telegram sign-in: `tg/sign` {sign} with the login widget's data (see `readSign`), and `tg/signV2`
 * {initData, id} from a Telegram Mini App. Each login is checked with the bot's token, must be fresh and is used
 * once; then `signInWithIdentity`. In local mode with the dev bot, the dev Telegram pages are mounted too.
 */
export function telegramRoutes(tctx: ThirdContext, settings: TelegramSettings): Hono<GatewayEnv> {
  const ctx = tctx.auth;
  const replays = createTelegramReplayStore(tctx.db);
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);

  /** Runs a check, counting its refusals against the client address; a used login is refused with 40173. */
  async function prove(
    c: Context<GatewayEnv>,
    kind: 'widget' | 'initData',
    check: (fields: JsonObject) => VerifiedTelegramLogin,
  ): Promise<{ identity: ThirdIdentity; clientKey: ClientKey | null }> {
    const failures = `telegram:fail:${ctx.clientIp(c)}`;
    if (ctx.limiter.isLimited(failures, TELEGRAM_FAILURE_LIMIT)) throw rateLimited();
    try {
      // The login comes in the login envelope, whose client key the session is bound to.
      const { fields, clientKey } = await readThirdFields(tctx, c);
      const login = check(fields);
      // Kept until the login would have expired anyway (plus the skew a future date may have).
      const expiresAt = (login.authDate + settings.maxAgeS + TELEGRAM_CLOCK_SKEW_S + 1) * 1000;
      if (!replays.use(kind, login.hash, expiresAt, ctx.now())) throw TELEGRAM_ERRORS.used();
      const identity: ThirdIdentity = {
        provider: 'telegram',
        subject: login.user.id,
        label: telegramLabel(login.user),
        email: null,
      };
      return { identity, clientKey };
    } catch (error) {
      if (error instanceof AuthError) ctx.limiter.hit(failures);
      throw error;
    }
  }

  routes.post(TELEGRAM_PATHS.sign, async (c) => {
    const { identity, clientKey } = await prove(c, 'widget', (fields) =>
      verifyWidgetLogin(readSign(fields), settings.botToken, ctx.now(), settings.maxAgeS),
    );
    return answerThird(tctx, c, (facts) => signInWithIdentity(tctx, facts, identity, clientKey));
  });

  routes.post(TELEGRAM_PATHS.signV2, async (c) => {
    const { identity, clientKey } = await prove(c, 'initData', (fields) => {
      const claimed = readUserId(fields);
      const login = verifyInitData(readInitData(fields), settings.botToken, ctx.now(), settings.maxAgeS);
      if (login.user.id !== claimed) throw TELEGRAM_ERRORS.wrongUser();
      return login;
    });
    return answerThird(tctx, c, (facts) => signInWithIdentity(tctx, facts, identity, clientKey));
  });

  if (tctx.localMode && settings.isDevBot) routes.route('/', devTelegramRoutes(tctx, settings));
  return routes;
}
