import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startGateway } from '../../gateway/server';
import { watchCspViolations } from './support';

/**
 * The service worker against a gateway of the test's own, serving a copy of the build the test may change: a deploy
 * (the old build's chunks gone from the server), a new worker, or no server at all. The other suites block service
 * workers (playwright.config.ts); here they run as in production.
 */
interface Site {
  url: string;
  dist: string;
  /** Stops the server (the machine is offline, or the server is down). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const root = mkdtempSync(join(tmpdir(), 'exchange-sw-'));
  const dist = join(root, 'dist');
  cpSync('dist', dist, { recursive: true, filter: (source) => !source.endsWith('.map') });
  const gateway = await startGateway({ port: 0, dataDir: join(root, 'data'), distDir: dist, logLevel: 'warn' });
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= gateway.close();
    return stopped;
  };
  return {
    url: gateway.url,
    dist,
    stop,
    async close() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * How long a first worker may take to control the page: it registers once the page is idle, then precaches the whole
 * build (about 470 files); on a two-core machine running the other suite beside it that has taken over 20 s.
 */
const CONTROLLED_WITHIN = { timeout: 60_000 };

/** Opens the markets page in a fresh browser context and waits until the service worker controls it. */
async function openControlled(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), CONTROLLED_WITHIN)
    .toBe('activated');
  return page;
}

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
}

/** The local cache's entries as the page's IndexedDB holds them: area and owner ('' for everyone's replies). */
function cachedEntries(page: Page): Promise<{ key: string; area: string; owner: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('exchange-local-cache');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('local_cache').objectStore('local_cache').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { key: string; area: string; owner: string }[])
                .filter((entry) => !entry.key.startsWith('#'))
                .map(({ key, area, owner }) => ({ key, area, owner })),
            );
          };
        };
      }),
  );
}

