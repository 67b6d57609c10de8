import type { StepUpMethod, StepUpPurpose } from '../../../engine/rules/step-up';
import type { AuthContext } from '../auth-context';
import { stepUpRequired } from '../auth-errors';
import { CODE_METHODS } from '../sign-in/pending-login-store';
import type { UserRecord } from '../user-store';

export type { StepUpMethod, StepUpPurpose };

/** How long a proved step-up may be used for its change: 5 minutes. */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/**
 * The account whose second factors confirm a change: the user itself, or for a sub or demo account its main account
 * (those have no sign-in of their own; their owner secures them).
 */
export function stepUpSubject(ctx: AuthContext, user: UserRecord): UserRecord | undefined {
  return user.parentId === null ? user : ctx.users.findById(user.parentId);
}

/**
 * What a step-up asks of an account: every second factor it has turned on, as its sign-in does (codes, then the
 * security key); when it has none, a code to its email (else its mobile). Empty only for an account with no contact.
 */
export function stepUpMethods(user: UserRecord): StepUpMethod[] {
  const usable = { email: user.email !== null, mobile: user.mobile !== null, google: user.totpSecret !== null };
  const methods: StepUpMethod[] = CODE_METHODS.filter((method) => user.twoFactor[method] && usable[method]);
  if (user.twoFactor.fido) methods.push('fido');
  if (methods.length > 0) return methods;
  if (user.email !== null) return ['email'];
  return user.mobile !== null ? ['mobile'] : [];
}

/**
 * Throws `40112` unless the session (the request's, `sessionIdOf`) proved a fresh second factor for `purpose` in the last 5 minutes; with
 * `consume` the grant is used up, so one proof allows one change.
 */
export function requireStepUp(
  ctx: AuthContext,
  sessionId: string | null,
  purpose: StepUpPurpose,
  options: { consume: boolean },
): void {
  if (sessionId === null || !ctx.stepUps.holds(sessionId, purpose, options)) throw stepUpRequired();
}

/**
 * Ends every other session of the account (other devices, and sessions switched from it into its sub accounts) and
 * its unfinished sign-ins, after its password or a second factor changed; the request's own session stays.
 */
export async function endOtherSessions(ctx: AuthContext, sessionId: string | null, userId: string): Promise<void> {
  const ended = ctx.sessions.removeOthersOf(userId, sessionId ?? '');
  ctx.pending.removeAllOf(userId);
  for (const sessionId of ended) await ctx.onSessionEnded(sessionId);
  if (ended.length > 0) ctx.logger.info('other sessions ended', { userId, count: ended.length });
}

/**
 * Makes a change only with this session's step-up grant for `purpose` (else `40112`), using the grant up in the same
 * database transaction as the change: a change that throws rolls back and leaves the grant for a retry.
 */
export function withStepUp<T>(ctx: AuthContext, sessionId: string | null, purpose: StepUpPurpose, change: () => T): T {
  return ctx.db.transaction(() => {
    requireStepUp(ctx, sessionId, purpose, { consume: true });
    return change();
  })();
}
