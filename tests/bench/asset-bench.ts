// The asset section of `npm run bench`: `/asset` signed in, online, and offline from a warm service worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startGateway } from '../../gateway/server';
import { measurePage, type PageFigures } from './measure-page';
import { ApiClient } from './trade-account';

const DEMO = { loginName: 'demo@example.com', pwd: 'Demo-pass-1' };
const PATH = '/asset';
/** The overview's total: shown once the figures are. */
const FIGURES = '[data-testid="asset-total"]';
/** The kept figures' note: shown with them when the service worker answered offline. */
const KEPT_FIGURES = '[data-testid="asset-offline"]';

export interface AssetFigures {
  online: PageFigures;
  offline: PageFigures;
}

/**
 * Measures `/asset` on its own gateway (signing off, so a cookie alone is a signed-in visitor, as in the trading
 * bench): once online, then offline after a first visit has installed the service worker and kept the replies.
 */
export async function measureAssets(
  browser: Browser,
  options: { distDir: string; cpuThrottle: number; sampleMs: number },
): Promise<AssetFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-asset-bench-'));
  const gateway = await startGateway({
    port: 0,
    dataDir,
    distDir: options.distDir,
    logLevel: 'warn',
    signPolicy: { clientOpen: false },
  });
  try {
    const api = new ApiClient(gateway.url);
    await api.ok('/v1/user/login', DEMO);
    const cookies = [...api.cookies].map(([name, value]) => ({ name, value, url: gateway.url }));
    const common = {
      baseURL: gateway.url,
      distDir: options.distDir,
      path: PATH,
      viewport: { width: 1280, height: 800 },
    };
    const signedIn = async (context: import('playwright-core').BrowserContext) => context.addCookies(cookies);
    // First visit warms the gateway's file cache; the second one is measured.
    await measurePage(browser, { ...common, cpuThrottle: 1, sampleMs: 100, readySelector: FIGURES, before: signedIn });
    const online = await measurePage(browser, {
      ...common,
      cpuThrottle: options.cpuThrottle,
      sampleMs: options.sampleMs,
      readySelector: FIGURES,
      before: signedIn,
    });
    const offline = await measurePage(browser, {
      ...common,
      cpuThrottle: options.cpuThrottle,
      sampleMs: options.sampleMs,
      readySelector: KEPT_FIGURES,
      context: { serviceWorkers: 'allow' },
      offline: true,
      before: async (context, page) => {
        await signedIn(context);
        // A visit that installs the worker, then one it controls, whose replies it keeps.
        await page.goto(gateway.url + PATH);
        await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
          timeout: 30_000,
        });
        await page.reload();
        await page.waitForSelector(FIGURES, { timeout: 30_000 });
        await page.waitForFunction(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('exchange-local-cache');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const all = open.result.transaction('local_cache').objectStore('local_cache').getAllKeys();
                all.onsuccess = () => resolve(all.result.some((key) => String(key).includes('/v1/asset/overview')));
                all.onerror = () => resolve(false);
              };
            }),
          null,
          { timeout: 30_000, polling: 500 },
        );
      },
    });
    return { online, offline };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
