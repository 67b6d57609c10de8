import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { type BenchWorkerClient, evaluateInPage, installWorkerClient } from './page-probes';
import { benchLedger, benchTick } from './position-ledger-fixture';

/** Figures of the maths worker bench, per ledger size. */
export interface MathsFigures {
  positions: number;
  ticks: number;
  /** Steady state: after the first WARM_UP ticks, which JIT compilation slows. */
  workerMs: { p50: number; p95: number };
  warmUpWorkerMs: { p50: number };
  /** Main-thread task time per frame received (DevTools `TaskDuration`), and the in-page apply alone. */
  mainMsPerFrame: number;
  applyMs: { p50: number; p95: number };
  rowsPerFrame: number;
}

/** Ticks at the start of a run left out of the steady-state figures (and printed on their own). */
const WARM_UP = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 100) / 100;
};

/**
 * Stands in for the market worker: it takes one end of the mark channel and posts one tick per interval, so the
 * main thread does nothing but receive the maths worker's frames, as in the app. It gets its ticks before the
 * measured window (handing them over is a structured clone of every mark, main-thread work the app never does) and
 * starts on a one-word message.
 */
const FEED_WORKER = `
let feed = null;
self.onmessage = (event) => {
  if (event.data !== 'start') {
    feed = event.data;
    self.postMessage('ready');
    return;
  }
  const { port, ticks, intervalMs } = feed;
  let i = 0;
  const timer = setInterval(() => {
    if (i >= ticks.length) return clearInterval(timer);
    port.postMessage({ type: 'marks', ...ticks[i], ts: i });
    i += 1;
  }, intervalMs);
};`;

/**
 * Drives the built maths worker from a page of the built app: a ledger of 100, 1,000 and 10,000 positions, every mark
 * moving on each tick, fed worker to worker over a MessageChannel; the page applies each changed-rows frame.
 */
export async function measureMaths(
  browser: Browser,
  options: { baseURL: string; distDir: string; sizes: number[] },
): Promise<MathsFigures[]> {
  const workerFile = readdirSync(join(options.distDir, 'assets')).find((f) => /^maths\.worker-.*\.js$/.test(f));
  if (!workerFile) throw new Error('no maths worker in the build');
  const rowsTable = await build({
    entryPoints: [new URL('../../engine/format/rows-table.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const context = await browser.newContext();
  // Bench-only scripts, served from the app's origin so its CSP and Trusted Types admit them as they admit our own.
  await context.route('**/bench/mark-feed.js', (route) =>
    route.fulfill({ body: FEED_WORKER, contentType: 'text/javascript' }),
  );
  await context.route('**/bench/rows-table.js', (route) =>
    route.fulfill({ body: rowsTable.outputFiles[0].text, contentType: 'text/javascript' }),
  );
  const page = await context.newPage();
  // tsx's keepNames wraps functions in a `__name` helper the page lacks (see measure-page.ts).
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.goto(`${options.baseURL}/nowhere`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };

  const figures: MathsFigures[] = [];
  for (const size of options.sizes) {
    const { ledger, symbols } = benchLedger(size);
    const ticks = Array.from({ length: size >= 10_000 ? WARM_UP + 15 : WARM_UP + 80 }, (_, i) =>
      benchTick(symbols, i + 1),
    );
    // Room for the worker to finish each tick before the next, so frames do not queue.
    const intervalMs = size >= 10_000 ? 300 : size >= 1000 ? 40 : 20;
    await installWorkerClient(page, `/assets/${workerFile}`);
    await page.evaluate(
      async ({ ledger, first, ticks, intervalMs }) => {
        const scope = globalThis as unknown as Record<string, unknown> & BenchWorkerClient;
        const { RowsTable } = await import('/bench/rows-table.js' as string);
        const call = scope.benchCall;
        const rows = new MessageChannel();
        const feed = new MessageChannel();
        const table = new RowsTable();
        const applied: number[] = [];
        const workerMs: number[] = [];
        const changed: number[] = [];
        rows.port1.onmessage = (event: MessageEvent) => {
          const started = performance.now();
          const indices = table.apply(event.data);
          applied.push(performance.now() - started);
          workerMs.push(event.data.workerMs);
          changed.push(indices.length);
          (scope.__maths as { onFrame?: () => void } | undefined)?.onFrame?.();
        };
        const full = (await call('setLedger', { ledger, tick: first, intl: 'en', rowsPort: rows.port2 }, [
          rows.port2,
        ])) as {
          isFull?: boolean;
        };
        if (!full?.isFull)
          throw new Error(`maths worker refused the bench ledger: ${JSON.stringify(full).slice(0, 300)}`);
        table.apply(full);
        await call('attachMarkFeed', feed.port2, [feed.port2]);
        const feeder = new Worker('/bench/mark-feed.js');
        const ready = new Promise((resolve) => {
          feeder.onmessage = resolve;
        });
        feeder.postMessage({ port: feed.port1, ticks, intervalMs }, [feed.port1]);
        // Started and holding its ticks before the idle window, so neither window sees the hand-over; the page keeps
        // only their count, not every mark on its heap for the collector to walk, which the app never has either.
        await ready;
        scope.__maths = { worker: scope.benchWorker, feeder, tickCount: ticks.length, applied, workerMs, changed };
      },
      { ledger, first: benchTick(symbols, 0), ticks, intervalMs },
    );
    // The page's own background work per second over a window as long as the run should be, to subtract from the
    // busy time in proportion to how long the run really took (a large ledger's ticks can outlast their interval).
    const idleBefore = await taskSeconds();
    const idleStarted = performance.now();
    await evaluateInPage<void>(cdp, `new Promise((resolve) => setTimeout(resolve, ${ticks.length * intervalMs}))`);
    const idleRate = ((await taskSeconds()) - idleBefore) / ((performance.now() - idleStarted) / 1000);
    const before = await taskSeconds();
    const runStarted = performance.now();
    const result = await evaluateInPage<{ applied: number[]; workerMs: number[]; changed: number[] }>(
      cdp,
      `new Promise((resolve, reject) => {
        const state = globalThis.__maths;
        const feeder = state.feeder;
        feeder.postMessage('start');
        const deadline = setTimeout(() => reject(new Error('maths frames stopped at ' + state.workerMs.length)), ${ticks.length * intervalMs + 20_000});
        state.onFrame = () => {
          if (state.workerMs.length < state.tickCount) return;
          clearTimeout(deadline);
          feeder.terminate();
          state.worker.terminate();
          resolve({ applied: state.applied, workerMs: state.workerMs, changed: state.changed });
        };
      })`,
    );
    // Never below zero: with little to do, the run can be quieter than the idle window was, by noise.
    const busySeconds = Math.max(
      0,
      (await taskSeconds()) - before - idleRate * ((performance.now() - runStarted) / 1000),
    );
    const steady = result.workerMs.slice(WARM_UP);
    figures.push({
      positions: size,
      ticks: steady.length,
      workerMs: { p50: pct(steady, 50), p95: pct(steady, 95) },
      warmUpWorkerMs: { p50: pct(result.workerMs.slice(0, WARM_UP), 50) },
      mainMsPerFrame: Math.round(((busySeconds * 1000) / result.workerMs.length) * 100) / 100,
      applyMs: { p50: pct(result.applied.slice(WARM_UP), 50), p95: pct(result.applied.slice(WARM_UP), 95) },
      rowsPerFrame: Math.round(result.changed.reduce((s, n) => s + n, 0) / result.changed.length),
    });
  }
  await context.close();
  return figures;
}
