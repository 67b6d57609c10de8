import { concatBytes } from './encoding';
import type { CryptoPrimitives } from './primitives';

/** Ciphertext and authentication tag of A128CBC-HS256. */
export interface AeadResult {
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

/** The 64-bit big-endian bit length of the AAD ("AL", RFC 7518 §5.2.2.1). */
function aadBitLength(aad: Uint8Array): Uint8Array {
  const al = new Uint8Array(8);
  let bits = aad.length * 8;
  for (let i = 7; i >= 0 && bits > 0; i -= 1) {
    al[i] = bits % 256;
    bits = Math.floor(bits / 256);
  }
  return al;
}

/**
 * AES_128_CBC_HMAC_SHA_256 encryption (RFC 7518 §5.2.3, signing contract §3 step 4): the first 16 key bytes are
 * the HMAC key, the last 16 the AES key; tag = first 16 bytes of HMAC(AAD ‖ IV ‖ ciphertext ‖ AL).
 */
export async function encryptA128CbcHs256(
  primitives: CryptoPrimitives<unknown>,
  key: Uint8Array,
  iv: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Promise<AeadResult> {
  if (key.length !== 32) throw new RangeError('A128CBC-HS256 needs a 32-byte key');
  if (iv.length !== 16) throw new RangeError('A128CBC-HS256 needs a 16-byte IV');
  const ciphertext = await primitives.aes128CbcEncrypt(key.slice(16, 32), iv, plaintext);
  const mac = await primitives.hmacSha256(key.slice(0, 16), concatBytes(aad, iv, ciphertext, aadBitLength(aad)));
  return { ciphertext, tag: mac.slice(0, 16) };
}
