import type { Database } from 'better-sqlite3';
import { type ClientAlgorithm, isClientAlgorithm, keyIdOf } from './client-public-key';
import { decodeBase64Strict, sha256Hex } from './encoding';

/** A client public key known to the gateway (contract §2). */
export interface DeviceKey {
  keyId: string;
  /** b64(SPKI DER). */
  publicKey: string;
  algorithm: ClientAlgorithm;
}

/** What a successful login binds: the envelope's client key, the user and the new session. */
export interface DeviceKeyBinding {
  keyId: string;
  publicKey: string;
  /** rsa1024 or rsa2048 (a string, so the auth module's `KeyBinding` fits as is). */
  algorithm: string;
  userId: string;
  sessionId: string;
  /** Binding time, ms (default: now). */
  now?: number;
}

/** Reads and writes the DS1 device keys (tables of SECURITY_MIGRATIONS). */
export interface DeviceKeyStore {
  /** Binds a client key to a user and a session (a session has one key; a key may serve several users and sessions). */
  bindDeviceKey(binding: DeviceKeyBinding): void;
  /** The key with this id, or null. */
  findDeviceKey(keyId: string): DeviceKey | null;
  /** The key bound to this session, or null. */
  keyOfSession(sessionId: string): DeviceKey | null;
  /** Keys bound to a user, newest binding first (§5 device check); at most MAX_KEYS_PER_USER. */
  keysOfUser(userIdHash: string): DeviceKey[];
  /** Forgets a session's binding (logout); the key stays with its user for later device checks. True when one was removed. */
  unbindSession(sessionId: string): boolean;
}

/** Most keys remembered per user; older bindings are dropped first. */
export const MAX_KEYS_PER_USER = 10;

/** hex(SHA-256(userId)): the `userIdHash` of contract §5. */
export function hashUserId(userId: string): string {
  return sha256Hex(userId);
}

/** Session ids are bearer secrets, so only their SHA-256 is stored. */
const hashSession = (sessionId: string) => sha256Hex(`session:${sessionId}`);

interface KeyRow {
  key_id: string;
  public_key: string;
  algorithm: ClientAlgorithm;
}

const toKey = (row: KeyRow | undefined): DeviceKey | null =>
  row ? { keyId: row.key_id, publicKey: row.public_key, algorithm: row.algorithm } : null;

/** Creates the store over a database migrated with SECURITY_MIGRATIONS. */
export function createDeviceKeyStore(db: Database): DeviceKeyStore {
  const insertKey = db.prepare(
    'INSERT INTO sign_device_keys (key_id, public_key, algorithm, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key_id) DO NOTHING',
  );
  const upsertUser = db.prepare(
    `INSERT INTO sign_key_users (user_id_hash, key_id, last_bound_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id_hash, key_id) DO UPDATE SET last_bound_at = excluded.last_bound_at`,
  );
  const upsertSession = db.prepare(
    `INSERT INTO sign_key_sessions (session_hash, key_id, user_id_hash, bound_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (session_hash) DO UPDATE SET key_id = excluded.key_id, user_id_hash = excluded.user_id_hash, bound_at = excluded.bound_at`,
  );
  const pruneUser = db.prepare(
    `DELETE FROM sign_key_users WHERE user_id_hash = ? AND key_id NOT IN (
       SELECT key_id FROM sign_key_users WHERE user_id_hash = ? ORDER BY last_bound_at DESC, key_id LIMIT ?)`,
  );
  const pruneOrphans = db.prepare(
    `DELETE FROM sign_device_keys WHERE
       NOT EXISTS (SELECT 1 FROM sign_key_users u WHERE u.key_id = sign_device_keys.key_id) AND
       NOT EXISTS (SELECT 1 FROM sign_key_sessions s WHERE s.key_id = sign_device_keys.key_id)`,
  );
  const selectKey = db.prepare('SELECT key_id, public_key, algorithm FROM sign_device_keys WHERE key_id = ?');
  const selectSessionKey = db.prepare(
    `SELECT k.key_id, k.public_key, k.algorithm FROM sign_key_sessions s
     JOIN sign_device_keys k ON k.key_id = s.key_id WHERE s.session_hash = ?`,
  );
  const selectUserKeys = db.prepare(
    `SELECT k.key_id, k.public_key, k.algorithm FROM sign_key_users u
     JOIN sign_device_keys k ON k.key_id = u.key_id WHERE u.user_id_hash = ?
     ORDER BY u.last_bound_at DESC, u.key_id LIMIT ?`,
  );
  const deleteSession = db.prepare('DELETE FROM sign_key_sessions WHERE session_hash = ?');

  const bind = db.transaction((binding: DeviceKeyBinding) => {
    const now = binding.now ?? Date.now();
    const userIdHash = hashUserId(binding.userId);
    insertKey.run(binding.keyId, binding.publicKey, binding.algorithm, now);
    upsertUser.run(userIdHash, binding.keyId, now);
    upsertSession.run(hashSession(binding.sessionId), binding.keyId, userIdHash, now);
    pruneUser.run(userIdHash, userIdHash, MAX_KEYS_PER_USER);
    pruneOrphans.run();
  });
  const unbind = db.transaction((sessionId: string) => {
    const removed = deleteSession.run(hashSession(sessionId)).changes > 0;
    if (removed) pruneOrphans.run();
    return removed;
  });

  return {
    bindDeviceKey(binding) {
      const der = decodeBase64Strict(binding.publicKey);
      // The key id names the key everywhere; a mismatch here is a caller bug, not client input.
      if (!der || keyIdOf(der) !== binding.keyId) throw new Error('bindDeviceKey: keyId does not match publicKey');
      if (!isClientAlgorithm(binding.algorithm)) throw new Error('bindDeviceKey: algorithm must be rsa1024 or rsa2048');
      bind(binding);
    },
    findDeviceKey: (keyId) => toKey(selectKey.get(keyId) as KeyRow | undefined),
    keyOfSession: (sessionId) => toKey(selectSessionKey.get(hashSession(sessionId)) as KeyRow | undefined),
    keysOfUser: (userIdHash) =>
      (selectUserKeys.all(userIdHash, MAX_KEYS_PER_USER) as KeyRow[]).map((row) => toKey(row) as DeviceKey),
    unbindSession: (sessionId) => unbind(sessionId),
  };
}
