import { toBase64 } from './encoding';
import { backupSlot, keyIdOf, tokenSlot, userSlot } from './key-ids';
import type { ClientKeyPair, CryptoPrimitives, KeyAlgorithm } from './primitives';
import { type SecurityReport, securityReport } from '../rules/security-report';

/** Key generation is abandoned after this long (signing contract §2, spec §9). */
export const KEYGEN_TIMEOUT_MS = 8000;

/** Where pairs live, by slot id (`t:…`, `u:…`, `a:…`; signing contract §2). */
export interface KeyStore<K> {
  get(slot: string): Promise<ClientKeyPair<K> | undefined>;
  put(slot: string, pair: ClientKeyPair<K>): Promise<void>;
}

/** Lets a generator stop early once its result is no longer wanted. */
export interface CancelSignal {
  readonly cancelled: boolean;
}

/** Makes a new RSASSA-PKCS1-v1_5/SHA-256 pair with e = 65537; throws when it cannot (for example outside a secure context). */
export interface KeyGenerator<K> {
  generate(algorithm: KeyAlgorithm, signal: CancelSignal): Promise<{ spkiDer: Uint8Array; privateKey: K }>;
}

/** What the key lifecycle is written against (signing contract §2). */
export interface KeyLifecycleDeps<K> {
  primitives: CryptoPrimitives<K>;
  store: KeyStore<K>;
  generator: KeyGenerator<K>;
  /** Resolves after `ms`; the clock of the 8 s timeout. */
  delay(ms: number): Promise<void>;
  now(): number;
  logError(message: string): void;
  /** Receives the background backup generation started after a timeout, so callers may await it. */
  onBackground?(work: Promise<void>): void;
}

/** A pair to use and where it came from, or the report of why there is none. */
export type ObtainedKey<K> =
  | { ok: true; pair: ClientKeyPair<K>; source: 'backup' | 'generated' | 'backup-after-failure' }
  | { ok: false; reason: string; report: SecurityReport };

const TIMED_OUT: unique symbol = Symbol('timed out');

/** Wraps freshly generated key material as a stored pair with its b64 SPKI and key id (signing contract §2). */
export async function toClientKeyPair<K>(
  primitives: CryptoPrimitives<K>,
  algorithm: KeyAlgorithm,
  generated: { spkiDer: Uint8Array; privateKey: K },
  now: number,
): Promise<ClientKeyPair<K>> {
  const keyId = await keyIdOf(primitives, generated.spkiDer);
  return { algorithm, publicKey: toBase64(generated.spkiDer), keyId, privateKey: generated.privateKey, createdAt: now };
}

async function storedBackup<K>(
  deps: KeyLifecycleDeps<K>,
  algorithm: KeyAlgorithm,
): Promise<ClientKeyPair<K> | undefined> {
  try {
    const pair = await deps.store.get(backupSlot(algorithm));
    return pair?.algorithm === algorithm ? pair : undefined;
  } catch {
    return undefined;
  }
}

async function generatePair<K>(
  deps: KeyLifecycleDeps<K>,
  algorithm: KeyAlgorithm,
  signal: CancelSignal,
): Promise<ClientKeyPair<K>> {
  return toClientKeyPair(deps.primitives, algorithm, await deps.generator.generate(algorithm, signal), deps.now());
}

/**
 * The client pair for a login (signing contract §2, spec §4): the stored backup if present; else a new pair
 * within 8 s, kept as the backup; on timeout a backup is generated in the background and the call fails
 * (`genKeypairFailed`); on a generation failure the backup is used if one appeared meanwhile.
 */
export async function obtainKeyPair<K>(deps: KeyLifecycleDeps<K>, algorithm: KeyAlgorithm): Promise<ObtainedKey<K>> {
  const backup = await storedBackup(deps, algorithm);
  if (backup) return { ok: true, pair: backup, source: 'backup' };

  const signal = { cancelled: false };
  const generation = generatePair(deps, algorithm, signal);
  // A generation that loses the race may still reject later; that must not surface as an unhandled rejection.
  generation.catch(() => {});
  let result: ClientKeyPair<K> | typeof TIMED_OUT;
  try {
    result = await Promise.race([generation, deps.delay(KEYGEN_TIMEOUT_MS).then((): typeof TIMED_OUT => TIMED_OUT)]);
  } catch (error) {
    const fallback = await storedBackup(deps, algorithm);
    if (fallback) return { ok: true, pair: fallback, source: 'backup-after-failure' };
    const reason = `generate ${algorithm}: ${error instanceof Error ? error.message : 'failed'}`;
    return { ok: false, reason, report: securityReport('genKeypairFailed', reason) };
  }

  if (result === TIMED_OUT) {
    signal.cancelled = true;
    const background = generatePair(deps, algorithm, { cancelled: false })
      .then((pair) => deps.store.put(backupSlot(algorithm), pair))
      .catch((error: unknown) =>
        deps.logError(`background key generation failed: ${error instanceof Error ? error.message : 'error'}`),
      );
    deps.onBackground?.(background);
    const reason = `generate ${algorithm}: timed out after ${KEYGEN_TIMEOUT_MS} ms`;
    return { ok: false, reason, report: securityReport('genKeypairFailed', reason) };
  }

  try {
    await deps.store.put(backupSlot(algorithm), result);
  } catch {
    deps.logError('could not keep the new key pair as the backup');
  }
  return { ok: true, pair: result, source: 'generated' };
}

/** The login the pair is bound to. */
export interface LoginBinding {
  loginToken: string | null | undefined;
  userId: string | null | undefined;
}

/**
 * After a login response with a user id while a login token is present, stores the pair used for the login
 * under `t:`+hex(SHA-256(token)) and `u:`+hex(SHA-256(userId)); logs an error when that pair is missing (signing contract §2).
 */
export async function bindKeyPair<K>(
  deps: Pick<KeyLifecycleDeps<K>, 'primitives' | 'store' | 'logError'>,
  pair: ClientKeyPair<K> | null | undefined,
  login: LoginBinding,
): Promise<{ bound: true; keyId: string } | { bound: false; reason: 'no-token-or-user' | 'missing-pair' }> {
  if (!login.loginToken || !login.userId) return { bound: false, reason: 'no-token-or-user' };
  if (!pair) {
    deps.logError('login succeeded but there is no client key pair to bind');
    return { bound: false, reason: 'missing-pair' };
  }
  const { primitives } = deps;
  await deps.store.put(await tokenSlot(primitives, login.loginToken), pair);
  await deps.store.put(await userSlot(primitives, login.userId), pair);
  return { bound: true, keyId: pair.keyId };
}
