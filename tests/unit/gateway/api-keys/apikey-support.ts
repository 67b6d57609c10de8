import { createHmac } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { createApp } from '../../../../gateway/app';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { STEP_UP_TTL_MS, type StepUpPurpose } from '../../../../gateway/auth/second-factors/step-up';
import { createUserStore } from '../../../../gateway/auth/user-store';
import { openDatabase } from '../../../../gateway/open-database';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { createLogger } from '../../../../gateway/log/logger';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { createSignPolicy } from '../../../../gateway/security/sign-config';
import { createPaperTrading, type PaperTrading } from '../../../../gateway/trading/paper-trading';
import { TEST_SCRYPT } from '../auth/auth-support';
import { cookieHeader, followSetCookies, T0, tempDir, testSigning } from '../support';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';
import type { V2RateLimiter } from '../../../../gateway/v2-api/v2-rate-limits';

/** What a JSON reply is read as. */
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
export type Reply = { code: string; msg: string; status?: string; requestTime?: number; data: any };

/** The address requests come from unless a test says otherwise (sent as the trusted proxy's X-Forwarded-For). */
export const CLIENT_IP = '198.51.100.10';
export const PASSWORD = 'Keys-pass-1';
export const PASSPHRASE = 'Bot2passphrase';

/** What a client library holds after creating a key. */
export interface KeyCredentials {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

/** The whole gateway behind a trusted proxy (so tests choose the caller's address), over a temp database. */
export interface KeyHarness {
  app: Hono<GatewayEnv>;
  db: Database;
  trading: PaperTrading;
  simulator: MarketSimulator;
  /** Where its database lives (a restart opens it again). */
  dir: { path: string; remove(): void };
  /** A new account, signed in on its own cookie jar. */
  account(email: string): Promise<Account>;
  close(): void;
}

/** A signed-in browser of one account. */
export class Account {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly harness: KeyHarness,
    readonly userId: string,
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', cookieHeader(this.cookies));
    headers.set('x-forwarded-for', CLIENT_IP);
    const res = await this.harness.app.request(`http://localhost${path}`, { ...init, headers });
    followSetCookies(this.cookies, res);
    return res;
  }

  async post(path: string, body: unknown): Promise<Reply> {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    return (await this.request(path, init)).json();
  }

  async get(path: string): Promise<Reply> {
    return (await this.request(path)).json();
  }

  /**
   * Grants this session a step-up for `purpose` straight in the store, as a right answer to the step-up would (one
   * test runs the real flow with an emailed code).
   */
  grantStepUp(purpose: StepUpPurpose): void {
    const sessionId = this.harness.db
      .prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1')
      .pluck()
      .get(this.userId) as string;
    this.harness.db
      .prepare(`INSERT INTO step_up_grants (session_id, purpose, expires_at) VALUES (?, ?, ?)
        ON CONFLICT (session_id, purpose) DO UPDATE SET expires_at = excluded.expires_at`)
      .run(sessionId, purpose, Date.now() + STEP_UP_TTL_MS);
  }

  /** Creates a key after a step-up and expects success; returns the reply's data. */
  async createKey(fields: Record<string, unknown> = {}) {
    this.grantStepUp('api-key-create');
    const reply = await this.post('/v1/user/apikey/create', {
      label: 'bot',
      permissions: ['spot_trade'],
      ips: [],
      passphrase: PASSPHRASE,
      ...fields,
    });
    expect(reply.code, reply.msg).toBe('00000');
    return reply.data;
  }

  /** Creates a key and returns what a client library would be configured with. */
  async credentials(fields: Record<string, unknown> = {}): Promise<KeyCredentials> {
    const data = await this.createKey(fields);
    return { apiKey: data.apiKey, secretKey: data.secretKey, passphrase: String(fields.passphrase ?? PASSPHRASE) };
  }
}

/** What a test may choose of its harness. */
export interface KeyHarnessOptions {
  /** The API's per-route limits (none unless given). */
  rateLimiter?: V2RateLimiter;
  /** The database's folder: a fresh one unless given (a restart passes the last harness's). */
  dir?: { path: string; remove(): void };
  /** The trading and market clock (held at T0 unless given; a test that moves the market moves this). */
  clock?: { now: number };
  /** Starts paper trading's reactions to the market (trigger orders, TP/SL, funding); off unless asked. */
  started?: boolean;
}

