import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AuthContext } from '../../auth/auth-context';
import { rateLimited, submitFailed } from '../../auth/auth-errors';
import { answerSignIn, readAuthBody, readSensitiveFields, requestFacts, requireUser } from '../../auth/auth-request';
import { completeLogin } from '../../auth/sign-in/complete-login';
import { placeOf } from '../../auth/sessions/ip-place';
import type { RateLimit } from '../../security/rate-limiter';
import { isSecureRequest, readSecretCookie } from '../../auth/sessions/session-cookies';
import { createSubAccountStore, type SubAccountStore } from '../../auth/sub-accounts/sub-account-store';
import { parseUserAgent, USER_AGENT_MAX } from '../../auth/sessions/user-agent';
import type { UserRecord } from '../../auth/user-store';
import { loginView } from '../../auth/user-views';
import { businessErrorHandler, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import type { ThirdContext } from '../third-core';
import { QR_ERRORS } from './qr-errors';
import { qrContentOf, type QrSettings } from './qr-settings';
import { browserDigest, createQrStore, type QrRecord, type QrStore } from './qr-store';

/**
 * Paths of the QR sign-in: the web login page makes a code (`qrcode/create`, ours) and polls it (`getQrKeyStatus`,
 * spec §7.4); the signed-in app scans, confirms or cancels it (ours, not public).
 */
export const QR_PATHS = {
  create: '/v1/user/public/third/qrcode/create',
  status: '/v1/user/public/third/getQrKeyStatus',
  scan: '/v1/user/qrcode/scan',
  confirm: '/v1/user/qrcode/confirm',
  cancel: '/v1/user/qrcode/cancel',
} as const;

/** The httpOnly cookie that binds a code to the browser that shows it. */
export const QR_COOKIE = 'third_qr';
/** How long a code can be scanned and confirmed: 120 s. */
export const QR_TTL_MS = 120 * 1000;
/** How long a confirmed code waits for its browser's next poll: 30 s. */
export const QR_COLLECT_MS = 30 * 1000;
/** Codes made per client address: 30 per 10 minutes. */
export const QR_CREATE_IP_LIMIT: RateLimit = { max: 30, windowMs: 10 * 60 * 1000 };
/** Polls per client address: 90 a minute (three tabs polling every 2 s). */
export const QR_POLL_IP_LIMIT: RateLimit = { max: 90, windowMs: 60 * 1000 };
/** Refused scans, confirms and cancels per account: 20 per 10 minutes. */
export const QR_APP_FAILURE_LIMIT: RateLimit = { max: 20, windowMs: 10 * 60 * 1000 };

/** A key as `qrcode/create` makes it: 32 bytes, base64url (256 bits). */
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The state `getQrKeyStatus` answers. */
export type QrStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'cancelled';

/** The key in `qrcodeKey`, or 40185 for anything no code could have. */
function readKey(fields: JsonObject): string {
  const value = fields.qrcodeKey;
  if (typeof value !== 'string' || !KEY_SHAPE.test(value)) throw QR_ERRORS.unknownKey();
  return value;
}

/** What the app shows of an account that scanned: the sub-account's name, else the masked email or mobile. */
function accountLabel(user: UserRecord | undefined): string {
  if (!user) return '';
  return user.parentId !== null ? (user.nickName ?? '') : loginView(user).loginName;
}

/** The browser a code was made in, as the app shows it before the person confirms. */
function browserView(record: QrRecord) {
  const agent = parseUserAgent(record.userAgent);
  const place = placeOf(record.ip);
  return {
    browser: agent.browser,
    browserVersion: agent.kind === 'browser' ? agent.version : null,
    os: agent.os,
    osVersion: agent.osVersion,
    place:
      place.kind === 'known' ? { kind: place.kind, city: place.city, country: place.country } : { kind: place.kind },
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
  };
}

/** The signed-in account of an app call, refused (40189) when it is a frozen or deleted sub-account. */
function appUser(ctx: AuthContext, subs: SubAccountStore, c: Context<GatewayEnv>): UserRecord {
  const user = requireUser(ctx, c);
  if (subs.statusOf(user.id) !== 'active') throw QR_ERRORS.accountUnavailable();
  return user;
}

/**
 * QR sign-in (spec §7.4 `getQrKeyStatus`). The login page makes a code bound to its browser by an httpOnly cookie
 * and polls it; the exchange's app, signed in, scans it (and shows where the browser is), then confirms or cancels
 * it. Once confirmed, the next poll of the browser that made the code, and only that one, signs it in as the
 * confirming account, once; the app's confirmation stands for the second factor. Every step is one conditional
 * update, so a replayed or racing call finds the code already moved on.
 */
export function qrRoutes(tctx: ThirdContext, settings: QrSettings): Hono<GatewayEnv> {
  const ctx = tctx.auth;
  const store: QrStore = createQrStore(tctx.db);
  const subs = createSubAccountStore(tctx.db, ctx.users);
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);

  const limit = (bucket: string, rule: RateLimit): void => {
    if (ctx.limiter.isLimited(bucket, rule)) throw rateLimited();
    ctx.limiter.hit(bucket);
  };

  routes.post(QR_PATHS.create, (c) => {
    limit(`qr:create:${ctx.clientIp(c)}`, QR_CREATE_IP_LIMIT);
    const now = ctx.now();
    // One secret per browser, kept while it lives, so two tabs of one browser can each show a code.
    const browserSecret = readSecretCookie(c, QR_COOKIE) ?? randomBytes(32).toString('base64url');
    const qrcodeKey = randomBytes(32).toString('base64url');
    const expiresAt = now + QR_TTL_MS;
    store.create({
      key: qrcodeKey,
      browserSecret,
      userAgent: (c.req.header('user-agent') ?? '').slice(0, USER_AGENT_MAX),
      ip: ctx.clientIp(c),
      createdAt: now,
      expiresAt,
    });
    setCookie(c, QR_COOKIE, browserSecret, {
      path: '/v1/user/public/third/',
      httpOnly: true,
      sameSite: 'Strict',
      secure: isSecureRequest(c, ctx.secureCookies),
      maxAge: 60 * 60,
    });
    c.header('cache-control', 'no-store');
    return replyOk(c, { qrcodeKey, qrContent: qrContentOf(settings, qrcodeKey), expiresAt });
  });

  routes.post(QR_PATHS.status, async (c) => {
    limit(`qr:poll:${ctx.clientIp(c)}`, QR_POLL_IP_LIMIT);
    const secret = readSecretCookie(c, QR_COOKIE);
    // Only the browser that shows the code learns anything about it: one that never made a code is refused first.
    if (secret === undefined) throw QR_ERRORS.otherBrowser();
    // The key may come in a login envelope (signing config `enc:qrcodeKey`), which also names this browser's key pair.
    const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
    if (!submitted) throw submitFailed();
    const key = readKey(submitted.fields);
    const record = store.find(key);
    if (!record || record.status === 'collected') throw QR_ERRORS.unknownKey();
    if (browserDigest(secret) !== record.browserHash) throw QR_ERRORS.otherBrowser();
    c.header('cache-control', 'no-store');
    const now = ctx.now();
    if (record.expiresAt <= now) return replyOk(c, { status: 'expired' satisfies QrStatus });
    if (record.status === 'waiting' || record.status === 'cancelled') return replyOk(c, { status: record.status });
    const user = record.userId === null ? undefined : ctx.users.findById(record.userId);
    if (record.status === 'scanned') return replyOk(c, { status: 'scanned', account: accountLabel(user) });
    // Confirmed: this poll takes the sign-in, once.
    if (!store.collect(record.digest, record.browserHash, now)) throw QR_ERRORS.unknownKey();
    if (!user || subs.statusOf(user.id) !== 'active') throw QR_ERRORS.accountUnavailable();
    const facts = requestFacts(ctx, c);
    const answer = await completeLogin(ctx, facts, user, submitted.clientKey);
    // A switched sub-account session in the app makes a web session that can switch back the same way.
    if (answer.session && record.mainUserId !== null)
      subs.setMainOfSession(answer.session.sessionId, record.mainUserId);
    ctx.logger.info('QR sign-in', { userId: user.id });
    return answerSignIn(c, facts, answer);
  });

  /** Runs an app call on a live code, counting refusals per account. */
  const appCall =
    (run: (c: Context<GatewayEnv>, user: UserRecord, record: QrRecord, now: number) => Response) =>
    async (c: Context<GatewayEnv>) => {
      const user = appUser(ctx, subs, c);
      const bucket = `qr:app-fail:${user.id}`;
      if (ctx.limiter.isLimited(bucket, QR_APP_FAILURE_LIMIT)) throw rateLimited();
      try {
        const key = readKey(await readAuthBody(c));
        const record = store.find(key);
        const now = ctx.now();
        if (!record || record.status === 'collected' || record.expiresAt <= now) throw QR_ERRORS.unknownKey();
        return run(c, user, record, now);
      } catch (error) {
        ctx.limiter.hit(bucket);
        throw error;
      }
    };

  routes.post(
    QR_PATHS.scan,
    appCall((c, user, record, now) => {
      const isMine = record.status === 'scanned' && record.userId === user.id;
      if (!isMine) {
        if (record.status === 'scanned') throw QR_ERRORS.otherAccount();
        if (record.status !== 'waiting' || !store.markScanned(record.digest, user.id, now))
          throw QR_ERRORS.wrongState();
      }
      return replyOk(c, browserView(record));
    }),
  );

  routes.post(
    QR_PATHS.confirm,
    appCall((c, user, record, now) => {
      if (record.status === 'scanned' && record.userId !== user.id) throw QR_ERRORS.otherAccount();
      const session = c.get('session');
      const main = session ? subs.mainOfSession(session.sessionId) : null;
      if (!store.markConfirmed(record.digest, user.id, main, now, now + QR_COLLECT_MS)) throw QR_ERRORS.wrongState();
      ctx.logger.info('QR sign-in confirmed', { userId: user.id });
      return replyOk(c, { confirmed: true });
    }),
  );

  routes.post(
    QR_PATHS.cancel,
    appCall((c, user, record, now) => {
      if (record.status === 'scanned' && record.userId !== user.id) throw QR_ERRORS.otherAccount();
      if (!store.markCancelled(record.digest, user.id, now)) throw QR_ERRORS.wrongState();
      return replyOk(c, { cancelled: true });
    }),
  );

  return routes;
}
