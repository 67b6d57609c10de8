import { type Context, Hono } from 'hono';
import { sessionIdOf } from '../auth/sessions/session-middleware';
import { businessErrorHandler, replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import { invalidField } from '../http/gateway-error';
import type { JsonObject } from '../http/validate';
import { codeInvalid, notLoggedIn } from '../auth/auth-errors';
import { readAreaCode, readCode, readEmail, readMobile, readReferral } from '../auth/auth-fields';
import { readAuthBody, requestFacts } from '../auth/auth-request';
import type { ClientKey } from '../auth/sign-in/pending-login-store';
import { mobileTarget, sendCode } from '../auth/second-factors/code-sender';
import { verifyCodes } from '../auth/sign-in/login-verify-routes';
import { PENDING_COOKIE } from '../auth/sessions/request-facts';
import { readSecretCookie } from '../auth/sessions/session-cookies';
import { withStepUp } from '../auth/second-factors/step-up';
import type { CodeChannel } from '../auth/second-factors/verify-code-store';
import {
  linkSerialWithPassword,
  type NewContact,
  registerWithSerial,
  requireConsent,
  serialOf,
  THIRD_ERRORS,
  type ThirdContext,
  thirdStoreOf,
} from './third-core';
import { answerThird, readThirdFields } from './third-input';
import { THIRD_PROVIDERS, type SerialRecord, type ThirdProvider } from './third-store';

/** Where the §7.4 calls live. */
export const THIRD_BASE = '/v1/user/public/third';

/** What `GET /v1/user/public/third/config` answers: each method's public settings, or null when it is off. */
export type ThirdPublicConfig = Record<
  'telegram' | 'wallet' | 'google' | 'apple' | 'qr',
  Record<string, unknown> | null
>;

/** A serial of one provider (a Telegram call cannot use a wallet's serial). */
function serialFor(tctx: ThirdContext, c: Context<GatewayEnv>, fields: JsonObject, provider?: ThirdProvider) {
  const serial = serialOf(tctx, requestFacts(tctx.auth, c), fields);
  if (provider !== undefined && serial.identity.provider !== provider) throw THIRD_ERRORS.serialInvalid();
  return serial;
}

/** Checks and uses up a registration code sent to `target`; throws `40102` when it is wrong. */
function spendRegisterCode(tctx: ThirdContext, channel: CodeChannel, target: string, code: string): void {
  const id = tctx.auth.codes.check(channel, target, 'register', code);
  if (id === null) throw codeInvalid();
  tctx.auth.codes.consume(id);
}

/** An email for a new account: the one the provider vouches for, or one proved with a registration code. */
function provedEmail(tctx: ThirdContext, serial: SerialRecord, email: string, code: string | undefined): void {
  if (serial.identity.email !== null && serial.identity.email.toLowerCase() === email.toLowerCase()) return;
  if (serial.verifiedEmail !== null && serial.verifiedEmail === email) return;
  if (code === undefined) throw THIRD_ERRORS.emailNotVerified();
  spendRegisterCode(tctx, 'email', email, code);
}

const optionalString = (fields: JsonObject, name: string) =>
  typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined;

/**
 * The shared third-party calls of spec §7.4 (linking, choosing, verifying, registering) and the linked-identity
 * settings; each provider's own check (`tg/sign`, `wallet/sign`, `oauth/sign`, the QR key) is mounted beside them.
 * Every call that makes an account needs the terms consent `agreed: true`, as the registration form (`40116` before
 * any code is spent); linking an existing account needs none and ignores it.
 */
export function thirdRoutes(tctx: ThirdContext, config: () => ThirdPublicConfig): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  const register = (
    c: Context<GatewayEnv>,
    serial: SerialRecord,
    contact: NewContact,
    submitted: { fields: JsonObject; clientKey: ClientKey | null },
  ) => answerThird(tctx, c, (facts) => registerWithSerial(tctx, facts, serial, contact, submitted, readReferral));

  routes.get(`${THIRD_BASE}/config`, (c) => replyOk(c, config()));

  // Link to an existing account: its password, then its own second factors (the reply is the login's).
  const link = (provider?: ThirdProvider) => async (c: Context<GatewayEnv>) => {
    const { fields, clientKey } = await readThirdFields(tctx, c);
    const serial = serialFor(tctx, c, fields, provider);
    return answerThird(tctx, c, (facts) => linkSerialWithPassword(tctx, facts, serial, fields, clientKey));
  };
  routes.post(`${THIRD_BASE}/bind/check`, link());
  routes.post(`${THIRD_BASE}/third/check`, link());
  routes.post(`${THIRD_BASE}/tg/checkUserExit`, link('telegram'));

  // A new account: the email it will have gets a registration code, proved by `securityVerify`.
  routes.post(`${THIRD_BASE}/bind/choose`, async (c) => {
    const { fields } = await readThirdFields(tctx, c);
    const serial = serialFor(tctx, c, fields);
    const email = readEmail(fields);
    thirdStoreOf(tctx.db).chooseEmail(serial.digest, email);
    const sent = await sendCode(tctx.auth, requestFacts(tctx.auth, c), {
      channel: 'email',
      target: email,
      scene: 'register',
    });
    return replyOk(c, { sent });
  });

  // The second step of whichever flow this browser is in: a link's login factors, else the chosen email's code.
  routes.post(`${THIRD_BASE}/securityVerify`, async (c) => {
    if (readSecretCookie(c, PENDING_COOKIE) !== undefined) return verifyCodes(tctx.auth, c);
    const { fields } = await readThirdFields(tctx, c);
    const serial = serialFor(tctx, c, fields);
    if (serial.chosenEmail === null) throw THIRD_ERRORS.nothingToVerify();
    spendRegisterCode(tctx, 'email', serial.chosenEmail, readCode(fields, 'emailCode'));
    thirdStoreOf(tctx.db).verifyEmail(serial.digest, serial.chosenEmail);
    return replyOk(c, { verified: true, email: serial.chosenEmail });
  });

  routes.post(`${THIRD_BASE}/google/register`, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const { fields } = submitted;
    const serial = serialFor(tctx, c, fields, 'google');
    requireConsent(fields);
    const email = readEmail(fields);
    // Google vouches for one address: an account made without a code may only take that one.
    if (serial.identity.email === null || serial.identity.email.toLowerCase() !== email.toLowerCase())
      throw THIRD_ERRORS.emailNotVouched();
    return register(c, serial, { email, areaCode: null, mobile: null }, submitted);
  });

  routes.post(`${THIRD_BASE}/apple/register`, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const { fields } = submitted;
    const serial = serialFor(tctx, c, fields, 'apple');
    requireConsent(fields);
    const email = readEmail(fields);
    provedEmail(tctx, serial, email, optionalString(fields, 'emailCode'));
    return register(c, serial, { email, areaCode: null, mobile: null }, submitted);
  });

  routes.post(`${THIRD_BASE}/tg/register`, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const { fields } = submitted;
    const serial = serialFor(tctx, c, fields, 'telegram');
    requireConsent(fields);
    const code = readCode(fields, 'verifyCode');
    if (optionalString(fields, 'email') !== undefined) {
      const email = readEmail(fields);
      spendRegisterCode(tctx, 'email', email, code);
      return register(c, serial, { email, areaCode: null, mobile: null }, submitted);
    }
    const mobile = readMobile(fields);
    const areaCode = readAreaCode(fields);
    spendRegisterCode(tctx, 'mobile', mobileTarget(areaCode, mobile), code);
    return register(c, serial, { email: null, areaCode, mobile }, submitted);
  });

  routes.post(`${THIRD_BASE}/wallet/register`, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const { fields } = submitted;
    const serial = serialFor(tctx, c, fields, 'wallet');
    requireConsent(fields);
    const email = readEmail(fields);
    // A wallet vouches for no address: the email must have been proved with bind/choose and securityVerify.
    if (serial.verifiedEmail !== email) throw THIRD_ERRORS.emailNotVerified();
    if (optionalString(fields, 'mobile') !== undefined)
      throw invalidField('mobile', 'can be bound in the account settings after sign-up');
    return register(c, serial, { email, areaCode: null, mobile: null }, submitted);
  });

  // A Telegram Mini App user without an email or phone: an account under a reserved, undeliverable address.
  routes.post(`${THIRD_BASE}/tg/generateVirtual`, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const serial = serialFor(tctx, c, submitted.fields, 'telegram');
    requireConsent(submitted.fields);
    const email = `tg${serial.identity.subject}@telegram.invalid`;
    return register(c, serial, { email, areaCode: null, mobile: null }, submitted);
  });

  // The account's linked identities, and unlinking one after a step-up.
  routes.get('/v1/user/security/third/list', (c) => {
    const session = c.get('session');
    if (!session) throw notLoggedIn();
    return replyOk(c, thirdStoreOf(tctx.db).listLinked(session.userId));
  });
  routes.post('/v1/user/security/third/unbind', async (c) => {
    const session = c.get('session');
    if (!session) throw notLoggedIn();
    const body = (await readAuthBody(c)) as JsonObject;
    const provider = body.provider;
    if (typeof provider !== 'string' || !(THIRD_PROVIDERS as readonly string[]).includes(provider))
      throw invalidField('provider', 'is not a sign-in provider');
    const user = tctx.auth.users.findById(session.userId);
    // A Telegram-only account (reserved address, no phone) would have no way left to sign in.
    if (user && user.mobile === null && (user.email ?? '').endsWith('.invalid')) throw THIRD_ERRORS.lastMethod();
    withStepUp(tctx.auth, sessionIdOf(c), 'third-unlink', () => {
      // Thrown inside the step-up's transaction: nothing to unlink leaves the grant for another try.
      if (!thirdStoreOf(tctx.db).unlink(session.userId, provider as ThirdProvider)) throw THIRD_ERRORS.notLinked();
    });
    tctx.auth.logger.info('third-party identity unlinked', { userId: session.userId, provider });
    return replyOk(c, { unlinked: provider });
  });
  return routes;
}
