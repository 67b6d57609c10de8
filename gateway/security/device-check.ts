import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { type Context, Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import { readJsonBody } from '../http/read-json-body';
import { expectObject, readString } from '../http/validate';
import type { Logger } from '../log/logger';
import { type ClientAlgorithm, isClientAlgorithm, parseClientPublicKey, verifyRsaSha256 } from './client-public-key';
import { createDeviceKeyStore } from './device-keys';
import { time8 } from './encoding';
import { createReplayStore, type ReplayStore, SIGNATURE_REPLAY_MS } from './replay-store';
import type { SignPolicy } from './sign-config';
import { isRequestTime, isTime8Fresh } from './time-window';

/** What the device-check route needs. */
export interface DeviceCheckDeps {
  /** A database migrated with SECURITY_MIGRATIONS. */
  db: Database;
  config: SignPolicy;
  now?: () => number;
  logger: Logger;
  /** Replay memory (default: the `sign_replays` table of `db`). */
  replay?: ReplayStore;
  /**
   * Called when the check is trusted: may answer for the route (a pending login's new-device step passed, see
   * gateway/auth `confirmKnownDevice`); null lets the route answer `{trusted: true}`.
   */
  onTrusted?: (c: Context<GatewayEnv>, userIdHash: string) => Promise<Response | null>;
}

/** Largest device-check body (three short fields). */
const BODY_LIMIT = 4 * 1024;
const USER_ID_HASH = /^[0-9a-f]{64}$/;
const TRACE_ID = /^[0-9A-Za-z_-]{8,64}$/;

/**
 * `POST {userCheckDeviceUrl}` (contract §5): `{trusted}` tells whether the signature is by a key bound to that user; an
 * unknown user looks like a bad signature. A trusted check during a sign-in that waits for the new-device step passes
 * that step instead (`onTrusted`), and the reply is the sign-in's.
 */
export function deviceCheckRoutes(deps: DeviceCheckDeps): Hono<GatewayEnv> {
  const store = createDeviceKeyStore(deps.db);
  const replay = deps.replay ?? createReplayStore(deps.db);
  const now = deps.now ?? Date.now;
  const routes = new Hono<GatewayEnv>();
  routes.post(deps.config.userCheckDeviceUrl, async (c) => {
    const body = expectObject(await readJsonBody(c, BODY_LIMIT), 'body');
    const userIdHash = readString(body, 'userIdHash', { maxLength: 64 });
    if (!USER_ID_HASH.test(userIdHash)) throw invalidField('userIdHash', 'must be 64 lowercase hex characters');
    const lastAlgorithm = readString(body, 'lastAlgorithm', { maxLength: 16 });
    if (!isClientAlgorithm(lastAlgorithm)) throw invalidField('lastAlgorithm', 'must be rsa1024 or rsa2048');
    const signature = readString(body, 'userCheckDeviceSign', { maxLength: 1024 });
    const requestTime = c.req.header('request-time') ?? '';
    const traceId = c.req.header('trace-id') ?? '';
    const nowMs = now();
    let reason = '';
    if (!deps.config.clientOpen) reason = 'signing off';
    else if (!isRequestTime(requestTime) || !TRACE_ID.test(traceId)) reason = 'headers';
    else if (!isTime8Fresh(time8(requestTime), nowMs)) reason = 'stale time';
    else {
      const text = `DS1-check\n${c.req.method.toUpperCase()}\n${c.req.path}\n${time8(requestTime)}\n${traceId}`;
      const keys = store
        .keysOfUser(userIdHash)
        .filter((key) => key.algorithm === lastAlgorithm)
        .map((key) => parseClientPublicKey(key.publicKey, key.algorithm)?.key)
        .filter((key): key is KeyObject => key !== undefined);
      // An unknown user still costs one verification, so timing does not tell users apart from strangers.
      if (keys.length === 0) keys.push(decoyKey(lastAlgorithm));
      // Every key is tried (no early exit), for the same reason.
      const results = keys.map((key) => verifyRsaSha256(key, text, signature));
      if (!results.includes(true)) reason = 'no matching key';
      // The signature covers the trace id and time, so it is the one-time proof; a second use is not trusted.
      else if (!replay.claim('device-check', `${userIdHash}\n${signature}`, nowMs, nowMs + SIGNATURE_REPLAY_MS))
        reason = 'replayed';
    }
    if (reason) deps.logger.debug('device check untrusted', { reason });
    else if (deps.onTrusted) {
      const answered = await deps.onTrusted(c, userIdHash);
      if (answered) return answered;
    }
    return replyOk(c, { trusted: reason === '' });
  });
  return routes;
}

const decoys = new Map<ClientAlgorithm, KeyObject>();

/** A public key no client holds, made on first use, to verify against when a user has no keys. */
function decoyKey(algorithm: ClientAlgorithm): KeyObject {
  let key = decoys.get(algorithm);
  if (!key) {
    key = generateKeyPairSync('rsa', { modulusLength: algorithm === 'rsa1024' ? 1024 : 2048 }).publicKey;
    decoys.set(algorithm, key);
  }
  return key;
}
