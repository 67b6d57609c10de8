import { type Context, Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { loginFailed } from '../auth-errors';
import { answerSignIn, readAuthBody, readSensitiveFields, requestFacts } from '../auth-request';
import { completeLogin } from './complete-login';
import { checkCredentials } from './credentials';
import { isComplete, startPendingLogin, stepsFor } from './login-steps';

/** The password step's paths (spec §7.2); the agency login behaves the same. */
export const LOGIN_PATHS = ['/v1/user/login', '/v1/user/agency/login'] as const;

/** The password step: a bad or missing envelope gets the same reply as a wrong password. */
async function passwordLogin(ctx: AuthContext, c: Context<GatewayEnv>): Promise<Response> {
  const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
  if (!submitted) throw loginFailed();
  const facts = requestFacts(ctx, c);
  const { clientKey } = submitted;
  const { user, accountKey } = await checkCredentials(ctx, facts, submitted.fields, clientKey);
  const steps = await stepsFor(ctx, facts, user, clientKey);
  const answer = isComplete(steps)
    ? await completeLogin(ctx, facts, user, clientKey, accountKey)
    : await startPendingLogin(ctx, facts, { user, steps, clientKey, accountKey });
  return answerSignIn(c, facts, answer);
}

/** `POST /v1/user/login` and `POST /v1/user/agency/login`: the password step of spec §4 and §7.2. */
export function loginRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  for (const path of LOGIN_PATHS) routes.post(path, (c) => passwordLogin(ctx, c));
  return routes;
}
