import { describe, expect, it } from 'vitest';
import { encryptA128CbcHs256 } from '../../../engine/crypto/a128cbc-hs256';
import { toHex, utf8 } from '../../../engine/crypto/encoding';
import { forgePrimitives } from '../../../workers/crypto/forge-primitives';
import { rootSpkiFromPem } from '../../../workers/crypto/root-certificate';
import { webCryptoPrimitives } from '../../../workers/crypto/webcrypto-primitives';
import knownAnswers from '../../fixtures/ds1-known-answers.json';
import { b64, makeRoot, unb64 } from './ds1-page-keys';

const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const backends = {
  webcrypto: webCryptoPrimitives(crypto.subtle, (array) => crypto.getRandomValues(array)),
  forge: forgePrimitives,
};

for (const [name, primitives] of Object.entries(backends)) {
  describe(`${name} primitives`, () => {
    it('give the contract MD5 known answers', async () => {
      for (const { text, hex } of knownAnswers.md5) expect(toHex(await primitives.md5(utf8(text)))).toBe(hex);
    });

    it('reproduce RFC 7518 Appendix B.1 through the engine', async () => {
      const v = knownAnswers.rfc7518B1;
      const out = await encryptA128CbcHs256(primitives, fromHex(v.key), fromHex(v.iv), utf8(v.aad), utf8(v.plaintext));
      expect(toHex(out.ciphertext)).toBe(v.ciphertext);
      expect(toHex(out.tag)).toBe(v.tag);
    });

    it('hash with SHA-256 and HMAC-SHA-256 like WebCrypto', async () => {
      const data = new TextEncoder().encode('DS1');
      expect(toHex(await primitives.sha256(data))).toBe(
        toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data))),
      );
      const key = await crypto.subtle.importKey(
        'raw',
        Uint8Array.of(1, 2, 3),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      expect(toHex(await primitives.hmacSha256(Uint8Array.of(1, 2, 3), data))).toBe(
        toHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, data))),
      );
    });

    it('verify a root signature and reject a changed text', async () => {
      const root = await makeRoot();
      const spki = rootSpkiFromPem(root.pem);
      if ('error' in spki) throw new Error(spki.error);
      const signature = new Uint8Array(
        await crypto.subtle.sign('RSASSA-PKCS1-v1_5', root.privateKey, new TextEncoder().encode('DS1-spk:abc')),
      );
      expect(await primitives.rsaVerify(spki.spkiDer, signature, utf8('DS1-spk:abc'))).toBe(true);
      expect(await primitives.rsaVerify(spki.spkiDer, signature, utf8('DS1-spk:abd'))).toBe(false);
      expect(await primitives.rsaVerify(spki.spkiDer, signature.subarray(1), utf8('DS1-spk:abc'))).toBe(false);
    });

    it('wrap a key with RSA-OAEP-256 that WebCrypto unwraps', async () => {
      const pair = await crypto.subtle.generateKey(
        { name: 'RSA-OAEP', hash: 'SHA-256', modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1) },
        true,
        ['encrypt', 'decrypt'],
      );
      const spki = unb64(b64(await crypto.subtle.exportKey('spki', pair.publicKey)));
      const secret = primitives.randomBytes(32);
      const wrapped = await primitives.rsaOaepSha256Encrypt(spki, secret);
      expect(
        new Uint8Array(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, new Uint8Array(wrapped))),
      ).toEqual(secret);
    });
  });
}

/** A PEM certificate block of DER bytes. */
const pemOf = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${btoa(String.fromCharCode(...der))}\n-----END CERTIFICATE-----\n`;
const derOf = (pem: string) =>
  Uint8Array.from(atob(pem.replace(/-----[A-Z ]+-----|\s+/g, '')), (char) => char.charCodeAt(0));

describe('rootSpkiFromPem', () => {
  it('takes exactly the root key WebCrypto would export from a real X.509 certificate', async () => {
    const root = await makeRoot();
    const spki = rootSpkiFromPem(root.pem);
    if ('error' in spki) throw new Error(spki.error);
    const publicKey = await crypto.subtle.importKey(
      'spki',
      new Uint8Array(spki.spkiDer),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      true,
      ['verify'],
    );
    const exported = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
    expect(toHex(spki.spkiDer)).toBe(toHex(exported));
  });

  it('refuses a certificate whose key is not RSA, a truncated one, and lengths that run past their parent', async () => {
    const der = derOf((await makeRoot()).pem);
    const oid = toHex(der).indexOf('2a864886f70d010101') / 2;
    const notRsa = der.slice();
    notRsa[oid + 8] = 0x0a;
    expect(rootSpkiFromPem(pemOf(notRsa))).toEqual({ error: 'root certificate: unreadable or not RSA' });
    expect(rootSpkiFromPem(pemOf(der.subarray(0, der.length - 20)))).toHaveProperty('error');
    const overlong = der.slice();
    overlong[2] = 0xff;
    expect(rootSpkiFromPem(pemOf(overlong))).toHaveProperty('error');
    expect(rootSpkiFromPem(pemOf(Uint8Array.of(0x30, 0x84, 0xff, 0xff, 0xff, 0xff)))).toHaveProperty('error');
  });

  it('rejects text that is not a certificate', () => {
    expect(rootSpkiFromPem('nope')).toHaveProperty('error');
    expect(rootSpkiFromPem(42)).toHaveProperty('error');
    expect(rootSpkiFromPem('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toHaveProperty('error');
  });
});
