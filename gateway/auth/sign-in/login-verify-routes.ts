import { type Context, Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';
import { readString } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { codeInvalid, securityKeyUnavailable, stepNotNeeded, tooManyAttempts } from '../auth-errors';
import { readCode } from '../auth-fields';
import { recordLoginFailure } from './auth-limits';
import { answerSignIn, readAuthBody, readStepFields, requestFacts } from '../auth-request';
import { userTarget } from '../second-factors/code-sender';
import { checkCodes, spendCodes } from '../second-factors/code-check';
import { assertAttemptAllowed, recordLoginAttempt } from '../sessions/login-history';
import { advancePendingLogin, loadPending, systemChannel } from './login-steps';
import { type CodeMethod, PENDING_MAX_ATTEMPTS, type PendingLogin } from './pending-login-store';
import { clearedPendingCookie, type RequestFacts } from '../sessions/request-facts';
import { applyCookies } from '../sessions/session-cookies';

/** The code step's paths (spec §7.2); all three behave the same. */
export const VERIFY_LOGIN_PATHS = [
  '/v1/user/login/verify-login',
  '/v1/user/agency/login/verify-login',
  '/v1/user/login/verify-login-v2',
] as const;
/** The security-key step's path. */
export const VERIFY_AUTH_LOGIN_PATH = '/v1/user/login/verify-auth-login';
/** The new-device step's paths. */
export const VERIFY_SYSTEM_LOGIN_PATHS = [
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
] as const;

const CODE_FIELD: Record<CodeMethod, string> = { email: 'emailCode', mobile: 'mobileCode', google: 'googleCode' };

/** Counts a wrong answer against the pending login and the account's login limit; the fifth drops the pending login. */
function failAttempt(ctx: AuthContext, c: Context<GatewayEnv>, facts: RequestFacts, pending: PendingLogin): never {
  recordLoginFailure(ctx, pending.accountKey, facts.device.ip);
  recordLoginAttempt(ctx, facts, pending.userId, 'wrong-code');
  if (ctx.pending.recordFailure(pending.idHash) >= PENDING_MAX_ATTEMPTS) {
    ctx.pending.remove(pending.idHash);
    applyCookies(c, [clearedPendingCookie()], facts.secure);
    throw tooManyAttempts();
  }
  throw codeInvalid();
}

/** Checks every enabled method's code; all are checked before any is used up, so a partly right answer consumes nothing. */
export async function verifyCodes(ctx: AuthContext, c: Context<GatewayEnv>): Promise<Response> {
  const fields = await readStepFields(ctx, c, await readAuthBody(c));
  // Loaded after the last await, so two concurrent requests cannot both use one authenticator step.
  const facts = requestFacts(ctx, c);
  const { pending, user } = loadPending(ctx, facts);
  if (pending.methods.length === 0) throw stepNotNeeded();
  const answers = pending.methods.map((method) => ({ method, code: readCode(fields, CODE_FIELD[method]) }));
  assertAttemptAllowed(ctx, facts, pending.accountKey, () => pending.userId);
  const results = checkCodes(ctx, user, answers, 'login');
  if (results.some((result) => result.match === null)) failAttempt(ctx, c, facts, pending);
  spendCodes(ctx, user, results);
  return answerSignIn(c, facts, await advancePendingLogin(ctx, facts, pending, user, { ...pending, methods: [] }));
}

/** The security-key step: an extension point until the WebAuthn verifier is injected (then `50100` stops being the answer). */
async function verifySecurityKey(ctx: AuthContext, c: Context<GatewayEnv>): Promise<Response> {
  const fields = await readStepFields(ctx, c, await readAuthBody(c));
  const facts = requestFacts(ctx, c);
  const { pending, user } = loadPending(ctx, facts);
  if (!pending.fido) throw stepNotNeeded();
  const fidoVerifyCode = readString(fields, 'fidoVerifyCode', { maxLength: 8192 });
  if (!ctx.verifySecurityKey) throw securityKeyUnavailable();
  assertAttemptAllowed(ctx, facts, pending.accountKey, () => pending.userId);
  if (!(await ctx.verifySecurityKey(facts, { userId: user.id, fidoVerifyCode }))) failAttempt(ctx, c, facts, pending);
  return answerSignIn(c, facts, await advancePendingLogin(ctx, facts, pending, user, { ...pending, fido: false }));
}

/** The new-device step: the code mailed at login (or re-sent with scene "system"). */
async function verifySystem(ctx: AuthContext, c: Context<GatewayEnv>): Promise<Response> {
  const fields = await readStepFields(ctx, c, await readAuthBody(c));
  const facts = requestFacts(ctx, c);
  const { pending, user } = loadPending(ctx, facts);
  if (!pending.system) throw stepNotNeeded();
  const code = readCode(fields, 'verifyCode');
  assertAttemptAllowed(ctx, facts, pending.accountKey, () => pending.userId);
  const channel = systemChannel(user);
  const id = ctx.codes.check(channel, userTarget(user, channel)!, 'system', code);
  if (id === null) failAttempt(ctx, c, facts, pending);
  ctx.codes.consume(id);
  return answerSignIn(c, facts, await advancePendingLogin(ctx, facts, pending, user, { ...pending, system: false }));
}

/** The second-factor steps of spec §7.2: codes, security key, new-device confirmation; each answers the steps left or the session. */
export function loginVerifyRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  for (const path of VERIFY_LOGIN_PATHS) routes.post(path, (c) => verifyCodes(ctx, c));
  routes.post(VERIFY_AUTH_LOGIN_PATH, (c) => verifySecurityKey(ctx, c));
  for (const path of VERIFY_SYSTEM_LOGIN_PATHS) routes.post(path, (c) => verifySystem(ctx, c));
  return routes;
}
