import { type Context, Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import type { AuthContext } from '../auth-context';
import { loginFailed, rateLimited } from '../auth-errors';
import { readAreaCode, readLoginName, readPassword } from '../auth-fields';
import { beginLoginAttempt, enterLoginLane, loginDelayMs, recordLoginFailure } from './auth-limits';
import { readAuthBody, readSensitiveFields } from '../auth-request';
import { mobileTarget } from '../second-factors/code-sender';
import { completeLogin } from './complete-login';
import { assertAttemptAllowed, recordLoginAttempt } from '../sessions/login-history';
import { isComplete, startPendingLogin, stepsFor } from './login-steps';
import type { ClientKey } from './pending-login-store';
import type { UserRecord } from '../user-store';
import type { JsonObject } from '../../http/validate';

/** The password step's paths (spec §7.2); the agency login behaves the same. */
export const LOGIN_PATHS = ['/v1/user/login', '/v1/user/agency/login'] as const;

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
  c: Context<GatewayEnv>,
  fields: JsonObject,
  clientKey: ClientKey | null = null,
): Promise<CheckedCredentials> {
  const loginName = readLoginName(fields);
  const pwd = readPassword(fields);
  const areaCode = readAreaCode(fields, { optional: true });
  const isEmail = loginName.includes('@');
  if (!isEmail && areaCode === undefined) throw invalidField('areaCode', 'is required to log in with a mobile number');
  const accountKey = isEmail ? loginName.toLowerCase() : mobileTarget(areaCode!, loginName);
  const ip = ctx.clientIp(c);
  const findUser = () => (isEmail ? ctx.users.findByEmail(accountKey) : ctx.users.findByMobile(areaCode!, loginName));
  assertAttemptAllowed(ctx, c, accountKey, () => findUser()?.id);
  const delayMs = loginDelayMs(ctx, accountKey);
  // Counted before the first await, so a burst sent side by side meets the limits one after another would.
  const endAttempt = beginLoginAttempt(ctx, accountKey, ip);
  let leaveLane = () => {};
  try {
    if (delayMs > 0 && !(await isKnownDevice(ctx, c, findUser(), clientKey))) {
      const lane = enterLoginLane(ctx, accountKey);
      if (!lane) throw rateLimited();
      leaveLane = lane;
    }
    if (delayMs > 0) await ctx.sleep(delayMs);
    const user = findUser();
    const matches = await ctx.checkPassword(pwd, user?.passwordHash);
    if (!user || !matches) {
      recordLoginFailure(ctx, accountKey, ip);
      if (user) recordLoginAttempt(ctx, c, user.id, 'wrong-password');
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
  c: Context<GatewayEnv>,
  user: UserRecord | undefined,
  clientKey: ClientKey | null,
): Promise<boolean> {
  return user !== undefined && clientKey !== null && (await ctx.isTrustedDevice(c, user.id, clientKey));
}

/** The password step: a bad or missing envelope gets the same reply as a wrong password. */
async function passwordLogin(ctx: AuthContext, c: Context<GatewayEnv>): Promise<Response> {
  const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
  if (!submitted) throw loginFailed();
  const { clientKey } = submitted;
  const { user, accountKey } = await checkCredentials(ctx, c, submitted.fields, clientKey);
  const steps = await stepsFor(ctx, c, user, clientKey);
  if (isComplete(steps)) return completeLogin(ctx, c, user, clientKey, accountKey);
  return startPendingLogin(ctx, c, { user, steps, clientKey, accountKey });
}

/** `POST /v1/user/login` and `POST /v1/user/agency/login`: the password step of spec §4 and §7.2. */
export function loginRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  for (const path of LOGIN_PATHS) routes.post(path, (c) => passwordLogin(ctx, c));
  return routes;
}
