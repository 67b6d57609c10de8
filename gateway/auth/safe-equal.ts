import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares two strings in constant time (over their SHA-256 digests, so lengths may differ). */
export function safeEqualText(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a).digest();
  const digestB = createHash('sha256').update(b).digest();
  return timingSafeEqual(digestA, digestB);
}

/** The lowercase hex SHA-256 of a string: how session ids, tokens and codes are stored. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
