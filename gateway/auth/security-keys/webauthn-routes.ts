import { sessionIdOf } from '../sessions/session-middleware';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { Hono } from 'hono';
import { replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { expectObject, readString } from '../../http/validate';
import type { AuthContext } from '../auth-context';
import { stepNotNeeded } from '../auth-errors';
import { readAuthBody, requestFacts, requireUser } from '../auth-request';
import { loadPending, nextPendingStep } from '../sign-in/login-steps';
import { endOtherSessions, requireStepUp, withStepUp } from '../second-factors/step-up';
import type { UserRecord } from '../user-store';
import { keyAlreadyRegistered, keyNotFound, keyNotVerified, tooManyKeys } from './webauthn-errors';
import { CEREMONY_TIMEOUT_MS, RP_NAME, relyingPartyOf } from './webauthn-relying-party';
import {
  CHALLENGE_TTL_MS,
  createWebAuthnStore,
  loginBinding,
  registrationBinding,
  type StoredCredential,
} from './webauthn-store';

/** Paths of the security-key (FIDO2 / WebAuthn) calls. */
export const FIDO2_PATHS = {
  registerOptions: '/v1/user/security/fido2/register/options',
  /** Spec §7.6: this one carries the risk-control token. */
  register: '/v1/user/security/fido2/register',
  list: '/v1/user/security/fido2/list',
  remove: '/v1/user/security/fido2/remove',
  /** The options of the sign-in step; its answer goes to `verify-auth-login` as `fidoVerifyCode`. */
  loginOptions: '/v1/user/login/verify-auth-login/options',
} as const;

/** Keys one account may hold (it also bounds the exclude and allow lists). */
export const MAX_KEYS_PER_USER = 10;
const NICKNAME_MAX = 64;
const CREDENTIAL_ID_MAX = 1024;

/** A key as the list shows it: never the public key or the counter. */
export function credentialView(credential: StoredCredential) {
  return {
    id: credential.id,
    nickname: credential.nickname,
    transports: credential.transports,
    createdAt: credential.createdAt,
    lastUsedAt: credential.lastUsedAt,
  };
}

function userName(user: UserRecord): string {
  return user.email ?? (user.mobile !== null ? `+${user.areaCode} ${user.mobile}` : user.id);
}

/** The optional `nickname`: trimmed, at most 64 characters, no control characters. */
function readNickname(body: Record<string, unknown>): string {
  const nickname = (readString(body, 'nickname', { optional: true, maxLength: NICKNAME_MAX * 2 }) ?? '').trim();
  if (nickname.length > NICKNAME_MAX) throw invalidField('nickname', `must be at most ${NICKNAME_MAX} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(nickname)) throw invalidField('nickname', 'must not contain control characters');
  return nickname;
}

/**
 * Security keys of a signed-in user (`register/options`, `register`, `list`, `remove`) and the options of the
 * sign-in step for a pending login. Adding and removing a key need a step-up and end the account's other sessions. Challenges are stored server-side for 5 minutes, bound to the session or the
 * pending login, and used up by the first answer.
 */
export function webauthnRoutes(ctx: AuthContext): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  const store = createWebAuthnStore(ctx.db, ctx.now);

  routes.post(FIDO2_PATHS.registerOptions, async (c) => {
    const user = requireUser(ctx, c);
    const session = c.get('session')!;
    const existing = store.credentialsOf(user.id);
    if (existing.length >= MAX_KEYS_PER_USER) throw tooManyKeys();
    // Asked here, before the ceremony; `register` uses the grant up.
    requireStepUp(ctx, sessionIdOf(c), 'fido-add', { consume: false });
    const { rpID } = relyingPartyOf(c.req.url);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: userName(user),
      userID: new TextEncoder().encode(user.id),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    });
    store.putChallenge(registrationBinding(session.sessionId), {
      userId: user.id,
      challenge: options.challenge,
      expiresAt: ctx.now() + CHALLENGE_TTL_MS,
    });
    return replyOk(c, options);
  });

  routes.post(FIDO2_PATHS.register, async (c) => {
    const body = await readAuthBody(c);
    const response = expectObject(body.response, 'response') as unknown as RegistrationResponseJSON;
    const nickname = readNickname(body);
    // Read after the last await of the body, so the session is the one this request ends with.
    const user = requireUser(ctx, c);
    const session = c.get('session')!;
    const challenge = store.takeChallenge(registrationBinding(session.sessionId));
    if (!challenge || challenge.userId !== user.id) throw keyNotVerified();
    const { rpID, origin } = relyingPartyOf(c.req.url);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        // The options ask for user verification as "preferred".
        requireUserVerification: false,
      });
    } catch (error) {
      ctx.logger.info('security key registration refused', {
        userId: user.id,
        reason: error instanceof Error ? error.message : 'unknown',
      });
      throw keyNotVerified();
    }
    if (!verified.verified) throw keyNotVerified();
    const { credential } = verified.registrationInfo;
    const transports = Array.isArray(response.response?.transports)
      ? response.response.transports.filter((t) => typeof t === 'string')
      : [];
    const stored = {
      id: credential.id,
      userId: user.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports,
      createdAt: ctx.now(),
      nickname,
    };
    withStepUp(ctx, sessionIdOf(c), 'fido-add', () => {
      if (store.credentialsOf(user.id).length >= MAX_KEYS_PER_USER) throw tooManyKeys();
      if (!store.addCredential(stored)) throw keyAlreadyRegistered();
      ctx.users.setTwoFactor(user.id, { fido: true });
    });
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('security key registered', { userId: user.id });
    return replyOk(c, credentialView({ ...stored, lastUsedAt: null }));
  });

  routes.get(FIDO2_PATHS.list, (c) => {
    const user = requireUser(ctx, c);
    return replyOk(c, { fido: user.twoFactor.fido, credentials: store.credentialsOf(user.id).map(credentialView) });
  });

  routes.post(FIDO2_PATHS.remove, async (c) => {
    const id = readString(await readAuthBody(c), 'id', { maxLength: CREDENTIAL_ID_MAX });
    const user = requireUser(ctx, c);
    const fido = withStepUp(ctx, sessionIdOf(c), 'fido-remove', () => {
      if (!store.removeCredential(user.id, id)) throw keyNotFound();
      // The sign-in step is only asked for while a key is left to answer it.
      const left = store.credentialsOf(user.id).length > 0;
      if (!left) ctx.users.setTwoFactor(user.id, { fido: false });
      return left;
    });
    await endOtherSessions(ctx, sessionIdOf(c), user.id);
    ctx.logger.info('security key removed', { userId: user.id });
    return replyOk(c, { removed: true, fido });
  });

  routes.post(FIDO2_PATHS.loginOptions, async (c) => {
    const { pending, user } = loadPending(ctx, requestFacts(ctx, c));
    // The key comes last (spec §4): no challenge exists, so no assertion can verify, before the earlier steps pass.
    if (nextPendingStep(pending) !== 'fido') throw stepNotNeeded();
    const { rpID } = relyingPartyOf(c.req.url);
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials: store.credentialsOf(user.id).map((key) => ({ id: key.id, transports: key.transports })),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'preferred',
    });
    // Never outlives its pending login.
    const expiresAt = Math.min(ctx.now() + CHALLENGE_TTL_MS, pending.expiresAt);
    store.putChallenge(loginBinding(pending.idHash), { userId: user.id, challenge: options.challenge, expiresAt });
    return replyOk(c, options);
  });

  return routes;
}
