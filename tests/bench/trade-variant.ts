// One variant of the trading-screen bench: the screen opened in a fresh signed-in context, then a probed window (frame
// timing, update-to-paint latency) and a quiet one (main-thread busy time), with long tasks over both.
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import type { FeedCounters } from '../../engine/market/trade-frame';
import type { RunningGateway } from '../../gateway/server';
import { evaluateInPage, type LongTask, observeMainThread } from './page-probes';
import type { ApiClient } from './trade-account';
import { type BusyFigures, busyBetween, busyMetrics, counterDelta, percentile, round, VSYNC_MS } from './trade-metrics';

/** What a variant's windows need of the bench's options. */
export interface VariantOptions {
  cpuThrottle: number;
  /** Length of each measured window. */
  sampleMs: number;
}

/**
 * Figures of one variant (where the book is merged), from two windows of the same length, one after the other:
 * - the probed window runs a requestAnimationFrame loop to time frames, and records update-to-paint latency;
 * - the quiet window runs no probe, and gives main-thread busy time. A rAF loop makes the renderer produce a main
 *   frame on every vsync, with style, layout, paint and a commit each, whether or not the page changed: on this
 *   screen it about doubled the worker variant's busy time, the same added cost in both variants, which pulled
 *   their ratio toward 1 whatever the merge cost. The probed window's busy time is printed too, for reading.
 * Long tasks are counted over both windows.
 */
export interface TradeVariantFigures {
  variant: 'worker' | 'main';
  /** Both windows together. */
  windowMs: number;
  longTasks: { count: number; totalMs: number; maxMs: number };
  /** rAF deltas; `missed`: frames that took longer than one and a half vsync intervals (a frame dropped). */
  frameMs: { p50: number; p95: number; p99: number; frames: number; missed: number };
  /** Update-to-paint of the page's frames (ticker, chart, position-driving parts, the panels' accessible copies). */
  paintLatencyMs: { p50: number; p95: number; samples: number };
  /** Update-to-paint of the painted panels (book and tape canvases), in the market worker or, for `main`, on the page. */
  canvasLatencyMs: { p50: number; p95: number; samples: number };
  /** The quiet window's main-thread time: what the budget on busy time reads. */
  quiet: BusyFigures;
  /** The probed window's, with the frame-timing loop running. */
  probed: BusyFigures;
  /** Counter deltas over both windows, and the totals since the page opened. */
  window: FeedCounters | null;
  total: FeedCounters | null;
  positionRowsShown: number;
  bookRowsShown: number;
  loaf: unknown[];
}

