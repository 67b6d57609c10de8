import { describe, expect, it } from 'vitest';
import { isAcceptablePassword } from '../../../../gateway/auth/auth-fields';
import {
  createPasswordChecker,
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  verifyPassword,
} from '../../../../gateway/auth/password-hash';
import { TEST_SCRYPT } from './auth-support';

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt with N=2^15, r=8, p=1, a 16-byte salt and never the password itself', async () => {
    const stored = await hashPassword('Demo-pass-1');
    const [name, N, r, p, salt, key] = stored.split('$');
    expect({ name, N: Number(N), r: Number(r), p: Number(p) }).toEqual({ name: 'scrypt', ...DEFAULT_SCRYPT_PARAMS });
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('Demo-pass-1');
    expect(await verifyPassword('Demo-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Demo-pass-2', stored)).toBe(false);
  });

  it('salts every hash, so one password hashes differently twice', async () => {
    const a = await hashPassword('Same-pass-1', TEST_SCRYPT);
    const b = await hashPassword('Same-pass-1', TEST_SCRYPT);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Same-pass-1', a)).toBe(true);
    expect(await verifyPassword('Same-pass-1', b)).toBe(true);
  });

  it('verifies with the parameters stored beside the hash', async () => {
    const cheap = await hashPassword('Cheap-pass-1', TEST_SCRYPT);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Cheap-pass-1', cheap)).toBe(true);
  });

  it('is false for malformed or hostile stored values instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$AAAA$AAAA',
      `scrypt$1073741824$8$1$c2FsdHNhbHQ=$${'A'.repeat(43)}`,
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });
});

describe('createPasswordChecker', () => {
  it('answers false for an unknown account after doing a full hash', async () => {
    const check = createPasswordChecker(TEST_SCRYPT);
    expect(await check('anything-1', undefined)).toBe(false);
    expect(await check('Right-pass-1', await hashPassword('Right-pass-1', TEST_SCRYPT))).toBe(true);
  });
});

describe('isAcceptablePassword', () => {
  it('accepts 8 to 32 printable characters with a letter and a digit', () => {
    for (const ok of ['abcdefg1', 'Demo-pass-1', `a1${'x'.repeat(30)}`, '1234567a', 'P@ss:w0rd!'])
      expect(isAcceptablePassword(ok), ok).toBe(true);
  });

  it('refuses short, long, letter-only, digit-only, spaced and control-character passwords', () => {
    for (const bad of [
      'abc123',
      'abcdefgh',
      '12345678',
      `a1${'x'.repeat(31)}`,
      'pass word1',
      'pass\tword1',
      'pässwörd1',
    ]) {
      expect(isAcceptablePassword(bad), bad).toBe(false);
    }
  });
});
