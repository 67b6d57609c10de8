import { type Context, Hono } from 'hono';
import { sessionIdOf } from '../sessions/session-middleware';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { AuthContext } from '../auth-context';
import { codeInvalid, rateLimited } from '../auth-errors';
import { readAreaCode, readCode, readEmail, readMobile } from '../auth-fields';
import { TOTP_USER_LIMIT } from '../sign-in/auth-limits';
import { readAuthBody, readStepFields, requireUser } from '../auth-request';
import { mobileTarget } from './code-sender';
import { maskEmail, maskMobile } from '../mask';
import { contactTaken, contactUnchanged } from '../profile/profile-errors';
import { createProfileStore } from '../profile/profile-store';
import { endOtherSessions, requireStepUp, withStepUp } from './step-up';
import { mainAccountOnly } from '../sub-accounts/sub-errors';
import type { UserRecord } from '../user-store';
import type { CodeChannel } from './verify-code-store';

/** Paths of binding or changing the account's email and mobile (codes of scene `bind` go to the new address). */
export const BINDING_PATHS = {
  /** `POST {email, emailCode}` after a step-up for `email-change`. */
  email: '/v1/user/security/email/bind',
  /** `POST {areaCode, mobile, mobileCode}` after a step-up for `mobile-change`. */
  mobile: '/v1/user/security/mobile/bind',
} as const;

interface NewContact {
  channel: CodeChannel;
  target: string;
  code: string;
  isCurrent: boolean;
  save(): 'ok' | 'duplicate';
}

/**
 * Binds or changes the email or mobile of a signed-in main account. Three proofs: a fresh step-up of the factors the
 * account has now (asked first, so a stolen session cannot even try codes), the code sent to the new address (it is
 * the owner's), and only then is "used by another account" said. The account's other sessions end afterwards.
 */
export function bindingRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const profiles = createProfileStore(ctx.db);

  const bind = async (
    c: Context<GatewayEnv>,
    purpose: 'email-change' | 'mobile-change',
    read: (fields: Record<string, unknown>, user: UserRecord) => NewContact,
  ) => {
    const fields = await readStepFields(ctx, c, await readAuthBody(c));
    const user = requireUser(ctx, c);
    if (user.parentId !== null || user.isDemo) throw mainAccountOnly();
    requireStepUp(ctx, sessionIdOf(c), purpose, { consume: false });
    const contact = read(fields, user);
    if (contact.isCurrent) throw contactUnchanged();
    const bucket = `bind:user:${user.id}`;
    if (ctx.limiter.isLimited(bucket, TOTP_USER_LIMIT)) throw rateLimited();
    const codeId = ctx.codes.check(contact.channel, contact.target, 'bind', contact.code);
    if (codeId === null) {
      ctx.limiter.hit(bucket);
      throw codeInvalid();
    }
    const outcome = withStepUp(ctx, sessionIdOf(c), purpose, () => {
      const saved = contact.save();
      // A taken address rolls back: the grant and the code stay, so the owner may bind another address.
      if (saved === 'duplicate') throw contactTaken();
      ctx.codes.consume(codeId);
      return saved;
    });
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('contact bound', { userId: user.id, channel: contact.channel, outcome });
    const updated = ctx.users.findById(user.id)!;
    return replyOk(c, {
      email: updated.email === null ? null : maskEmail(updated.email),
      mobile: updated.mobile === null ? null : maskMobile(updated.mobile),
      areaCode: updated.areaCode,
    });
  };

  routes.post(BINDING_PATHS.email, (c) =>
    bind(c, 'email-change', (fields, user) => {
      const email = readEmail(fields);
      return {
        channel: 'email',
        target: email,
        code: readCode(fields, 'emailCode'),
        isCurrent: email === user.email,
        save: () => profiles.setEmail(user.id, email),
      };
    }),
  );

  routes.post(BINDING_PATHS.mobile, (c) =>
    bind(c, 'mobile-change', (fields, user) => {
      const areaCode = readAreaCode(fields);
      const mobile = readMobile(fields);
      return {
        channel: 'mobile',
        target: mobileTarget(areaCode, mobile),
        code: readCode(fields, 'mobileCode'),
        isCurrent: areaCode === user.areaCode && mobile === user.mobile,
        save: () => profiles.setMobile(user.id, areaCode, mobile),
      };
    }),
  );

  return routes;
}
