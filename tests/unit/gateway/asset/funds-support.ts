import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { createApp } from '../../../../gateway/app';
import { createFundsProgress, type FundsProgress } from '../../../../gateway/asset/funds-progress';
import { STEP_UP_TTL_MS } from '../../../../gateway/auth/second-factors/step-up';
import { createStepUpGrants } from '../../../../gateway/auth/second-factors/step-up-grants';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { createLogger } from '../../../../gateway/log/logger';
import { createSignPolicy } from '../../../../gateway/security/sign-config';
import { TEST_SCRYPT } from '../auth/auth-support';
import { testSigning } from '../support';
import { makeTradingHarness, Trader, type TradingHarness } from '../trading/trading-support';

/** Well-formed addresses of each paper chain (none of them a deposit address of any test user). */
export const ADDRESSES = {
  TRC20: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  XRP: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
} as const;

/** The trading harness with the deposit and withdrawal progression (never started: tests move it with `settle`). */
export interface FundsHarness extends TradingHarness {
  funds: FundsProgress;
  /** Advances the clock by `ms` (no market step) and brings deposits and withdrawals up to it. */
  settle(ms: number): { credited: number; completed: number };
}

/** A trading harness (local mode: the dev deposit is served, no risk token needed) with the funds progression. */
export function makeFundsHarness(options: { dataDir?: string } = {}): FundsHarness {
  const h = makeTradingHarness(options);
  const funds = createFundsProgress(h.trading, { logger: createLogger('silent') });
  return Object.assign(h, {
    funds,
    settle: (ms: number) => {
      h.clock.now += ms;
      return funds.progress(h.clock.now);
    },
  });
}

/** The id of the session behind a trader's `sid` cookie. */
export function sessionIdOf(h: TradingHarness, trader: Trader): string {
  const sid = trader.cookies.get('sid');
  if (sid === undefined) throw new Error('the trader has no session cookie');
  const hash = createHash('sha256').update(sid).digest('hex');
  const row = h.db.prepare('SELECT id FROM sessions WHERE sid_hash = ?').get(hash) as { id: string } | undefined;
  if (!row) throw new Error('no session for the cookie');
  return row.id;
}

/**
 * Grants the trader's session a `withdraw` step-up straight in the store, as a right answer to
 * `POST /v1/user/security/verify` would (withdrawals.test.ts runs the real flow once). The auth module runs on the
 * wall clock, so the grant does too.
 */
export function grantWithdraw(h: TradingHarness, trader: Trader): void {
  createStepUpGrants({ db: h.db, now: Date.now }).grant(
    sessionIdOf(h, trader),
    'withdraw',
    Date.now() + STEP_UP_TTL_MS,
  );
}

/** A second app over the harness's database and trading, outside local mode: the §7.6 risk token is required. */
export function strictApp(h: TradingHarness): Hono<GatewayEnv> {
  return createApp({
    db: h.db,
    simulator: h.simulator,
    logger: createLogger('silent'),
    signing: { ...testSigning(), policy: createSignPolicy({ clientOpen: false }) },
    passwordParams: TEST_SCRYPT,
    trading: h.trading,
    localMode: false,
  });
}

/** The same signed-in browser, talking to another app over the same database. */
export function sameBrowserOn(app: Hono<GatewayEnv>, trader: Trader): Trader {
  const copy = new Trader(() => app, trader.userId);
  for (const [name, value] of trader.cookies) copy.cookies.set(name, value);
  return copy;
}

/** A withdrawal body. */
export function withdrawBody(
  coin: string,
  chain: keyof typeof ADDRESSES,
  amount: string,
  clientOid: string,
  extra: Record<string, unknown> = {},
) {
  return { coin, chain, address: ADDRESSES[chain], amount, clientOid, ...extra };
}

/** A raw request: the HTTP status and the JSON reply. */
export async function send(trader: Trader, path: string, body?: unknown) {
  const res =
    body === undefined
      ? await trader.request(path)
      : await trader.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        });
  return { status: res.status, reply: await res.json() };
}

/** The count of ledger entries of a kind. */
export function entryCount(h: TradingHarness, kind: string): number {
  return (h.db.prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE kind = ?').get(kind) as { n: number }).n;
}
