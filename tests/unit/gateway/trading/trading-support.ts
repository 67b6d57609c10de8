import type { Database } from 'better-sqlite3';
import Decimal from 'decimal.js';
import type { Hono } from 'hono';
import { expect, vi } from 'vitest';
import { createApp } from '../../../../gateway/app';
import { hashPassword } from '../../../../gateway/auth/password-hash';
import { createUserStore } from '../../../../gateway/auth/user-store';
import { openDatabase } from '../../../../gateway/open-database';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { createLogger } from '../../../../gateway/log/logger';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { MONEY_PLACES } from '../../../../gateway/money/money-units';
import { createSignPolicy } from '../../../../gateway/security/sign-config';
import { createPaperTrading, type PaperTrading } from '../../../../gateway/trading/paper-trading';
import { TEST_SCRYPT } from '../auth/auth-support';
import { cookieHeader, followSetCookies, T0, tempDir, testSigning } from '../support';
import { NO_REFERRAL } from '../../../../gateway/auth/auth-fields';

/** What a JSON reply is read as. */
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
export type Reply = { code: string; msg: string; status?: string; data: any };

export const PASSWORD = 'Trader-pass-1';

/** A gateway with paper trading over a temp database, a seeded simulator on a test clock, and plain (unsigned) sessions. */
export interface TradingHarness {
  app: Hono<GatewayEnv>;
  db: Database;
  simulator: MarketSimulator;
  trading: PaperTrading;
  clock: { now: number };
  dataDir: string;
  /** Advances the clock by `ms` and steps the market (listeners react synchronously). */
  step(ms?: number): void;
  /** A new account signed in on its own cookie jar. */
  trader(email: string): Promise<Trader>;
  /** Closes the database and stops paper trading; `keepDir` leaves the data for a restart test. */
  close(keepDir?: boolean): void;
}

/** A signed-in browser: a cookie jar and JSON helpers. */
export class Trader {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly harness: () => Hono<GatewayEnv>,
    readonly userId: string,
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', cookieHeader(this.cookies));
    const res = await this.harness().request(`http://localhost${path}`, { ...init, headers });
    followSetCookies(this.cookies, res);
    return res;
  }

  async post(path: string, body: unknown): Promise<Reply> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return (
      await this.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    ).json();
  }

  async get(path: string): Promise<Reply> {
    return (await this.request(path)).json();
  }

  /** POSTs and expects success; returns `data`. */
  async ok(path: string, body?: unknown) {
    const reply = body === undefined ? await this.get(path) : await this.post(path, body);
    expect(reply.code, reply.msg).toBe('00000');
    return reply.data;
  }
}

/** Builds the harness on `dataDir` (a fresh temp dir by default). */
export function makeTradingHarness(
  options: { dataDir?: string; seed?: number; longPollMs?: number } = {},
): TradingHarness {
  const dir = options.dataDir ? { path: options.dataDir, remove: () => undefined } : tempDir('gateway-trading-');
  const db = openDatabase(dir.path);
  const clock = { now: T0 };
  const simulator = new MarketSimulator({ seed: options.seed ?? 7, nowMs: clock.now });
  const logger = createLogger('silent');
  const trading = createPaperTrading({
    db,
    simulator,
    logger,
    now: () => clock.now,
    longPollMs: options.longPollMs ?? 300,
  });
  trading.start();
  const app = createApp({
    db,
    simulator,
    logger,
    signing: { ...testSigning(), policy: createSignPolicy({ clientOpen: false }) },
    passwordParams: TEST_SCRYPT,
    trading,
    // Traders sign in by hand here, without the risk SDK's device token (its check has tests of its own).
    localMode: true,
  });
  const users = createUserStore(db);
  const harness: TradingHarness = {
    app,
    db,
    simulator,
    trading,
    clock,
    dataDir: dir.path,
    step: (ms = 250) => {
      clock.now += ms;
      simulator.step(clock.now);
    },
    trader: async (email) => {
      let user = users.findByEmail(email);
      if (!user) {
        const inserted = users.insert({
          email,
          areaCode: null,
          mobile: null,
          passwordHash: await hashPassword(PASSWORD, TEST_SCRYPT),
          createdAt: clock.now,
          referral: NO_REFERRAL,
        });
        if (inserted === 'duplicate') throw new Error('duplicate');
        user = inserted;
      }
      const trader = new Trader(() => app, user.id);
      const reply = await trader.post('/v1/user/login', { loginName: email, pwd: PASSWORD });
      expect(reply.code, reply.msg).toBe('00000');
      return trader;
    },
    close: (keepDir = false) => {
      trading.stop();
      if (db.open) db.close();
      if (!keepDir) dir.remove();
    },
  };
  return harness;
}

/** The asset row of a coin, as strings. */
export async function assetOf(trader: Trader, coin: string): Promise<{ available: string; frozen: string }> {
  const assets = (await trader.ok('/v1/trade/spot/assets')) as Array<{
    coin: string;
    available: string;
    frozen: string;
  }>;
  return assets.find((a) => a.coin === coin) ?? { available: '0', frozen: '0' };
}

/**
 * A coin's balance of the trader as the ledger keeps it, every place included (the assets route cuts a balance to the
 * coin's places), as plain numbers ("0", "0.00999").
 */
export function ledgerBalanceOf(
  h: TradingHarness,
  trader: Trader,
  coin: string,
): { available: string; frozen: string } {
  const row = h.db
    .prepare('SELECT available, frozen FROM trade_balances WHERE user_id = ? AND coin = ?')
    .get(trader.userId, coin) as { available: string; frozen: string } | undefined;
  const plain = (units: string | undefined) =>
    new Decimal(units ?? '0').div(new Decimal(10).pow(MONEY_PLACES)).toFixed();
  return { available: plain(row?.available), frozen: plain(row?.frozen) };
}

/**
 * Pins one perpetual's mark and last price as the gateway reads them (`set(null)` gives back the simulator's own), by
 * wrapping the simulator's `getTicker`; `vi.restoreAllMocks()` takes the wrap off.
 */
export function pinPerpetual(h: TradingHarness, symbol: string) {
  let pinned: { mark: string; last: string } | null = null;
  const real = h.simulator.getTicker.bind(h.simulator);
  vi.spyOn(h.simulator, 'getTicker').mockImplementation((instType, name) => {
    const ticker = real(instType, name);
    if (!ticker || !pinned || instType !== 'USDT-FUTURES' || name !== symbol) return ticker;
    return { ...ticker, markPrice: pinned.mark, lastPr: pinned.last };
  });
  return {
    set(prices: { mark: string; last: string } | null): void {
      pinned = prices;
    },
  };
}
