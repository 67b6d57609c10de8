import { expect, type Page, test } from '@playwright/test';
import { registerFresh, seriousA11yViolations, watchCspViolations } from './support';

const SLOW = { timeout: 20_000 };

/** True when nothing on the page is wider than the window. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/** The header's link to the announcements, by its accessible name "Announcements, N unread". */
function badge(page: Page, unread: number) {
  return page.getByRole('link', { name: `Announcements, ${unread} unread`, exact: true });
}

test.describe('announcements', () => {
  test('signed out, the list shows the seeds by category and fits 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Announcements | Exchange');
    const rows = page.getByTestId('announcement-row');
    await expect(rows).toHaveCount(12);
    await expect(rows.first()).toContainText('New listing: SUI/USDT spot trading');
    await expect(page.getByTestId('unread-dot')).toHaveCount(12);
    await page.getByRole('tab', { name: 'Maintenance' }).click();
    await expect(page).toHaveURL(/category=maintenance/);
    await expect(rows).toHaveCount(3);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a seeded announcement reads as a user would see it: its title once, one link to this site, no CSP refusal, 375 px', async ({
    page,
  }) => {
    const csp = await watchCspViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/announcements');
    await page.getByRole('link', { name: /New listing: SUI\/USDT spot trading/ }).click();
    await expect(page.getByRole('heading', { name: 'New listing: SUI/USDT spot trading', level: 1 })).toBeVisible(SLOW);
    const body = page.locator('.announcement__body');
    await expect(body.locator('table')).toBeVisible();
    await expect(body.locator('img[src*="/img/announcements/listing.svg"], img[src$="listing.svg"]')).toHaveCount(1);
    // The seed is content for users, not a test of the sanitizer (that attacks a fixture in the browser tests).
    await expect(body).not.toContainText('New listing: SUI/USDT spot trading');
    await expect(body.locator('a')).toHaveCount(1);
    expect(await body.locator('a').getAttribute('href')).toBe('/spot/SUIUSDT');
    expect(await fitsWidth(page)).toBe(true);
    expect(await csp()).toEqual([]);
    await page.getByTestId('announcement-back').click();
    await expect(page.getByTestId('announcement-list')).toBeVisible();
  });

  test('signed in, reading one lowers the badge; marking all read clears it', async ({ page, request }) => {
    await registerFresh(page, request, 'e2e-ann-');
    await page.goto('/');
    await expect(badge(page, 12)).toBeVisible(SLOW);
    await badge(page, 12).click();
    await expect(page.getByTestId('announcement-row')).toHaveCount(12, SLOW);
    await page.getByTestId('announcement-row').nth(2).getByRole('link').click();
    await expect(page.locator('.announcement__body h2').first()).toBeVisible(SLOW);
    await expect(badge(page, 11)).toBeVisible();
    await page.getByTestId('announcement-back').click();
    await expect(page.getByTestId('unread-dot')).toHaveCount(11);
    await page.getByTestId('announcements-read-all').click();
    await expect(badge(page, 0)).toBeVisible();
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
    // The marks are the account's: a reload keeps them.
    await page.reload();
    await expect(badge(page, 0)).toBeVisible(SLOW);
  });

  test('signed out, the badge counts this device’s reads', async ({ page }) => {
    await page.goto('/announcements');
    await expect(badge(page, 12)).toBeVisible(SLOW);
    await page.getByTestId('announcement-row').first().getByRole('link').click();
    await expect(page.locator('.announcement__body h2').first()).toBeVisible(SLOW);
    await expect(badge(page, 11)).toBeVisible();
    await page.reload();
    await expect(badge(page, 11)).toBeVisible(SLOW);
  });

  test('an unknown announcement says so, in the page’s language', async ({ page }) => {
    await page.goto('/de/announcements/999999');
    await expect(page.getByText('Diese Ankündigung gibt es nicht oder sie wurde entfernt.')).toBeVisible(SLOW);
    await expect(page.getByRole('link', { name: 'Zurück zu den Ankündigungen' })).toBeVisible();
  });

  test('the trading screen and the deposit page describe their coin, folded until asked', async ({ page, request }) => {
    await page.goto('/spot/ETHUSDT');
    const about = page.getByRole('button', { name: 'About ETH' });
    await expect(about).toHaveAttribute('aria-expanded', 'false', SLOW);
    await about.click();
    await expect(page.getByText('Ethereum (ETH) is a layer-1 blockchain.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Official website' })).toHaveAttribute('rel', /noopener/);
    await registerFresh(page, request, 'e2e-coin-');
    await page.goto('/asset/deposit');
    await page.getByRole('button', { name: /^About / }).click();
    await expect(page.getByTestId('coin-description').getByRole('link', { name: 'Official website' })).toBeVisible(
      SLOW,
    );
  });
});
