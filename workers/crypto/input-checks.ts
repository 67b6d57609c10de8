// Argument checks of the crypto worker API: a wrong shape is a programming error in the caller, so it throws.

const METHOD = /^[A-Za-z]{1,16}$/;
const MAX_PATH = 8192;
const MAX_TOKEN = 4096;
const MAX_HEADERS = 100;

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an HTTP method name. */
export function checkMethod(value: unknown): string {
  if (typeof value !== 'string' || !METHOD.test(value)) throw new TypeError('method must be an HTTP method name');
  return value;
}

/** Checks a request path that starts with '/' and has no whitespace. */
export function checkPath(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_PATH || /\s/.test(value)) {
    throw new TypeError(`${name} must be a path starting with "/" without whitespace`);
  }
  return value;
}

/** Checks an optional header value given as a string. */
export function checkOptionalString(value: unknown, name: string, maxLength = MAX_TOKEN): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > maxLength)
    throw new TypeError(`${name} must be a string of at most ${maxLength} characters`);
  return value;
}

/** Checks a header map of strings. */
export function checkHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new TypeError('headers must be an object of strings');
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS || entries.some(([, v]) => typeof v !== 'string'))
    throw new TypeError('headers must be an object of strings');
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The raw body bytes: a Uint8Array as is, a string as UTF-8, nothing as empty. */
export function checkBody(value: unknown): Uint8Array {
  if (value === undefined || value === null) return new Uint8Array();
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return new TextEncoder().encode(value);
  throw new TypeError('body must be a Uint8Array or the string sent');
}

/** Checks a ms-since-epoch timestamp. */
export function checkTimestamp(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new TypeError(`${name} must be ms since epoch`);
  return value;
}
