import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { watchCspViolations } from './support';

const REPORT_PATH = '/v1/buried/log/cspSecurity';
/** The most reports one page view sends (public/boot.js). */
const MAX_REPORTS = 3;

interface SentReport {
  type: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: a report body is checked field by field.
  body: any;
}

/** The reports the page sends, as they leave it. */
function watchReports(page: Page): SentReport[] {
  const sent: SentReport[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== REPORT_PATH) return;
    sent.push({ type: request.headers()['content-type'], body: request.postDataJSON() });
  });
  return sent;
}

/** The reports the gateway stored for one page path (each test reads a path of its own). */
async function storedFor(request: APIRequestContext, path: string): Promise<unknown[]> {
  const reply = await (await request.get('/__faults/csp-reports?limit=1000')).json();
  return (reply.data as { page: string }[]).filter((row) => row.page === path);
}

/** Loads images from origins the CSP's img-src refuses, one violation each, and waits until the page has seen them all. */
async function blockImages(page: Page, urls: string[], seen: () => Promise<string[]>): Promise<void> {
  const before = (await seen()).length;
  await page.evaluate((list) => {
    for (const url of list) new Image().src = url;
  }, urls);
  await expect.poll(async () => (await seen()).length).toBe(before + urls.length);
  // Every report the page will ever send for these has been handed to the network by now; one round trip more lets
  // each reach the gateway before the counts below.
  await page.evaluate(() => fetch('/v1/public/time').then((reply) => reply.text()));
}

test.describe('CSP reports', () => {
  test('a page view with many violations sends at most 3 reports, in the spec §7.7 shape, with no query string', async ({
    page,
    request,
  }) => {
    const path = `/csp-check-${Date.now().toString(36)}`;
    const seen = await watchCspViolations(page);
    const sent = watchReports(page);
    await page.goto(`${path}?token=secret-in-query#secret-in-hash`);
    await expect(page.locator('h1')).toBeVisible();
    expect(await seen()).toEqual([]);

    const origins = Array.from({ length: 20 }, (_, n) => `https://t${n}.tracker.invalid`);
    await blockImages(
      page,
      origins.map((origin) => `${origin}/pixel.png?token=secret-in-image`),
      seen,
    );
    await expect.poll(async () => (await storedFor(request, path)).length).toBe(MAX_REPORTS);
    expect(sent).toHaveLength(MAX_REPORTS);
    for (const { type, body } of sent) {
      expect(type).toBe('application/csp-report');
      expect(Object.keys(body).sort()).toEqual(['bizType', 'data', 'page', 'timestamp']);
      expect(body.bizType).toBe('csp');
      expect(body.page).toBe(path);
      expect(Math.abs(body.timestamp - Date.now())).toBeLessThan(60_000);
      expect(body.data.event).toBe('img-src');
      expect(origins).toContain(body.data.reason);
      expect(JSON.stringify(body)).not.toContain('secret');
    }
    expect(new Set(sent.map(({ body }) => body.data.reason)).size).toBe(MAX_REPORTS);
  });

  test('each page view has its own few, and one violation repeated is reported once', async ({ page, request }) => {
    const path = `/csp-again-${Date.now().toString(36)}`;
    const seen = await watchCspViolations(page);
    const sent = watchReports(page);
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await blockImages(
      page,
      Array.from({ length: 10 }, (_, n) => `https://same.tracker.invalid/pixel-${n}.png`),
      seen,
    );
    await expect.poll(async () => (await storedFor(request, path)).length).toBe(1);
    expect(sent.map(({ body }) => body.data.reason)).toEqual(['https://same.tracker.invalid']);

    await page.reload();
    await expect(page.locator('h1')).toBeVisible();
    await blockImages(
      page,
      Array.from({ length: 5 }, (_, n) => `https://t${n}.again.tracker.invalid/pixel.png`),
      seen,
    );
    await expect.poll(async () => (await storedFor(request, path)).length).toBe(1 + MAX_REPORTS);
    expect(sent).toHaveLength(1 + MAX_REPORTS);
  });
});
