import type { Database } from 'better-sqlite3';
import type { AuthContext } from '../auth/auth-context';
import { alreadyRegistered, AuthError, termsNotAgreed } from '../auth/auth-errors';
import { hasAgreedToTerms } from '../auth/auth-fields';
import { createTermsConsentStore } from '../auth/registration/terms-consent-store';
import { completeLogin } from '../auth/sign-in/complete-login';
import { checkCredentials } from '../auth/sign-in/credentials';
import { isComplete, startPendingLogin, stepsFor } from '../auth/sign-in/login-steps';
import { PENDING_TTL_MS, type ClientKey } from '../auth/sign-in/pending-login-store';
import type { CookieChange, RequestFacts, SignInAnswer } from '../auth/sessions/request-facts';
import { sha256Hex } from '../auth/safe-equal';
import { randomSecret } from '../auth/sessions/session-store';
import type { JsonObject } from '../http/validate';
import type { UserRecord } from '../auth/user-store';
import { createThirdStore, type SerialRecord, SERIAL_TTL_MS, type ThirdIdentity, type ThirdStore } from './third-store';

export type { ThirdIdentity, ThirdProvider } from './third-store';

/** What the third-party routes are built from. */
export interface ThirdContext {
  auth: AuthContext;
  /** A database migrated with every gateway migration. */
  db: Database;
  localMode: boolean;
  /** The product's public origins, for the providers' domain checks; in local mode the request's own origin also counts. */
  origins: readonly string[];
}

/** The cookie that carries the `serialNO` to the §7.4 calls that have no `serialNO` field. */
export const SERIAL_COOKIE = 'third_serial';

/** A business error of the third-party flows: `{status:"error", code, msg}` with HTTP 200, like the other sign-in errors. */
export function thirdError(code: string, message: string): AuthError {
  return new AuthError(code, message);
}

/** The errors of the shared flows (40160–40169; each provider has its own range). */
export const THIRD_ERRORS = {
  serialInvalid: () => thirdError('40160', 'This sign-in has expired, please start again'),
  identityTaken: () => thirdError('40161', 'This account of the provider is already linked to another account'),
  providerTaken: () => thirdError('40162', 'Your account is already linked to another account of this provider'),
  emailNotVouched: () => thirdError('40163', 'Use the email address the provider confirmed'),
  nothingToVerify: () => thirdError('40164', 'There is nothing to verify, please start again'),
  emailNotVerified: () => thirdError('40165', 'Verify the email address first'),
  notLinked: () => thirdError('40166', 'This sign-in method is not linked to your account'),
  lastMethod: () => thirdError('40167', 'Bind an email address or a phone number before unlinking'),
} as const;

const stores = new WeakMap<Database, ThirdStore>();

/** The third-party tables of a database (one set of prepared statements per database). */
export function thirdStoreOf(db: Database): ThirdStore {
  let store = stores.get(db);
  if (!store) {
    store = createThirdStore(db);
    stores.set(db, store);
  }
  return store;
}

/** The HttpOnly serial cookie, sent only to the §7.4 calls, for the serial's 10 minutes. */
function serialCookie(serialNO: string): CookieChange {
  return {
    name: SERIAL_COOKIE,
    value: serialNO,
    path: '/v1/user/public/third/',
    httpOnly: true,
    maxAgeSeconds: SERIAL_TTL_MS / 1000,
  };
}

/** The bucket a third-party sign-in counts under in the login limits and history. */
const accountKeyOf = (identity: ThirdIdentity) => `third:${identity.provider}:${identity.subject}`;

