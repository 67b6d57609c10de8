import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/** Inputs of one A128CBC-HS256 decryption (RFC 7518 §5.2.3). */
export interface A128CbcHs256Input {
  /** 32 bytes: HMAC key first, AES-128 key last. */
  key: Uint8Array;
  iv: Uint8Array;
  ciphertext: Uint8Array;
  tag: Uint8Array;
  /** Additional authenticated data (for JWE: the ASCII of the base64url protected header). */
  aad: Uint8Array;
}

/** Checks the tag in constant time and only then decrypts AES-128-CBC (contract §3 step 4); null on any failure. */
export function openA128CbcHs256(input: A128CbcHs256Input): Buffer | null {
  const { key, iv, ciphertext, tag, aad } = input;
  if (key.length !== 32 || iv.length !== 16 || tag.length !== 16) return null;
  if (ciphertext.length === 0 || ciphertext.length % 16 !== 0) return null;
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const mac = createHmac('sha256', key.subarray(0, 16)).update(aad).update(iv).update(ciphertext).update(al).digest();
  // Decrypting only after the tag matches keeps CBC padding errors from becoming an oracle.
  if (!timingSafeEqual(mac.subarray(0, 16), tag)) return null;
  try {
    const decipher = createDecipheriv('aes-128-cbc', key.subarray(16, 32), iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}
