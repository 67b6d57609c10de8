import type { CDPSession, Page } from 'playwright-core';

/** A long task as the page saw it (ms on the page's clock). */
export interface LongTask {
  start: number;
  duration: number;
}

/**
 * Init script (passed to `addInitScript`, so it must not use anything outside itself): records long tasks in
 * `globalThis.__longTasks` and, for BENCH_DEBUG, long animation frames in `globalThis.__loaf`, which say what a
 * long task was made of (script by entry point, forced style and layout, rendering).
 */
export function observeMainThread(): void {
  const scope = globalThis as unknown as { __longTasks: unknown[]; __loaf: unknown[] };
  scope.__longTasks = [];
  scope.__loaf = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) scope.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as {
      startTime: number;
      duration: number;
      styleAndLayoutStart: number;
      scripts: {
        invoker: string;
        sourceURL: string;
        sourceFunctionName: string;
        sourceCharPosition: number;
        duration: number;
        forcedStyleAndLayoutDuration: number;
      }[];
    }[]) {
      scope.__loaf.push({
        start: Math.round(e.startTime),
        duration: Math.round(e.duration),
        layoutMs: Math.round(e.startTime + e.duration - (e.styleAndLayoutStart || e.startTime + e.duration)),
        scripts: e.scripts.map(
          (s) =>
            `${s.invoker} ${s.sourceFunctionName || '(anonymous)'}@${s.sourceURL.split('/').pop()}:${s.sourceCharPosition} ${Math.round(s.duration)}ms (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)}ms)`,
        ),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/**
 * Evaluates an expression in the page through the DevTools protocol and awaits its promise. Playwright's
 * locators and `evaluate` inject Playwright's own script, whose compile and polling are main-thread long
 * tasks a visitor never has; measured windows use this instead.
 */
export async function evaluateInPage<T>(cdp: CDPSession, expression: string): Promise<T> {
  const reply = (await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
    timeout: 30_000,
  })) as {
    result: { value: T };
    exceptionDetails?: { text: string };
  };
  if (reply.exceptionDetails) throw new Error(`bench page script failed: ${reply.exceptionDetails.text}`);
  return reply.result.value;
}

/** What {@link installWorkerClient} leaves in the page: `globalThis.benchCall(name, arg, transfer?)` and the worker. */
export interface BenchWorkerClient {
  benchCall: (name: string, arg: unknown, transfer?: Transferable[]) => Promise<unknown>;
  benchWorker: Worker;
}

/**
 * Starts a built worker in the page and speaks Comlink's wire protocol to it, so a bench drives the exact production
 * worker without any test hook in the app. A call resolves with the value, or `{ thrown }` when the worker threw.
 */
export async function installWorkerClient(page: Page, workerUrl: string): Promise<void> {
  await page.evaluate((url) => {
    const worker = new Worker(url, { type: 'module' });
    let next = 0;
    const waiting = new Map<string, (value: unknown) => void>();
    worker.addEventListener('message', (event: MessageEvent) => {
      const reply = event.data as { id: string; type: string; value: unknown };
      waiting.get(reply.id)?.(reply.type === 'RAW' ? reply.value : { thrown: reply.value });
      waiting.delete(reply.id);
    });
    const client: BenchWorkerClient = {
      benchWorker: worker,
      benchCall: (name, arg, transfer = []) =>
        new Promise((resolve) => {
          const id = `b${next++}`;
          waiting.set(id, resolve);
          worker.postMessage(
            { id, type: 'APPLY', path: [name], argumentList: [{ type: 'RAW', value: arg }] },
            transfer,
          );
        }),
    };
    Object.assign(globalThis, client);
  }, workerUrl);
}