/** Signs a user in through their own second factors, as after a password: a session, or the pending steps. */
async function signInAs(
  tctx: ThirdContext,
  facts: RequestFacts,
  user: UserRecord,
  accountKey: string,
  clientKey: ClientKey | null,
  pendingSerial?: SerialRecord,
): Promise<SignInAnswer> {
  const ctx = tctx.auth;
  const steps = await stepsFor(ctx, facts, user, clientKey);
  if (isComplete(steps)) {
    if (pendingSerial) linkSerial(tctx, pendingSerial, user.id);
    return completeLogin(ctx, facts, user, clientKey, accountKey);
  }
  const { token, ...answer } = await startPendingLogin(ctx, facts, { user, steps, clientKey, accountKey });
  if (pendingSerial) {
    // The link waits for that login to pass its steps.
    linkOnLoginCompletion(ctx);
    thirdStoreOf(tctx.db).addPendingLink(sha256Hex(token), pendingSerial.digest, ctx.now() + PENDING_TTL_MS);
  }
  return answer;
}

/** Links a serial's identity to a user and uses the serial up; refuses an identity or provider already linked. */
function linkSerial(tctx: ThirdContext, serial: SerialRecord, userId: string): void {
  const store = thirdStoreOf(tctx.db);
  if (!store.consumeSerial(serial.digest)) throw THIRD_ERRORS.serialInvalid();
  const owner = store.userOf(serial.identity.provider, serial.identity.subject);
  if (owner !== undefined && owner !== userId) throw THIRD_ERRORS.identityTaken();
  if (owner === userId) return;
  if (!store.link(serial.identity, userId, tctx.auth.now())) throw THIRD_ERRORS.providerTaken();
  tctx.auth.logger.info('third-party identity linked', { userId, provider: serial.identity.provider });
}

/**
 * The end of every provider's successful check. A linked identity signs its account in through the account's own
 * second factors, exactly as a password would. Otherwise the reply is `{bound:false, serialNO, …}`: the person then
 * links an existing account or creates one within 10 minutes, once.
 */
export async function signInWithIdentity(
  tctx: ThirdContext,
  facts: RequestFacts,
  identity: ThirdIdentity,
  clientKey: ClientKey | null = null,
): Promise<SignInAnswer> {
  const store = thirdStoreOf(tctx.db);
  const userId = store.userOf(identity.provider, identity.subject);
  const user = userId === undefined ? undefined : tctx.auth.users.findById(userId);
  if (user) return signInAs(tctx, facts, user, accountKeyOf(identity), clientKey);
  const { serialNO, expiresAt } = store.issueSerial(identity, tctx.auth.now());
  return {
    data: {
      bound: false,
      serialNO,
      provider: identity.provider,
      label: identity.label,
      email: identity.email,
      expiresAt,
    },
    cookies: [serialCookie(serialNO)],
  };
}

/** The live serial named by the `serialNO` field, else by the cookie; throws `40160` when there is none. */
export function serialOf(
  tctx: ThirdContext,
  facts: Pick<RequestFacts, 'secretCookie'>,
  fields: JsonObject,
): SerialRecord {
  const named = fields.serialNO;
  const serialNO = typeof named === 'string' && named !== '' ? named : facts.secretCookie(SERIAL_COOKIE);
  const serial =
    serialNO !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(serialNO)
      ? thirdStoreOf(tctx.db).findSerial(serialNO, tctx.auth.now())
      : undefined;
  if (!serial) throw THIRD_ERRORS.serialInvalid();
  return serial;
}

/**
 * Links a serial's identity to the account of `loginName` and `pwd` (in `fields`), after that account's second
 * factors: the reply is the login's, and the link is made when the login completes (`applyPendingLink`).
 */
export async function linkSerialWithPassword(
  tctx: ThirdContext,
  facts: RequestFacts,
  serial: SerialRecord,
  fields: JsonObject,
  clientKey: ClientKey | null,
): Promise<SignInAnswer> {
  const { user, accountKey } = await checkCredentials(tctx.auth, facts, fields, clientKey);
  const store = thirdStoreOf(tctx.db);
  const owner = store.userOf(serial.identity.provider, serial.identity.subject);
  if (owner !== undefined && owner !== user.id) throw THIRD_ERRORS.identityTaken();
  if (owner === undefined && store.linkedOf(user.id, serial.identity.provider)) throw THIRD_ERRORS.providerTaken();
  return signInAs(tctx, facts, user, accountKey, clientKey, serial);
}

