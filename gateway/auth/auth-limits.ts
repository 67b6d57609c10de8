import { rateLimited } from './auth-errors';
import type { AuthContext } from './auth-context';
import type { RateLimit } from './rate-limiter';

const MINUTE = 60 * 1000;

/** Login failures (wrong password or wrong second factor) allowed per account name: 5 per 15 minutes. */
export const LOGIN_ACCOUNT_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
/** Login failures allowed per client address: 20 per 15 minutes. */
export const LOGIN_IP_LIMIT: RateLimit = { max: 20, windowMs: 15 * MINUTE };
/** Codes sent per target: 1 per 60 s… */
export const CODE_TARGET_BURST: RateLimit = { max: 1, windowMs: MINUTE };
/** …and 10 per hour. */
export const CODE_TARGET_HOURLY: RateLimit = { max: 10, windowMs: 60 * MINUTE };
/** Codes sent per client address: 30 per hour. */
export const CODE_IP_HOURLY: RateLimit = { max: 30, windowMs: 60 * MINUTE };
/** Wrong authenticator codes allowed per user on the bind and unbind routes: 5 per 15 minutes. */
export const TOTP_USER_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };

const accountBucket = (accountKey: string) => `login:account:${accountKey}`;
const ipBucket = (ip: string) => `login:ip:${ip}`;

/** Throws the 429 `40429` error when the account name or the address has used up its login failures. */
export function assertLoginAllowed(ctx: AuthContext, accountKey: string, ip: string): void {
  if (ctx.limiter.isLimited(accountBucket(accountKey), LOGIN_ACCOUNT_LIMIT) || ctx.limiter.isLimited(ipBucket(ip), LOGIN_IP_LIMIT)) {
    throw rateLimited();
  }
}

/** Counts one login failure against the account name and the address. */
export function recordLoginFailure(ctx: AuthContext, accountKey: string, ip: string): void {
  ctx.limiter.hit(accountBucket(accountKey));
  ctx.limiter.hit(ipBucket(ip));
}

/** Forgets an account's failures once it has signed in completely. */
export function clearLoginFailures(ctx: AuthContext, accountKey: string): void {
  ctx.limiter.clear(accountBucket(accountKey));
}

/** True when a code may be sent to `target` from `ip` now; when it may, the send is counted. */
export function takeCodeSend(ctx: AuthContext, target: string, ip: string): boolean {
  const targetBucket = `code:target:${target}`;
  const sourceBucket = `code:ip:${ip}`;
  const limited =
    ctx.limiter.isLimited(targetBucket, CODE_TARGET_BURST) ||
    ctx.limiter.isLimited(targetBucket, CODE_TARGET_HOURLY) ||
    ctx.limiter.isLimited(sourceBucket, CODE_IP_HOURLY);
  if (limited) return false;
  ctx.limiter.hit(targetBucket);
  ctx.limiter.hit(sourceBucket);
  return true;
}

/** Throws 429 when a user has used up wrong authenticator codes on bind/unbind; otherwise returns a function that counts one. */
export function totpAttempt(ctx: AuthContext, userId: string): () => void {
  const bucket = `totp:user:${userId}`;
  if (ctx.limiter.isLimited(bucket, TOTP_USER_LIMIT)) throw rateLimited();
  return () => ctx.limiter.hit(bucket);
}
