// Proof-of-reserves bench: the liabilities tree over many accounts built in a worker thread while a client keeps
// calling a cheap endpoint of the same process. Run alone: `node --import tsx tests/bench/reserves-bench.ts [count]`.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { runMigrations } from '../../gateway/db/migration';
import { openDatabase } from '../../gateway/open-database';
import { createRateLimiter } from '../../gateway/security/rate-limiter';
import type { GatewayEnv } from '../../gateway/http/gateway-env';
import { createLogger } from '../../gateway/log/logger';
import { MarketSimulator } from '../../gateway/market/simulator';
import { RESERVES_MIGRATIONS } from '../../gateway/reserves/reserves-migrations';
import { RESERVES_PATHS, reservesRoutes } from '../../gateway/reserves/reserves-routes';
import { ReservesService } from '../../gateway/reserves/reserves-service';
import { createPaperTrading } from '../../gateway/trading/paper-trading';
import { tempDir } from '../unit/gateway/support';

/** Figures of one reserves bench run. */
export interface ReservesFigures {
  accounts: number;
  seedMs: number;
  buildMs: number;
  leafCount: number;
  /** The summary endpoint's latency with no build running, and while the worker builds. */
  idleMs: { p50: number; p99: number; requests: number };
  duringBuildMs: { p50: number; p99: number; requests: number };
  /** Process memory (MB): resident peak while building, and the main thread's external memory holding the tree. */
  /** One user's proof on the request thread (nonce read, leaf lookup, path) over the built tree. */
  proofMs: { p50: number; p99: number };
  rssPeakMb: number;
  externalAfterMb: number;
  heapUsedAfterMb: number;
}

/** The window of requests with no build, for the baseline. */
const IDLE_MS = 3_000;
/** Accounts inserted per transaction while seeding. */
const SEED_BATCH = 50_000;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return Math.round(at * 100) / 100;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Seeds `accounts` synthetic paper accounts (USDT in every one, a futures wallet, BTC in one of three, nonces) in
 * batches inside transactions, in SQL so seeding a million takes seconds.
 */
function seed(db: ReturnType<typeof openDatabase>, accounts: number): void {
  const batch = db.transaction((from: number, to: number) => {
    db.prepare(
      `WITH RECURSIVE s(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO trade_accounts (user_id, futures_wallet, created_at)
       SELECT printf('bench%08d', i), CAST(i % 5000 AS TEXT) || '00000000', 0 FROM s`,
    ).run(from, to);
    db.prepare(
      `WITH RECURSIVE s(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO trade_balances (user_id, coin, available, frozen)
       SELECT printf('bench%08d', i), 'USDT', CAST(i * 7 % 100000 AS TEXT) || '12345678', '0' FROM s`,
    ).run(from, to);
    db.prepare(
      `WITH RECURSIVE s(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 3 FROM s WHERE i + 3 <= ?)
       INSERT INTO trade_balances (user_id, coin, available, frozen)
       SELECT printf('bench%08d', i), 'BTC', CAST(i % 97 + 1 AS TEXT) || '000000', '50000' FROM s`,
    ).run(from, to);
    db.prepare(
      `WITH RECURSIVE s(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO reserves_nonces (user_id, nonce) SELECT printf('bench%08d', i), lower(hex(randomblob(16))) FROM s`,
    ).run(from, to);
  });
  for (let from = 1; from <= accounts; from += SEED_BATCH) batch(from, Math.min(accounts, from + SEED_BATCH - 1));
}

