import forge from 'node-forge';
import type { CryptoPrimitives } from '../../engine/crypto/primitives';
import { type ClientPrivateKey, isCryptoKey } from './client-private-key';
import { fromBinary, toBinary } from './forge-bytes';
import { md5 } from './md5';

function publicKeyOf(spkiDer: Uint8Array): forge.pki.rsa.PublicKey {
  return forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(toBinary(spkiDer))) as forge.pki.rsa.PublicKey;
}

const sha256Of = (data: Uint8Array) => forge.md.sha256.create().update(toBinary(data));

/** The DS1 primitives on node-forge alone, for workers without SubtleCrypto (signing contract §2: forge fallback). */
export const forgePrimitives: CryptoPrimitives<ClientPrivateKey> = {
  async md5(data) {
    return md5(data);
  },
  async sha256(data) {
    return fromBinary(sha256Of(data).digest().getBytes());
  },
  randomBytes(length) {
    return fromBinary(forge.random.getBytesSync(length));
  },
  async aes128CbcEncrypt(key, iv, plaintext) {
    // node-forge's AES-CBC pads with PKCS#7 by default.
    const cipher = forge.cipher.createCipher('AES-CBC', toBinary(key));
    cipher.start({ iv: toBinary(iv) });
    cipher.update(forge.util.createBuffer(toBinary(plaintext)));
    if (!cipher.finish()) throw new Error('AES-CBC failed');
    return fromBinary(cipher.output.getBytes());
  },
  async hmacSha256(key, data) {
    const hmac = forge.hmac.create();
    hmac.start('sha256', toBinary(key));
    hmac.update(toBinary(data));
    return fromBinary(hmac.digest().getBytes());
  },
  async rsaOaepSha256Encrypt(spkiDer, plaintext) {
    const options = { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } };
    return fromBinary(publicKeyOf(spkiDer).encrypt(toBinary(plaintext), 'RSA-OAEP', options));
  },
  async rsaSign(privateKey, data) {
    if (isCryptoKey(privateKey)) throw new Error('a WebCrypto key cannot sign without SubtleCrypto');
    const key = forge.pki.privateKeyFromPem(privateKey.privateKeyPem) as forge.pki.rsa.PrivateKey;
    return fromBinary(key.sign(sha256Of(data)));
  },
  async rsaVerify(spkiDer, signature, data) {
    try {
      return publicKeyOf(spkiDer).verify(sha256Of(data).digest().getBytes(), toBinary(signature));
    } catch {
      return false;
    }
  },
};
