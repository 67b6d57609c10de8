import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support';

test.describe('theme, layout and accessibility', () => {
  test('the stored theme applies before any app code runs (no flash)', async ({ page: first, context }) => {
    await first.goto('/');
    await first.getByTestId('theme-select').selectOption('light');
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
    // The first page is closed before the bundle is blocked: a lazy chunk of its own refused would make it reload itself
    // (stale-chunk recovery) while the test navigates.
    await first.close();
    // Block the app bundle (every script of assets/ but the boot script): only the boot script can have set the theme now.
    await context.route(/\/assets\/(?!boot-).*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeGreaterThan(600);
  });

  test('the theme cookie lasts 365 days and says black or white', async ({ page, context }) => {
    await page.goto('/');
    // The page has started (its figures are shown) before the theme is chosen.
    await expect(page.locator('tr[data-symbol="BTCUSDT"]').first()).toBeVisible();
    await page.getByTestId('theme-select').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const cookie = (await context.cookies()).find((c) => c.name === 'theme');
    expect(cookie?.value).toBe('white');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  });

  test('below 768 px the table drops its wide columns and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    await expect(page.locator('thead th.wide-only').first()).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 800, height: 740 });
    await expect(page.locator('thead th.wide-only').first()).toBeVisible();
  });

  for (const { name, path, width, theme } of [
    { name: 'dark desktop', path: '/', width: 1280, theme: 'dark' },
    { name: 'light desktop', path: '/', width: 1280, theme: 'light' },
    { name: 'dark mobile', path: '/', width: 375, theme: 'dark' },
    { name: 'light mobile Arabic', path: '/ar/', width: 375, theme: 'light' },
    { name: 'not found', path: '/nowhere', width: 1280, theme: 'dark' },
  ]) {
    test(`axe finds no serious or critical violation: ${name}`, async ({ browser }) => {
      // axe injects its own script, which the page's strict CSP would rightly refuse.
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 800 } });
      await context.addInitScript((t) => localStorage.setItem('global_theme', t), theme);
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      if (path !== '/nowhere') await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

test.describe('security headers', () => {
  test('the app is served with a strict CSP that requires Trusted Types', async ({ request }) => {
    const response = await request.get('/');
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("require-trusted-types-for 'script'");
    // The page reports violations itself, a few per page view (tests/e2e/csp-reports.spec.ts).
    expect(csp).not.toContain('report-uri');
    expect(response.headers()['request-time']).toMatch(/^\d{13}$/);
  });

  test('injected scripts and HTML strings are refused by Trusted Types', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const refused: string[] = [];
      try {
        const script = document.createElement('script');
        script.textContent = 'window.__pwned = true';
        document.body.append(script);
      } catch (error) {
        refused.push(String(error));
      }
      try {
        document.createElement('div').innerHTML = '<img src=x onerror="window.__pwned = true">';
      } catch (error) {
        refused.push(String(error));
      }
      await new Promise((r) => setTimeout(r, 200));
      return { refused, ran: (window as unknown as { __pwned?: boolean }).__pwned === true };
    });
    expect(outcome.ran).toBe(false);
    expect(outcome.refused).toEqual([
      'TypeError: Blocked a script string',
      'TypeError: Blocked an unsanitized HTML string',
    ]);
  });

  test('a CSP violation is reported to the gateway, which stores it', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    await page.evaluate(() => {
      const img = new Image();
      img.src = 'https://tracker.invalid/pixel.png';
    });
    await expect
      .poll(async () => JSON.stringify(await (await request.get('/__faults/csp-reports')).json()), { timeout: 10_000 })
      .toContain('tracker.invalid');
  });
});
