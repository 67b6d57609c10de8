import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiSecretKey, openSecret, sealSecret } from '../../../../gateway/api-keys/secret-box';
import { testSigning } from '../support';

describe('apiSecretKey', () => {
  it('derives one 32-byte key per server key', () => {
    const key = apiSecretKey(testSigning().identity.serverPrivateKey);
    expect(key).toHaveLength(32);
    expect(apiSecretKey(testSigning().identity.serverPrivateKey)).toEqual(key);
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(apiSecretKey(other)).not.toEqual(key);
  });
});

describe('sealSecret and openSecret', () => {
  const key = randomBytes(32);
  const secret = randomBytes(32);

  it('open what they sealed, under a fresh nonce each time', () => {
    const first = sealSecret(key, 'bg_a', 'user-1', secret);
    const second = sealSecret(key, 'bg_a', 'user-1', secret);
    expect(first.nonce).not.toEqual(second.nonce);
    expect(first.sealed.includes(secret)).toBe(false);
    expect(openSecret(key, 'bg_a', 'user-1', first)).toEqual(secret);
  });

  it('refuse another key, another row, and any changed byte', () => {
    const stored = sealSecret(key, 'bg_a', 'user-1', secret);
    expect(openSecret(randomBytes(32), 'bg_a', 'user-1', stored)).toBeNull();
    expect(openSecret(key, 'bg_b', 'user-1', stored)).toBeNull();
    expect(openSecret(key, 'bg_a', 'user-2', stored)).toBeNull();
    const flipped = Buffer.from(stored.sealed);
    flipped[0]! ^= 1;
    expect(openSecret(key, 'bg_a', 'user-1', { nonce: stored.nonce, sealed: flipped })).toBeNull();
    expect(openSecret(key, 'bg_a', 'user-1', { nonce: stored.nonce, sealed: Buffer.alloc(4) })).toBeNull();
  });
});
