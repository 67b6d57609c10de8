import { constants, type KeyObject, privateDecrypt, randomBytes } from 'node:crypto';
import { openA128CbcHs256 } from './a128cbc-hs256';
import { decodeBase64UrlStrict } from './encoding';

/** Longest `bodyCiphertext` accepted; a login plaintext is about 1.5 KB, so this only stops abuse. */
export const MAX_JWE_CHARS = 16 * 1024;

/** The only protected header the gateway accepts, apart from `kid` (contract §3 step 6). */
const EXPECTED_ALG = 'RSA-OAEP-256';
const EXPECTED_ENC = 'A128CBC-HS256';

/** Why a JWE did not open; for the debug log only, never for the client. */
export type JweFailure = 'size' | 'shape' | 'header' | 'kid' | 'tag';

/** Result of opening a JWE compact serialization. */
export type JweResult = { ok: true; plaintext: Buffer } | { ok: false; reason: JweFailure };

/** Opens a JWE compact `RSA-OAEP-256` + `A128CBC-HS256` token under the gateway key whose fingerprint is `kid` (contract §3). */
export function openJweCompact(compact: string, privateKey: KeyObject, kid: string): JweResult {
  if (compact.length > MAX_JWE_CHARS) return { ok: false, reason: 'size' };
  const parts = compact.split('.');
  if (parts.length !== 5) return { ok: false, reason: 'shape' };
  const [headerB64u, encryptedKeyB64u, ivB64u, ciphertextB64u, tagB64u] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const headerBytes = decodeBase64UrlStrict(headerB64u);
  const encryptedKey = decodeBase64UrlStrict(encryptedKeyB64u);
  const iv = decodeBase64UrlStrict(ivB64u);
  const ciphertext = decodeBase64UrlStrict(ciphertextB64u);
  const tag = decodeBase64UrlStrict(tagB64u);
  if (!headerBytes || !encryptedKey || !iv || !ciphertext || !tag) return { ok: false, reason: 'shape' };
  if (iv.length !== 16 || tag.length !== 16 || ciphertext.length === 0 || ciphertext.length % 16 !== 0) {
    return { ok: false, reason: 'shape' };
  }
  const header = parseHeader(headerBytes);
  if (!header) return { ok: false, reason: 'header' };
  if (header.kid !== kid) return { ok: false, reason: 'kid' };
  const plaintext = openA128CbcHs256({
    key: unwrapContentKey(encryptedKey, privateKey),
    iv,
    ciphertext,
    tag,
    aad: Buffer.from(headerB64u, 'ascii'),
  });
  // An unwrap failure surfaces here as a tag failure, so the two cannot be told apart.
  return plaintext ? { ok: true, plaintext } : { ok: false, reason: 'tag' };
}

/** RSA-OAEP-SHA-256 unwrap; any failure yields a random key so the tag check runs and fails as usual. */
function unwrapContentKey(encryptedKey: Buffer, privateKey: KeyObject): Buffer {
  const fallback = randomBytes(32);
  try {
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      encryptedKey,
    );
    return key.length === 32 ? key : fallback;
  } catch {
    return fallback;
  }
}

/** The header object when it has exactly `alg`, `enc` and `kid` with the expected algorithms; otherwise null. */
function parseHeader(bytes: Buffer): { kid: string } | null {
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return null;
  const fields = header as Record<string, unknown>;
  // Extra members (zip, crit, jku, ...) would change how a token must be processed, so none are allowed.
  if (Object.keys(fields).sort().join(',') !== 'alg,enc,kid') return null;
  if (fields.alg !== EXPECTED_ALG || fields.enc !== EXPECTED_ENC || typeof fields.kid !== 'string') return null;
  return { kid: fields.kid };
}
