import { constants, createPublicKey, type KeyObject, verify } from 'node:crypto';
import { decodeBase64Strict, sha256Hex } from './encoding';

/** Client key sizes the contract allows (§2). */
export type ClientAlgorithm = 'rsa1024' | 'rsa2048';

/** A client public key the gateway accepted. */
export interface ClientPublicKey {
  key: KeyObject;
  /** First 32 hex chars of hex(SHA-256(SPKI DER)) (contract §2). */
  keyId: string;
  algorithm: ClientAlgorithm;
}

const MODULUS_BITS: Record<ClientAlgorithm, number> = { rsa1024: 1024, rsa2048: 2048 };
/** Longest base64 SPKI accepted (an RSA-2048 SPKI is 392 characters). */
const MAX_SPKI_CHARS = 1024;
/** Longest base64 signature accepted (an RSA-2048 signature is 344 characters). */
const MAX_SIGNATURE_CHARS = 1024;

/** True for the two algorithm names of contract §2. */
export function isClientAlgorithm(value: unknown): value is ClientAlgorithm {
  return value === 'rsa1024' || value === 'rsa2048';
}

/** The key id of an SPKI DER: first 32 hex chars of its SHA-256 (contract §2). */
export function keyIdOf(spkiDer: Uint8Array): string {
  return sha256Hex(spkiDer).slice(0, 32);
}

/** Parses a b64 SPKI and accepts it only as an RSA key of the algorithm's size with e = 65537 (contract §2); null otherwise. */
export function parseClientPublicKey(publicKeyB64: string, algorithm: ClientAlgorithm): ClientPublicKey | null {
  if (publicKeyB64.length > MAX_SPKI_CHARS) return null;
  const der = decodeBase64Strict(publicKeyB64);
  if (!der || der.length === 0) return null;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return null;
  }
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType !== 'rsa' || !details) return null;
  if (details.modulusLength !== MODULUS_BITS[algorithm] || details.publicExponent !== 65537n) return null;
  // Re-exporting proves the DER was canonical, so the key id names exactly these bytes.
  if (!key.export({ format: 'der', type: 'spki' }).equals(der)) return null;
  return { key, keyId: keyIdOf(der), algorithm };
}

/** Verifies a b64 RSASSA-PKCS1-v1_5/SHA-256 signature over UTF-8 text (contract §3, §4, §5); false on any malformed input. */
export function verifyRsaSha256(key: KeyObject, text: string, signatureB64: string): boolean {
  if (signatureB64.length > MAX_SIGNATURE_CHARS) return false;
  const signature = decodeBase64Strict(signatureB64);
  if (!signature || signature.length === 0) return false;
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), { key, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return false;
  }
}
