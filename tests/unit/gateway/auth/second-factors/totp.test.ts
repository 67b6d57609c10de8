import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32 } from '../../../../../gateway/auth/second-factors/base32';
import { hotp, totp, totpStep, verifyTotp } from '../../../../../gateway/auth/second-factors/totp';
import rfc6238 from './rfc6238-vectors.json';

const key = new TextEncoder().encode(rfc6238.seedAscii);

describe('totp (RFC 6238 Appendix B, SHA-1)', () => {
  for (const vector of rfc6238.vectors) {
    it(`gives ${vector.totp} at T=${vector.unixSeconds}`, () => {
      expect(totpStep(vector.unixSeconds * 1000)).toBe(Number.parseInt(vector.step, 16));
      expect(totp(key, vector.unixSeconds * 1000, rfc6238.digits)).toBe(vector.totp);
    });
  }

  it('gives the last six digits of the 8-digit value for 6 digits', () => {
    expect(totp(key, 59_000)).toBe('287082');
  });
});

describe('hotp (RFC 4226 Appendix D)', () => {
  it('matches the published values for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(key, counter))).toEqual(expected);
  });
});

describe('verifyTotp', () => {
  const now = 1_111_111_111_000;
  const step = totpStep(now);

  it('accepts the current step and one step either side, and returns the step matched', () => {
    expect(verifyTotp(key, hotp(key, step), now, 0)).toBe(step);
    expect(verifyTotp(key, hotp(key, step - 1), now, 0)).toBe(step - 1);
    expect(verifyTotp(key, hotp(key, step + 1), now, 0)).toBe(step + 1);
  });

  it('rejects codes two steps away', () => {
    expect(verifyTotp(key, hotp(key, step - 2), now, 0)).toBeNull();
    expect(verifyTotp(key, hotp(key, step + 2), now, 0)).toBeNull();
  });

  it('rejects a code whose step was already used (replay) and any earlier step', () => {
    expect(verifyTotp(key, hotp(key, step), now, step)).toBeNull();
    expect(verifyTotp(key, hotp(key, step - 1), now, step)).toBeNull();
    expect(verifyTotp(key, hotp(key, step + 1), now, step)).toBe(step + 1);
  });

  it('rejects anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456', "1' OR '1'='1"]) {
      expect(verifyTotp(key, code, now, 0), code).toBeNull();
    }
  });
});

describe('base32 (RFC 4648 §10)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it('encodes the test vectors without padding', () => {
    for (const [plain, encoded] of vectors) expect(encodeBase32(new TextEncoder().encode(plain))).toBe(encoded);
  });

  it('decodes them back, ignoring case, padding and spaces', () => {
    for (const [plain, encoded] of vectors) {
      expect(new TextDecoder().decode(decodeBase32(`${encoded.toLowerCase()}====`)!)).toBe(plain);
    }
    expect(new TextDecoder().decode(decodeBase32('MZXW 6YTB OI')!)).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(decodeBase32('MZXW1')).toBeNull();
    expect(decodeBase32('MZ!W')).toBeNull();
  });

  it('round-trips the dev secret to the RFC 6238 seed', () => {
    expect(new TextDecoder().decode(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')!)).toBe(rfc6238.seedAscii);
  });
});
