import type { Database } from 'better-sqlite3';
import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { clientAddressOf } from '../http/request-origin';
import type { Logger } from '../log/logger';
import { type CodeMailer, createDevMailbox, createDroppingMailer, type DevMailbox } from './dev-mailbox/dev-mailbox';
import { createPasswordChecker, DEFAULT_SCRYPT_PARAMS, hashPassword, type ScryptParams } from './password-hash';
import type { RequestFacts } from './sessions/request-facts';
import { type ClientKey, createPendingLoginStore, type PendingLoginStore } from './sign-in/pending-login-store';
import { createRateLimiter, type RateLimiter } from '../security/rate-limiter';
import { createSessionStore, type SessionStore } from './sessions/session-store';
import { createStepUpGrants, type StepUpGrants } from './second-factors/step-up-grants';
import { createUserStore, type UserStore } from './user-store';
import { createVerifyCodeStore, type VerifyCodeStore } from './second-factors/verify-code-store';

/** What `openEnvelope` returns: the decrypted fields, the clear rest of the body and the client key, or a uniform failure. */
export type OpenedEnvelope =
  | {
      ok: true;
      fields: Record<string, unknown>;
      rest: Record<string, unknown>;
      publicKey: string;
      algorithm: string;
      keyId: string;
    }
  | { ok: false };

/** Opens the login-field envelope (`bodyCiphertext`, signing contract §3); implemented in gateway/security, injected here. */
export type EnvelopeOpener = (
  c: Context<GatewayEnv>,
  body: Record<string, unknown>,
  path: string,
) => Promise<OpenedEnvelope>;

/** A client key to bind to a new session and its user (signing contract §2, §3). */
export interface KeyBinding {
  keyId: string;
  publicKey: string;
  algorithm: string;
  userId: string;
  sessionId: string;
}

/** Decides whether a login comes from a device the user has used before. */
export type DeviceTrust = (
  facts: RequestFacts,
  userId: string,
  clientKey: ClientKey | null,
) => boolean | Promise<boolean>;

/**
 * The security-key (FIDO) check (built by webauthn-verifier.ts) of `verify-auth-login`, or of a step-up when `binding`
 * names the step-up challenge; without one the sign-in step answers `50100` and no key can be added.
 */
export type SecurityKeyVerifier = (
  facts: Pick<RequestFacts, 'url' | 'secretCookie'>,
  input: { userId: string; fidoVerifyCode: string; binding?: string },
) => Promise<boolean>;

/** Everything the auth module is built from; the app passes real ones, tests pass fakes. */
export interface AuthDeps {
  db: Database;
  logger: Logger;
  /** Clock (ms); default Date.now. */
  now?: () => number;
  /** Waits `ms` (the slow-down of an account under attack); default a timer. */
  sleep?: (ms: number) => Promise<void>;
  openEnvelope: EnvelopeOpener;
  /** True when the signing config has `clientOpen: false`: login fields may then arrive in clear. */
  allowPlainLogin: boolean | (() => boolean);
  /** Called when a login completes with an envelope key. */
  onKeyBound?: (binding: KeyBinding) => void | Promise<void>;
  /** Called with the id of every session that ends (logout, expiry, replaced by a new login). */
  onSessionEnded?: (sessionId: string) => void | Promise<void>;
  /**
   * False when the device is new to the user; with the user's "system" flag on, login then needs a mailed code.
   * Gets the login envelope's client key when there was one (a key already bound to the user marks a known device). Default: trusted.
   */
  isTrustedDevice?: DeviceTrust;
  verifySecurityKey?: SecurityKeyVerifier;
  /** Local mode: codes go to the dev mailbox (and its log line) and `/dev/mailbox` is served. */
  localMode?: boolean;
  /** Creates the two dev accounts at start-up. */
  seedDevAccounts?: boolean;
  /** The caller's address for rate limits; default: the request-origin middleware's (the socket's, or a trusted proxy's `X-Forwarded-For`). */
  clientIp?: (c: Context<GatewayEnv>) => string;
  /** Delivery outside local mode; default: log that the message was dropped. */
  mailer?: CodeMailer;
  /** Forces `Secure` on cookies; default: for requests that came over https, directly or through a trusted proxy. */
  secureCookies?: boolean;
  /** scrypt cost for new hashes; tests lower it. */
  passwordParams?: ScryptParams;
  /** Issuer shown in authenticator apps. */
  totpIssuer?: string;
}

