import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { evaluateInPage, type LongTask, observeMainThread } from './page-probes';

/** What the bench prints for one page. */
export interface PageFigures {
  page: string;
  longTasksAfterLoad: { count: number; totalMs: number; maxMs: number };
  frameMs: { p50: number; p95: number; p99: number; frames: number };
  lcpMs: number;
  fcpMs: number;
  /** When the page first showed its data (the ready selector matched). */
  contentMs: number;
  jsBeforeFirstRenderGzipBytes: number;
  jsFilesBeforeFirstRender: string[];
}

export interface MeasureOptions {
  baseURL: string;
  distDir: string;
  path: string;
  cpuThrottle: number;
  /** How long to record frames after the page is ready. */
  sampleMs: number;
  viewport: { width: number; height: number };
  /** A selector that is visible once the page shows its data. */
  readySelector: string;
  /** Options of the fresh context (cookies of a signed-in user, service workers allowed). */
  context?: BrowserContextOptions;
  /** Runs in the context before the measured visit, unthrottled (a first visit that installs the service worker). */
  before?: (context: BrowserContext, page: Page) => Promise<void>;
  /** The measured visit happens with the network gone (the service worker answers). */
  offline?: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Loads one page in a fresh context under CPU throttling and returns its figures. */
export async function measurePage(browser: Browser, options: MeasureOptions): Promise<PageFigures> {
  const context = await browser.newContext({ ...options.context, viewport: options.viewport });
  const page = await context.newPage();
  await options.before?.(context, page);
  if (options.offline) await context.setOffline(true);
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper
  // that does not exist in the page; define it there so the functions below run as written.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(observeMainThread);
  // Observers go in before any page script (TOOLCHAIN.md pitfall 5).
  await page.addInitScript((readySelector: string) => {
    const w = window as unknown as { __bench: { lcp: number; ready: number } };
    let markReady = () => {};
    w.__bench = { lcp: 0, ready: 0 };
    (w.__bench as unknown as { whenReady: Promise<void> }).whenReady = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    // "First render" is when the page first shows its data, not when a static shell paints.
    const watcher = new MutationObserver(() => {
      if (!document.querySelector(readySelector)) return;
      w.__bench.ready = performance.now();
      watcher.disconnect();
      markReady();
    });
    watcher.observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }, options.readySelector);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });

  await page.goto(options.baseURL + options.path, { waitUntil: 'load' });
  // Waiting and sampling go through the DevTools protocol, not Playwright's locators: a locator injects
  // Playwright's own script into the page, whose compile and polling are main-thread long tasks of the
  // harness that a visitor never has.
  const inPage = <T>(expression: string) => evaluateInPage<T>(cdp, expression);
  await inPage<void>(
    `Promise.race([window.__bench.whenReady, new Promise((_, reject) => setTimeout(() => reject(new Error('page never showed its data')), 30000))])`,
  );

  const frames = await inPage<number[]>(`new Promise((resolve) => {
    // Started from a task, not inside the evaluation's own task, so long tasks are seen (pitfall 5).
    setTimeout(() => {
      const deltas = [];
      let last = performance.now();
      const end = last + ${Number(options.sampleMs)};
      const tick = (now) => {
        deltas.push(now - last);
        last = now;
        if (now < end) requestAnimationFrame(tick);
        else resolve(deltas);
      };
      requestAnimationFrame(tick);
    }, 0);
  })`);

  const timing = await page.evaluate(() => {
    const w = window as unknown as {
      __bench: { lcp: number; ready: number };
      __longTasks: LongTask[];
      __loaf: unknown[];
    };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime <= w.__bench.ready && /\.m?js(\?|$)/.test(new URL(r.name).pathname))
      .map((r) => new URL(r.name).pathname);
    return {
      loadEnd: nav.loadEventEnd,
      fcp,
      ready: w.__bench.ready,
      lcp: w.__bench.lcp,
      longTasks: w.__longTasks,
      scripts,
      loaf: w.__loaf,
    };
  });
  await context.close();

  const after = timing.longTasks.filter((t) => t.start >= timing.loadEnd);
  if (process.env.BENCH_DEBUG) {
    // Each long task after load with the animation frames it overlaps: what it was made of.
    const frames = timing.loaf as { start: number; duration: number }[];
    const explained = after.map((task) => ({
      ...task,
      frames: frames.filter((f) => f.start < task.start + task.duration && f.start + f.duration > task.start),
    }));
    console.dir({ loadEnd: timing.loadEnd, fcp: timing.fcp, ready: timing.ready, afterLoad: explained }, { depth: 5 });
    // Every long animation frame after first paint, as start/duration/style-and-layout ms.
    const afterPaint = (timing.loaf as { start: number; duration: number; layoutMs: number }[]).filter(
      (f) => f.start >= timing.fcp,
    );
    console.log(
      `frames over 50 ms after first paint: ${afterPaint.map((f) => `${f.start}/${f.duration}/${f.layoutMs}`).join(' ')}`,
    );
  }
  const sorted = frames.slice(1).sort((a, b) => a - b);
  const gzipBytes = timing.scripts.reduce((sum, path) => {
    try {
      return sum + gzipSync(readFileSync(join(options.distDir, path))).length;
    } catch {
      return sum;
    }
  }, 0);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    page: options.path,
    longTasksAfterLoad: {
      count: after.length,
      totalMs: round(after.reduce((s, t) => s + t.duration, 0)),
      maxMs: round(Math.max(0, ...after.map((t) => t.duration))),
    },
    frameMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      frames: sorted.length,
    },
    lcpMs: round(timing.lcp),
    fcpMs: round(timing.fcp),
    contentMs: round(timing.ready),
    jsBeforeFirstRenderGzipBytes: gzipBytes,
    jsFilesBeforeFirstRender: timing.scripts,
  };
}
