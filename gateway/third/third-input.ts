import type { Context } from 'hono';
import { submitFailed } from '../auth/auth-errors';
import { answerSignIn, readAuthBody, readSensitiveFields, requestFacts } from '../auth/auth-request';
import type { RequestFacts, SignInAnswer } from '../auth/sessions/request-facts';
import type { ClientKey } from '../auth/sign-in/pending-login-store';
import type { GatewayEnv } from '../http/gateway-env';
import type { JsonObject } from '../http/validate';
import type { ThirdContext } from './third-core';

/**
 * A §7.4 call's fields: opened from its envelope (signing contract §3; its client key is bound to the session the
 * call may end in), or in clear only when the signing config allows plain logins. A bad envelope is `40106`.
 */
export async function readThirdFields(
  tctx: ThirdContext,
  c: Context<GatewayEnv>,
): Promise<{ fields: JsonObject; clientKey: ClientKey | null }> {
  const submitted = await readSensitiveFields(tctx.auth, c, await readAuthBody(c));
  if (!submitted) throw submitFailed();
  return submitted;
}

/** The reply of a third-party sign-in step run on this request's facts. */
export async function answerThird(
  tctx: ThirdContext,
  c: Context<GatewayEnv>,
  step: (facts: RequestFacts) => Promise<SignInAnswer>,
): Promise<Response> {
  const facts = requestFacts(tctx.auth, c);
  return answerSignIn(c, facts, await step(facts));
}
