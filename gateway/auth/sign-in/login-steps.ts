import type { AuthContext } from '../auth-context';
import { pendingExpired } from '../auth-errors';
import { sendCode, userTarget } from '../second-factors/code-sender';
import { completeLogin } from './complete-login';
import {
  CODE_METHODS,
  type ClientKey,
  PENDING_TTL_MS,
  type PendingLogin,
  type PendingSteps,
} from './pending-login-store';
import { PENDING_COOKIE, pendingCookie, type RequestFacts, type SignInAnswer } from '../sessions/request-facts';
import { sha256Hex } from '../safe-equal';
import type { UserRecord } from '../user-store';
import type { CodeChannel } from '../second-factors/verify-code-store';
import { pendingView } from '../user-views';

/** The steps a user's login needs after the password: each enabled code method the account can use, the security key, and the new-device check. */
export async function stepsFor(
  ctx: AuthContext,
  facts: RequestFacts,
  user: UserRecord,
  clientKey: ClientKey | null,
): Promise<PendingSteps> {
  const usable = { email: user.email !== null, mobile: user.mobile !== null, google: user.totpSecret !== null };
  return {
    methods: CODE_METHODS.filter((method) => user.twoFactor[method] && usable[method]),
    fido: user.twoFactor.fido,
    system: user.twoFactor.system && !(await ctx.isTrustedDevice(facts, user.id, clientKey)),
  };
}

/** A step of a pending login, as the client shows them. */
export type PendingStepKind = 'codes' | 'system' | 'fido';

/** The step a pending login must pass next, in the order of spec §4: the codes, then the new-device code, then the security key; null when none is left. */
export function nextPendingStep(steps: PendingSteps): PendingStepKind | null {
  if (steps.methods.length > 0) return 'codes';
  if (steps.system) return 'system';
  if (steps.fido) return 'fido';
  return null;
}

/** True when no step is left. */
export function isComplete(steps: PendingSteps): boolean {
  return steps.methods.length === 0 && !steps.fido && !steps.system;
}

/** The channel a new-device code goes to: the user's email, else the mobile. */
export function systemChannel(user: UserRecord): CodeChannel {
  return user.email !== null ? 'email' : 'mobile';
}

/** The live pending login of the `login_pending` cookie and its user, or throws `40103`. */
export function loadPending(
  ctx: AuthContext,
  facts: Pick<RequestFacts, 'secretCookie'>,
): { pending: PendingLogin; user: UserRecord } {
  const token = facts.secretCookie(PENDING_COOKIE);
  const pending = token === undefined ? undefined : ctx.pending.find(token);
  const user = pending ? ctx.users.findById(pending.userId) : undefined;
  if (!pending || !user) throw pendingExpired();
  return { pending, user };
}

/** A pending login just started: the answer with its steps and cookie, and the cookie's secret. */
export interface PendingStart extends SignInAnswer {
  token: string;
}

/** Starts a pending login (HttpOnly `login_pending` cookie, 5 minutes), mails the new-device code when needed, and answers the steps. */
export async function startPendingLogin(
  ctx: AuthContext,
  facts: RequestFacts,
  input: { user: UserRecord; steps: PendingSteps; clientKey: ClientKey | null; accountKey: string },
): Promise<PendingStart> {
  const { token } = ctx.pending.create({
    ...input.steps,
    userId: input.user.id,
    accountKey: input.accountKey,
    clientKey: input.clientKey,
  });
  if (input.steps.system) {
    const channel = systemChannel(input.user);
    const target = userTarget(input.user, channel)!;
    // When the sending limit is used up the login still proceeds; the client can ask again with scene "system".
    await sendCode(ctx, facts, { channel, target, scene: 'system' });
  }
  return {
    data: pendingView(input.steps, input.user),
    cookies: [pendingCookie(token, PENDING_TTL_MS / 1000)],
    token,
  };
}

/** Saves what is left of a pending login and answers the next steps, or completes the login when nothing is left. */
export async function advancePendingLogin(
  ctx: AuthContext,
  facts: RequestFacts,
  pending: PendingLogin,
  user: UserRecord,
  next: PendingSteps,
): Promise<SignInAnswer> {
  if (!isComplete(next)) {
    ctx.pending.saveSteps(pending.idHash, next);
    return { data: pendingView(next, user), cookies: [] };
  }
  // Only the request that actually removes the pending login may turn it into a session.
  if (!ctx.pending.remove(pending.idHash)) throw pendingExpired();
  for (const completion of ctx.loginCompletions) completion(pending.idHash, user.id);
  return completeLogin(ctx, facts, user, pending.clientKey, pending.accountKey);
}

/**
 * The new-device step passed by proof of an older key pair (signing contract §5): when the request's pending login
 * belongs to the user of `userIdHash` and waits for that step, the step is cleared and the login goes on (the steps
 * left, or the session); null when there is no such pending login, so the device check answers for itself.
 */
export async function confirmKnownDevice(
  ctx: AuthContext,
  facts: RequestFacts,
  userIdHash: string,
): Promise<SignInAnswer | null> {
  const token = facts.secretCookie(PENDING_COOKIE);
  const pending = token === undefined ? undefined : ctx.pending.find(token);
  const user = pending ? ctx.users.findById(pending.userId) : undefined;
  if (!pending || !user || !pending.system || sha256Hex(user.id) !== userIdHash) return null;
  ctx.logger.info('new-device step passed by a known key', { userId: user.id });
  return advancePendingLogin(ctx, facts, pending, user, { ...pending, system: false });
}
