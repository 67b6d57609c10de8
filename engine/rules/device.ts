/** Delay before the fingerprint is tried again after a failure (spec §9: fingerprint retry 2500 ms). */
export const FINGERPRINT_RETRY_MS = 2500;
/** Cookie set by a fingerprint service whose token, when short enough, serves as the terminal code. */
export const FINGERPRINT_COOKIE = 'device_token';

/** A cookie token from the fingerprint service is kept only if shorter than 50 characters (spec §5); odd characters are refused too. */
export function acceptFingerprintCookieToken(value: string | null): string | null {
  if (value === null || value.length === 0 || value.length >= 50) return null;
  return /^[A-Za-z0-9_-]+$/.test(value) ? value : null;
}
