import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyStore } from '../../../workers/crypto/key-store';
import { KeysDb } from './keys-db';

const names: string[] = [];
const freshName = () => {
  const name = `key-store-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  await Promise.all(names.splice(0).map((name) => Dexie.delete(name)));
});

describe('the key database', () => {
  it('reads a pair an earlier build kept with Dexie, and that build reads the pairs it writes', async () => {
    const name = freshName();
    const pair = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: Uint8Array.of(1, 0, 1), hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    const earlier = new KeysDb(name);
    await earlier.keys.put({
      id: 'a:rsa1024',
      algorithm: 'rsa1024',
      publicKey: 'b64',
      keyId: 'f'.repeat(32),
      privateKey: pair.privateKey,
      createdAt: 1,
    });
    earlier.close();

    const { store, kind } = await openKeyStore({ name, useIndexedDb: true });
    expect(kind).toBe('indexeddb');
    const kept = await store.get('a:rsa1024');
    expect(kept).toMatchObject({ algorithm: 'rsa1024', keyId: 'f'.repeat(32), createdAt: 1 });
    // The CryptoKey itself came back: it still signs.
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', kept!.privateKey as CryptoKey, Uint8Array.of(1));
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', pair.publicKey, signature, Uint8Array.of(1))).toBe(true);

    await store.put('u:abc', { ...kept!, keyId: 'e'.repeat(32) });
    expect(await store.get('missing')).toBeUndefined();
    const reader = new KeysDb(name);
    expect((await reader.keys.get('u:abc'))?.keyId).toBe('e'.repeat(32));
    reader.close();
  });
});
