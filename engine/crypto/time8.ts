/** Shape of a `request-time` header value: ms since epoch as a plain decimal string (signing contract §4). */
const REQUEST_TIME = /^[1-9][0-9]{7,15}$/;

/** True when `value` is a usable `request-time` header (signing contract §4). */
export function isRequestTime(value: string): boolean {
  return REQUEST_TIME.test(value);
}

/** The first 8 characters of `request-time`, a 100-second bucket (signing contract §4); throws on a malformed header. */
export function time8(requestTime: string): string {
  if (!isRequestTime(requestTime)) throw new RangeError('request-time must be ms since epoch as a decimal string');
  return requestTime.slice(0, 8);
}
