import { expect, type Page, test } from '@playwright/test';
import { registerFresh, scopedFaults, seriousA11yViolations } from './support';
import { openTradeScreen } from './trading-support';

const SLOW = { timeout: 20_000 };

/** A USDT figure as the pages show it in English: cut toward zero to 2 places, grouped. */
function usdtText(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cut = `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cut as unknown as number)} USDT`;
}

/** True when nothing on the page is wider than the window (the tables scroll inside their own box). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

test.describe('fees and VIP pages', () => {
  test('signed out, /fee shows the spot and futures schedules with a sign-in link, and fits 375 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/fee');
    await expect(page.getByRole('heading', { name: 'Trading fees', level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Fees | Exchange');
    const spot = page.getByTestId('fees-table-spot');
    const futures = page.getByTestId('fees-table-futures');
    await expect(spot.locator('tbody tr')).toHaveCount(8);
    await expect(futures.locator('tbody tr')).toHaveCount(8);
    const spotVip1 = spot.locator('tr[data-level="1"]');
    await expect(spotVip1).toContainText('≥ 500,000');
    await expect(spotVip1).toContainText('0.08%');
    await expect(futures.locator('tr[data-level="0"]')).toContainText('0.02%');
    await expect(futures.locator('tr[data-level="0"]')).toContainText('0.06%');
    await expect(page.locator('tr[aria-current]')).toHaveCount(0);
    await expect(page.getByTestId('fees-signed-out').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('signed out, /vip/detail asks to sign in and /vip/vipIntroduce explains the levels', async ({ page }) => {
    await page.goto('/vip/detail');
    await expect(page.getByTestId('vip-signed-out')).toContainText('Sign in to see your VIP level.', SLOW);
    await expect(page).toHaveTitle('My VIP level | Exchange');
    await page.goto('/vip/vipIntroduce');
    await expect(page.getByRole('heading', { name: 'VIP programme', level: 1 })).toBeVisible(SLOW);
    await expect(page.getByText('Your level is the higher of the levels the two volumes reach.')).toBeVisible();
    await expect(page.getByTestId('fees-table-futures').locator('tr[data-level="7"]')).toContainText('≥ 2,000,000,000');
  });

  test('a trader sees their futures volume, level and progress, and their row highlighted', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-vip-');
    const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
    await screen.radio('Long').check();
    await screen.radio('Market').check();
    await screen.amount.fill('0.0100');
    const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/trade/mix/place-order');
    await screen.form.getByRole('button', { name: 'Buy / Long' }).click();
    const reply = await (await placed).json();
    expect(reply.code).toBe('00000');
    const volume = String(reply.data.quoteVolume);

    await page.goto('/vip/detail');
    await expect(page.getByTestId('vip-level')).toHaveText('VIP 0', SLOW);
    await expect(page.getByTestId('vip-futures-volume')).toHaveText(usdtText(volume));
    await expect(page.getByTestId('vip-spot-volume')).toHaveText('0.00 USDT');
    const bar = page.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(page.getByText('Progress to VIP 1:')).toBeVisible();
    await expect(page.getByTestId('vip-remaining')).toContainText('500,000.00 USDT in spot');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/fee');
    await expect(page.getByTestId('fees-mine')).toContainText('Your level: VIP 0', SLOW);
    const mine = page.getByTestId('fees-table-spot').locator('tr[aria-current="true"]');
    await expect(mine).toHaveAttribute('data-level', '0');
    await expect(mine).toContainText('Your level');
    await expect(page.getByTestId('fees-signed-out')).toHaveCount(0);
  });

  test('a failed schedule shows a localized error with a retry that brings the tables', async ({ page, request }) => {
    const faults = await scopedFaults(page, request);
    await faults.inject({ path: '/v1/public/vip/levels', status: 500, times: 1 });
    try {
      await page.goto('/fee');
      const error = page.getByRole('alert');
      await expect(error).toContainText('The fee schedule could not be loaded.', SLOW);
      await expect(page.getByTestId('fees-table-spot')).toHaveCount(0);
      await error.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('fees-table-spot').locator('tbody tr')).toHaveCount(8, SLOW);
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await faults.clear();
    }
  });

  test('signed in at 1366 px, both schedules show every column without scrolling, in long languages too', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await registerFresh(page, request, 'e2e-fees-wide-');
    for (const prefix of ['', '/ru', '/ar']) {
      await page.goto(`${prefix}/fee`);
      await expect(page.locator('.fees-badge')).toHaveCount(2, SLOW);
      const overflow = await page
        .locator('.fees-table')
        .evaluateAll((tables) => tables.map((table) => table.scrollWidth - table.clientWidth));
      expect(overflow, prefix || 'en').toEqual([0, 0]);
    }
  });

  test('in Arabic the schedule reads right to left with Arabic texts', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/ar/fee');
    await expect(page.getByRole('heading', { name: 'رسوم التداول', level: 1 })).toBeVisible(SLOW);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('fees-table-spot').locator('tr[data-level="1"] th')).toContainText('المستوى VIP 1');
    expect(await fitsWidth(page)).toBe(true);
  });
});
