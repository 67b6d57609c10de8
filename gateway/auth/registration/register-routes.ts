import { type Context, Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { alreadyRegistered, codeInvalid, submitFailed, termsNotAgreed } from '../auth-errors';
import {
  hasAgreedToTerms,
  readAreaCode,
  readCode,
  readEmail,
  readMobile,
  readNewPassword,
  readReferral,
} from '../auth-fields';
import { answerSignIn, readAuthBody, readSensitiveFields, requestFacts } from '../auth-request';
import { mobileTarget } from '../second-factors/code-sender';
import { completeLogin } from '../sign-in/complete-login';
import type { CodeChannel } from '../second-factors/verify-code-store';
import { createTermsConsentStore, type TermsConsentStore } from './terms-consent-store';

/** Which contacts a registration form carries (spec §7.3). */
type RegisterKind = 'mobile' | 'email' | 'mobileAndEmail';

/** The registration paths of spec §7.3 by kind. */
export const REGISTER_PATHS: Record<RegisterKind, string> = {
  mobile: '/v1/user/register/mobile',
  email: '/v1/user/register/email',
  mobileAndEmail: '/v1/user/register/mobileAndEmail',
};

interface Registration {
  email: string | null;
  mobile: { areaCode: string; mobile: string } | null;
  pwd: string;
  /** Each code with the channel and target it must have been sent to. */
  proofs: { channel: CodeChannel; target: string; code: string }[];
}

/** Reads and validates a form field by field, in the spec's order, so the first 400 names the first bad field. */
function readRegistration(kind: RegisterKind, fields: JsonObject): Registration {
  const mobile = kind === 'email' ? null : { mobile: readMobile(fields), areaCode: readAreaCode(fields) };
  const emailFirst = kind === 'email' ? readEmail(fields) : null;
  const pwd = readNewPassword(fields);
  const email = kind === 'mobileAndEmail' ? readEmail(fields) : emailFirst;
  const proofs: Registration['proofs'] = [];
  if (email !== null)
    proofs.push({
      channel: 'email',
      target: email,
      code: readCode(fields, kind === 'email' ? 'verifyCode' : 'emailVerifyCode'),
    });
  if (mobile !== null)
    proofs.push({
      channel: 'mobile',
      target: mobileTarget(mobile.areaCode, mobile.mobile),
      code: readCode(fields, 'verifyCode'),
    });
  return { email, mobile, pwd, proofs };
}

/**
 * Registers and signs in, after the consent to the terms and with the referral fields (stored as given, even when
 * no account owns the code: spec §3 does not say a code must be known). Duplicates: the codes are checked first, and
 * only then does the reply say "already registered" — by then the caller has proved they own the address, so it
 * tells them nothing new. The code-sending call answers the same for registered and new addresses, so neither call
 * lets a stranger enumerate accounts.
 */
async function register(
  ctx: AuthContext,
  consents: TermsConsentStore,
  c: Context<GatewayEnv>,
  kind: RegisterKind,
): Promise<Response> {
  const submitted = await readSensitiveFields(ctx, c, await readAuthBody(c));
  if (!submitted) throw submitFailed();
  const form = readRegistration(kind, submitted.fields);
  const referral = readReferral(submitted.fields);
  // Before any code is checked, so a refused form spends nothing and tells nothing about the address.
  if (!hasAgreedToTerms(submitted.fields)) throw termsNotAgreed();
  const matches = form.proofs.map((proof) => ctx.codes.check(proof.channel, proof.target, 'register', proof.code));
  if (matches.some((id) => id === null)) throw codeInvalid();
  const taken =
    (form.email !== null && ctx.users.findByEmail(form.email) !== undefined) ||
    (form.mobile !== null && ctx.users.findByMobile(form.mobile.areaCode, form.mobile.mobile) !== undefined);
  if (taken) throw alreadyRegistered();
  const passwordHash = await ctx.hashPassword(form.pwd);
  const createdAt = ctx.now();
  // The account and its consent are written together: no account exists without the record of its consent.
  const user = ctx.db.transaction(() => {
    const made = ctx.users.insert({
      email: form.email,
      areaCode: form.mobile?.areaCode ?? null,
      mobile: form.mobile?.mobile ?? null,
      passwordHash,
      createdAt,
      referral,
    });
    if (made !== 'duplicate') consents.record(made.id, createdAt);
    return made;
  })();
  // Two registrations of one address can race past the check above; the unique index decides.
  if (user === 'duplicate') throw alreadyRegistered();
  for (const id of matches) ctx.codes.consume(id!);
  ctx.logger.info('registered', { userId: user.id, kind });
  const facts = requestFacts(ctx, c);
  return answerSignIn(c, facts, await completeLogin(ctx, facts, user, submitted.clientKey));
}

/**
 * `POST /v1/user/register/{mobile,email,mobileAndEmail}` (spec §7.3) with the referral fields of spec §3 and the
 * terms consent `agreed: true` (ours: `40116` without it, `40115` for a malformed referral code).
 */
export function registerRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const consents = createTermsConsentStore(ctx.db);
  for (const [kind, path] of Object.entries(REGISTER_PATHS) as [RegisterKind, string][]) {
    routes.post(path, (c) => register(ctx, consents, c, kind));
  }
  return routes;
}
