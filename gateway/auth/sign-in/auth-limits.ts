import { rateLimited } from '../auth-errors';
import type { AuthContext } from '../auth-context';
import type { RateLimit } from '../../security/rate-limiter';

const MINUTE = 60 * 1000;

/** Login failures (wrong password or wrong second factor) allowed per account name from one address: 5 per 15 minutes. */
export const LOGIN_PAIR_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
/** Login failures allowed per client address across accounts: 20 per 15 minutes. */
export const LOGIN_IP_LIMIT: RateLimit = { max: 20, windowMs: 15 * MINUTE };
/** The window in which an account's failures from every address slow its sign-ins down. */
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * MINUTE;
/** Failures of an account (from anywhere) before its sign-ins are slowed down. */
export const LOGIN_SLOWDOWN_AFTER = 5;
/** The longest an attempt on a slowed-down account waits before its password is checked. */
export const LOGIN_SLOWDOWN_MAX_MS = 10_000;

/** Codes sent per target and scene: 1 per 60 s… */
export const CODE_TARGET_BURST: RateLimit = { max: 1, windowMs: MINUTE };
/** …and per target, whatever the scene, 10 per hour. */
export const CODE_TARGET_HOURLY: RateLimit = { max: 10, windowMs: 60 * MINUTE };
/** Codes sent per client address: 30 per hour. */
export const CODE_IP_HOURLY: RateLimit = { max: 30, windowMs: 60 * MINUTE };
/** Wrong authenticator codes allowed per user on the bind and unbind routes: 5 per 15 minutes. */
export const TOTP_USER_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };

const pairBucket = (accountKey: string, ip: string) => `login:pair:${accountKey}\n${ip}`;
const accountBucket = (accountKey: string) => `login:account:${accountKey}`;
const ipBucket = (ip: string) => `login:ip:${ip}`;

/**
 * Throws the 429 `40429` error when this address has used up its login failures, for this account or across
 * accounts. Failures from other addresses never block this one, so nobody can lock an owner out of their account.
 */
export function assertLoginAllowed(ctx: AuthContext, accountKey: string, ip: string): void {
  if (isUsedUp(ctx, pairBucket(accountKey, ip), LOGIN_PAIR_LIMIT) || isUsedUp(ctx, ipBucket(ip), LOGIN_IP_LIMIT)) {
    throw rateLimited();
  }
}

/** Failures recorded in the window plus password checks under way, which may fail yet: what a limit holds against. */
function failuresOf(ctx: AuthContext, bucket: string, windowMs: number): number {
  return ctx.limiter.count(bucket, windowMs) + (ctx.loginsUnderWay.get(bucket) ?? 0);
}

function isUsedUp(ctx: AuthContext, bucket: string, limit: RateLimit): boolean {
  return failuresOf(ctx, bucket, limit.windowMs) >= limit.max;
}

/**
 * Counts a password check as under way until the returned function is called: until then it holds against the limits
 * as a failure would, so attempts sent side by side meet the limits that attempts one after another meet (a burst of
 * 100 cannot all pass a count of failures that none of them has recorded yet). Call it before the first await.
 */
export function beginLoginAttempt(ctx: AuthContext, accountKey: string, ip: string): () => void {
  const buckets = [pairBucket(accountKey, ip), ipBucket(ip), accountBucket(accountKey)];
  for (const bucket of buckets) ctx.loginsUnderWay.set(bucket, (ctx.loginsUnderWay.get(bucket) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    for (const bucket of buckets) {
      const left = (ctx.loginsUnderWay.get(bucket) ?? 1) - 1;
      if (left > 0) ctx.loginsUnderWay.set(bucket, left);
      else ctx.loginsUnderWay.delete(bucket);
    }
  };
}

/**
 * How long an attempt on this account waits before its password is checked: nothing until the account has
 * LOGIN_SLOWDOWN_AFTER recent failures from anywhere (checks under way counted as failures), then 1 s doubling per
 * failure up to LOGIN_SLOWDOWN_MAX_MS.
 * Guessing from many addresses is slowed down; the owner still gets in.
 */
export function loginDelayMs(ctx: AuthContext, accountKey: string): number {
  const failures = failuresOf(ctx, accountBucket(accountKey), LOGIN_ACCOUNT_WINDOW_MS);
  if (failures < LOGIN_SLOWDOWN_AFTER) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - LOGIN_SLOWDOWN_AFTER, 16), LOGIN_SLOWDOWN_MAX_MS);
}

/**
 * Lets one attempt at a time through a slowed-down account's wait and password check, so parallel guesses cannot each
 * sleep their delay side by side: returns the release to call when the attempt is done, or null while another attempt
 * holds the account (the caller refuses with 40429 without checking anything). Guesses on one account therefore come
 * at most one per delay, from however many connections and addresses. Kept in memory: a restart frees every lane.
 */
export function enterLoginLane(ctx: AuthContext, accountKey: string): (() => void) | null {
  if (ctx.loginLanes.has(accountKey)) return null;
  ctx.loginLanes.add(accountKey);
  return () => {
    ctx.loginLanes.delete(accountKey);
  };
}

/** Counts one login failure against the (account, address) pair, the address and the account. */
export function recordLoginFailure(ctx: AuthContext, accountKey: string, ip: string): void {
  ctx.limiter.hit(pairBucket(accountKey, ip));
  ctx.limiter.hit(ipBucket(ip));
  ctx.limiter.hit(accountBucket(accountKey));
}

/**
 * Forgets the failures of this (account, address) pair once it has signed in completely. The account's own count
 * stays until it ages out, so a guesser elsewhere is not sped up by the owner's sign-in.
 */
export function clearLoginFailures(ctx: AuthContext, accountKey: string, ip: string): void {
  ctx.limiter.clear(pairBucket(accountKey, ip));
}

/**
 * True when a code for `scene` may be sent to `target` from `ip` now; when it may, the send is counted. The one-a-minute
 * burst limit is per scene, so a sign-up code and the step-up right after it are both sent; the hourly limits are not.
 */
export function takeCodeSend(ctx: AuthContext, target: string, scene: string, ip: string): boolean {
  const burstBucket = `code:target:${target}:${scene}`;
  const targetBucket = `code:target:${target}`;
  const sourceBucket = `code:ip:${ip}`;
  const limited =
    ctx.limiter.isLimited(burstBucket, CODE_TARGET_BURST) ||
    ctx.limiter.isLimited(targetBucket, CODE_TARGET_HOURLY) ||
    ctx.limiter.isLimited(sourceBucket, CODE_IP_HOURLY);
  if (limited) return false;
  ctx.limiter.hit(burstBucket);
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
