import { expect, test } from '@playwright/test';
import { scopedFaults, watchCspViolations } from './support';

test.describe('markets page', () => {
  test('lists spot instruments with last price and 24 h change from the gateway', async ({ page }) => {
    const cspViolations = await watchCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const symbols = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol')));
    expect(symbols).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'BGBUSDT', 'USDTBRL']));
    const btc = page.locator('tr[data-symbol="BTCUSDT"]');
    await expect(btc.locator('td').nth(0)).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
    await expect(btc.locator('td').nth(1)).toHaveText(/^([+-]\d+\.\d{2}|0\.00)%$/);
    // The data's time, formatted by the market worker in the page's language.
    await expect(page.locator('.markets__updated')).toHaveText(/^Updated \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
    expect(await cspViolations()).toEqual([]);
  });

  test('switches to USDT-M futures and filters by search', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'USDT-M futures' }).click();
    await expect(page).toHaveURL(/tab=futures/);
    await expect(page.locator('tr[data-symbol="ETHUSDT"]')).toBeVisible();
    await expect(page.locator('tr[data-symbol="BGBUSDT"]')).toHaveCount(0);
    // Only the chosen tab reads as current (the spot list's link has no tab, which the router matches loosely).
    await expect(page.locator('.markets__tab[aria-current="page"]')).toHaveText(['USDT-M futures']);
    // A perpetual's own figures: its funding rate in percent and its open interest in its coin, sortable.
    await expect(page.getByRole('columnheader', { name: 'Funding rate' })).toBeVisible();
    const eth = page.locator('tr[data-symbol="ETHUSDT"] td');
    await expect(eth.nth(5)).toHaveText(/^[+-]?\d+\.\d{4}%$/);
    await expect(eth.nth(6)).toHaveText(/ETH$/);
    await page.getByRole('columnheader', { name: 'Open interest' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=openInterest/);
    await page.getByRole('searchbox').fill('eth');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('searchbox').fill('zzz');
    await expect(page.getByText('No market matches your search.')).toBeVisible();
  });

  test('a first visit keeps the address as typed: no second navigation, and the spot tab is the bare URL', async ({
    page,
  }) => {
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    for (const path of ['/', '/ja/']) {
      navigations.length = 0;
      await page.goto(path);
      await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
      if (path === '/ja/') await expect(page.locator('.markets__updated')).toHaveText(/^\d{1,2}:\d{2}:\d{2} に更新$/);
      // A router that rewrote the address here would have run a whole second load and render of the page.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      expect(navigations.filter((n) => n !== path)).toEqual([]);
    }
    // Back from futures to spot drops the tab from the address instead of writing the default.
    const tabs = page.locator('.markets__tabs');
    await tabs.getByRole('link', { name: 'USDT-M先物' }).click();
    await expect(page).toHaveURL(/\/ja\/?\?tab=futures$/);
    await tabs.getByRole('link', { name: '現物' }).click();
    await expect(page).toHaveURL(/\/ja\/?$/);
  });

  test('every built script the page loads opens with the compile hint, so V8 compiles it off the main thread', async ({
    page,
  }) => {
    const scripts = new Map<string, Promise<string | null>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      // The app's chunks; worker scripts are built on their own and run off the main thread anyway.
      if (/^\/assets\/[\w-]+\.js$/.test(pathname) && !pathname.includes('.worker-'))
        // A chunk still arriving when the test ends (background work starts after the prices show) is not read.
        scripts.set(
          pathname,
          response.text().catch(() => null),
        );
    });
    await page.goto('/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    expect(scripts.size).toBeGreaterThan(3);
    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    expect(entry && scripts.has(entry)).toBe(true);
    for (const [path, text] of scripts) {
      const body = await text;
      if (body === null) continue;
      // V8 honours the hint only as the file's first line: below the entry's preload map it was ignored.
      expect(`${path}: ${body.slice(0, 28)}`).toBe(`${path}: //# allFunctionsCalledOnLoad`);
    }
  });

  test('shows an error state with retry when the gateway fails, then recovers', async ({ page, request }) => {
    const faults = await scopedFaults(page, request);
    await faults.inject({
      path: '/api/v2/spot/market/tickers',
      status: 500,
      body: { code: '50000', msg: 'busy' },
      times: 1000,
    });
    try {
      await page.goto('/');
      await expect(page.getByRole('alert')).toContainText('Markets could not be loaded.');
    } finally {
      await faults.clear();
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
  });

  test('keeps the last rows and says so when the connection drops', async ({ page, request }) => {
    const faults = await scopedFaults(page, request);
    await page.goto('/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    await faults.inject({ path: '/api/v2/spot/market/tickers', drop: true, times: 1000 });
    try {
      await expect(page.getByText('Network error. Check your connection and try again.')).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    } finally {
      await faults.clear();
    }
  });

  test('shows a not-found page for unknown paths, under a language prefix too', async ({ page }) => {
    const prefixed = await page.goto('/ja/no-such-page');
    expect(prefixed?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', /^ja/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
    const plain = await page.goto('/no-such-page');
    expect(plain?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // The page keeps the site's layout: the header, and the text centred in the main area, not against its edge.
    await expect(page.getByRole('banner')).toBeVisible();
    const main = await page.locator('#main').boundingBox();
    const heading = await page.getByRole('heading', { name: 'Page not found' }).boundingBox();
    expect(heading && main && Math.abs(heading.x + heading.width / 2 - (main.x + main.width / 2))).toBeLessThan(4);
    await page.getByRole('link', { name: 'Back to markets' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