test.describe('the service worker', () => {
  // Each test waits for a worker to install its precache (about 2 MB) from a gateway started for it, on a machine
  // running another gateway and browser beside it.
  test.describe.configure({ timeout: 150_000 });
  let site: Site;
  test.beforeEach(async () => {
    site = await startSite();
  });
  test.afterEach(async () => {
    await site.close();
  });

  test('serves the app shell when the server is gone, the markets with their last prices, and the routes from its cache', async ({
    browser,
  }) => {
    const page = await openControlled(browser, site.url);
    const csp = await watchCspViolations(page);
    const url = site.url;
    // A second visit, all of whose reads go through the worker (the first one's instruments came before it): the
    // instruments and the tickers, polled every 5 s, are kept.
    await page.reload();
    const kept = ['common||/api/v2/spot/public/symbols', 'common||/api/v2/spot/market/tickers'];
    await expect
      .poll(async () => (await cachedEntries(page)).map((e) => e.key), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining(kept));
    await site.stop();
    await page.reload();
    // The shell and the page's code came from the cache, the prices too: the last ones, as of their time.
    await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
    await expect(page.locator('tr[data-symbol="BTCUSDT"] td').first()).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/, {
      timeout: 20_000,
    });
    // "Offline — as of" the time of the kept prices, the time the table's own line gives them.
    await expect(page.locator('.markets__stale')).toHaveText(/^Offline — as of \d{1,2}:\d{2}:\d{2}/);
    const asOf = (await page.locator('.markets__stale').textContent())?.replace('Offline — as of ', '');
    expect(await page.locator('.markets__updated').textContent()).toBe(`Updated ${asOf}`);
    // A route never opened online opens too, straight from the address bar.
    await page.goto(`${url}/login`);
    await expect(page.getByLabel('Email or phone number')).toBeVisible();
    expect(await csp()).toEqual([]);
    await page.context().close();
  });

  test('a tab opened before a deploy keeps loading its own build, whose chunks the server no longer has', async ({
    browser,
  }) => {
    const page = await openControlled(browser, site.url);
    // The deploy: every hashed file of the build the tab runs is gone from the server.
    const assets = join(site.dist, 'assets');
    const loginChunk = readdirSync(assets).find((name) => /^login-.*\.js$/.test(name));
    expect(loginChunk, 'the sign-in page has a chunk of its own').toBeDefined();
    rmSync(assets, { recursive: true });
    const gone = await fetch(`${site.url}/assets/${loginChunk}`);
    expect(gone.status).toBe(404);
    // A page the tab never opened: its chunk comes from the worker's cache.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email or phone number')).toBeVisible();
    await page.context().close();
  });

  test('keeps the signed-in user’s /v1 replies apart from anyone else’s, answers with them offline, and forgets them at sign-out', async ({
    browser,
  }) => {
    const page = await openControlled(browser, site.url);
    await signIn(page, site.url);
    await page.goto(`${site.url}/spot/BTCUSDT`);
    await expect(page.getByTestId('order-available')).toHaveText(/\d.*USDT/, { timeout: 20_000 });
    // The account's figures are kept under the user's part (a digest of the id, never the id), the server's time
    // and configuration under everyone's.
    await expect
      .poll(async () => (await cachedEntries(page)).some((e) => e.key.includes('/v1/trade/spot/assets')))
      .toBe(true);
    const entries = await cachedEntries(page);
    const owners = new Set(entries.filter((entry) => entry.area !== 'common').map((entry) => entry.owner));
    expect(owners.size).toBe(1);
    const [owner] = owners;
    expect(owner).toMatch(/^[0-9a-f]{32}$/);
    expect(entries.filter((entry) => entry.area === 'common').every((entry) => entry.owner === '')).toBe(true);
    // Signing out deletes them: the next person at this browser finds none.
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('signed-in-user')).toHaveCount(0);
    await expect.poll(async () => (await cachedEntries(page)).filter((entry) => entry.owner !== '').length).toBe(0);
    // Signed in again and the server gone: a reload still knows who is signed in, from that user's kept reply.
    await signIn(page, site.url);
    await page.goto(site.url);
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await expect
      .poll(async () => (await cachedEntries(page)).some((e) => e.key.includes('|/v1/user/overview/userinfo')))
      .toBe(true);
    await site.stop();
    const fromCache = page.waitForResponse((response) => response.url().includes('/v1/user/overview/userinfo'));
    await page.reload();
    expect(Number((await fromCache).headers()['x-cached-at'])).toBeGreaterThan(Date.now() - 120_000);
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await page.context().close();
  });

  test('offline, the asset pages show the last-known figures as of their time with actions disabled, and refresh when back online', async ({
    browser,
  }) => {
    const page = await openControlled(browser, site.url);
    await signIn(page, site.url);
    await page.goto(`${site.url}/asset`);
    const total = page.getByTestId('asset-total');
    await expect(total).toContainText('BTC', { timeout: 20_000 });
    await expect
      .poll(async () => (await cachedEntries(page)).some((e) => e.key.includes('/v1/asset/overview')))
      .toBe(true);
    // The account pages and the records, visited once online, are kept too.
    const others = [
      { path: '/asset/spot', shown: page.getByTestId('spot-assets').locator('tr[data-coin="USDT"]') },
      { path: '/asset/futures', shown: page.getByTestId('futures-assets') },
      { path: '/transac', shown: page.getByTestId('transac-table').locator('tbody tr').first() },
    ];
    for (const { path, shown } of others) {
      await page.goto(`${site.url}${path}`);
      await expect(shown).toBeVisible({ timeout: 20_000 });
    }
    await page.goto(`${site.url}/asset`);
    await expect(total).toContainText('BTC', { timeout: 20_000 });
    // The figures as last shown (prices move the BTC value from one read to the next).
    const online = await total.textContent();

    await page.context().setOffline(true);
    await page.reload();
    await expect(total).toHaveText(online!, { timeout: 20_000 });
    await expect(page.getByTestId('asset-offline')).toHaveText(
      /^Offline — as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}\s[AP]M$/,
    );
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    for (const { path, shown } of others) {
      await page.goto(`${site.url}${path}`);
      await expect(shown).toBeVisible({ timeout: 20_000 });
      // One notice per page, however many reads it has.
      await expect(page.getByTestId('asset-offline')).toHaveCount(1);
      await expect(page.getByTestId('asset-offline')).toHaveText(
        /^Offline — as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}\s[AP]M$/,
      );
    }
    await page.goto(`${site.url}/asset`);
    await expect(total).toHaveText(online!, { timeout: 20_000 });

    // Back online, the page reads its figures again by itself: the note goes, the actions come back.
    await page.context().setOffline(false);
    await expect(page.getByTestId('asset-offline')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeEnabled();
    await page.context().close();
  });

  test('offers a new build with a toast, and Reload moves the tab onto it', async ({ browser }) => {
    const page = await openControlled(browser, site.url);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    // A new worker on the server (a new build's is a new file); the tab asks for it as it does every hour.
    appendFileSync(join(site.dist, 'sw.js'), '\n// the next build\n');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const toast = page.getByText('A new version of the app is available.');
    await expect(toast).toBeVisible({ timeout: 20_000 });
    // Until the user says so the tab stays on its build: the new worker waits.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);
    // The tab reloads once the new worker takes it, or after a few seconds if the old one is kept busy: a new document,
    // without the mark this one carries. (Not the `load` event, which also waits for every picture and read of the
    // new page.)
    await page.evaluate(() => Object.assign(window, { onPreviousBuild: true }));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(
        () =>
          page
            .evaluate(async () => ({
              reloaded: !('onPreviousBuild' in window),
              worker: await navigator.serviceWorker.getRegistration().then((r) => ({
                waiting: r?.waiting?.state ?? null,
                active: r?.active?.state ?? null,
              })),
            }))
            .catch(() => ({ reloaded: false, worker: 'navigating' })),
        CONTROLLED_WITHIN,
      )
      .toMatchObject({ reloaded: true });
    await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
    // The new worker is the one in charge (at once, or once the reload ended the reads that held the old one), and it
    // controls the page; the reloaded page, the new build already, offers nothing.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            navigator.serviceWorker.getRegistration().then((r) => ({
              waiting: !!r?.waiting,
              active: r?.active?.state,
              controls: navigator.serviceWorker.controller === r?.active,
            })),
          ),
        CONTROLLED_WITHIN,
      )
      .toEqual({ waiting: false, active: 'activated', controls: true });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
    await expect(toast).toHaveCount(0);
    await page.context().close();
  });
});
