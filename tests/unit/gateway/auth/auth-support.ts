import type { Database } from 'better-sqlite3';
import { type Context, Hono } from 'hono';
import type { AuthContext, AuthDeps, KeyBinding, OpenedEnvelope } from '../../../../gateway/auth/auth-context';
import { AUTH_MIGRATIONS } from '../../../../gateway/auth/auth-migrations';
import { decodeBase32 } from '../../../../gateway/auth/second-factors/base32';
import { createAuth } from '../../../../gateway/auth/create-auth';
import { hashPassword, type ScryptParams } from '../../../../gateway/auth/password-hash';
import { sessionOf } from '../../../../gateway/auth/sessions/session-middleware';
import { STEP_UP_TTL_MS, type StepUpPurpose } from '../../../../gateway/auth/second-factors/step-up';
import { totp } from '../../../../gateway/auth/second-factors/totp';
import type { TwoFactorFlags, UserRecord } from '../../../../gateway/auth/user-store';
import { runMigrations } from '../../../../gateway/db/migration';
import { MIGRATIONS } from '../../../../gateway/migrations';
import { openDatabase } from '../../../../gateway/open-database';
import { BUSY_MESSAGE, replyError } from '../../../../gateway/http/envelope';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { GatewayError, routeNotFound } from '../../../../gateway/http/gateway-error';
import { bodySizeGuard } from '../../../../gateway/http/body-size-guard';
import { DEFAULT_BODY_LIMIT } from '../../../../gateway/http/read-json-body';
import { createLogger } from '../../../../gateway/log/logger';
import { sessionRoutes } from '../../../../gateway/auth/sessions/session-routes';
import { staticSite } from '../../../../gateway/static/static-site';
import { cookieHeader, followSetCookies, T0, tempDir } from '../support';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';

/** Cheap scrypt for tests (production cost is covered by the password tests). */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
/** A test-only route that answers `{ session: sessionOf(c) }`. */
export const PROBE_PATH = '/__test__/session';
/** The address the fake `clientIp` reports unless a request sets `x-test-ip`. */
export const DEFAULT_IP = '203.0.113.1';
/** A fixed TOTP secret (RFC 6238's SHA-1 key). */
export const TEST_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** Builds a fake `bodyCiphertext` the fake opener accepts: the fields and the request path it was made for. */
export function fakeCiphertext(fields: Record<string, unknown>, path: string, keyId = 'k'.repeat(32)): string {
  return `fake.${Buffer.from(JSON.stringify({ fields, path, keyId })).toString('base64url')}`;
}

/** A stand-in for gateway/security's opener: accepts `fakeCiphertext` made for this path, fails everything else. */
export async function fakeOpenEnvelope(
  _c: Context<GatewayEnv>,
  body: Record<string, unknown>,
  path: string,
): Promise<OpenedEnvelope> {
  const { bodyCiphertext, ...rest } = body;
  if (typeof bodyCiphertext !== 'string' || !bodyCiphertext.startsWith('fake.')) return { ok: false };
  try {
    const inner = JSON.parse(Buffer.from(bodyCiphertext.slice(5), 'base64url').toString('utf8'));
    if (inner.path !== path) return { ok: false };
    return {
      ok: true,
      fields: inner.fields,
      rest,
      publicKey: 'PUBLIC-KEY-B64',
      algorithm: 'rsa2048',
      keyId: inner.keyId,
    };
  } catch {
    return { ok: false };
  }
}

/** One browser: a cookie jar that follows Set-Cookie, and an address. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie lines of the last response. */
  lastSetCookies: string[] = [];

  constructor(
    private readonly harness: AuthHarness,
    public ip = DEFAULT_IP,
  ) {}

  /** Sends a request with this browser's cookies and address, then stores the cookies it sets. */
  async request(path: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', cookieHeader(this.cookies));
    headers.set('x-test-ip', this.ip);
    const res = await this.harness.app.request(`${init.origin ?? 'http://localhost'}${path}`, { ...init, headers });
    this.lastSetCookies = res.headers.getSetCookie();
    followSetCookies(this.cookies, res);
    return res;
  }

  /** POSTs a JSON body (an object, or raw text). */
  post(path: string, body: unknown, extra: RequestInit & { origin?: string } = {}): Promise<Response> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return this.request(path, {
      ...extra,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
  }

  /** GETs a path. */
  get(path: string): Promise<Response> {
    return this.request(path);
  }

  /**
   * Grants this browser's session a step-up for `purpose` straight in the store, as a right answer to
   * `POST /v1/user/security/verify` would (for tests of other behaviour; step-up.test.ts runs the real flow).
   */
  async grantStepUp(purpose: StepUpPurpose): Promise<void> {
    const { session } = (await (await this.get(PROBE_PATH)).json()) as { session: { sessionId: string } | null };
    if (!session) throw new Error('no session to grant a step-up to');
    this.harness.ctx.stepUps.grant(session.sessionId, purpose, this.harness.clock.now + STEP_UP_TTL_MS);
  }

  /** The Set-Cookie line of the last response for `name`. */
  setCookie(name: string): string | undefined {
    return this.lastSetCookies.find((line) => line.startsWith(`${name}=`));
  }
}

