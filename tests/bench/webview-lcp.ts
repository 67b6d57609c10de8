// The webview part's loads: an in-app page opened cold (fresh context, no service worker, empty HTTP cache) and then
// once more warm (the HTTP cache filled by the cold load), each read 5 s after it showed its data.
import type { Browser } from 'playwright-core';
import { round } from './trade-metrics';
import { type BenchServer, openWebview, type Webview, waitInPage } from './webview-host';

/** One load's figures (ms on the page's clock from navigation start). */
export interface LoadFigures {
  lcpMs: number;
  fcpMs: number;
  /** When the page's data first showed (the ready check passed). */
  readyMs: number;
  /** Bytes the page itself transferred (resource timing; the bridge's replies are not in it). */
  transferredBytes: number;
  /** BENCH_DEBUG: the page's files as `path start→end ms (bytes)` and its long tasks as `start/duration`. */
  debug?: LoadDebug;
}

/** BENCH_DEBUG: the page's files, its bridge requests and its long tasks, on the page's clock. */
interface LoadDebug {
  /** `path start→end ms (bytes)`. */
  files: string[];
  /** `path start→end ms`: requests the app forwarded. */
  forwarded: string[];
  /** `start/duration`. */
  longTasks: string[];
  /** The last LCP candidate: tag, class, text and area. */
  lcpElement: string;
}

function debugOf(
  read: Omit<LoadDebug, 'forwarded'> & { timeOrigin: number },
  forwarded: { path: string; from: number; to: number }[],
): LoadDebug {
  const { timeOrigin, ...rest } = read;
  const at = (ms: number) => Math.round(ms - timeOrigin);
  return { ...rest, forwarded: forwarded.map((r) => `${r.path} ${at(r.from)}→${at(r.to)} ms`) };
}

/** An in-app page's cold and warm loads, run after run. */
export interface PageLoads {
  path: string;
  cold: LoadFigures[];
  warm: LoadFigures[];
}

/** How long a page gets after showing its data before its LCP is read: late candidates (fonts, images) count. */
const SETTLE_MS = 5000;
const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(webview: Webview, path: string, readyExpression: string): Promise<LoadFigures> {
  webview.forwarded.length = 0;
  await webview.page.goto(path, { waitUntil: 'load', timeout: 90_000 });
  await waitInPage(webview, readyExpression, path);
  const readyMs = await webview.inPage<number>('performance.now()');
  await sleep(SETTLE_MS);
  const figures = await webview.inPage<
    Omit<LoadFigures, 'readyMs' | 'debug'> & { debug: Omit<LoadDebug, 'forwarded'> & { timeOrigin: number } }
  >(`(() => {
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return {
      lcpMs: globalThis.__webview.lcp,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      transferredBytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
      debug: {
        files: entries.map((e) => new URL(e.name).pathname + new URL(e.name).search + ' ' + Math.round(e.startTime) + '→' + Math.round(e.responseEnd) + ' ms (' + e.transferSize + ' B)'),
        longTasks: globalThis.__webview.longTasks.map((t) => Math.round(t.start) + '/' + Math.round(t.duration)),
        lcpElement: globalThis.__webview.lcpElement,
        timeOrigin: performance.timeOrigin,
      },
    };
  })()`);
  return {
    lcpMs: round(figures.lcpMs),
    fcpMs: round(figures.fcpMs),
    readyMs: round(readyMs),
    transferredBytes: figures.transferredBytes,
    ...(process.env.BENCH_DEBUG && figures.debug ? { debug: debugOf(figures.debug, webview.forwarded) } : {}),
  };
}

/** Signs the demo user in on `/login` inside the webview (unthrottled: it is not what is measured). */
async function signIn(webview: Webview): Promise<void> {
  const { page } = webview;
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

/**
 * Loads `path` `runs` times, each in a fresh webview: signed in first when asked (the sign-in's files then leave the
 * HTTP cache, so the measured load is cold too), then the cold load and a warm one, both under the phone's emulation.
 */
export async function measureLoads(
  browser: Browser,
  server: BenchServer,
  options: { path: string; readyExpression: string; signedIn: boolean; runs: number },
): Promise<PageLoads> {
  const loads: PageLoads = { path: options.path, cold: [], warm: [] };
  for (let run = 0; run < options.runs; run += 1) {
    const webview = await openWebview(browser, server);
    try {
      if (options.signedIn) {
        await signIn(webview);
        await webview.cdp.send('Network.clearBrowserCache');
      }
      await webview.emulate();
      loads.cold.push(await load(webview, options.path, options.readyExpression));
      loads.warm.push(await load(webview, options.path, options.readyExpression));
    } finally {
      await webview.context.close();
    }
  }
  return loads;
}
