// Test helper: the DS1 primitives on node:crypto, plus keys and configs for the protocol tests.
import {
  constants,
  createCipheriv,
  createHash,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  publicEncrypt,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { toBase64, toHex, utf8 } from '../../../../engine/crypto/encoding';
import type { ClientKeyPair, CryptoPrimitives, KeyAlgorithm } from '../../../../engine/crypto/primitives';

const bytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer);
const spkiKey = (der: Uint8Array) => createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' });

/** node:crypto-backed primitives; the private-key handle is a node KeyObject. */
export const nodePrimitives: CryptoPrimitives<KeyObject> = {
  async md5(data) {
    return bytes(createHash('md5').update(data).digest());
  },
  async sha256(data) {
    return bytes(createHash('sha256').update(data).digest());
  },
  randomBytes(length) {
    return bytes(randomBytes(length));
  },
  async aes128CbcEncrypt(key, iv, plaintext) {
    const cipher = createCipheriv('aes-128-cbc', key, iv);
    return bytes(Buffer.concat([cipher.update(plaintext), cipher.final()]));
  },
  async hmacSha256(key, data) {
    return bytes(createHmac('sha256', key).update(data).digest());
  },
  async rsaOaepSha256Encrypt(spkiDer, plaintext) {
    return bytes(
      publicEncrypt(
        { key: spkiKey(spkiDer), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        plaintext,
      ),
    );
  },
  async rsaSign(privateKey, data) {
    return bytes(sign('sha256', data, privateKey));
  },
  async rsaVerify(spkiDer, signature, data) {
    try {
      return verify('sha256', data, spkiKey(spkiDer), signature);
    } catch {
      return false;
    }
  },
};

/** An RSA key pair with its SPKI DER. */
export interface TestRsaKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  spkiDer: Uint8Array;
  spkiB64: string;
}

/** Generates an RSA key with e = 65537. */
export function rsaKey(bits: number): TestRsaKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 65537 });
  const spkiDer = bytes(publicKey.export({ format: 'der', type: 'spki' }));
  return { privateKey, publicKey, spkiDer, spkiB64: toBase64(spkiDer) };
}

/** A client pair as the engine stores it. */
export function clientPair(
  algorithm: KeyAlgorithm = 'rsa1024',
  key = rsaKey(algorithm === 'rsa1024' ? 1024 : 2048),
): ClientKeyPair<KeyObject> {
  const keyId = createHash('sha256').update(key.spkiDer).digest('hex').slice(0, 32);
  return { algorithm, publicKey: key.spkiB64, keyId, privateKey: key.privateKey, createdAt: 1 };
}

/** `serverPublicKeySign` as the gateway makes it: the root signs `DS1-spk:` + hex(MD5(serverPublicKey)). */
export function signServerKey(root: TestRsaKey, serverPublicKey: string): string {
  const fp = createHash('md5').update(serverPublicKey, 'utf8').digest('hex');
  return sign('sha256', Buffer.from(`DS1-spk:${fp}`, 'ascii'), root.privateKey).toString('base64');
}

/** A valid raw config (as the network sends it) for a server key signed by `root`. */
export function rawConfig(
  root: TestRsaKey,
  server: TestRsaKey,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    clientOpen: true,
    serverPublicKey: server.spkiB64,
    serverPublicKeySign: signServerKey(root, server.spkiB64),
    defaultAlgorithm: 'rsa1024',
    exactUrls: ['/v1/user/overview/userinfo'],
    prefixUrls: ['/v1/mix/order/', '/v1/spot/'],
    signModes: {
      '/v1/mix/order/': '2',
      '/v1/mix/order/place': '3',
      '/v1/spot/custom': 'path,time,body,traceId,h:locale',
      '/v1/user/login': 'enc:loginName,pwd',
    },
    userCheckDeviceUrl: '/v1/user/checkDevice',
    ...extra,
  };
}

/** hex(MD5(utf8(text))) computed with node, independent of the engine. */
export function md5Hex(text: string | Uint8Array): string {
  return createHash('md5')
    .update(typeof text === 'string' ? utf8(text) : text)
    .digest('hex');
}

/** Lowercase hex of bytes, via the engine's encoder (tests compare against node-made strings). */
export const hex = toHex;
