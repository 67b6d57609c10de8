import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyProof } from '../../../../engine/reserves/merkle-proof';
import { createLogger } from '../../../../gateway/log/logger';
import { canonicalAmount, fillNonces, readLiabilities } from '../../../../gateway/reserves/ledger-liabilities';
import { ratioOf } from '../../../../gateway/reserves/reserve-wallets';
import { ReservesService, type RunBuild } from '../../../../gateway/reserves/reserves-service';
import type { TreeResult } from '../../../../gateway/reserves/tree-job';
import type { TradingHarness } from '../trading/trading-support';
import { fund, makeReservesHarness, sha256 } from './reserves-support';

const asyncSha = async (data: Uint8Array) => sha256(data);
const silent = createLogger('silent');

let h: TradingHarness;
beforeEach(() => {
  h = makeReservesHarness();
});
afterEach(() => {
  vi.useRealTimers();
  h.close();
});

describe('readLiabilities', () => {
  it('sums spot available, frozen and the futures wallet per coin, and leaves demo accounts out', () => {
    fund(h, 'ann', 'BTC', '1.5');
    fund(h, 'bob');
    h.db.prepare("UPDATE trade_balances SET frozen = '25000000' WHERE user_id = 'ann' AND coin = 'BTC'").run();
    h.db
      .prepare(
        "INSERT INTO users (id, email, password_hash, created_at, is_demo) VALUES ('demo-1', 'demo@example.com', 'x', 0, 1)",
      )
      .run();
    fund(h, 'demo-1', 'BTC', '7');
    fillNonces(h.db);
    const totals = new Map<string, bigint>();
    const read = [...readLiabilities(h.db, totals)];
    expect(read.map((a) => a.userId)).toEqual(['ann', 'bob']);
    const ann = read.find((a) => a.userId === 'ann')!;
    const usdt = canonicalAmount(
      h.trading.ctx.accounts.balance('ann', 'USDT').available + h.trading.ctx.accounts.wallet('ann'),
    );
    expect(ann.balances).toEqual([
      ['USDT', usdt],
      ['BTC', '1.75'],
    ]);
    expect(totals.get('BTC')).toBe(175_000_000n);
  });

  it('gives each account one nonce of 16 random bytes, kept across builds', () => {
    fund(h, 'ann');
    fund(h, 'bob');
    expect(fillNonces(h.db)).toBe(2);
    const first = h.db.prepare('SELECT user_id, nonce FROM reserves_nonces ORDER BY user_id').all() as {
      nonce: string;
    }[];
    expect(first.every((row) => /^[0-9a-f]{32}$/.test(row.nonce))).toBe(true);
    expect(first[0]!.nonce).not.toBe(first[1]!.nonce);
    expect(fillNonces(h.db)).toBe(0);
    expect(h.db.prepare('SELECT user_id, nonce FROM reserves_nonces ORDER BY user_id').all()).toEqual(first);
  });
});

describe('canonicalAmount and ratioOf', () => {
  it('writes amounts as the leaf format wants them', () => {
    expect(canonicalAmount(150_000_000n)).toBe('1.5');
    expect(canonicalAmount(2_000_000_000n)).toBe('20');
    expect(canonicalAmount(1n)).toBe('0.00000001');
    expect(canonicalAmount(0n)).toBe('0');
  });

  it('gives the ratio in percent, rounded down to 2 places, exactly', () => {
    expect(ratioOf(1_179_999_999n, 1_000_000_000n)).toBe('117.99');
    expect(ratioOf(83_376n, 80_000n)).toBe('104.22');
    expect(ratioOf(100n, 100n)).toBe('100.00');
    expect(ratioOf(9n, 10n)).toBe('90.00');
  });
});

describe('ReservesService with the worker thread', () => {
  it('builds in a worker, publishes the root and gives each user a proof that reaches it', async () => {
    fund(h, 'ann', 'BTC', '2');
    fund(h, 'bob', 'ETH', '3.25');
    fund(h, 'cid');
    const service = new ReservesService({ db: h.db, logger: silent, now: () => h.clock.now });
    expect(service.proof('ann')).toBe('not-ready');
    const published = (await service.rebuild())!;
    expect(published.leafCount).toBe(3);
    const summary = service.summary();
    expect(summary).toMatchObject({ builtAt: h.clock.now, root: published.root, leafCount: 3 });
    expect(summary.history).toEqual([{ builtAt: h.clock.now, root: published.root, leafCount: 3 }]);
    const btc = summary.coins.find((c) => c.coin === 'BTC')!;
    expect(btc.liabilities).toBe('2.00000000');
    expect(Number(btc.ratio)).toBeGreaterThanOrEqual(100);
    expect(btc.ratio).toMatch(/^\d+\.\d{2}$/);
    for (const user of ['ann', 'bob', 'cid']) {
      const proof = service.proof(user);
      if (!proof || proof === 'not-ready') throw new Error(`no proof for ${user}`);
      expect(proof.userId).toBe(user);
      expect((await verifyProof(proof, asyncSha, summary.root!)).ok).toBe(true);
    }
    expect(service.proof('newcomer')).toBeNull();
  });

  it('keeps the last published root when a build fails, and logs it', async () => {
    fund(h, 'ann', 'BTC', '1');
    const lines: string[] = [];
    const service = new ReservesService({ db: h.db, logger: createLogger('info', (l) => lines.push(l)) });
    const first = (await service.rebuild())!;
    const broken = new ReservesService({
      db: h.db,
      logger: createLogger('info', (l) => lines.push(l)),
      dbPath: '/nonexistent/gateway.db',
    });
    expect(await broken.rebuild()).toBeNull();
    expect(lines.some((l) => l.includes('reserves tree build failed'))).toBe(true);
    expect(broken.summary().root).toBe(first.root);
  });
});

describe('ReservesService schedule', () => {
  /** A build that waits for the test to finish it. */
  const controlled = () => {
    const pending: ((result: TreeResult) => void)[] = [];
    const runBuild: RunBuild = () => new Promise((resolve) => pending.push(resolve));
    return { runBuild, pending };
  };

  it('builds at start and every rebuildMs, never two at once', async () => {
    vi.useFakeTimers();
    const { runBuild, pending } = controlled();
    const service = new ReservesService({ db: h.db, logger: silent, rebuildMs: 1_000, runBuild });
    service.start();
    expect(pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_500);
    // Still the first build in flight: the schedule's ticks joined it.
    expect(pending).toHaveLength(1);
    expect(service.isBuilding).toBe(true);
    pending[0]!({ ok: true, tree: null, totals: [], noncesCreated: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(service.isBuilding).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pending).toHaveLength(2);
    void service.stop();
    pending[1]!({ ok: true, tree: null, totals: [], noncesCreated: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pending).toHaveLength(2);
  });

  it('ends a worker build in flight when stopped, publishing nothing', async () => {
    fund(h, 'ann', 'BTC', '1');
    const service = new ReservesService({ db: h.db, logger: silent });
    const build = service.rebuild();
    await service.stop();
    expect(await build).toBeNull();
    expect(service.summary().root).toBeNull();
    expect(await service.rebuild()).toBeNull();
  });

  it('answers a second rebuild() call with the build already running', async () => {
    const { runBuild, pending } = controlled();
    const service = new ReservesService({ db: h.db, logger: silent, runBuild });
    const a = service.rebuild();
    const b = service.rebuild();
    expect(a).toBe(b);
    expect(pending).toHaveLength(1);
    pending[0]!({ ok: false, message: 'boom' });
    expect(await a).toBeNull();
  });
});
