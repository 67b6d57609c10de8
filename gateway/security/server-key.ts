import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SigningRoot } from './dev-root';
import { md5Hex } from './encoding';
import { writeOnce } from './write-once';

/** File name of the gateway's server key inside its data directory. */
export const SERVER_KEY_FILE = 'sign-server-key.pem';

/** The gateway's RSA-2048 key pair; `publicKeyB64` is b64(SPKI DER), exactly as the config endpoint sends it. */
export interface ServerKey {
  privateKey: KeyObject;
  publicKeyB64: string;
}

/** Everything the DS1 routes need about the gateway's own key (contract §1, §3). */
export interface SigningIdentity {
  serverPrivateKey: KeyObject;
  /** b64(SPKI DER) of the server key. */
  serverPublicKey: string;
  /** b64 signature by the root over `DS1-spk:` + hex(MD5(serverPublicKey)). */
  serverPublicKeySign: string;
  /** hex(MD5(serverPublicKey)): the JWE `kid` and the `fp` of `initSign`. */
  fingerprint: string;
}

/** Loads `<dataDir>/sign-server-key.pem`, creating an RSA-2048 (e = 65537) key there (mode 0600) when missing. */
export function loadServerKey(dataDir: string): ServerKey {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SERVER_KEY_FILE);
  let pem = readKeyFile(path);
  if (pem === null) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
    // Losing a creation race to another gateway on the same directory is fine: read the winner's key.
    writeOnce(path, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 0o600);
    pem = readFileSync(path, 'utf8');
  }
  const privateKey = createPrivateKey(pem);
  const details = privateKey.asymmetricKeyDetails;
  if (privateKey.asymmetricKeyType !== 'rsa' || details?.modulusLength !== 2048 || details.publicExponent !== 65537n) {
    throw new Error(`${path} must hold an RSA-2048 key with e = 65537`);
  }
  const publicKeyB64 = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
  return { privateKey, publicKeyB64 };
}

/** The text the root signs for a server key: `DS1-spk:` + hex(MD5(b64 SPKI as sent)) (contract §1). */
export function serverKeySignedText(publicKeyB64: string): string {
  return `DS1-spk:${md5Hex(publicKeyB64)}`;
}

/** Signs a server public key with the root key: b64 RSASSA-PKCS1-v1_5/SHA-256 (contract §1). */
export function signServerPublicKey(publicKeyB64: string, rootPrivateKey: KeyObject): string {
  const text = Buffer.from(serverKeySignedText(publicKeyB64), 'ascii');
  return sign('sha256', text, { key: rootPrivateKey, padding: constants.RSA_PKCS1_PADDING }).toString('base64');
}

/** Binds the server key to the current root; signed afresh on every call, so a changed root is never served a stale signature. */
export function createSigningIdentity(serverKey: ServerKey, root: SigningRoot): SigningIdentity {
  return {
    serverPrivateKey: serverKey.privateKey,
    serverPublicKey: serverKey.publicKeyB64,
    serverPublicKeySign: signServerPublicKey(serverKey.publicKeyB64, root.privateKey),
    fingerprint: md5Hex(serverKey.publicKeyB64),
  };
}

function readKeyFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
