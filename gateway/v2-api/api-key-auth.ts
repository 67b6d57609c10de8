import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { safeEqualText } from '../auth/safe-equal';
import { verifyPassword } from '../auth/password-hash';
import { DEFAULT_BODY_LIMIT, mediaTypeOf } from '../http/read-json-body';
import { clientAddressOf } from '../http/request-origin';
import type { Logger } from '../log/logger';
import { readRawBody } from '../security/read-raw-body';
import type { ApiKeyEnv, ApiCaller } from './api-key-env';
import { apiCallerOf } from './api-key-env';
import {
  accessKeyInvalid,
  accessKeyMissing,
  accessSignMissing,
  accessTimestampInvalid,
  contentTypeInvalid,
  ipNotAllowed,
  passphraseMissing,
  passphraseWrong,
  permissionMissing,
  signatureWrong,
  timestampExpired,
} from '../api-keys/api-key-errors';
import { API_KEY_PATTERN, type ApiPermission } from '../api-keys/api-key-rules';
import { tooManyRequests, type V2RateLimiter } from './v2-rate-limits';
import type { ApiKeyCredential, ApiKeyStore } from '../api-keys/api-key-store';
import { isAllowedIp } from '../api-keys/ip-allow-list';
import { signRequest } from './request-signature';
import type { ReplayStore } from '../security/replay-store';

/** How far `ACCESS-TIMESTAMP` may be from the gateway's clock, either way: 30 s (issue 21). */
export const TIMESTAMP_WINDOW_MS = 30_000;
/** Passphrases proved right kept per key, so a bot's every request does not cost a scrypt hash. */
const PASSPHRASE_CACHE_SIZE = 1024;
const ACCESS_TIMESTAMP = /^\d{1,16}$/;

/** What the API key check needs. */
export interface ApiKeyAuthDeps {
  store: ApiKeyStore;
  /** The gateway's one-time proofs (SQLite, so a restart within the window remembers them too). */
  replays: ReplayStore;
  logger: Logger;
  /** The gateway's clock in ms (default Date.now). */
  now?: () => number;
  /** The caller's address (default: the request-origin middleware's, a trusted proxy's `X-Forwarded-For` included). */
  clientIp?: (c: Context<ApiKeyEnv>) => string;
  /** The per-account, per-route limits of the exchange (429 past them); none when absent. */
  rateLimiter?: V2RateLimiter;
}

/**
 * Remembers, per key, a keyed digest of the passphrase last proved against its stored hash. A wrong or new passphrase
 * still pays the full scrypt check; the entry is tied to the hash it was proved against, and every request reads
 * the key's row first, so nothing here outlives a deleted key.
 */
class PassphraseCheck {
  private readonly pepper = randomBytes(32);
  private readonly proved = new Map<string, { hash: string; digest: Buffer }>();

  async matches(credential: ApiKeyCredential, passphrase: string): Promise<boolean> {
    const digest = createHmac('sha256', this.pepper).update(`${credential.apiKey}\n${passphrase}`).digest();
    const known = this.proved.get(credential.apiKey);
    if (known && known.hash === credential.passphraseHash && timingSafeEqual(known.digest, digest)) return true;
    if (!(await verifyPassword(passphrase, credential.passphraseHash))) return false;
    this.proved.delete(credential.apiKey);
    if (this.proved.size >= PASSPHRASE_CACHE_SIZE) this.proved.delete(this.proved.keys().next().value!);
    this.proved.set(credential.apiKey, { hash: credential.passphraseHash, digest });
    return true;
  }
}

/**
 * The exchange's v2 private REST authentication, put in front of each `/api/v2/` private route (so an unknown path
 * still answers 404 whatever its headers): `ACCESS-KEY`,
 * `ACCESS-SIGN` = base64 HMAC-SHA256(secret, timestamp + METHOD + requestPath + ('?' + query) + body),
 * `ACCESS-TIMESTAMP` (ms, within 30 s of the gateway's clock either way), `ACCESS-PASSPHRASE`; optional `locale` and
 * `paptrading`. The key is read afresh on every request, so a disabled or deleted key fails at once; each signature is
 * accepted once; the request's address must be in the key's allow-list. On success the caller (account, key,
 * permissions) is set for the route, which declares what it needs with `requirePermission`.
 */
