import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openInApp } from './app-host';

const JA = JSON.parse(readFileSync('src/app/messages/ja.json', 'utf8')) as Record<string, string>;
const AR = JSON.parse(readFileSync('src/app/messages/ar.json', 'utf8')) as Record<string, string>;

test.describe('/download', () => {
  test('links to both stores and shows a QR code that opens in the app the page one came from', async ({ page }) => {
    await page.goto('/download?from=/asset/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Get the app' })).toBeVisible();
    await expect(page).toHaveTitle('Get the app | Exchange');
    const deepLink = 'exchangeapp://exchange/coin/recharge?coinName=USDT&coinId=2';
    await expect(page.getByTestId('download-qr')).toHaveAttribute('data-value', deepLink);
    await expect(page.getByRole('img', { name: 'QR code of the link that opens this page in the app' })).toBeVisible();
    await expect(page.getByTestId('download-link')).toHaveAttribute('href', deepLink);
    for (const name of ['Download on the App Store', 'Get it on Google Play']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(page.getByRole('listitem').filter({ hasText: 'Price alerts on your phone' })).toBeVisible();
  });

  test('a hostile "from" opens the app home instead', async ({ page }) => {
    await page.goto('/download?from=//evil.example/asset');
    await expect(page.getByTestId('download-qr')).toHaveAttribute('data-value', 'exchangeapp://exchange/home/home');
  });

  for (const [lang, texts] of [
    ['ja', JA],
    ['ar', AR],
  ] as const) {
    test(`in ${lang} it speaks the language and fits a 375 px phone in both themes`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      for (const theme of ['light', 'dark']) {
        await page.addInitScript((value) => localStorage.setItem('global_theme', value), theme);
        await page.goto(`/${lang}/download?from=/spot/BTCUSDT`);
        await expect(page.getByRole('heading', { level: 1, name: texts['download.title'] })).toBeVisible();
        await expect(page.getByTestId('download-qr')).toHaveAttribute(
          'data-value',
          'exchangeapp://exchange/home/coin?symbol=BTCUSDT',
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
      }
    });
  }

  test('inside the app it says so instead of offering the stores', async ({ browser, baseURL }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'ios', version: '2.37.0' });
    await app.page.goto('/download');
    await expect(app.page.getByRole('status')).toHaveText(
      'You are in the app already: everything on this site is here too.',
    );
    await expect(app.page.getByRole('link', { name: 'Download on the App Store' })).toHaveCount(0);
    await app.close();
  });
});
