import * as Comlink from 'comlink';
import type { CryptoApi } from '../workers/crypto.api';
import type { MarketApi } from '../workers/market.api';
import type { MathsApi } from '../workers/maths.api';
import type { ReservesApi } from '../workers/reserves.api';

export type WorkerFailure = 'timeout' | 'failed';

/** A worker call that did not answer in time or whose worker broke; the UI shows it as a state. */
export class WorkerCallError extends Error {
  constructor(
    readonly kind: WorkerFailure,
    readonly worker: string,
  ) {
    super(`${worker} worker ${kind === 'timeout' ? 'timed out' : 'failed'}`);
    this.name = 'WorkerCallError';
  }
}

export const DEFAULT_WORKER_TIMEOUT_MS = 8000;

/** A lazily started worker: created on first call, restarted after a timeout or a crash. */
export interface WorkerHandle<Api> {
  /** Runs `fn` against the worker's API, rejecting with WorkerCallError on timeout or failure. */
  call<R>(fn: (api: Comlink.Remote<Api>) => Promise<R>, options?: { timeoutMs?: number }): Promise<R>;
  /** The remote for passing to Comlink.transfer / proxies; starts the worker if needed. */
  remote(): Comlink.Remote<Api>;
  terminate(): void;
}

/** Wraps a worker factory with lazy start, per-call timeouts and failure reporting (ARCHITECTURE: every worker call can fail). */
export function lazyWorker<Api>(name: string, create: () => Worker): WorkerHandle<Api> {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<Api> | null = null;
  const pending = new Set<(error: WorkerCallError) => void>();

  const terminate = () => {
    remote?.[Comlink.releaseProxy]();
    worker?.terminate();
    worker = null;
    remote = null;
  };

  const start = (): Comlink.Remote<Api> => {
    if (remote) return remote;
    const created = create();
    // A script that fails to load or throws at top level would leave every call hanging; fail them now.
    created.addEventListener('error', () => {
      for (const reject of [...pending]) reject(new WorkerCallError('failed', name));
      if (worker === created) terminate();
    });
    worker = created;
    remote = Comlink.wrap<Api>(created);
    return remote;
  };

  return {
    remote: start,
    terminate,
    call(fn, options = {}) {
      const timeoutMs = options.timeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS;
      return new Promise((resolve, reject) => {
        let done = false;
        const finish = (settle: () => void) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          pending.delete(onBroken);
          settle();
        };
        const onBroken = (error: WorkerCallError) => finish(() => reject(error));
        const timer = setTimeout(() => {
          onBroken(new WorkerCallError('timeout', name));
          // A worker that does not answer may be stuck in a loop: start a fresh one for the next call.
          terminate();
        }, timeoutMs);
        pending.add(onBroken);
        try {
          fn(start()).then(
            (value) => finish(() => resolve(value)),
            (error: unknown) => finish(() => reject(error)),
          );
        } catch {
          onBroken(new WorkerCallError('failed', name));
        }
      });
    },
  };
}

/** The market worker: REST snapshots now, the public stream later. */
export const marketWorker = lazyWorker<MarketApi>(
  'market',
  () => new Worker(new URL('../workers/market.worker.ts', import.meta.url), { type: 'module', name: 'market' }),
);

/** The crypto worker: keys, login encryption and request signing; the main thread never holds a private key. */
export const cryptoWorker = lazyWorker<CryptoApi>(
  'crypto',
  () => new Worker(new URL('../workers/crypto.worker.ts', import.meta.url), { type: 'module', name: 'crypto' }),
);

/** The maths worker: profit, ROE and liquidation rows for the positions list, fed marks by the market worker. */
export const mathsWorker = lazyWorker<MathsApi>(
  'maths',
  () => new Worker(new URL('../workers/maths.worker.ts', import.meta.url), { type: 'module', name: 'maths' }),
);

/** The reserves worker: verifies a proof-of-reserves proof with WebCrypto; the page never hashes on its own thread. */
export const reservesWorker = lazyWorker<ReservesApi>(
  'reserves',
  () => new Worker(new URL('../workers/reserves.worker.ts', import.meta.url), { type: 'module', name: 'reserves' }),
);
