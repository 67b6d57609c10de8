import { createHmac } from 'node:crypto';

/** What a v2 private request signs: its timestamp header, method, path, raw query (without `?`) and raw body. */
export interface SignedParts {
  timestamp: string;
  method: string;
  path: string;
  query: string;
  body: Uint8Array;
}

/**
 * The exchange's v2 prehash: `timestamp + METHOD + requestPath + ('?' + queryString when there is one) + body`,
 * as bytes, so the body is signed exactly as it was sent.
 */
export function prehash(parts: SignedParts): Buffer {
  const head = `${parts.timestamp}${parts.method.toUpperCase()}${parts.path}${parts.query === '' ? '' : `?${parts.query}`}`;
  return Buffer.concat([Buffer.from(head, 'utf8'), parts.body]);
}

/** `ACCESS-SIGN` of a request: base64 HMAC-SHA256 of the prehash, keyed with the secret as the owner holds it (its hex text). */
export function signRequest(secret: string, parts: SignedParts): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(prehash(parts)).digest('base64');
}