/** An app of the auth module alone, over a fresh database with every migration, on a fake clock. */
export interface AuthHarness {
  app: Hono<GatewayEnv>;
  db: Database;
  ctx: AuthContext;
  clock: { now: number };
  logs: string[];
  bound: KeyBinding[];
  ended: string[];
  trusted: { value: boolean };
  /** Every slow-down the login asked for, in ms (the harness does not really wait). */
  sleeps: number[];
  browser(ip?: string): Browser;
  addUser(input: NewTestUser): Promise<UserRecord>;
  close(): void;
}

/** A user made directly in the store. */
export interface NewTestUser {
  email?: string;
  mobile?: string;
  areaCode?: string;
  password: string;
  twoFactor?: Partial<TwoFactorFlags>;
  totpSecret?: string;
}

/**
 * Builds the harness; `deps` overrides anything (e.g. `allowPlainLogin: false`, `localMode: false`); `mount` adds
 * routes built on the auth context, before the site's catch-all.
 */
export function makeAuthHarness(
  deps: Partial<AuthDeps> = {},
  mount?: (ctx: AuthContext) => Hono<GatewayEnv>,
): AuthHarness {
  const dir = tempDir('gateway-auth-');
  const db = openDatabase(dir.path);
  // Deduplicated, so the harness keeps working once AUTH_MIGRATIONS is folded into MIGRATIONS.
  runMigrations(db, [...MIGRATIONS, ...AUTH_MIGRATIONS.filter((m) => !MIGRATIONS.some((base) => base.id === m.id))]);
  const clock = { now: T0 };
  const logs: string[] = [];
  const bound: KeyBinding[] = [];
  const ended: string[] = [];
  const trusted = { value: true };
  const sleeps: number[] = [];
  const auth = createAuth({
    db,
    logger: createLogger('debug', (line) => logs.push(line)),
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    openEnvelope: fakeOpenEnvelope,
    allowPlainLogin: true,
    onKeyBound: (binding) => {
      bound.push(binding);
    },
    onSessionEnded: (sessionId) => {
      ended.push(sessionId);
    },
    isTrustedDevice: () => trusted.value,
    localMode: true,
    clientIp: (c) => c.req.header('x-test-ip') ?? DEFAULT_IP,
    passwordParams: TEST_SCRYPT,
    ...deps,
  });
  // The same order and error handling as gateway/app.ts (see the wiring notes in the report).
  const app = new Hono<GatewayEnv>();
  app.use('*', bodySizeGuard(DEFAULT_BODY_LIMIT));
  app.use('*', auth.session);
  app.route('/', auth.routes);
  if (mount) app.route('/', mount(auth.context));
  app.get(PROBE_PATH, (c) => c.json({ session: sessionOf(c) }));
  // What app.ts mounts after the auth routes: the old userinfo answer and the SPA fallback must not shadow ours.
  app.route('/', sessionRoutes());
  app.get('*', staticSite(undefined));
  app.notFound((c) => replyError(c, routeNotFound()));
  app.onError((error, c) => {
    if (error instanceof GatewayError) return replyError(c, error);
    return replyError(c, new GatewayError(500, '50000', BUSY_MESSAGE));
  });
  const harness: AuthHarness = {
    app,
    db,
    ctx: auth.context,
    clock,
    logs,
    bound,
    ended,
    trusted,
    sleeps,
    browser: (ip) => new Browser(harness, ip),
    addUser: async (input) => {
      const user = auth.context.users.insert({
        email: input.email ?? null,
        mobile: input.mobile ?? null,
        areaCode: input.mobile ? (input.areaCode ?? '86') : null,
        passwordHash: await hashPassword(input.password, TEST_SCRYPT),
        createdAt: clock.now,
        referral: NO_REFERRAL,
        twoFactor: input.twoFactor,
        totpSecret: input.totpSecret ?? null,
      });
      if (user === 'duplicate') throw new Error('duplicate test user');
      return user;
    },
    close: () => {
      if (db.open) db.close();
      dir.remove();
    },
  };
  return harness;
}

/** The current authenticator code of a base32 secret at the harness clock (offset in steps). */
export function totpAt(secret: string, nowMs: number, stepOffset = 0): string {
  return totp(decodeBase32(secret)!, nowMs + stepOffset * 30_000);
}

/** The newest code the dev mailbox holds for a target. */
export function lastCode(harness: AuthHarness, target: string): string | null {
  return harness.ctx.mailbox!.list(1, target)[0]?.code ?? null;
}

/** Password of the accounts the login tests add. */
export const LOGIN_TEST_PASSWORD = 'Secure-pass-1';

/** Starts a password login (spec §7.2) and returns the reply envelope. */
export async function startLogin(browser: Browser, email: string, pwd = LOGIN_TEST_PASSWORD) {
  const res = await browser.post('/v1/user/login', { loginName: email, pwd });
  return (await res.json()) as { code: string; data: Record<string, unknown> };
}

/** Posts a login verification step and returns its HTTP status and reply. */
export async function verifyLogin(
  browser: Browser,
  body: Record<string, unknown>,
  path = '/v1/user/login/verify-login',
) {
  const res = await browser.post(path, body);
  return { status: res.status, body: await res.json() };
}