const PAGE_PATH = '/futures/usdt/BTCUSDT';
const VIEWPORT = { width: 1280, height: 800 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The trading screen open in its own signed-in context, with the probes installed and CPU throttled. */
export interface OpenScreen {
  context: BrowserContext;
  cdp: CDPSession;
  inPage: <T>(expression: string) => Promise<T>;
}

/**
 * Opens `/futures/usdt/BTCUSDT` in a fresh signed-in context (the `?feed=main` switch for the main-thread variant)
 * and waits until it is live (the book, the tape and the position rows shown) and its service worker controls it.
 * The caller closes the context.
 */
export async function openTradeScreen(
  browser: Browser,
  gateway: RunningGateway,
  api: ApiClient,
  variant: 'worker' | 'main',
  cpuThrottle: number,
): Promise<OpenScreen> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: gateway.url })));
  const page = await context.newPage();
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(observeMainThread);
  // The opt-in of src/trade/market/paint-latency.ts (and of the `?feed=main` switch): set before any page script.
  await page.addInitScript('window.__paintLatency = [];');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  try {
    await page.goto(gateway.url + PAGE_PATH + (variant === 'main' ? '?feed=main' : ''), { waitUntil: 'load' });
    const inPage = <T>(expression: string) => evaluateInPage<T>(cdp, expression);
    // Ready: live book, the tape, and the position rows (polled from a timer, not Playwright's locators).
    await inPage<void>(`new Promise((resolve, reject) => {
      const started = performance.now();
      const poll = () => {
        const live = document.querySelector('[data-testid="connection-state"][data-state="live"]');
        const book = document.querySelector('[data-testid="order-book"] canvas') && document.querySelector('[data-testid="order-book"] .book__price');
        const tape = document.querySelector('[data-testid="trades-tape"] li');
        const rows = document.querySelectorAll('tr[data-position-id]').length;
        if (live && book && tape && rows > 0 && window.__feedCounters) return resolve();
        if (performance.now() - started > 40000) return reject(new Error('trading screen never became ready (live ' + !!live + ', book ' + !!book + ', tape ' + !!tape + ', positions ' + rows + ')'));
        setTimeout(poll, 200);
      };
      poll();
    })`);
    // A returning trader's state: the app's service worker has installed (its precache downloads, from this same
    // loaded machine's gateway, would otherwise land in the measured windows) and controls the page.
    await inPage<void>(`new Promise((resolve) => {
      const started = performance.now();
      const poll = () => {
        if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller?.state === 'activated') return resolve();
        if (performance.now() - started > 60000) return resolve();
        setTimeout(poll, 250);
      };
      poll();
    })`);
    return { context, cdp, inPage };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Opens the trading screen in a fresh signed-in context and measures one window. */
export async function measureVariant(
  browser: Browser,
  gateway: RunningGateway,
  api: ApiClient,
  variant: 'worker' | 'main',
  options: VariantOptions,
): Promise<TradeVariantFigures> {
  const { context, cdp, inPage } = await openTradeScreen(browser, gateway, api, variant, options.cpuThrottle);
  try {
    // Settle after first paint (chart history, account panels), then measure.
    await sleep(2000);
    const takeCanvas = () => inPage<number[]>('window.__takeCanvasLatency ? window.__takeCanvasLatency() : []');
    await takeCanvas();
    const start = await inPage<{ t: number; counters: FeedCounters | null }>(`(() => {
      window.__paintLatency.length = 0;
      window.__benchFrames = { deltas: [], done: false, start: 0, end: 0 };
      const f = window.__benchFrames;
      // Started from a task, not inside the evaluation (TOOLCHAIN pitfall 5).
      setTimeout(() => {
        let last = performance.now();
        f.start = last;
        const end = last + ${Number(options.sampleMs)};
        const tick = (now) => {
          f.deltas.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else { f.end = now; f.done = true; }
        };
        requestAnimationFrame(tick);
      }, 0);
      return { t: performance.now(), counters: window.__feedCounters ? { ...window.__feedCounters } : null };
    })()`);
    const busyStart = await busyMetrics(cdp);
    // Nothing talks to the page during the window.
    await sleep(options.sampleMs);
    await inPage<void>(
      `new Promise((resolve) => { const poll = () => window.__benchFrames.done ? resolve() : setTimeout(poll, 50); poll(); })`,
    );
    const busyEnd = await busyMetrics(cdp);
    const result = await inPage<{
      deltas: number[];
      start: number;
      end: number;
      latency: number[];
      counters: FeedCounters | null;
      longTasks: LongTask[];
      loaf: { start: number; duration: number }[];
      positionRows: number;
      bookRows: number;
    }>(`({
      deltas: window.__benchFrames.deltas,
      start: window.__benchFrames.start,
      end: window.__benchFrames.end,
      latency: [...window.__paintLatency],
      counters: window.__feedCounters ? { ...window.__feedCounters } : null,
      longTasks: window.__longTasks,
      loaf: window.__loaf,
      positionRows: document.querySelectorAll('tr[data-position-id]').length,
      bookRows: document.querySelectorAll('[data-testid="order-book"] .book__price').length,
    })`);
    const probed = busyBetween(busyStart, busyEnd, result.end - result.start);
    const canvasLatency = await takeCanvas();

    // The quiet window: nothing but the page runs (see TradeVariantFigures).
    const quietStart = await inPage<number>('performance.now()');
    const quietBusyStart = await busyMetrics(cdp);
    await sleep(options.sampleMs);
    const quietBusyEnd = await busyMetrics(cdp);
    const quietEnd = await inPage<number>('performance.now()');
    const quietResult = await inPage<{
      counters: FeedCounters | null;
      longTasks: LongTask[];
      loaf: { start: number; duration: number }[];
    }>(`({
      counters: window.__feedCounters ? { ...window.__feedCounters } : null,
      longTasks: window.__longTasks,
      loaf: window.__loaf,
    })`);
    const quiet = busyBetween(quietBusyStart, quietBusyEnd, quietEnd - quietStart);

    const inWindows = (t: { start: number }) =>
      (t.start >= result.start && t.start <= result.end) || (t.start >= quietStart && t.start <= quietEnd);
    const longTasks = quietResult.longTasks.filter(inWindows);
    const frames = result.deltas.slice(1);
    return {
      variant,
      windowMs: round(result.end - result.start + quietEnd - quietStart),
      longTasks: {
        count: longTasks.length,
        totalMs: round(longTasks.reduce((s, t) => s + t.duration, 0)),
        maxMs: round(Math.max(0, ...longTasks.map((t) => t.duration))),
      },
      frameMs: {
        p50: round(percentile(frames, 50)),
        p95: round(percentile(frames, 95)),
        p99: round(percentile(frames, 99)),
        frames: frames.length,
        missed: frames.filter((ms) => ms > 1.5 * VSYNC_MS).length,
      },
      paintLatencyMs: {
        p50: round(percentile(result.latency, 50)),
        p95: round(percentile(result.latency, 95)),
        samples: result.latency.length,
      },
      canvasLatencyMs: {
        p50: round(percentile(canvasLatency, 50)),
        p95: round(percentile(canvasLatency, 95)),
        samples: canvasLatency.length,
      },
      quiet,
      probed,
      window: counterDelta(quietResult.counters, start.counters),
      total: quietResult.counters,
      positionRowsShown: result.positionRows,
      bookRowsShown: result.bookRows,
      loaf: quietResult.loaf.filter(inWindows).sort((a, b) => b.duration - a.duration),
    };
  } finally {
    await context.close();
  }
}
