import { describe, expect, it } from 'vitest';
import { acceptFingerprintCookieToken } from '../../../../engine/rules/device';

describe('acceptFingerprintCookieToken', () => {
  it('keeps a token only if shorter than 50 characters', () => {
    expect(acceptFingerprintCookieToken('a'.repeat(49))).toBe('a'.repeat(49));
    expect(acceptFingerprintCookieToken('a'.repeat(50))).toBeNull();
  });
  it('refuses empty, missing and odd tokens', () => {
    for (const bad of [null, '', 'a b', 'a;b=c', '<x>']) expect(acceptFingerprintCookieToken(bad)).toBeNull();
  });
});
