import { expect, type Page, test } from '@playwright/test';
import { watchCspViolations } from './support';

const SLOW = { timeout: 20_000 };

/**
 * The candidate hosts of the gateway under test: local mode's two extra image ports (the first answers at once, the
 * second after 300 ms, README "Settings"), then its own origin.
 */
async function imageHosts(page: Page): Promise<{ fast: string; slow: string; own: string }> {
  const reply = await (await page.request.get('/v1/public/image-hosts')).json();
  const hosts = reply.data.hosts as string[];
  expect(hosts).toHaveLength(3);
  const [fast, slow, own] = hosts as [string, string, string];
  return { fast, slow, own };
}

/** The hosts the first visible rows' coin icons were loaded from, once they have loaded. */
async function iconOrigins(page: Page, rows = 5): Promise<string[]> {
  const icons = page.locator('tbody tr img.coin-icon');
  await expect(icons.first()).toBeVisible(SLOW);
  await expect
    .poll(
      () =>
        icons.evaluateAll(
          (images, count) =>
            (images as HTMLImageElement[]).slice(0, count).every((image) => image.complete && image.naturalWidth > 0),
          rows,
        ),
      SLOW,
    )
    .toBe(true);
  return icons.evaluateAll(
    (images, count) => (images as HTMLImageElement[]).slice(0, count).map((image) => new URL(image.src).origin),
    rows,
  );
}

/** Opens the markets page (its icons start the probe) and waits until the session has ranked both ports. */
async function rankBothPorts(page: Page, fast: string, slow: string): Promise<void> {
  await page.goto('/');
  expect(new Set(await iconOrigins(page))).toEqual(new Set([fast]));
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('image-hosts') ?? 'null')?.ranked), SLOW)
    .toEqual([fast, slow]);
}

test.describe('image hosts', () => {
  test('the markets page takes its coin icons from the faster image port, without CSP violations', async ({ page }) => {
    const cspViolations = await watchCspViolations(page);
    const { fast, slow, own } = await imageHosts(page);
    expect(new Set([fast, slow, own]).size).toBe(3);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible(SLOW);
    expect(new Set(await iconOrigins(page))).toEqual(new Set([new URL(fast).origin]));
    // Every row has its icon before the pair, its box reserved.
    const row = page.locator('tr[data-symbol="BTCUSDT"]').first();
    const box = await row.locator('img.coin-icon').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(20);
    const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('image-hosts') ?? 'null'));
    expect(kept.ranked[0]).toBe(fast);
    expect(await cspViolations()).toEqual([]);
  });

  test('with the fast port down from the start, the probe picks the other one', async ({ page }) => {
    const cspViolations = await watchCspViolations(page);
    const { fast, slow } = await imageHosts(page);
    await page.route(`${fast}/**`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    expect(new Set(await iconOrigins(page))).toEqual(new Set([slow]));
    expect(await cspViolations()).toEqual([]);
  });

  test('when the chosen port fails later in the session, the images move to the other one', async ({ page }) => {
    const { fast, slow } = await imageHosts(page);
    await rankBothPorts(page, fast, slow);
    // The fast port goes down: the next page of the session still starts on it, fails, and moves on.
    await page.route(`${fast}/**`, (route) => route.abort('connectionrefused'));
    await page.reload();
    expect(new Set(await iconOrigins(page))).toEqual(new Set([slow]));
    const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('image-hosts') ?? 'null'));
    expect(kept.bad).toEqual([fast]);
  });

  test('an announcement’s banner in its rich text comes from the faster port, never first from this origin', async ({
    page,
  }) => {
    const cspViolations = await watchCspViolations(page);
    const { fast } = await imageHosts(page);
    const ownBanner: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/img/announcements/') && url.origin !== new URL(fast).origin) {
        ownBanner.push(request.url());
      }
    });
    await page.goto('/announcements');
    await page.getByRole('link', { name: /New listing: SUI\/USDT spot trading/ }).click();
    const banner = page.locator('.announcement__body img[data-hosted-path="/img/announcements/listing.svg"]');
    await expect(banner).toHaveAttribute('src', `${fast}/img/announcements/listing.svg`, SLOW);
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth), SLOW).toBe(640);
    expect(ownBanner).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test('an announcement’s banner moves to the next host when the chosen one fails it', async ({ page }) => {
    const { fast, slow } = await imageHosts(page);
    await rankBothPorts(page, fast, slow);
    await page.goto('/announcements');
    await expect(page.getByRole('link', { name: /New listing: SUI\/USDT spot trading/ })).toBeVisible(SLOW);
    // Then the fast port stops serving banners.
    await page.route(`${fast}/img/announcements/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: /New listing: SUI\/USDT spot trading/ }).click();
    const banner = page.locator('.announcement__body img[data-hosted-path]');
    await expect(banner).toHaveAttribute('src', `${slow}/img/announcements/listing.svg`, SLOW);
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth), SLOW).toBe(640);
    const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('image-hosts') ?? 'null'));
    expect(kept.bad).toEqual([fast]);
  });

  test('an SVG opened on its own runs nothing, and a traversal is refused', async ({ request }) => {
    const icon = await request.get('/img/coins/BTC.svg');
    expect(icon.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect((await request.get('/img/coins/..%2F..%2Fpackage.json')).status()).toBe(404);
  });
});
