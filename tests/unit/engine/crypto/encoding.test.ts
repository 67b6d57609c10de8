import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  concatBytes,
  fromBase64,
  fromBase64Url,
  toBase64,
  toBase64Url,
  toHex,
  utf8,
} from '../../../../engine/crypto/encoding';

describe('toBase64 / fromBase64', () => {
  it('matches node for every length from 0 to 40 bytes and round-trips', () => {
    for (let n = 0; n <= 40; n += 1) {
      const data = new Uint8Array(randomBytes(n));
      const b64 = toBase64(data);
      expect(b64).toBe(Buffer.from(data).toString('base64'));
      expect(fromBase64(b64)).toEqual(data);
    }
  });

  it('rejects text that is not standard padded base64', () => {
    for (const bad of ['abc', 'ab=c', 'a===', '-_-_', 'YWJj\n', 'YW Jj', '====', 'YQ=', 'Y===']) {
      expect(fromBase64(bad)).toBeNull();
    }
  });
});

describe('toBase64Url / fromBase64Url', () => {
  it('matches node base64url without padding and round-trips', () => {
    for (let n = 0; n <= 20; n += 1) {
      const data = new Uint8Array(randomBytes(n));
      expect(toBase64Url(data)).toBe(Buffer.from(data).toString('base64url'));
      expect(fromBase64Url(toBase64Url(data))).toEqual(data);
    }
  });

  it('rejects standard-alphabet and padded text', () => {
    expect(fromBase64Url('ab+/')).toBeNull();
    expect(fromBase64Url('YQ==')).toBeNull();
  });
});

describe('utf8', () => {
  it('encodes like node for ASCII, accents, CJK and astral characters', () => {
    for (const text of ['', 'abc', 'é', '价格', '😀 ok', 'a\nb'])
      expect(utf8(text)).toEqual(new Uint8Array(Buffer.from(text, 'utf8')));
  });

  it('replaces a lone surrogate with U+FFFD as TextEncoder does', () => {
    expect(utf8('a\ud800b')).toEqual(new TextEncoder().encode('a\ud800b'));
  });
});

describe('toHex / concatBytes', () => {
  it('writes lowercase hex and joins arrays in order', () => {
    expect(toHex(Uint8Array.of(0, 15, 255))).toBe('000fff');
    expect(concatBytes(Uint8Array.of(1), Uint8Array.of(), Uint8Array.of(2, 3))).toEqual(Uint8Array.of(1, 2, 3));
  });
});
