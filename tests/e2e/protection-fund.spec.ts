import { expect, type Page, test } from '@playwright/test';
import { seriousA11yViolations } from './support';

const SLOW = { timeout: 20_000 };

/** A USDT figure as the page shows it in English: cut toward zero to 2 places, grouped. */
function usdtText(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cut = `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cut as unknown as number)} USDT`;
}

/** True when nothing on the page is wider than the window. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

test.describe('protection fund page', () => {
  test('shows the gateway balance, the chart of its history, what it covers and the payouts', async ({
    page,
    request,
  }) => {
    await page.goto('/protection-fund');
    await expect(page.getByRole('heading', { name: 'Protection fund', level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Protection fund | Exchange');
    const summary = (await (await request.get('/v1/public/protection-fund/summary')).json()).data;
    await expect(page.getByTestId('fund-balance')).toContainText(usdtText(summary.balances[0].balance));
    const chart = page.getByTestId('fund-chart');
    await expect(chart).toHaveAttribute('data-points', '30');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What it covers' })).toBeVisible();
    // A fresh gateway has paid nothing out yet, or lists what it paid: either way the section is not an error.
    await expect(page.getByText(/^No payouts yet/).or(page.getByTestId('fund-payouts'))).toBeVisible();
    await expect(page.locator('[data-state="error"]')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the range tabs switch the chart between 30, 90 and 180 days, by pointer and by keyboard', async ({ page }) => {
    await page.goto('/protection-fund');
    const chart = page.getByTestId('fund-chart');
    await expect(chart).toHaveAttribute('data-points', '30', SLOW);
    const ninety = page.waitForResponse((res) => res.url().includes('/v1/public/protection-fund/history?days=90'));
    await page.getByRole('tab', { name: '90 days' }).click();
    expect((await ninety).status()).toBe(200);
    await expect(chart).toHaveAttribute('data-points', '90');
    await expect(page.getByRole('tab', { name: '90 days' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: '180 days' })).toBeFocused();
    await expect(chart).toHaveAttribute('data-points', '180');
    await page.keyboard.press('Home');
    await expect(chart).toHaveAttribute('data-points', '30');
  });

  test('fits 375 px without sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/protection-fund');
    await expect(page.getByTestId('fund-chart').locator('canvas').first()).toBeVisible(SLOW);
    await expect(page.getByTestId('fund-balance')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
  });
});
