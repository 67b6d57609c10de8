import { createHmac } from 'node:crypto';
import { safeEqualText } from '../safe-equal';

/** Time step of the authenticator codes, in seconds (RFC 6238 default). */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one, for clock drift. */
export const TOTP_WINDOW = 1;

/** The RFC 4226 HOTP value of `counter` under `key` with HMAC-SHA1, as a zero-padded string of `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  // Dynamic truncation, RFC 4226 §5.3.
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step that contains `nowMs`. */
export function totpStep(nowMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / 1000 / periodSeconds);
}

/** The RFC 6238 TOTP code (HMAC-SHA1) for the time `nowMs`. */
export function totp(key: Uint8Array, nowMs: number, digits = 6): string {
  return hotp(key, totpStep(nowMs), digits);
}

/**
 * Checks a 6-digit code against the steps around `nowMs` (±1) and returns the step it matched, or null;
 * a step at or before `lastUsedStep` never matches, so a used code cannot be replayed.
 */
export function verifyTotp(key: Uint8Array, code: string, nowMs: number, lastUsedStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(nowMs);
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time spent does not depend on which one matched.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    const ok = safeEqualText(hotp(key, step), code);
    if (ok && step > lastUsedStep && matched === null) matched = step;
  }
  return matched;
}
