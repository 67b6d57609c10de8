import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { type Context, Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { type JsonObject, readString } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { codeInvalid, noStepUpMethod, rateLimited, securityKeyUnavailable } from '../auth-errors';
import { readCode } from '../auth-fields';
import { TOTP_USER_LIMIT } from '../sign-in/auth-limits';
import { readAuthBody, readStepFields, requestFacts, requireUser } from '../auth-request';
import { checkCodes, spendCodes } from './code-check';
import { maskEmail, maskMobile } from '../mask';
import { isStepUpPurpose, type StepUpMethod, type StepUpPurpose } from '../../../engine/rules/step-up';
import { STEP_UP_TTL_MS, stepUpMethods, stepUpSubject } from './step-up';
import type { UserRecord } from '../user-store';
import { CEREMONY_TIMEOUT_MS, relyingPartyOf } from '../security-keys/webauthn-relying-party';
import { CHALLENGE_TTL_MS, createWebAuthnStore, stepUpBinding } from '../security-keys/webauthn-store';

/** Paths of the step-up (spec §7.4 names `securityVerify` with the login codes' fields). */
export const STEP_UP_PATHS = {
  /** `POST {purpose}` → what to ask for, masked contacts, and the security key's options when it is asked for. */
  options: '/v1/user/security/verify/options',
  /** `POST {purpose, emailCode?, mobileCode?, googleCode?, fidoVerifyCode?}` → a grant for that purpose. */
  verify: '/v1/user/security/verify',
} as const;

const CODE_FIELD = { email: 'emailCode', mobile: 'mobileCode', google: 'googleCode' } as const;

function readPurpose(body: JsonObject): StepUpPurpose {
  const purpose = body.purpose;
  if (!isStepUpPurpose(purpose)) throw invalidField('purpose', 'must name a change that needs verification');
  return purpose;
}

/** The signed-in session, its user and the account whose factors confirm the change; throws when any is missing. */
function subjectOf(
  ctx: AuthContext,
  c: Context<GatewayEnv>,
): { sessionId: string; subject: UserRecord; methods: StepUpMethod[] } {
  const user = requireUser(ctx, c);
  const subject = stepUpSubject(ctx, user);
  const methods = subject ? stepUpMethods(subject) : [];
  if (!subject || methods.length === 0) throw noStepUpMethod();
  return { sessionId: c.get('session')!.sessionId, subject, methods };
}

/**
 * The step-up of a change to how an account is secured (binding or unbinding an authenticator, security keys, the
 * password, sub-accounts…): the account's second factors are asked again, all of them, or an emailed code when it has
 * none; a right answer grants this session that one change for 5 minutes. Wrong answers count against the account
 * (5 per 15 minutes) and use up the codes they were checked against.
 */
export function stepUpRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const keys = createWebAuthnStore(ctx.db, ctx.now);

  routes.post(STEP_UP_PATHS.options, async (c) => {
    const purpose = readPurpose(await readAuthBody(c));
    const { sessionId, subject, methods } = subjectOf(ctx, c);
    let fido = null;
    if (methods.includes('fido')) {
      const { rpID } = relyingPartyOf(c.req.url);
      fido = await generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.credentialsOf(subject.id).map((key) => ({ id: key.id, transports: key.transports })),
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'preferred',
      });
      keys.putChallenge(stepUpBinding(sessionId), {
        userId: subject.id,
        challenge: fido.challenge,
        expiresAt: ctx.now() + CHALLENGE_TTL_MS,
      });
    }
    return replyOk(c, {
      purpose,
      methods,
      email: subject.email === null ? null : maskEmail(subject.email),
      mobile: subject.mobile === null ? null : maskMobile(subject.mobile),
      fido,
    });
  });

  routes.post(STEP_UP_PATHS.verify, async (c) => {
    const fields = await readStepFields(ctx, c, await readAuthBody(c));
    const purpose = readPurpose(fields);
    // Read after the last await of the body, so concurrent requests see each other's used codes and steps.
    const { sessionId, subject, methods } = subjectOf(ctx, c);
    const bucket = `step-up:user:${subject.id}`;
    if (ctx.limiter.isLimited(bucket, TOTP_USER_LIMIT)) throw rateLimited();
    const codes = methods.flatMap((method) =>
      method === 'fido' ? [] : [{ method, code: readCode(fields, CODE_FIELD[method]) }],
    );
    const fidoVerifyCode = methods.includes('fido') ? readString(fields, 'fidoVerifyCode', { maxLength: 8192 }) : null;
    const results = checkCodes(ctx, subject, codes, 'security');
    let keyConfirmed = true;
    if (fidoVerifyCode !== null) {
      if (!ctx.verifySecurityKey) throw securityKeyUnavailable();
      keyConfirmed = await ctx.verifySecurityKey(requestFacts(ctx, c), {
        userId: subject.id,
        fidoVerifyCode,
        binding: stepUpBinding(sessionId),
      });
    }
    if (!keyConfirmed || results.some((result) => result.match === null)) {
      ctx.limiter.hit(bucket);
      ctx.logger.info('step-up refused', { userId: subject.id, purpose });
      throw codeInvalid();
    }
    spendCodes(ctx, subject, results);
    ctx.stepUps.grant(sessionId, purpose, ctx.now() + STEP_UP_TTL_MS);
    ctx.logger.info('step-up granted', { userId: subject.id, purpose });
    return replyOk(c, { purpose, expiresInSeconds: STEP_UP_TTL_MS / 1000 });
  });

  return routes;
}
