import { invalidField } from '../../http/gateway-error';
import type { JsonObject } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { loginFailed, rateLimited } from '../auth-errors';
import { readAreaCode, readLoginName, readPassword } from '../auth-fields';
import { mobileTarget } from '../second-factors/code-sender';
import { assertAttemptAllowed, recordLoginAttempt } from '../sessions/login-history';
import type { RequestFacts } from '../sessions/request-facts';
import type { UserRecord } from '../user-store';
import { beginLoginAttempt, enterLoginLane, loginDelayMs, recordLoginFailure } from './auth-limits';
import type { ClientKey } from './pending-login-store';

/** An account whose password was right, with the rate-limit bucket of the name typed. */
export interface CheckedCredentials {
  user: UserRecord;
  accountKey: string;
}

/**
 * Checks `loginName` (email, or mobile with `areaCode`) and `pwd` of decrypted fields. An unknown account and a
 * wrong password get the same error after the same work, and count against the account's and the address's limits.
 * Checks under way count against the limits as failures until they end. On a slowed-down account the wait and the
 * check go one attempt at a time (40429 for the others), except from a device whose key the account already knows
 * (`clientKey`), so guessing elsewhere never keeps the owner out.
 */
export async function checkCredentials(
  ctx: AuthContext,
  facts: RequestFacts,
  fields: JsonObject,
  clientKey: ClientKey | null = null,
): Promise<CheckedCredentials> {
  const loginName = readLoginName(fields);
  const pwd = readPassword(fields);
  const areaCode = readAreaCode(fields, { optional: true });
  const isEmail = loginName.includes('@');
  if (!isEmail && areaCode === undefined) throw invalidField('areaCode', 'is required to log in with a mobile number');
  const accountKey = isEmail ? loginName.toLowerCase() : mobileTarget(areaCode!, loginName);
  const ip = facts.device.ip;
  const findUser = () => (isEmail ? ctx.users.findByEmail(accountKey) : ctx.users.findByMobile(areaCode!, loginName));
  assertAttemptAllowed(ctx, facts, accountKey, () => findUser()?.id);
  const delayMs = loginDelayMs(ctx, accountKey);
  // Counted before the first await, so a burst sent side by side meets the limits one after another would.
  const endAttempt = beginLoginAttempt(ctx, accountKey, ip);
  let leaveLane = () => {};
  try {
    if (delayMs > 0 && !(await isKnownDevice(ctx, facts, findUser(), clientKey))) {
      const lane = enterLoginLane(ctx, accountKey);
      if (!lane) throw rateLimited();
      leaveLane = lane;
    }
    if (delayMs > 0) await ctx.sleep(delayMs);
    const user = findUser();
    const matches = await ctx.checkPassword(pwd, user?.passwordHash);
    if (!user || !matches) {
      recordLoginFailure(ctx, accountKey, ip);
      if (user) recordLoginAttempt(ctx, facts, user.id, 'wrong-password');
      ctx.logger.info('login failed', { ip });
      throw loginFailed();
    }
    return { user, accountKey };
  } finally {
    leaveLane();
    endAttempt();
  }
}

/** True when the envelope's key is one this account has signed in with before (never for an unknown account). */
async function isKnownDevice(
  ctx: AuthContext,
  facts: RequestFacts,
  user: UserRecord | undefined,
  clientKey: ClientKey | null,
): Promise<boolean> {
  return user !== undefined && clientKey !== null && (await ctx.isTrustedDevice(facts, user.id, clientKey));
}
