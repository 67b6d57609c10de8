import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** Cost parameters of scrypt; stored beside each hash so they can be raised later without breaking old ones. */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** Production cost: N = 2^15, r = 8, p = 1 (about 32 MiB and tens of milliseconds per hash). */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';
/** Refuse stored parameters beyond this, so a tampered row cannot make one login eat gigabytes. */
const MAX_N = 2 ** 20;

/** Node's default maxmem (32 MiB) is exactly what N=2^15,r=8 needs and scrypt also counts its own overhead, so raise it. */
function maxmemFor(params: ScryptParams): number {
  return 256 * params.N * params.r + 16 * 1024 * 1024;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...params, maxmem: maxmemFor(params) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function encode(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Hashes a password with a fresh 16-byte salt; the result is `scrypt$N$r$p$salt$key` (base64 parts). */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return encode(params, salt, await derive(password, salt, params));
}

/** Synchronous `hashPassword`, for start-up work (the dev seed) only: it blocks the event loop. */
export function hashPasswordSync(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): string {
  const salt = randomBytes(SALT_BYTES);
  const key = scryptSync(password.normalize('NFKC'), salt, KEY_BYTES, { ...params, maxmem: maxmemFor(params) });
  return encode(params, salt, key);
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = [N, r, p].every((n) => Number.isInteger(n) && n > 0) && N <= MAX_N && r <= 32 && p <= 16;
  if (!valid || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || key.length !== KEY_BYTES) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when `password` matches the stored hash; compares in constant time and is false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** A verifier that spends the same work on an unknown account (against a dummy hash) as on a known one, so timing does not tell them apart. */
export function createPasswordChecker(
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): (password: string, stored: string | undefined) => Promise<boolean> {
  // Made up front so the first unknown-account login is not slower than the rest.
  const dummy = hashPasswordSync('dummy-password-0', params);
  return async (password, stored) => {
    if (stored !== undefined) return verifyPassword(password, stored);
    await verifyPassword(password, dummy);
    return false;
  };
}
