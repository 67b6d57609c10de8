import { expect, type Page, test } from '@playwright/test';
import { seriousA11yViolations } from './support';
import { SLOW, watchPageErrors } from './trading-support';

type Theme = 'light' | 'dark';

/** Opens `path` in `theme` (the stored theme the boot script applies before first paint). */
async function openIn(page: Page, path: string, theme: Theme) {
  await page.addInitScript((value) => localStorage.setItem('global_theme', value), theme);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** A shown 24 h change ("+1.23%", "-0.50 %", "−2.1%") as a number of hundredths of a percent, exactly. */
function hundredths(text: string): number {
  const match = text.replace(/[−–]/g, '-').match(/([+-]?)(\d+)[.,](\d{2})/);
  if (!match) throw new Error(`no change in ${JSON.stringify(text)}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

const changes = (page: Page) => page.locator('tbody td.markets__change').allTextContents();

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  const isMobile = viewport.width < 768;

  test.describe(`getting to a market (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 60_000 });

    test('a click anywhere on a row opens that pair, and Tab then Enter on a row link does too', async ({ page }) => {
      const errors = watchPageErrors(page);
      const [prefix, theme, futuresTab]: [string, Theme, string] = isMobile
        ? ['/de', 'dark', 'USDT-M-Futures']
        : ['', 'light', 'USDT-M futures'];
      await openIn(page, `${prefix}/`, theme);
      await page.locator('.markets__tabs').getByRole('link', { name: futuresTab }).click();
      // At least 20 perpetuals are listed, each with its coin's badge beside the pair.
      const perpetuals = page.locator('tbody tr[data-kind="futures"]');
      await expect.poll(() => perpetuals.count(), SLOW).toBeGreaterThanOrEqual(20);
      expect(await page.locator('tbody tr .coin-icon').count()).toBe(await perpetuals.count());
      const eth = page.locator('tr[data-symbol="ETHUSDT"][data-kind="futures"]');
      // A click on the price, not on the link: the whole row leads to the screen, under the language prefix.
      await eth.locator('td').first().click();
      await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/futures/usdt/ETHUSDT$`), SLOW);
      await expect(page.getByTestId('pair-switcher-opener')).toContainText('ETH/USDT', SLOW);

      await page.goBack();
      const btcStar = page.locator('tr[data-symbol="BTCUSDT"]').getByRole('button', { pressed: false });
      await expect(btcStar).toBeVisible();
      await btcStar.focus();
      await page.keyboard.press('Tab');
      const link = page.locator('tr[data-symbol="BTCUSDT"] a.markets__link');
      await expect(link).toBeFocused();
      await expect(link).toHaveAttribute('href', `${prefix}/futures/usdt/BTCUSDT`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/futures/usdt/BTCUSDT$`), SLOW);
      await expect(page.getByTestId('ticker-last')).toHaveText(/\d/, SLOW);
      expect(errors).toEqual([]);
    });

    test('sorting by 24 h change orders the rows by value, up then down, and the address keeps it', async ({
      page,
    }) => {
      const [prefix, theme, header]: [string, Theme, string] = isMobile
        ? ['', 'light', '24h change']
        : ['/ja', 'dark', '24時間変動率'];
      await openIn(page, `${prefix}/`, theme);
      await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
      const button = page.getByRole('button', { name: header, exact: true });
      const th = page.locator('thead th').filter({ has: button });
      await expect(th).not.toHaveAttribute('aria-sort');

      await button.click();
      await expect(page).toHaveURL(/sort=change&dir=asc/);
      await expect(th).toHaveAttribute('aria-sort', 'ascending');
      const up = (await changes(page)).map(hundredths);
      expect(up.length).toBeGreaterThanOrEqual(20);
      expect(up).toEqual([...up].sort((a, b) => a - b));

      await button.click();
      await expect(page).toHaveURL(/sort=change&dir=desc/);
      await expect(th).toHaveAttribute('aria-sort', 'descending');
      const down = (await changes(page)).map(hundredths);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      expect(down[0]).toBeGreaterThan(down.at(-1) ?? 0);

      // The sort survives a reload from the address; a third click goes back to the market's order.
      await page.reload();
      await expect(th).toHaveAttribute('aria-sort', 'descending');
      await button.click();
      await expect(th).not.toHaveAttribute('aria-sort');
      await expect(page).not.toHaveURL(/sort=/);
    });

    test('a starred pair is listed under Favourites, stays after a reload, and leaves when unstarred', async ({
      page,
    }) => {
      const errors = watchPageErrors(page);
      const [prefix, theme, favourites, futuresTab, star, empty]: [string, Theme, string, string, RegExp, RegExp] =
        isMobile
          ? ['/ar', 'dark', 'المفضلة', 'العقود الآجلة USDT-M', /^تفضيل /, /لا توجد أسواق مفضلة/]
          : ['/de', 'light', 'Favoriten', 'USDT-M-Futures', /als Favorit$/, /Noch keine Favoriten/];
      await openIn(page, `${prefix}/`, theme);
      const tabs = page.locator('.markets__tabs');
      await tabs.getByRole('link', { name: favourites }).click();
      await expect(page.getByText(empty)).toBeVisible();

      await tabs.getByRole('link', { name: futuresTab }).click();
      const ethStar = page.locator('tr[data-symbol="ETHUSDT"]').getByRole('button', { name: star });
      await ethStar.click();
      await expect(ethStar).toHaveAttribute('aria-pressed', 'true');
      // The star toggles; it does not open the pair.
      await expect(page).toHaveURL(/tab=futures/);

      await tabs.getByRole('link', { name: favourites }).click();
      await expect(page).toHaveURL(/tab=favourites/);
      const listed = page.locator('tbody tr');
      await expect(listed).toHaveCount(1);
      await expect(listed).toHaveAttribute('data-symbol', 'ETHUSDT');
      await expect(listed).toHaveAttribute('data-kind', 'futures');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.reload();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toHaveAttribute('data-symbol', 'ETHUSDT');

      // Another tab stars a spot pair: this tab's favourites follow at once.
      const other = await page.context().newPage();
      await other.goto(`${prefix}/`);
      await other.locator('tr[data-symbol="BGBUSDT"]').getByRole('button', { name: star }).click();
      await expect(page.locator('tbody tr[data-symbol="BGBUSDT"][data-kind="spot"]')).toBeVisible();
      await other.locator('tr[data-symbol="BGBUSDT"]').getByRole('button', { name: star }).click();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await other.close();
      await page.locator('tbody tr').getByRole('button', { name: star }).click();
      await expect(page.getByText(empty)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('the pair switcher finds ETH, shows live prices, and leads to the ETHUSDT perpetual', async ({ page }) => {
      const errors = watchPageErrors(page);
      const [prefix, theme, search, futuresTab]: [string, Theme, string, string] = isMobile
        ? ['/ja', 'light', 'マーケットを検索', 'USDT-M先物']
        : ['/ar', 'dark', 'البحث في الأسواق', 'العقود الآجلة USDT-M'];
      await openIn(page, `${prefix}/spot/BTCUSDT`, theme);
      await expect(page.getByTestId('ticker-last')).toHaveText(/\d/, SLOW);
      const opener = page.getByTestId('pair-switcher-opener');

      // The keyboard opens it; focus lands in its search; Escape closes it and focus comes back.
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('searchbox', { name: search })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();

      await page.keyboard.press('Space');
      await expect(dialog).toBeVisible();
      if (isMobile) {
        // A full-width sheet on a phone (once its opening animation has run).
        await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(viewport.width);
      }
      // The current market's rows, live: a price changes within a few seconds while the switcher is open.
      const rows = dialog.locator('li.pair-switcher__row');
      await expect(rows.first()).toBeVisible(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const before = await dialog.getByTestId('pair-last').allTextContents();
      await expect
        .poll(async () => (await dialog.getByTestId('pair-last').allTextContents()).join('|'), { timeout: 15_000 })
        .not.toBe(before.join('|'));

      // Arrow keys walk the rows' links.
      const links = dialog.locator('a.pair-switcher__link');
      await links.first().focus();
      await page.keyboard.press('ArrowDown');
      await expect(links.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(links.first()).toBeFocused();

      await dialog.getByRole('searchbox').fill('ETH');
      await dialog.getByRole('tab', { name: futuresTab }).click();
      const eth = dialog.locator('li[data-symbol="ETHUSDT"][data-kind="futures"]');
      await expect(eth).toBeVisible(SLOW);
      await expect(rows).toHaveCount(1);
      await expect(eth.locator('.pair-switcher__change')).toHaveText(/\d/);
      await eth.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/futures/usdt/ETHUSDT$`), SLOW);
      await expect(dialog).toHaveCount(0);
      await expect(opener).toContainText('ETH/USDT', SLOW);
      await expect(page.locator('.trade')).toHaveAttribute('data-symbol', 'ETHUSDT', SLOW);
      expect(errors).toEqual([]);
    });
  });
}
