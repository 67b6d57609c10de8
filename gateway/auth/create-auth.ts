import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import { accountRoutes } from './sessions/account-routes';
import { type AuthContext, type AuthDeps, createAuthContext } from './auth-context';
import { answerSignIn, requestFacts } from './auth-request';
import { bindingRoutes } from './second-factors/binding-routes';
import { devMailboxRoutes } from './dev-mailbox/dev-mailbox-routes';
import { deviceRoutes } from './sessions/device-routes';
import { fundPasswordRoutes } from './profile/fund-password-routes';
import { seedDevAccounts } from './dev-mailbox/dev-seed';
import { googleAuthRoutes } from './second-factors/google-auth-routes';
import { loginRoutes } from './sign-in/login-routes';
import { confirmKnownDevice } from './sign-in/login-steps';
import { loginVerifyRoutes } from './sign-in/login-verify-routes';
import { passwordResetRoutes } from './sign-in/password-reset-routes';
import { passwordRoutes } from './profile/password-routes';
import { profileRoutes } from './profile/profile-routes';
import { registerRoutes } from './registration/register-routes';
import { sessionMiddleware } from './sessions/session-middleware';
import { stepUpRoutes } from './second-factors/step-up-routes';
import { createSubAccountStore } from './sub-accounts/sub-account-store';
import { subAccountRoutes } from './sub-accounts/sub-routes';
import { verificationSettingsRoutes } from './second-factors/verification-settings-routes';
import { deviceKeyReader, type SessionKeyReader } from './sub-accounts/sub-switch';
import { verifyCodeRoutes } from './second-factors/verify-code-routes';
import { webauthnRoutes } from './security-keys/webauthn-routes';
import { businessErrorHandler } from '../http/envelope';

/** The auth module as the app mounts it. */
export interface Auth {
  /** Sets `c.var.session`; mount with `app.use('*', …)` after the body-size guard and fault switch, before the signature check. */
  session: MiddlewareHandler<GatewayEnv>;
  /** Every auth route; mount with `app.route('/', …)` before the old session routes and the static site. */
  routes: Hono<GatewayEnv>;
  /** Stores and resolved dependencies (tests and the seed use them). */
  context: AuthContext;
  /** Passes a pending login's new-device step for a trusted device check (give to the device-check route). */
  confirmKnownDevice: (c: Context<GatewayEnv>, userIdHash: string) => Promise<Response | null>;
}

/** What `createAuth` is built from: the auth dependencies, and optionally how a switch finds the client key of a session. */
export interface CreateAuthDeps extends AuthDeps {
  /** Default: the gateway's device-key tables in `db` (filled by `onKeyBound` in the app). */
  keyOfSession?: SessionKeyReader;
}

/** Builds accounts, sessions, sign-in and sub-account switching from injected dependencies (seeding the dev accounts when asked). */
export function createAuth(deps: CreateAuthDeps): Auth {
  const context = createAuthContext(deps);
  if (deps.seedDevAccounts) seedDevAccounts(context.users, context.logger, context.passwordParams, context.now());
  const routes = new Hono<GatewayEnv>();
  // Business errors of these routes answer `{status:"error", …}`; anything unexpected goes on to the app's handler.
  routes.onError(businessErrorHandler);
  routes.route('/', loginRoutes(context));
  routes.route('/', loginVerifyRoutes(context));
  routes.route('/', verifyCodeRoutes(context));
  routes.route('/', registerRoutes(context));
  routes.route('/', googleAuthRoutes(context));
  routes.route('/', accountRoutes(context));
  routes.route('/', stepUpRoutes(context));
  routes.route('/', passwordRoutes(context));
  routes.route('/', passwordResetRoutes(context));
  routes.route('/', deviceRoutes(context));
  routes.route('/', profileRoutes(context));
  routes.route('/', bindingRoutes(context));
  routes.route('/', fundPasswordRoutes(context));
  routes.route('/', verificationSettingsRoutes(context));
  const subAccounts = {
    store: createSubAccountStore(deps.db, context.users),
    keyOfSession: deps.keyOfSession ?? deviceKeyReader(deps.db),
  };
  routes.route('/', subAccountRoutes(context, subAccounts));
  // Keys can only be added where they can be checked at sign-in: without a verifier a key would lock its owner out.
  if (context.verifySecurityKey) routes.route('/', webauthnRoutes(context));
  routes.route('/', devMailboxRoutes(context));
  const session = sessionMiddleware(deps.db, {
    store: context.sessions,
    onSessionEnded: context.onSessionEnded,
    secureCookies: deps.secureCookies,
    clientIp: context.clientIp,
  });
  return {
    session,
    routes,
    context,
    confirmKnownDevice: async (c, userIdHash) => {
      const facts = requestFacts(context, c);
      const answer = await confirmKnownDevice(context, facts, userIdHash);
      return answer && answerSignIn(c, facts, answer);
    },
  };
}
