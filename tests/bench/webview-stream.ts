// The webview part's long session: `/trade-spot` inside the app left open on the stream, its long tasks counted in
// consecutive windows and the page's JavaScript heap read, after a full collection, at the start and at the end.
import type { Browser, CDPSession } from 'playwright-core';
import { round } from './trade-metrics';
import { type BenchServer, openWebview, showsDigit, waitInPage } from './webview-host';
import { attachWorkerHeaps, type WorkerHeap } from './worker-heaps';

export interface StreamSessionOptions {
  path: string;
  /** Consecutive long-task windows from the session's start, and their length. */
  windows: number;
  windowMs: number;
  /** From the first heap reading to the last. */
  sessionMs: number;
}

/** One window's long tasks (> 50 ms by the Long Tasks API's definition). */
export interface LongTaskWindow {
  count: number;
  maxMs: number;
  /** BENCH_DEBUG: the long animation frames of the window, what the tasks were made of. */
  frames: unknown[];
}

export interface StreamSessionFigures {
  windows: LongTaskWindow[];
  /** The page's main-thread heap in use after a full collection (CDP `Runtime.getHeapUsage`), bytes. */
  heapBytes: { start: number; end: number };
  /** The page's dedicated workers' heaps at the same two moments, for reading (not the budget's). */
  workerHeaps: { start: WorkerHeap[]; end: WorkerHeap[] };
  sessionMs: number;
  /** Bridge calls the app answered during the session, by method. */
  calls: [string, number][];
}

/** After the data shows, before the session starts: the chart history and the first account calls land. */
const SETTLE_MS = 5000;
/** Between the heap reading's full collection (itself a long pause at 6×) and the first window. */
const AFTER_GC_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

/** Opens the page in a fresh webview (signed out), lets it settle, then runs the windows and the heap session. */
export async function measureStreamSession(
  browser: Browser,
  server: BenchServer,
  options: StreamSessionOptions,
): Promise<StreamSessionFigures> {
  const webview = await openWebview(browser, server);
  const { cdp, inPage } = webview;
  try {
    await webview.emulate();
    await webview.page.goto(options.path, { waitUntil: 'load', timeout: 90_000 });
    await waitInPage(webview, showsDigit('[data-testid="ticker-last"]'), 'the last price');
    const workerHeaps = await attachWorkerHeaps(cdp);
    await sleep(SETTLE_MS);
    await cdp.send('HeapProfiler.enable');
    const startBytes = await heapAfterGc(cdp);
    const workersStart = await workerHeaps.read();
    const sessionStart = performance.now();
    const callsBefore = new Map(webview.calls);
    await sleep(AFTER_GC_MS);
    // Nothing talks to the page during the windows: their bounds are read once, the tasks once at the end.
    const windowsStart = await inPage<number>('performance.now()');
    await sleep(options.windows * options.windowMs);
    const probes = await inPage<{
      longTasks: { start: number; duration: number }[];
      loaf: { start: number; duration: number }[];
    }>('({ longTasks: globalThis.__webview.longTasks, loaf: globalThis.__webview.loaf })');
    const windows = Array.from({ length: options.windows }, (_, index): LongTaskWindow => {
      const from = windowsStart + index * options.windowMs;
      const inWindow = (t: { start: number }) => t.start >= from && t.start < from + options.windowMs;
      const tasks = probes.longTasks.filter(inWindow);
      return {
        count: tasks.length,
        maxMs: round(Math.max(0, ...tasks.map((t) => t.duration))),
        frames: probes.loaf.filter(inWindow),
      };
    });
    await sleep(Math.max(0, options.sessionMs - (performance.now() - sessionStart)));
    const endBytes = await heapAfterGc(cdp);
    const sessionMs = performance.now() - sessionStart;
    const workersEnd = await workerHeaps.read();
    return {
      windows,
      heapBytes: { start: startBytes, end: endBytes },
      workerHeaps: { start: workersStart, end: workersEnd },
      sessionMs: Math.round(sessionMs),
      calls: [...webview.calls]
        .map(([method, n]): [string, number] => [method, n - (callsBefore.get(method) ?? 0)])
        .filter(([, n]) => n > 0),
    };
  } finally {
    await webview.context.close();
  }
}
