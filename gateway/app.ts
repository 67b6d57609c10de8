import type { Database } from 'better-sqlite3';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { type ApiKeyDeps, v2ApiRoutes } from './v2-api/v2-api';
import { AssetFigures } from './asset/asset-figures';
import { assetRoutes } from './asset/asset-routes';
import { depositAddressKey } from './asset/deposit-addresses';
import type { AuthDeps } from './auth/auth-context';
import { createAuth } from './auth/create-auth';
import { createSecurityKeyVerifier } from './auth/security-keys/webauthn-verifier';
import { sessionOf } from './auth/sessions/session-middleware';
import { createCspReportStore } from './security/csp-report-store';
import { createAppShell } from './dev/app-shell-routes';
import { FaultRegistry } from './faults/fault-registry';
import { vipRoutes } from './fees/vip-routes';
import { contentRoutes } from './content/content-routes';
import { fundRoutes } from './protection-fund/fund-routes';
import { faultMiddleware } from './faults/fault-middleware';
import { faultRoutes, type StreamFaults } from './faults/fault-routes';
import { bodySizeGuard } from './http/body-size-guard';
import { BUSY_MESSAGE, replyError } from './http/envelope';
import type { GatewayEnv } from './http/gateway-env';
import { GatewayError, routeNotFound } from './http/gateway-error';
import { DEFAULT_BODY_LIMIT } from './http/read-json-body';
import { createImageHosts, type ImageHosts } from './images/image-hosts';
import { imageArea } from './images/image-routes';
import { requestLog } from './http/request-log';
import { requestOrigin } from './http/request-origin';
import { responseHeaders } from './http/response-headers';
import type { Logger } from './log/logger';
import type { MarketSimulator } from './market/simulator';
import { cspReportRoutes } from './security/csp-report-routes';
import { riskTokenRoutes } from './security/risk-token-routes';
import { marketRoutes } from './market/market-routes';
import { referralConfigRoutes } from './content/referral-config-routes';
import { sessionRoutes } from './auth/sessions/session-routes';
import { deviceCheckRoutes } from './security/device-check';
import { createDeviceKeyStore, hashUserId } from './security/device-keys';
import { createEnvelopeOpener } from './security/envelope-opener';
import { createReplayStore } from './security/replay-store';
import { signConfigRoutes } from './security/sign-config';
import { signatureCheck } from './security/signature-check';
import type { Signing } from './security/signing-setup';
import { firstPaintOf } from './static/first-paint';
import { createThirdParty } from './third/third-party';
import { staticSite } from './static/static-site';
import { subAccountManagementRoutes } from './sub-accounts/sub-accounts';
import { tradeRoutes } from './trading/trade-routes';
import { createPaperTrading, type PaperTrading } from './trading/paper-trading';
import { reservesRoutes } from './reserves/reserves-routes';
import { ReservesService } from './reserves/reserves-service';

/** What the gateway app is built from; tests pass their own. */
export interface AppDeps {
  db: Database;
  simulator: MarketSimulator;
  logger: Logger;
  /** Enables the test-only fault switch (`/__faults`, `/v1/__test__/echo`). */
  faults?: boolean;
  /** Built client to serve; absent or missing → a "not built yet" page. */
  distDir?: string;
  /** The signing identity and policy (signing contract). */
  signing: Signing;
  /** Local mode: codes go to the dev mailbox; dev accounts are seeded. Both default off. */
  localMode?: boolean;
  seedDevAccounts?: boolean;
  /** Lower scrypt cost for tests. */
  passwordParams?: AuthDeps['passwordParams'];
  /** Paper trading (`/v1/trade/`, `/v1/asset/`); built over `db` and `simulator` when absent (then not reacting to the market until started). */
  trading?: PaperTrading;
  /** What the fault switch may do to the public stream (test-only `/__faults/stream-outage`). */
  streamFaults?: StreamFaults;
  /** A TLS-terminating proxy is in front: believe its `X-Forwarded-Proto` and `X-Forwarded-For` (default off). */
  trustProxy?: boolean;
  /** Holds API keys to the exchange's per-route request limits (HTTP 429 past them; default off, `startGateway` on). */
  apiRateLimits?: ApiKeyDeps['rateLimits'];
  /** Where third-party sign-in reads its settings (`PUBLIC_ORIGINS`, each provider's; README "Settings"); default none. */
  thirdEnv?: NodeJS.ProcessEnv;
  /** The image hosts the page probes (spec §7.8); default this origin only. */
  images?: ImageHosts;
  /** Proof of reserves; startGateway passes one whose schedule it started. Absent: one is built, never started. */
  reserves?: ReservesService;
  /** Announcements to serve beyond the 12 seeds (bench: 1,000); honoured only in local mode or with the fault switch. */
  announcementCount?: number;
}

