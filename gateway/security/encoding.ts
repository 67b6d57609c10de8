import { createHash } from 'node:crypto';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Lowercase hex MD5 of text (UTF-8) or bytes, as the DS1 contract's `hex(MD5(...))`. */
export function md5Hex(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

/** Lowercase hex SHA-256 of text (UTF-8) or bytes (contract §2 key ids, §5 user id hashes). */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The 100-second bucket of a `request-time` header: its first 8 characters (contract §4). */
export function time8(requestTime: string): string {
  return requestTime.slice(0, 8);
}

/** Decodes standard padded base64, or returns null for anything that is not its canonical form. */
export function decodeBase64Strict(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  // Node ignores non-zero trailing bits; re-encoding rejects those non-canonical spellings.
  return bytes.toString('base64') === text ? bytes : null;
}

/** Decodes unpadded base64url (JWE segments), or returns null for anything that is not its canonical form. */
export function decodeBase64UrlStrict(text: string): Buffer | null {
  if (text.length % 4 === 1 || !BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
