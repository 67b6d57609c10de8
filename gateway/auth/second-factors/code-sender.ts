import type { RequestFacts } from '../sessions/request-facts';
import { readAntiPhishingCode } from '../profile/anti-phishing-store';
import type { AuthContext } from '../auth-context';
import { takeCodeSend } from '../sign-in/auth-limits';
import type { UserRecord } from '../user-store';
import { type CodeChannel, type CodeScene, CODE_TTL_MS } from './verify-code-store';

const SCENE_TEXT: Record<CodeScene, string> = {
  register: 'to create your account',
  login: 'to finish signing in',
  bind: 'to bind this address to your account',
  system: 'to confirm a sign-in from a new device',
  security: 'to confirm a change to how your account is secured',
  reset: 'to choose a new password',
};

/** The delivery target of a mobile number as codes and limits key it: `areaCode mobile`. */
export function mobileTarget(areaCode: string, mobile: string): string {
  return `${areaCode} ${mobile}`;
}

/** The user's own target on a channel, or null when the account has no such contact. */
export function userTarget(user: UserRecord, channel: CodeChannel): string | null {
  if (channel === 'email') return user.email;
  return user.mobile !== null && user.areaCode !== null ? mobileTarget(user.areaCode, user.mobile) : null;
}

/** The line every message to an account starts with once it has an anti-phishing code (empty without one). */
export function antiPhishingLine(code: string | null): string {
  return code === null ? '' : `Anti-phishing code: ${code}. `;
}

/**
 * The account a message is for: the signed-in account binding a new address (scene `bind`), else the account whose
 * email or mobile the target is (none for an address nobody has registered).
 */
function recipientOf(
  ctx: AuthContext,
  session: RequestFacts['session'],
  message: { channel: CodeChannel; target: string; scene: CodeScene },
): UserRecord | undefined {
  if (message.scene === 'bind') return session ? ctx.users.findById(session.userId) : undefined;
  if (message.channel === 'email') return ctx.users.findByEmail(message.target);
  const [areaCode, mobile] = message.target.split(' ');
  return areaCode && mobile ? ctx.users.findByMobile(areaCode, mobile) : undefined;
}

/**
 * Issues a code and delivers it, unless the target's or the address's sending limit is used up (then returns false
 * and sends nothing). With `deliver: false` it counts against the limits and answers alike but sends nothing.
 */
export async function sendCode(
  ctx: AuthContext,
  facts: Pick<RequestFacts, 'session' | 'device'>,
  message: { channel: CodeChannel; target: string; scene: CodeScene },
  options: { deliver?: boolean } = {},
): Promise<boolean> {
  if (!takeCodeSend(ctx, `${message.channel}:${message.target}`, message.scene, facts.device.ip)) return false;
  if (options.deliver === false) return true;
  const code = ctx.codes.issue(message.channel, message.target, message.scene);
  const minutes = CODE_TTL_MS / 60_000;
  const owner = recipientOf(ctx, facts.session, message);
  const antiPhishing = owner === undefined ? null : readAntiPhishingCode(ctx.db, owner.id);
  const text =
    antiPhishingLine(antiPhishing) +
    `Your verification code ${SCENE_TEXT[message.scene]} is ${code}. It expires in ${minutes} minutes. Never share it.`;
  await ctx.mailer.deliver({ ...message, code, text });
  return true;
}