/** Builds the gateway's Hono app: headers and logs on every reply, the `/v1` and market APIs, the fault switch and the built client. */
export function createApp(deps: AppDeps): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const cspReports = createCspReportStore(deps.db);
  app.use('*', requestOrigin({ trustProxy: deps.trustProxy ?? false }));
  app.use('*', requestLog(deps.logger));
  // Local mode's app shell frames the app; its middleware runs around responseHeaders to relax framing for that page.
  const appShell = createAppShell(deps.localMode ?? false);
  // Outside the other header middleware: image responses get their own policy, pages an img-src with the image hosts.
  const images = imageArea(deps.images ?? createImageHosts({ localMode: false }));
  app.use('*', images.headers);
  app.use('*', appShell.framing);
  app.use('*', responseHeaders());
  for (const prefix of ['/v1/*', '/api/*', '/v2/*']) app.use(prefix, compress());
  app.use('*', bodySizeGuard(DEFAULT_BODY_LIMIT));
  if (deps.faults) {
    const registry = new FaultRegistry();
    app.use('*', faultMiddleware(registry));
    app.route('/', faultRoutes(registry, cspReports, deps.streamFaults));
  }
  const { identity, policy } = deps.signing;
  const deviceKeys = createDeviceKeyStore(deps.db);
  const replay = createReplayStore(deps.db);
  const auth = createAuth({
    db: deps.db,
    logger: deps.logger,
    openEnvelope: createEnvelopeOpener({ identity, policy, replay, logger: deps.logger }),
    allowPlainLogin: () => !policy.clientOpen,
    onKeyBound: (binding) => deviceKeys.bindDeviceKey(binding),
    onSessionEnded: (sessionId) => {
      deviceKeys.unbindSession(sessionId);
    },
    // A device whose login key is already bound to this user is known; anything else is new to the account.
    isTrustedDevice: (_facts, userId, clientKey) =>
      clientKey !== null && deviceKeys.keysOfUser(hashUserId(userId)).some((key) => key.keyId === clientKey.keyId),
    verifySecurityKey: createSecurityKeyVerifier({ db: deps.db, logger: deps.logger }),
    localMode: deps.localMode,
    seedDevAccounts: deps.seedDevAccounts,
    passwordParams: deps.passwordParams,
  });
  // Oversized and faulted requests never reach the session store; signatures are checked once the session is known.
  app.use('*', auth.session);
  app.use('/v1/*', signatureCheck({ db: deps.db, config: policy, sessionOf, replay, logger: deps.logger }));
  // Local mode lets a developer call the §7.6 endpoints by hand; everywhere else they need the SDK's device token.
  const device = riskTokenRoutes({ db: deps.db, required: !(deps.localMode ?? false), logger: deps.logger });
  app.use('/v1/*', device.riskCheck);
  app.route('/', signConfigRoutes({ policy, identity }));
  app.route(
    '/',
    deviceCheckRoutes({ db: deps.db, config: policy, replay, logger: deps.logger, onTrusted: auth.confirmKnownDevice }),
  );
  app.route('/', auth.routes);
  app.route('/', createThirdParty(auth.context, deps.thirdEnv ?? {}, deps.localMode ?? false));
  app.route('/', sessionRoutes());
  app.route('/', device.routes);
  app.route('/', referralConfigRoutes());
  app.route('/', cspReportRoutes(cspReports, auth.context.limiter));
  app.route('/', marketRoutes(deps.simulator));
  // One paper-trading instance behind both APIs, so the asset screens read the accounts the trade routes change.
  const trading = deps.trading ?? createPaperTrading({ db: deps.db, simulator: deps.simulator, logger: deps.logger });
  app.route('/', tradeRoutes(trading));
  app.route('/', vipRoutes(trading.ctx));
  app.route(
    '/',
    contentRoutes(trading, {
      announcementCount: deps.localMode || deps.faults ? deps.announcementCount : undefined,
    }),
  );
  app.route('/', fundRoutes(trading.ctx));
  // The tree worker opens the database file itself: better-sqlite3's `db.name` is its path.
  const reserves = deps.reserves ?? new ReservesService({ db: deps.db, logger: deps.logger });
  app.route('/', reservesRoutes(reserves, trading, auth.context.limiter));
  app.route(
    '/',
    assetRoutes(trading, {
      auth: auth.context,
      localMode: deps.localMode ?? false,
      depositKey: depositAddressKey(identity.serverPrivateKey),
    }),
  );
  app.route(
    '/',
    v2ApiRoutes({
      auth: auth.context,
      trading,
      serverPrivateKey: identity.serverPrivateKey,
      logger: deps.logger,
      rateLimits: deps.apiRateLimits,
    }),
  );
  app.route(
    '/',
    subAccountManagementRoutes({ auth: auth.context, trading, serverPrivateKey: identity.serverPrivateKey }),
  );
  app.route('/', appShell.routes);
  app.route('/', images.routes);
  const pageFigures = new AssetFigures(trading);
  app.get(
    '*',
    staticSite(deps.distDir, {
      ...appShell.site,
      firstPaint: (c) =>
        firstPaintOf(
          {
            url: new URL(c.req.url),
            cookie: (name) => getCookie(c, name),
            acceptLanguage: c.req.header('accept-language'),
          },
          {
            market: deps.simulator,
            // The signed-in user's own totals, as their `/v1/asset/overview` would give them a moment later.
            assets: () => {
              const session = sessionOf(c);
              if (!session) return null;
              trading.ctx.db.transaction(() => trading.ctx.ensureAccount(session.userId))();
              return pageFigures.overview(session.userId);
            },
          },
        ),
    }),
  );
  app.notFound((c) => replyError(c, routeNotFound()));
  app.onError((error, c) => {
    if (error instanceof GatewayError) return replyError(c, error);
    // The reply says only "busy"; the detail stays in the server log.
    deps.logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.message });
    return replyError(c, new GatewayError(500, '50000', BUSY_MESSAGE));
  });
  return app;
}
