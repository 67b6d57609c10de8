import { expect, test } from '@playwright/test';
import { watchCspViolations } from './support';
import { SLOW, watchPageErrors } from './trading-support';

test.describe('trading screens: addresses that name no market', () => {
  test.describe.configure({ timeout: 90_000 });

  test('hostile or unknown symbols show the not-found state without errors', async ({ page, baseURL }) => {
    const csp = await watchCspViolations(page);
    const notFoundDocuments = new Set<string>();
    const errors = watchPageErrors(page, { notFoundDocuments });
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });

    for (const [path, status] of [
      // Its `</script>` adds a path segment: no route matches, and the gateway says so.
      ['/spot/<script>alert(1)</script>', 404],
      ['/futures/usdt/<img src=x onerror=alert(1)>', 200],
      ['/spot/%22onmouseover=alert(1)', 200],
    ] as const) {
      if (status === 404) notFoundDocuments.add(new URL(path, baseURL).href);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(SLOW);
      await expect(page.getByRole('link', { name: 'Back to markets' })).toBeVisible();
      await expect(page.locator('main img, main script')).toHaveCount(0);
    }

    for (const [path, symbol] of [
      ['/spot/NOPE', 'NOPE'],
      ['/futures/usdt/nope', 'NOPE'],
      ['/spot/BTCUSDT1', 'BTCUSDT1'],
    ]) {
      await page.goto(path);
      await expect(page.getByText(`There is no market called ${symbol}.`)).toBeVisible(SLOW);
      await expect(page.getByRole('link', { name: 'Back to markets' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Place order' })).toHaveCount(0);
    }

    // The way back works.
    await page.getByRole('link', { name: 'Back to markets' }).click();
    await expect(page).toHaveURL(/\/$/);

    expect(dialogs).toBe(0);
    expect(await csp()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
