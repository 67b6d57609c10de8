import type { CDPSession } from 'playwright-core';

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
      scripts: { invoker: string; sourceURL: string; duration: number; forcedStyleAndLayoutDuration: number }[];
    }[]) {
      scope.__loaf.push({
        start: Math.round(e.startTime),
        duration: Math.round(e.duration),
        layoutMs: Math.round(e.startTime + e.duration - (e.styleAndLayoutStart || e.startTime + e.duration)),
        scripts: e.scripts.map(
          (s) => `${s.invoker} ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)}ms (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)}ms)`,
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
  const reply = (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, timeout: 30_000 })) as {
    result: { value: T };
    exceptionDetails?: { text: string };
  };
  if (reply.exceptionDetails) throw new Error(`bench page script failed: ${reply.exceptionDetails.text}`);
  return reply.result.value;
}
