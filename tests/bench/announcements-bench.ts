// The announcements section of `npm run bench`: `/announcements` with 1,000 announcements, every row rendered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startGateway } from '../../gateway/server';
import { evaluateInPage, observeMainThread } from './page-probes';

const PATH = '/announcements';
const COUNT = 1000;
const LIST = '[data-testid="announcement-list"]';
const MORE = '[data-testid="announcement-more"]';

/** What the bench prints for the list. */
export interface AnnouncementFigures {
  rows: number;
  /** From the first row shown to the 1,000th in the DOM (ten pages of 100, "Load more" pressed as each lands). */
  renderMs: number;
  /** Long tasks from the first row shown to the last. */
  longTasks: { count: number; maxMs: number };
}

/**
 * Measures `/announcements` on its own gateway serving 1,000 announcements (a development-only setting) under CPU
 * throttling: the list is paged by 100 and renders a chunk of rows per task, so the figure is the long tasks seen
 * while all ten pages arrive and render. `baseURL` measures a gateway already running instead.
 */
export async function measureAnnouncements(
  browser: Browser,
  options: { distDir: string; cpuThrottle: number; baseURL?: string },
): Promise<AnnouncementFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-announcements-bench-'));
  const gateway = options.baseURL
    ? null
    : await startGateway({ port: 0, dataDir, distDir: options.distDir, logLevel: 'warn', announcementCount: COUNT });
  const baseURL = options.baseURL ?? gateway!.url;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    await page.addInitScript(observeMainThread);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    await page.goto(baseURL + PATH, { waitUntil: 'load' });
    // Driven through the DevTools protocol: Playwright's locators would add long tasks of their own (measure-page.ts).
    const inPage = <T>(expression: string) => evaluateInPage<T>(cdp, expression);
    return await inPage<AnnouncementFigures>(`new Promise((resolve, reject) => {
      // A count the page keeps, not a query over 1,000 rows: the harness must not add long tasks of its own.
      const rows = () => document.querySelector('${LIST}')?.childElementCount ?? 0;
      const give = setTimeout(() => reject(new Error('the list never reached ${COUNT} rows')), 120000);
      let first = 0;
      const tick = () => {
        const shown = rows();
        if (shown > 0 && first === 0) first = performance.now();
        if (shown >= ${COUNT}) {
          clearTimeout(give);
          const end = performance.now();
          const tasks = globalThis.__longTasks.filter((t) => t.start + t.duration >= first && t.start <= end);
          resolve({
            rows: shown,
            renderMs: Math.round(end - first),
            longTasks: { count: tasks.length, maxMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))) },
            ...(${Boolean(process.env.BENCH_DEBUG)}
              ? { frames: globalThis.__loaf.filter((f) => f.start + f.duration >= first && f.start <= end) }
              : {}),
          });
          return;
        }
        const more = document.querySelector('${MORE}');
        if (more && more.getAttribute('aria-busy') !== 'true' && shown % 100 === 0 && shown > 0) more.click();
        setTimeout(tick, 50);
      };
      tick();
    })`);
  } finally {
    await context.close();
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