/**
 * Links a freshly proved identity (a wallet's new signature: `wallet/check`) to the account of `loginName` and
 * `pwd`, through that account's second factors like `linkSerialWithPassword`.
 */
export async function linkWithPassword(
  tctx: ThirdContext,
  facts: RequestFacts,
  identity: ThirdIdentity,
  fields: JsonObject,
  clientKey: ClientKey | null = null,
): Promise<SignInAnswer> {
  const store = thirdStoreOf(tctx.db);
  const { serialNO } = store.issueSerial(identity, tctx.auth.now());
  const serial = store.findSerial(serialNO, tctx.auth.now())!;
  return linkSerialWithPassword(tctx, facts, serial, fields, clientKey);
}

/** The auth contexts whose completing logins make their pending links. */
const linking = new WeakSet<AuthContext>();

/**
 * Has every login of `ctx` that completes make the link it was started for (the auth room calls its completions and
 * knows nothing of links); once per context, at start and before any link waits on a login.
 */
export function linkOnLoginCompletion(ctx: AuthContext): void {
  if (linking.has(ctx)) return;
  linking.add(ctx);
  ctx.loginCompletions.push((pendingIdHash, userId) => applyPendingLink(ctx, pendingIdHash, userId));
}

/** Called when a pending login completes: makes the link it was started for, if any. Never blocks the sign-in. */
function applyPendingLink(ctx: AuthContext, pendingIdHash: string, userId: string): void {
  const store = thirdStoreOf(ctx.db);
  const serial = store.takePendingLink(pendingIdHash, ctx.now());
  if (!serial) return;
  try {
    linkSerial({ auth: ctx, db: ctx.db, localMode: false, origins: [] }, serial, userId);
  } catch (error) {
    // The sign-in itself passed every factor; only the link lost a race (the identity was linked meanwhile).
    ctx.logger.info('third-party link dropped at sign-in', { userId, reason: (error as Error).message });
  }
}

/**
 * Refuses a sign-up without the terms consent (`40116`, as the registration form): called by each route before it
 * spends a code, and again where the account is made, so no account is ever made without it.
 */
export function requireConsent(fields: JsonObject): void {
  if (!hasAgreedToTerms(fields)) throw termsNotAgreed();
}

/** The contact a new account is created with. */
export interface NewContact {
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
}

/**
 * Creates an account for a serial's identity with a proved contact and the terms consent, links the identity, uses the
 * serial up and signs in.
 */
export async function registerWithSerial(
  tctx: ThirdContext,
  facts: RequestFacts,
  serial: SerialRecord,
  contact: NewContact,
  submitted: { fields: JsonObject; clientKey: ClientKey | null },
  readReferral: (fields: JsonObject) => UserRecord['referral'],
): Promise<SignInAnswer> {
  const { fields, clientKey } = submitted;
  requireConsent(fields);
  const ctx = tctx.auth;
  const store = thirdStoreOf(tctx.db);
  if (store.userOf(serial.identity.provider, serial.identity.subject) !== undefined) throw THIRD_ERRORS.identityTaken();
  const passwordHash = await ctx.hashPassword(randomSecret(32));
  const consents = createTermsConsentStore(tctx.db);
  const created = tctx.db.transaction(() => {
    if (!store.consumeSerial(serial.digest)) throw THIRD_ERRORS.serialInvalid();
    const createdAt = ctx.now();
    const user = ctx.users.insert({ ...contact, passwordHash, createdAt, referral: readReferral(fields) });
    // Thrown inside the transaction, so the serial stays usable for linking that account instead.
    if (user === 'duplicate') throw alreadyRegistered();
    if (!store.link(serial.identity, user.id, ctx.now())) throw THIRD_ERRORS.identityTaken();
    // With the account, as the registration form does: no account exists without the record of its consent.
    consents.record(user.id, createdAt);
    return user;
  })();
  // The account's password is a random secret nobody knows, until its owner sets one ("Forgot password").
  ctx.logger.info('registered', { userId: created.id, kind: `third:${serial.identity.provider}` });
  return completeLogin(ctx, facts, created, clientKey);
}
