import type { Database } from 'better-sqlite3';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { DEFAULT_BODY_LIMIT } from '../http/read-json-body';
import type { Logger } from '../log/logger';
import { parseClientPublicKey, verifyRsaSha256 } from './client-public-key';
import { createDeviceKeyStore, type DeviceKeyStore } from './device-keys';
import { md5Hex, time8 } from './encoding';
import { readRawBody } from './read-raw-body';
import { createReplayStore, type ReplayStore, SIGNATURE_REPLAY_MS } from './replay-store';
import { isCoreUrl, requiredSignMode, type SignPolicy } from './sign-config';
import { replySignError, type SignErrorCode } from './sign-errors';
import { modeCovers, parseSignMode, signedRequestText } from './sign-mode';
import { isRequestTime, isTime8Fresh } from './time-window';

/** The logged-in session a request carries, as the session layer resolves it. */
export interface RequestSession {
  sessionId: string;
  userId: string;
}

/** What the signature middleware needs. */
export interface SignatureCheckDeps {
  /** A database migrated with SECURITY_MIGRATIONS (device keys). */
  db: Database;
  config: SignPolicy;
  /** Gateway clock in ms (default Date.now). */
  now?: () => number;
  /** The request's session, or null when it has none (then nothing is checked). */
  sessionOf: (c: Context<GatewayEnv>) => RequestSession | null;
  logger: Logger;
  /** Replay memory (default: the `sign_replays` table of `db`). */
  replay?: ReplayStore;
  /** Largest body hashed for mode "3" (default 64 KiB, as routes read). */
  bodyLimit?: number;
}

const REQUIRED_HEADERS = ['device-sign', 'device-sign-mode', 'device-sign-key', 'request-time', 'trace-id'] as const;
const TRACE_ID = /^[0-9A-Za-z_-]{8,64}$/;
const KEY_ID = /^[0-9a-f]{32}$/;

type Verdict = { ok: true } | { ok: false; code: SignErrorCode; reason: string };
const reject = (code: SignErrorCode, reason: string): Verdict => ({ ok: false, code, reason });

/** Checks the DS1 signature of core-url requests that carry a session (contract §4); others pass untouched. */
export function signatureCheck(deps: SignatureCheckDeps): MiddlewareHandler<GatewayEnv> {
  const store = createDeviceKeyStore(deps.db);
  const replay = deps.replay ?? createReplayStore(deps.db);
  const now = deps.now ?? Date.now;
  const bodyLimit = deps.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return async (c, next) => {
    const { config } = deps;
    if (!config.clientOpen || !isCoreUrl(c.req.path, config)) return next();
    const session = deps.sessionOf(c);
    if (!session) return next();
    const verdict = await check(c, { config, store, replay, nowMs: now(), bodyLimit, session });
    if (verdict.ok) return next();
    deps.logger.debug('request signature rejected', { path: c.req.path, code: verdict.code, reason: verdict.reason });
    return replySignError(c, verdict.code);
  };
}

interface CheckContext {
  config: SignPolicy;
  store: DeviceKeyStore;
  replay: ReplayStore;
  nowMs: number;
  bodyLimit: number;
  session: RequestSession;
}

async function check(c: Context<GatewayEnv>, ctx: CheckContext): Promise<Verdict> {
  const header = (name: string) => c.req.header(name) ?? '';
  if (REQUIRED_HEADERS.some((name) => header(name) === '')) return reject('00020', 'missing header');
  const traceId = header('trace-id');
  if (!TRACE_ID.test(traceId)) return reject('00020', 'malformed trace-id');
  const mode = header('device-sign-mode');
  const items = parseSignMode(mode);
  const required = parseSignMode(requiredSignMode(c.req.path, ctx.config));
  if (!items || !required || !modeCovers(items, required)) return reject('00021', 'weaker mode');
  const requestTime = header('request-time');
  if (!isRequestTime(requestTime) || !isTime8Fresh(time8(requestTime), ctx.nowMs)) return reject('00022', 'stale time');
  let bodyMd5: string | undefined;
  if (items.includes('body')) {
    const sentMd5 = header('device-sign-data-md5');
    if (sentMd5 === '') return reject('00020', 'missing body md5');
    bodyMd5 = md5Hex(await readRawBody(c, ctx.bodyLimit));
    if (sentMd5 !== bodyMd5) return reject('00023', 'body md5');
  }
  const keyId = header('device-sign-key');
  if (!KEY_ID.test(keyId)) return reject('00023', 'malformed key id');
  const bound = ctx.store.keyOfSession(ctx.session.sessionId);
  if (!bound || bound.keyId !== keyId) {
    return reject('00023', ctx.store.findDeviceKey(keyId) ? 'key of another session' : 'unknown key');
  }
  const clientKey = parseClientPublicKey(bound.publicKey, bound.algorithm);
  if (!clientKey) return reject('00023', 'stored key unusable');
  const text = signedRequestText(items, {
    mode,
    method: c.req.method,
    pathWithQuery: requestTarget(c),
    time8: time8(requestTime),
    traceId,
    bodyMd5,
    header,
  });
  const signature = header('device-sign');
  if (!verifyRsaSha256(clientKey.key, text, signature)) return reject('00023', 'bad signature');
  // Keyed on the signature itself, so a mode that does not cover the trace id cannot be replayed under a new one;
  // only verified requests are remembered, so forged ones cannot fill the store or block a legitimate request.
  if (!ctx.replay.claim('signature', `${keyId}\n${signature}`, ctx.nowMs, ctx.nowMs + SIGNATURE_REPLAY_MS)) {
    return reject('00022', 'replayed signature');
  }
  return { ok: true };
}

/**
 * The request target exactly as it came over the wire (contract §4 signs the path "exactly as sent"): Node's raw
 * `incoming.url`, which no URL parser has normalised (`./`, quotes and escapes kept); the parsed URL otherwise.
 */
export function requestTarget(c: Context<GatewayEnv>): string {
  const raw = c.env?.incoming?.url;
  if (typeof raw === 'string' && raw !== '') return raw.startsWith('/') ? raw : pathWithQuery(raw);
  return pathWithQuery(c.req.url);
}

/** The path and query of a URL exactly as they appear in it (no normalisation, a bare trailing "?" kept). */
export function pathWithQuery(url: string): string {
  const schemeEnd = url.indexOf('://');
  const start = url.indexOf('/', schemeEnd === -1 ? 0 : schemeEnd + 3);
  if (start === -1) return '/';
  const hash = url.indexOf('#', start);
  return url.slice(start, hash === -1 ? undefined : hash);
}