/** Fires requests one after another until `until()` says stop; returns each one's latency (ms). */
async function requestLoop(url: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Seeds a temp gateway database, serves the reserves routes on a port, and measures a build under requests. */
export async function measureReserves(options: { accounts: number }): Promise<ReservesFigures> {
  const dir = tempDir('reserves-bench-');
  const db = openDatabase(dir.path);
  runMigrations(db, RESERVES_MIGRATIONS);
  const logger = createLogger('silent');
  const trading = createPaperTrading({ db, simulator: new MarketSimulator({ seed: 7, nowMs: Date.now() }), logger });
  const service = new ReservesService({ db, logger: createLogger('error') });
  const app = new Hono<GatewayEnv>();
  app.route('/', reservesRoutes(service, trading, createRateLimiter(db, Date.now)));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${RESERVES_PATHS.summary}`;
  try {
    const seedStarted = performance.now();
    seed(db, options.accounts);
    const seedMs = Math.round(performance.now() - seedStarted);
    // Warm the route (JIT, the connection) before the baseline.
    const warm = performance.now();
    await requestLoop(url, () => performance.now() - warm > 500);
    const idleStarted = performance.now();
    const idle = await requestLoop(url, () => performance.now() - idleStarted > IDLE_MS);

    let rssPeak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const buildStarted = performance.now();
    let done = false;
    const build = service.rebuild().finally(() => {
      done = true;
    });
    const during = await requestLoop(url, () => done);
    const published = await build;
    const buildMs = Math.round(performance.now() - buildStarted);
    clearInterval(sampler);
    if (!published) throw new Error('the build published nothing');
    const proofTimes: number[] = [];
    for (let i = 1; i <= 500; i += 1) {
      const started = performance.now();
      const proof = service.proof(`bench${String(Math.ceil((i * options.accounts) / 500)).padStart(8, '0')}`);
      proofTimes.push(performance.now() - started);
      if (!proof || proof === 'not-ready') throw new Error('a seeded account has no proof');
    }
    const memory = process.memoryUsage();
    return {
      accounts: options.accounts,
      seedMs,
      buildMs,
      leafCount: published.leafCount,
      idleMs: { p50: pct(idle, 50), p99: pct(idle, 99), requests: idle.length },
      duringBuildMs: { p50: pct(during, 50), p99: pct(during, 99), requests: during.length },
      proofMs: { p50: pct(proofTimes, 50), p99: pct(proofTimes, 99) },
      rssPeakMb: mb(rssPeak),
      externalAfterMb: mb(memory.external + memory.arrayBuffers),
      heapUsedAfterMb: mb(memory.heapUsed),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    trading.stop();
    db.close();
    dir.remove();
  }
}

/** Prints the figures with the check (requests keep their latency while the tree builds). */
export function printReserves(f: ReservesFigures): number {
  console.log(
    `\nproof of reserves: tree over ${f.accounts.toLocaleString('en')} accounts in a worker thread (seeded in ${f.seedMs} ms)`,
  );
  console.log(
    `  build (worker: read ledger, hash ${f.leafCount.toLocaleString('en')} leaves, levels, transfer): ${f.buildMs} ms`,
  );
  console.log(
    `  GET summary, no build:     p50 ${f.idleMs.p50} ms, p99 ${f.idleMs.p99} ms (${f.idleMs.requests} requests)`,
  );
  console.log(
    `  GET summary, during build: p50 ${f.duringBuildMs.p50} ms, p99 ${f.duringBuildMs.p99} ms (${f.duringBuildMs.requests} requests)`,
  );
  console.log(`  one proof on the request thread: p50 ${f.proofMs.p50} ms, p99 ${f.proofMs.p99} ms`);
  console.log(
    `  memory: RSS peak ${f.rssPeakMb} MB during the build; after it, main-thread buffers ${f.externalAfterMb} MB, heap ${f.heapUsedAfterMb} MB`,
  );
  const ok = f.duringBuildMs.p99 <= Math.max(20, f.idleMs.p99 * 3);
  console.log(`  ${ok ? 'ok  ' : 'OVER'} request p99 during the build ≤ max(20 ms, 3 × idle p99)`);
  return ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const accounts = Number(process.argv[2] ?? 1_000_000);
  printReserves(await measureReserves({ accounts }));
  process.exit(0);
}