/**
 * Builds the harness: paper trading on the test clock, plain (unsigned) sessions, local mode, a trusted proxy; the API's
 * per-route limits only when a test passes its limiter.
 */
export function makeKeyHarness(options: KeyHarnessOptions = {}): KeyHarness {
  const dir = options.dir ?? tempDir('gateway-apikeys-');
  const db = openDatabase(dir.path);
  const logger = createLogger('silent');
  const clock = options.clock ?? { now: T0 };
  const simulator = new MarketSimulator({ seed: 7, nowMs: clock.now });
  const trading = createPaperTrading({ db, simulator, logger, now: () => clock.now });
  if (options.started) trading.start();
  const app = createApp({
    db,
    simulator,
    logger,
    signing: { ...testSigning(), policy: createSignPolicy({ clientOpen: false }) },
    passwordParams: TEST_SCRYPT,
    trading,
    localMode: true,
    trustProxy: true,
    apiRateLimits: options.rateLimiter,
  });
  const users = createUserStore(db);
  const harness: KeyHarness = {
    app,
    db,
    trading,
    simulator,
    dir,
    account: async (email) => {
      const user = users.insert({
        email,
        areaCode: null,
        mobile: null,
        passwordHash: await hashPassword(PASSWORD, TEST_SCRYPT),
        createdAt: Date.now(),
        referral: NO_REFERRAL,
      });
      if (user === 'duplicate') throw new Error(`duplicate test user ${email}`);
      const account = new Account(harness, user.id);
      const reply = await account.post('/v1/user/login', { loginName: email, pwd: PASSWORD });
      expect(reply.code, reply.msg).toBe('00000');
      return account;
    },
    close: () => {
      if (options.started) trading.stop();
      if (db.open) db.close();
      dir.remove();
    },
  };
  return harness;
}

/** `ACCESS-SIGN` worked out here from the exchange's documentation: base64 HMAC-SHA256 of the prehash, keyed with the secret text. */
export function accessSign(secret: string, timestamp: string, method: string, pathAndQuery: string, body = ''): string {
  return createHmac('sha256', secret).update(`${timestamp}${method}${pathAndQuery}${body}`).digest('base64');
}

/** A v2 private request as a client library sends it; the `signed*` fields let a test sign one thing and send another. */
export interface SignedRequest {
  method?: 'GET' | 'POST';
  /** Path and query as sent. */
  path: string;
  body?: string;
  /** ms since the epoch (default now). */
  timestamp?: number;
  ip?: string;
  signedPath?: string;
  signedBody?: string;
  /** Headers to add, or to drop with `null`. */
  headers?: Record<string, string | null>;
}

/** The headers of a signed v2 request. */
export function signedHeaders(credentials: KeyCredentials, request: SignedRequest): Headers {
  const method = request.method ?? 'GET';
  const timestamp = String(request.timestamp ?? Date.now());
  const sign = accessSign(
    credentials.secretKey,
    timestamp,
    method,
    request.signedPath ?? request.path,
    request.signedBody ?? request.body ?? '',
  );
  const headers = new Headers({
    'ACCESS-KEY': credentials.apiKey,
    'ACCESS-SIGN': sign,
    'ACCESS-TIMESTAMP': timestamp,
    'ACCESS-PASSPHRASE': credentials.passphrase,
    'Content-Type': 'application/json',
    locale: 'en-US',
    'x-forwarded-for': request.ip ?? CLIENT_IP,
  });
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return headers;
}

/** Sends a signed v2 request to `app`; answers the status and the JSON reply. */
export async function sendSigned(
  app: Hono<GatewayEnv>,
  credentials: KeyCredentials,
  request: SignedRequest,
): Promise<{ status: number; reply: Reply }> {
  const res = await app.request(`http://localhost${request.path}`, {
    method: request.method ?? 'GET',
    headers: signedHeaders(credentials, request),
    body: request.body,
  });
  return { status: res.status, reply: (await res.json()) as Reply };
}
