import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import type { ReservesProof } from '../../engine/reserves/merkle-proof';
import type { Logger } from '../log/logger';
import { existingNonce } from './ledger-liabilities';
import { type PackedTree, proofOf } from './liability-tree';
import { type CoinReserves, reservesFor } from './reserve-wallets';
import type { TreeJob, TreeResult } from './tree-job';

/** Default of RESERVES_REBUILD_MS: the tree is rebuilt every 10 minutes. */
export const DEFAULT_REBUILD_MS = 600_000;
/** Published builds the summary lists. */
export const HISTORY_LENGTH = 30;

/** One published build: its root, when it was built, how many leaves and the per-coin figures. */
export interface Publication {
  builtAt: number;
  root: string;
  leafCount: number;
  coins: CoinReserves[];
}

/** The public summary (`GET /v1/public/reserves/summary`); null fields before the first build is published. */
export interface ReservesSummary {
  builtAt: number | null;
  root: string | null;
  leafCount: number;
  coins: CoinReserves[];
  history: { builtAt: number; root: string; leafCount: number }[];
}

/** Runs one tree build somewhere off the request thread; `signal` ends it early (the gateway is closing). */
export type RunBuild = (job: TreeJob, signal: AbortSignal) => Promise<TreeResult>;

/** What the service is built from; tests pass their own clock, timers and build. */
export interface ReservesDeps {
  db: Database;
  logger: Logger;
  now?: () => number;
  /** RESERVES_REBUILD_MS; default 600,000. */
  rebuildMs?: number;
  /** The gateway's SQLite file (default `db.name`), which the worker opens itself. */
  dbPath?: string;
  runBuild?: RunBuild;
}

/** Builds the tree in a `node:worker_threads` Worker, which exits when it has answered. */
export const runBuildInWorker: RunBuild = (job, signal) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tree-worker-entry.mjs', import.meta.url), { workerData: job });
    let answered = false;
    signal.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', (result: TreeResult) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`reserves tree worker exited with ${code} before answering`));
    });
  });

/**
 * Proof of reserves (README "Proof of reserves"): rebuilds the liabilities tree at start and on a schedule, one build
 * at a time, publishes each root with its figures, and answers a user's proof against the latest published tree.
 * A failed build is logged and leaves the last published tree in place.
 */
export class ReservesService {
  private readonly now: () => number;
  private readonly rebuildMs: number;
  private readonly runBuild: RunBuild;
  private readonly dbPath: string;
  private timer: ReturnType<typeof setInterval> | null = null;
  private inFlight: Promise<Publication | null> | null = null;
  private latest: { tree: PackedTree; builtAt: number } | null = null;
  private readonly closing = new AbortController();

  constructor(private readonly deps: ReservesDeps) {
    this.now = deps.now ?? Date.now;
    this.rebuildMs = deps.rebuildMs ?? DEFAULT_REBUILD_MS;
    this.runBuild = deps.runBuild ?? runBuildInWorker;
    this.dbPath = deps.dbPath ?? deps.db.name;
  }

  /** Starts the schedule: a build now, then one every `rebuildMs`. */
  start(): void {
    if (this.timer) return;
    void this.rebuild();
    this.timer = setInterval(() => void this.rebuild(), this.rebuildMs);
    this.timer.unref?.();
  }

  /** Stops the schedule and ends a build in flight (its worker terminated); resolves once it has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closing.abort();
    await this.inFlight;
  }

  /** Whether a build is running. */
  get isBuilding(): boolean {
    return this.inFlight !== null;
  }

  /** Builds and publishes a tree; while one is in flight, answers that one instead of starting another. */
  rebuild(): Promise<Publication | null> {
    if (!this.inFlight)
      this.inFlight = this.buildOnce().finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async buildOnce(): Promise<Publication | null> {
    const builtAt = this.now();
    const started = Date.now();
    if (this.closing.signal.aborted) return null;
    try {
      const result = await this.runBuild({ dbPath: this.dbPath }, this.closing.signal);
      if (this.closing.signal.aborted) return null;
      if (!result.ok) throw new Error(result.message);
      if (!result.tree) {
        this.deps.logger.info('reserves tree not built: no account holds a balance');
        return null;
      }
      const totals = new Map(result.totals.map(([coin, units]) => [coin, BigInt(units)] as const));
      const publication: Publication = {
        builtAt,
        root: result.tree.root,
        leafCount: result.tree.leafCount,
        coins: reservesFor(this.deps.db, totals, builtAt),
      };
      this.deps.db
        .prepare('INSERT OR REPLACE INTO reserves_roots (built_at, root, leaf_count, coins) VALUES (?, ?, ?, ?)')
        .run(builtAt, publication.root, publication.leafCount, JSON.stringify(publication.coins));
      this.latest = { tree: result.tree, builtAt };
      this.deps.logger.info('reserves tree published', {
        root: publication.root,
        leafCount: publication.leafCount,
        buildMs: Date.now() - started,
        noncesCreated: result.noncesCreated,
      });
      return publication;
    } catch (error) {
      if (this.closing.signal.aborted) return null;
      this.deps.logger.error('reserves tree build failed; the last published root stays', {
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  /** The latest published build with its figures and the last 30 roots (newest first). */
  summary(): ReservesSummary {
    const rows = this.deps.db
      .prepare('SELECT built_at, root, leaf_count, coins FROM reserves_roots ORDER BY built_at DESC LIMIT ?')
      .all(HISTORY_LENGTH) as { built_at: number; root: string; leaf_count: number; coins: string }[];
    const history = rows.map((row) => ({ builtAt: row.built_at, root: row.root, leafCount: row.leaf_count }));
    const top = rows[0];
    if (!top) return { builtAt: null, root: null, leafCount: 0, coins: [], history };
    return {
      builtAt: top.built_at,
      root: top.root,
      leafCount: top.leaf_count,
      coins: JSON.parse(top.coins) as CoinReserves[],
      history,
    };
  }

  /**
   * The user's proof against the latest tree this gateway built: `'not-ready'` before its first build, null when the
   * user has no leaf in it (no balance at build time, or an account newer than the tree).
   */
  proof(userId: string): ReservesProof | null | 'not-ready' {
    if (!this.latest) return 'not-ready';
    const nonce = existingNonce(this.deps.db, userId);
    if (!nonce) return null;
    return proofOf(this.latest.tree, this.latest.builtAt, userId, nonce);
  }
}
