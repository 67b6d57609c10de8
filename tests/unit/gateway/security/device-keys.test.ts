import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDeviceKeyStore,
  type DeviceKeyStore,
  hashUserId,
  MAX_KEYS_PER_USER,
} from '../../../../gateway/security/device-keys';
import { type ClientKey, makeClientKey } from './ds1-client';
import { makeSecurityDb } from './harness';

let t: ReturnType<typeof makeSecurityDb>;
let store: DeviceKeyStore;
let a: ClientKey;
let b: ClientKey;
beforeAll(() => {
  a = makeClientKey('rsa1024');
  b = makeClientKey('rsa1024');
});
beforeEach(() => {
  t = makeSecurityDb();
  store = createDeviceKeyStore(t.db);
});
afterEach(() => t.close());

const bind = (key: ClientKey, userId: string, sessionId: string, now = 1) =>
  store.bindDeviceKey({ keyId: key.keyId, publicKey: key.publicKey, algorithm: key.algorithm, userId, sessionId, now });
const asStored = (key: ClientKey) => ({ keyId: key.keyId, publicKey: key.publicKey, algorithm: key.algorithm });

describe('createDeviceKeyStore', () => {
  it('finds a bound key by id, by session and by user id hash', () => {
    bind(a, 'user-1', 'session-1');
    expect(store.findDeviceKey(a.keyId)).toEqual(asStored(a));
    expect(store.keyOfSession('session-1')).toEqual(asStored(a));
    expect(store.keysOfUser(hashUserId('user-1'))).toEqual([asStored(a)]);
    expect(store.findDeviceKey(b.keyId)).toBeNull();
    expect(store.keyOfSession('session-2')).toBeNull();
    expect(store.keysOfUser(hashUserId('user-2'))).toEqual([]);
  });

  it('hashes user ids as hex SHA-256', () => {
    expect(hashUserId('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('never stores a session id in clear', () => {
    bind(a, 'user-1', 'session-secret-token');
    const dump = JSON.stringify(t.db.prepare('SELECT * FROM sign_key_sessions').all());
    expect(dump).not.toContain('session-secret-token');
  });

  it('rebinding a session replaces its key; a key can serve two users', () => {
    bind(a, 'user-1', 'session-1', 1);
    bind(b, 'user-1', 'session-1', 2);
    bind(b, 'user-2', 'session-2', 3);
    expect(store.keyOfSession('session-1')?.keyId).toBe(b.keyId);
    expect(store.keysOfUser(hashUserId('user-1')).map((k) => k.keyId)).toEqual([b.keyId, a.keyId]);
    expect(store.keysOfUser(hashUserId('user-2')).map((k) => k.keyId)).toEqual([b.keyId]);
  });

  it('unbinding a session keeps the key for device checks', () => {
    bind(a, 'user-1', 'session-1');
    expect(store.unbindSession('session-1')).toBe(true);
    expect(store.unbindSession('session-1')).toBe(false);
    expect(store.keyOfSession('session-1')).toBeNull();
    expect(store.keysOfUser(hashUserId('user-1'))).toEqual([asStored(a)]);
  });

  it(`keeps the newest ${MAX_KEYS_PER_USER} keys of a user`, () => {
    const keys = Array.from({ length: MAX_KEYS_PER_USER + 2 }, () => makeClientKey('rsa1024'));
    keys.forEach((key, i) => {
      bind(key, 'user-1', `session-${i}`, i + 1);
      store.unbindSession(`session-${i}`);
    });
    const kept = store.keysOfUser(hashUserId('user-1')).map((k) => k.keyId);
    expect(kept).toEqual(
      keys
        .slice(2)
        .reverse()
        .map((k) => k.keyId),
    );
    expect(store.findDeviceKey(keys[0]!.keyId)).toBeNull();
  });

  it('refuses a key id that does not name the public key', () => {
    expect(() =>
      store.bindDeviceKey({
        keyId: b.keyId,
        publicKey: a.publicKey,
        algorithm: 'rsa1024',
        userId: 'u',
        sessionId: 's',
      }),
    ).toThrow(/keyId/);
  });

  it('refuses an algorithm other than rsa1024 or rsa2048', () => {
    expect(() =>
      store.bindDeviceKey({
        keyId: a.keyId,
        publicKey: a.publicKey,
        algorithm: 'rsa4096',
        userId: 'u',
        sessionId: 's',
      }),
    ).toThrow(/algorithm/);
  });
});
