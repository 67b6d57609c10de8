import type { AuthContext } from '../auth-context';
import { decodeBase32 } from './base32';
import { userTarget } from './code-sender';
import type { CodeMethod } from '../sign-in/pending-login-store';
import { verifyTotp } from './totp';
import type { UserRecord } from '../user-store';
import type { CodeScene } from './verify-code-store';

/** One answered code: the authenticator step it matched, or the mailed code's id; `match` null is a wrong answer. */
export interface CheckedCode {
  method: CodeMethod;
  match: number | null;
}

/**
 * Checks each answer against the user's authenticator (a step not used before) or the live code of `scene` sent to
 * the user's own contact, using none up: every answer is checked before any is used, so a partly right answer
 * consumes nothing.
 */
export function checkCodes(
  ctx: AuthContext,
  user: UserRecord,
  answers: readonly { method: CodeMethod; code: string }[],
  scene: CodeScene,
): CheckedCode[] {
  const now = ctx.now();
  return answers.map(({ method, code }) => {
    if (method === 'google') {
      const key = user.totpSecret === null ? null : decodeBase32(user.totpSecret);
      return { method, match: key === null ? null : verifyTotp(key, code, now, user.totpLastStep) };
    }
    const target = userTarget(user, method);
    return { method, match: target === null ? null : ctx.codes.check(method, target, scene, code) };
  });
}

/** Uses up right answers: the authenticator step is remembered (so its code cannot be replayed), mailed codes are deleted. */
export function spendCodes(ctx: AuthContext, user: UserRecord, checked: readonly CheckedCode[]): void {
  for (const { method, match } of checked) {
    if (match === null) continue;
    if (method === 'google') ctx.users.setTotpLastStep(user.id, match);
    else ctx.codes.consume(match);
  }
}
