import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { localeEntryOf } from '../../engine/rules/locales';
import { ROUTE_LANGUAGES, routeLanguageToLocale } from '../../engine/rules/route-languages';

/** The markets page's title in a bundle, as written in its message file (es-ES and pt-PT fall back to es and pt). */
function marketsTitle(bundle: string): string {
  const read = (name: string): Record<string, string> =>
    JSON.parse(readFileSync(new URL(`../../src/markets/messages/${name}.json`, import.meta.url), 'utf8'));
  const parent = ({ 'es-ES': 'es', 'pt-PT': 'pt' } as Record<string, string>)[bundle];
  return read(bundle)['markets.title'] ?? read(parent ?? 'en')['markets.title']!;
}

test.describe('language prefixes', () => {
  for (const language of ROUTE_LANGUAGES) {
    test(`/${language}/ renders the markets page in its language`, async ({ page }) => {
      const entry = localeEntryOf(routeLanguageToLocale(language));
      await page.goto(`/${language}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', entry.intl);
      await expect(page.locator('html')).toHaveAttribute('dir', entry.dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketsTitle(entry.bundle));
      await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
      // Links inside the app keep the prefix.
      await expect(page.locator('header a').first()).toHaveAttribute('href', new RegExp(`^/${language}/?(\\?|$)`));
    });
  }

  test('the language picker switches texts, prefix and direction, and a reload keeps it', async ({ page }) => {
    await page.goto('/?tab=futures');
    await page.getByTestId('language-select').click();
    await page.locator('[data-locale="ja"]').click();
    await expect(page).toHaveURL(/\/ja\/?\?tab=futures$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('マーケット');
    await page.getByTestId('language-select').click();
    await page.locator('[data-locale="ar"]').click();
    await expect(page).toHaveURL(/\/ar\/?\?tab=futures$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goBack();
    await expect(page.locator('html')).toHaveAttribute('lang', /^ja/);
  });

  test('Arabic mirrors the layout', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ar/');
    await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
    const brand = await page.locator('.app-header__brand').boundingBox();
    const firstHeader = await page.locator('thead th').first().boundingBox();
    expect(brand?.x).toBeGreaterThan(640);
    expect(firstHeader?.x).toBeGreaterThan(640);
  });

  test('a browser language is matched to a locale when there is no prefix', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    await context.close();
  });
});
