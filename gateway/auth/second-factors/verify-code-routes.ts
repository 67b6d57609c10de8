import { type Context, Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { noTarget, rateLimited, stepNotNeeded } from '../auth-errors';
import { readAreaCode, readEmail, readMobile } from '../auth-fields';
import { readAuthBody, readChoice, requestFacts, requireUser } from '../auth-request';
import { mobileTarget, sendCode, userTarget } from './code-sender';
import { maskTarget } from '../dev-mailbox/dev-mailbox';
import { loadPending } from '../sign-in/login-steps';
import { resetAccountOf } from '../sign-in/password-reset-routes';
import { stepUpMethods, stepUpSubject } from './step-up';
import { CODE_SCENES, CODE_TTL_MS, type CodeChannel, type CodeScene } from './verify-code-store';

/** Path of the code-sending call (spec §7.6 lists it among the risk-token endpoints). */
export const SEND_CODE_PATH = '/v1/msg/verify-code/send';
const CHANNELS: readonly CodeChannel[] = ['email', 'mobile'];

/** The target named in the body (register and bind scenes). */
function bodyTarget(body: JsonObject, channel: CodeChannel): string {
  return channel === 'email' ? readEmail(body) : mobileTarget(readAreaCode(body), readMobile(body));
}

/**
 * Where a code for this scene goes. Register and reset: the body's target (a registered one gets a code too, so this call
 * never tells whether an account exists). Bind: the body's target, for a signed-in user. Security (a step-up): the
 * signed-in account's own contact, when its step-up asks for that channel. Login and system: the
 * pending login's own account, whatever the body says, so nobody can mail codes for another person's login.
 */
function resolveTarget(
  ctx: AuthContext,
  c: Context<GatewayEnv>,
  body: JsonObject,
  channel: CodeChannel,
  scene: CodeScene,
): string {
  if (scene === 'register' || scene === 'reset') return bodyTarget(body, channel);
  if (scene === 'bind') {
    requireUser(ctx, c);
    return bodyTarget(body, channel);
  }
  if (scene === 'security') {
    // A step-up code goes to the contact of the account that secures this one, only when its step-up asks for it.
    const subject = stepUpSubject(ctx, requireUser(ctx, c));
    if (!subject || !stepUpMethods(subject).includes(channel)) throw stepNotNeeded();
    const target = userTarget(subject, channel);
    if (target === null) throw noTarget();
    return target;
  }
  const { pending, user } = loadPending(ctx, requestFacts(ctx, c));
  const needed = scene === 'login' ? pending.methods.includes(channel) : pending.system;
  if (!needed) throw stepNotNeeded();
  const target = userTarget(user, channel);
  if (target === null) throw noTarget();
  return target;
}

/** `POST /v1/msg/verify-code/send` `{type, email?, mobile?, areaCode?, scene}`: issues and delivers a 6-digit code; the reply never holds it. */
export function verifyCodeRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.post(SEND_CODE_PATH, async (c) => {
    const body = await readAuthBody(c);
    const channel = readChoice(body, 'type', CHANNELS);
    const scene = readChoice(body, 'scene', CODE_SCENES);
    const target = resolveTarget(ctx, c, body, channel, scene);
    // A reset code goes only to an account's own contact, but the reply is the same either way: this call never
    // tells whether an account exists (the sending limits count both alike).
    const deliver = scene !== 'reset' || resetAccountOf(ctx, body, channel).user !== undefined;
    if (!(await sendCode(ctx, requestFacts(ctx, c), { channel, target, scene }, { deliver }))) throw rateLimited();
    return replyOk(c, {
      sent: true,
      target: maskTarget(channel, target),
      expiresInSeconds: CODE_TTL_MS / 1000,
      resendAfterSeconds: 60,
    });
  });
  return routes;
}
