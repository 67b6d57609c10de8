import type { CryptoPrimitives } from '../../engine/crypto/primitives';
import { type ClientPrivateKey, isCryptoKey } from './client-private-key';
import { bufferOf } from './forge-bytes';
import { md5 } from './md5';

const RSASSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** The DS1 primitives on WebCrypto, MD5 from @noble/hashes (signing contract §2–§5); pairs made by the forge fallback still sign. */
export function webCryptoPrimitives(
  subtle: SubtleCrypto,
  getRandomValues: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
): CryptoPrimitives<ClientPrivateKey> {
  const signingKey = async (key: ClientPrivateKey): Promise<CryptoKey> =>
    isCryptoKey(key) ? key : subtle.importKey('pkcs8', pemToDer(key.privateKeyPem), RSASSA, false, ['sign']);

  return {
    async md5(data) {
      return md5(data);
    },
    async sha256(data) {
      return new Uint8Array(await subtle.digest('SHA-256', bufferOf(data)));
    },
    randomBytes(length) {
      const out = new Uint8Array(length);
      // getRandomValues fills at most 65,536 bytes per call.
      for (let i = 0; i < length; i += 65_536) getRandomValues(out.subarray(i, Math.min(length, i + 65_536)));
      return out;
    },
    async aes128CbcEncrypt(key, iv, plaintext) {
      const aes = await subtle.importKey('raw', bufferOf(key), 'AES-CBC', false, ['encrypt']);
      return new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: bufferOf(iv) }, aes, bufferOf(plaintext)));
    },
    async hmacSha256(key, data) {
      const hmac = await subtle.importKey('raw', bufferOf(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      return new Uint8Array(await subtle.sign('HMAC', hmac, bufferOf(data)));
    },
    async rsaOaepSha256Encrypt(spkiDer, plaintext) {
      const key = await subtle.importKey('spki', bufferOf(spkiDer), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
        'encrypt',
      ]);
      return new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, bufferOf(plaintext)));
    },
    async rsaSign(privateKey, data) {
      return new Uint8Array(await subtle.sign(RSASSA.name, await signingKey(privateKey), bufferOf(data)));
    },
    async rsaVerify(spkiDer, signature, data) {
      try {
        const key = await subtle.importKey('spki', bufferOf(spkiDer), RSASSA, false, ['verify']);
        return await subtle.verify(RSASSA.name, key, bufferOf(signature), bufferOf(data));
      } catch {
        return false;
      }
    },
  };
}
