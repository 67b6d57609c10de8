import { expect, test } from '@playwright/test';
import { registerFresh } from './support';
import { openTradeScreen, SLOW, tradeLikeATrader } from './trading-support';

test.describe('trading screens at the sizes people use', () => {
  test('a 1366×768 laptop: the futures form down to its button on the first screen, positions full width with every column', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await registerFresh(page, request);
    await tradeLikeATrader(page);

    for (const language of ['', '/ja', '/ar']) {
      // Located by structure, not by words: the same checks hold in each language.
      await page.goto(`${language}/futures/usdt/BTCUSDT`);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
      await expect(page.getByTestId('order-available')).toHaveText(/\d/, SLOW);
      const submit = page.locator('.trade__form form button[type="submit"]');
      const button = (await submit.boundingBox())!;
      expect(button.y + button.height, `${language || '/en'}: the submit button's foot`).toBeLessThanOrEqual(768);

      // The account panels run under chart, book and form: as wide as the page, not the chart's column.
      const account = (await page.locator('.trade__account').boundingBox())!;
      expect(account.width).toBeGreaterThan(1366 * 0.95);
      const row = page.locator('tr[data-position-id]').first();
      await expect(row).toBeVisible(SLOW);
      // Every column of the position shows without scrolling its table, and Close covers none of them.
      const cells = await row.evaluate((tr) =>
        Array.from(tr.children, (cell) => {
          const box = cell.getBoundingClientRect();
          return { start: Math.round(box.left), end: Math.round(box.right) };
        }),
      );
      const scroller = await row.evaluate((tr) => {
        const box = tr.closest('.account-panels__scroll') as HTMLElement;
        return { overflow: box.scrollWidth - box.clientWidth };
      });
      expect(scroller.overflow, `${language || '/en'}: the positions table scrolls sideways`).toBeLessThanOrEqual(0);
      const inOrder = [...cells].sort((a, b) => a.start - b.start);
      for (let i = 1; i < inOrder.length; i += 1)
        expect(inOrder[i]!.start, `${language || '/en'}: two cells of the position overlap`).toBeGreaterThanOrEqual(
          inOrder[i - 1]!.end - 1,
        );
      expect(Math.min(...cells.map((c) => c.start))).toBeGreaterThanOrEqual(0);
      expect(Math.max(...cells.map((c) => c.end))).toBeLessThanOrEqual(1366);
    }
  });

  test('a phone: Buy and Sell wait at the foot of the screen and bring the form up with that side chosen', async ({
    page,
    request,
  }) => {
    // Registered on a wide screen (where the header shows who is signed in), then used on a phone.
    await registerFresh(page, request);
    await page.setViewportSize({ width: 375, height: 812 });
    const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
    const bar = page.getByTestId('phone-trade-bar');
    await expect(bar).toBeVisible();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(812);
    // The form starts below the first screen: the bar is the way to it.
    expect((await screen.form.boundingBox())!.y).toBeGreaterThan(812 * 0.6);

    await bar.getByRole('button', { name: 'Short', exact: true }).click();
    await expect(screen.radio('Short')).toBeChecked();
    await expect(screen.amount).toBeFocused();
    await expect(bar).toBeHidden(SLOW);
    await expect(screen.form.getByRole('button', { name: 'Sell / Short' })).toBeInViewport();

    // Scrolled back up to the market, the bar is there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible(SLOW);
    await bar.getByRole('button', { name: 'Long', exact: true }).click();
    await expect(screen.radio('Long')).toBeChecked();
  });
});
