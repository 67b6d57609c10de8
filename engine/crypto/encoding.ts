// Byte encodings of the signing contract ("Encodings used below"), in pure code: engine/ has no TextEncoder or atob.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map<string, number>([...B64].map((c, i) => [c, i]));

/** Standard base64 with padding (`b64` of the signing contract). */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** Base64url without padding (`b64u` of the signing contract, JWE compact parts). */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** Strict standard base64 decoding (`b64` of the signing contract); returns null for anything that is not canonical base64 with padding. */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const body = text.length - padding;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j += 1) {
      const at = i + j;
      const value = at < body ? B64_INDEX.get(text[at]!) : 0;
      if (value === undefined) return null;
      n = (n << 6) | value;
    }
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** Base64url decoding without padding (JWE compact parts); returns null on a bad character. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (/[+/=]/.test(text) || text.length % 4 === 1) return null;
  const std = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(std + '='.repeat((4 - (std.length % 4)) % 4));
}

/** Lowercase hex (`hex` of the signing contract). */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** UTF-8 bytes of a string (`text is UTF-8`, signing contract); lone surrogates become U+FFFD as TextEncoder does. */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    let cp = char.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

/** Concatenates byte arrays (JWE MAC input, signed bytes). */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Strict UTF-8 decoding: the text, or null for bytes that are not well-formed UTF-8 (a truncated or overlong
 * sequence, a surrogate, a code point above U+10FFFF), where a lenient decoder would put U+FFFD in silently.
 */
export function utf8Text(bytes: Uint8Array): string | null {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const first = bytes[i]!;
    let need: number;
    let point: number;
    let min: number;
    if (first < 0x80) {
      out += String.fromCharCode(first);
      i += 1;
      continue;
    } else if (first >= 0xc2 && first <= 0xdf) [need, point, min] = [1, first & 0x1f, 0x80];
    else if (first >= 0xe0 && first <= 0xef) [need, point, min] = [2, first & 0x0f, 0x800];
    else if (first >= 0xf0 && first <= 0xf4) [need, point, min] = [3, first & 0x07, 0x10000];
    else return null;
    for (let k = 1; k <= need; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      point = (point << 6) | (next & 0x3f);
    }
    if (point < min || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return null;
    out += String.fromCodePoint(point);
    i += need + 1;
  }
  return out;
}