/** The resolved dependencies and stores shared by every auth route. */
export interface AuthContext {
  db: Database;
  logger: Logger;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  openEnvelope: EnvelopeOpener;
  allowPlainLogin: () => boolean;
  onKeyBound: (binding: KeyBinding) => void | Promise<void>;
  onSessionEnded: (sessionId: string) => void | Promise<void>;
  /**
   * Called when a pending login passes its last step, before its session is made, with the pending login's id hash;
   * the rooms built on sign-in add theirs (third-party sign-in makes the link a login was started for). Never throws.
   */
  loginCompletions: ((pendingIdHash: string, userId: string) => void)[];
  isTrustedDevice: DeviceTrust;
  verifySecurityKey: SecurityKeyVerifier | undefined;
  localMode: boolean;
  clientIp: (c: Context<GatewayEnv>) => string;
  secureCookies: boolean | undefined;
  totpIssuer: string;
  hashPassword: (password: string) => Promise<string>;
  checkPassword: (password: string, stored: string | undefined) => Promise<boolean>;
  passwordParams: ScryptParams;
  users: UserStore;
  sessions: SessionStore;
  pending: PendingLoginStore;
  codes: VerifyCodeStore;
  limiter: RateLimiter;
  /** Slowed-down accounts with a sign-in attempt under way: one at a time each (auth-limits.ts, `enterLoginLane`). */
  loginLanes: Set<string>;
  /** Password checks under way per limit bucket, held against the limits as failures (auth-limits.ts). */
  loginsUnderWay: Map<string, number>;
  /** Fresh second factors proved for one change each (step-up.ts). */
  stepUps: StepUpGrants;
  mailer: CodeMailer;
  /** Present in local mode only. */
  mailbox: DevMailbox | undefined;
}

/** Resolves defaults and builds the stores over the (already migrated) database. */
export function createAuthContext(deps: AuthDeps): AuthContext {
  const now = deps.now ?? Date.now;
  const passwordParams = deps.passwordParams ?? DEFAULT_SCRYPT_PARAMS;
  const localMode = deps.localMode ?? false;
  const mailbox = localMode ? createDevMailbox(deps.db, deps.logger, now) : undefined;
  const plain = deps.allowPlainLogin;
  return {
    db: deps.db,
    logger: deps.logger,
    now,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    openEnvelope: deps.openEnvelope,
    allowPlainLogin: typeof plain === 'function' ? plain : () => plain,
    onKeyBound: deps.onKeyBound ?? (() => undefined),
    onSessionEnded: deps.onSessionEnded ?? (() => undefined),
    loginCompletions: [],
    isTrustedDevice: deps.isTrustedDevice ?? (() => true),
    verifySecurityKey: deps.verifySecurityKey,
    localMode,
    clientIp: deps.clientIp ?? clientAddressOf,
    secureCookies: deps.secureCookies,
    totpIssuer: deps.totpIssuer ?? 'Exchange',
    hashPassword: (password) => hashPassword(password, passwordParams),
    checkPassword: createPasswordChecker(passwordParams),
    passwordParams,
    users: createUserStore(deps.db),
    sessions: createSessionStore(deps.db, now),
    pending: createPendingLoginStore(deps.db, now),
    codes: createVerifyCodeStore(deps.db, now),
    limiter: createRateLimiter(deps.db, now),
    loginLanes: new Set(),
    loginsUnderWay: new Map(),
    stepUps: createStepUpGrants({ db: deps.db, now }),
    mailer: mailbox ?? deps.mailer ?? createDroppingMailer(deps.logger),
    mailbox,
  };
}