export function apiKeyAuth(deps: ApiKeyAuthDeps): MiddlewareHandler<ApiKeyEnv> {
  const now = deps.now ?? Date.now;
  const clientIp = deps.clientIp ?? clientAddressOf;
  const passphrases = new PassphraseCheck();
  return async (c, next) => {
    const header = (name: string) => c.req.header(name)?.trim() ?? '';
    const apiKey = header('access-key');
    const signature = header('access-sign');
    const timestamp = header('access-timestamp');
    const passphrase = header('access-passphrase');
    if (apiKey === '') throw accessKeyMissing();
    if (signature === '') throw accessSignMissing();
    if (!ACCESS_TIMESTAMP.test(timestamp)) throw accessTimestampInvalid();
    if (passphrase === '') throw passphraseMissing();
    const nowMs = now();
    const sentAt = Number(timestamp);
    const refuse = (error: Error, reason: string) => {
      deps.logger.debug('api key request refused', { apiKey, path: c.req.path, reason });
      return error;
    };
    if (Math.abs(nowMs - sentAt) > TIMESTAMP_WINDOW_MS) throw refuse(timestampExpired(), 'stale timestamp');
    const body = await readRawBody(c, DEFAULT_BODY_LIMIT);
    if (body.length > 0 && mediaTypeOf(c.req.header('content-type')) !== 'application/json')
      throw refuse(contentTypeInvalid(), 'content type');

    const credential = API_KEY_PATTERN.test(apiKey) ? deps.store.credential(apiKey) : undefined;
    if (!credential?.enabled) throw refuse(accessKeyInvalid(), credential ? 'disabled' : 'unknown key');
    if (credential.secret === null) {
      deps.logger.warn('api key secret does not open (the server key changed?)', { apiKey });
      throw accessKeyInvalid();
    }
    const url = new URL(c.req.url);
    const expected = signRequest(credential.secret, {
      timestamp,
      method: c.req.method,
      path: url.pathname,
      query: url.search.slice(1),
      body,
    });
    if (!safeEqualText(expected, signature)) throw refuse(signatureWrong(), 'signature');
    // A validly signed request is used up here, before the checks after it, so a captured request is refused the
    // second time whatever else it gets wrong; after its timestamp leaves the window the clock refuses it anyway.
    if (!deps.replays.claim('api-key-signature', `${apiKey}\n${signature}`, nowMs, sentAt + TIMESTAMP_WINDOW_MS + 1))
      throw refuse(timestampExpired(), 'replayed signature');
    if (!(await passphrases.matches(credential, passphrase))) throw refuse(passphraseWrong(), 'passphrase');
    const address = clientIp(c);
    if (!isAllowedIp(credential.ips, address)) throw refuse(ipNotAllowed(), `address ${address}`);
    if (deps.rateLimiter && !deps.rateLimiter.take(credential.userId, c.req.path))
      throw refuse(tooManyRequests(), 'rate limit');

    const caller: ApiCaller = {
      userId: credential.userId,
      apiKey,
      permissions: credential.permissions,
      paperTrading: header('paptrading') === '1',
      locale: header('locale') || null,
    };
    c.set('apiCaller', caller);
    deps.store.touch(apiKey, nowMs);
    deps.logger.debug('api key request', { apiKey, path: c.req.path, paperTrading: caller.paperTrading });
    await next();
  };
}

/**
 * A route's declaration of what its key must be allowed (`read`, `spot_trade`, `futures_trade`, `transfer`), else
 * 40014; every key may read.
 */
export function requirePermission(permission: ApiPermission): MiddlewareHandler<ApiKeyEnv> {
  return async (c, next) => {
    const { permissions } = apiCallerOf(c);
    if (permission !== 'read' && !permissions.includes(permission)) throw permissionMissing(permission);
    await next();
  };
}
