import { describe, expect, it } from 'vitest';
import { openA128CbcHs256 } from '../../../../gateway/security/a128cbc-hs256';
import { decodeBase64Strict, decodeBase64UrlStrict, md5Hex, time8 } from '../../../../gateway/security/encoding';
import b1 from './fixtures/rfc7518-b1.json';

const hex = (text: string) => Buffer.from(text, 'hex');

describe('md5Hex (contract known answers)', () => {
  it('hashes the pangram', () => {
    expect(md5Hex('The quick brown fox jumps over the lazy dog')).toBe('9e107d9d372bb6826bd81d3542a419d6');
  });
  it('hashes the empty body', () => {
    expect(md5Hex(new Uint8Array(0))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});

describe('time8', () => {
  it('takes the first 8 characters of request-time', () => {
    expect(time8('1755453539736')).toBe('17554535');
  });
});

describe('openA128CbcHs256 (RFC 7518 Appendix B.1)', () => {
  const input = () => ({ key: hex(b1.K), iv: hex(b1.IV), ciphertext: hex(b1.E), tag: hex(b1.T), aad: hex(b1.A) });

  it('decrypts the RFC vector to its plaintext', () => {
    expect(b1.AL).toBe((hex(b1.A).length * 8).toString(16).padStart(16, '0'));
    expect(openA128CbcHs256(input())?.toString('hex')).toBe(b1.P);
  });

  it('rejects the vector with one tag bit flipped', () => {
    const tag = hex(b1.T);
    tag[15] = tag[15]! ^ 1;
    expect(openA128CbcHs256({ ...input(), tag })).toBeNull();
  });

  it('rejects the vector with other additional data', () => {
    expect(openA128CbcHs256({ ...input(), aad: Buffer.from('The third principle') })).toBeNull();
  });

  it('rejects the vector with one ciphertext bit flipped', () => {
    const ciphertext = hex(b1.E);
    ciphertext[0] = ciphertext[0]! ^ 0x80;
    expect(openA128CbcHs256({ ...input(), ciphertext })).toBeNull();
  });
});

describe('strict base64 decoding', () => {
  it('accepts canonical base64 and base64url', () => {
    expect(decodeBase64Strict('aGk=')?.toString()).toBe('hi');
    expect(decodeBase64UrlStrict('aGk')?.toString()).toBe('hi');
  });
  it('rejects padding in base64url, missing padding in base64, stray characters and non-canonical bits', () => {
    expect(decodeBase64UrlStrict('aGk=')).toBeNull();
    expect(decodeBase64Strict('aGk')).toBeNull();
    expect(decodeBase64Strict('a Gk=')).toBeNull();
    expect(decodeBase64Strict('aGl=')).toBeNull();
    expect(decodeBase64UrlStrict('a+k')).toBeNull();
  });
});
