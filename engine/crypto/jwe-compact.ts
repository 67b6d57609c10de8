import { encryptA128CbcHs256 } from './a128cbc-hs256';
import { toBase64Url, utf8 } from './encoding';
import type { CryptoPrimitives } from './primitives';

/** Content-key and IV sizes of the envelope (signing contract §3 step 4). */
export const CEK_BYTES = 32;
export const IV_BYTES = 16;

/** The protected header, exactly `{"alg":"RSA-OAEP-256","enc":"A128CBC-HS256","kid":fp}` (signing contract §3 step 6). */
export function jweProtectedHeader(kid: string): string {
  return JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A128CBC-HS256', kid });
}

/**
 * JWE compact serialization of `plaintext` for the server: random 32-byte CEK wrapped with RSA-OAEP-256,
 * random 16-byte IV, A128CBC-HS256 with the encoded protected header as AAD (signing contract §3, RFC 7516 §7.1).
 */
export async function buildJweCompact(
  primitives: CryptoPrimitives<unknown>,
  serverSpkiDer: Uint8Array,
  kid: string,
  plaintext: Uint8Array,
): Promise<string> {
  const header = toBase64Url(utf8(jweProtectedHeader(kid)));
  const cek = primitives.randomBytes(CEK_BYTES);
  const iv = primitives.randomBytes(IV_BYTES);
  const wrapped = await primitives.rsaOaepSha256Encrypt(serverSpkiDer, cek);
  // RFC 7516 §5.1 step 14: the AAD is the ASCII of the encoded protected header.
  const { ciphertext, tag } = await encryptA128CbcHs256(primitives, cek, iv, utf8(header), plaintext);
  cek.fill(0);
  return [header, toBase64Url(wrapped), toBase64Url(iv), toBase64Url(ciphertext), toBase64Url(tag)].join('.');
}
