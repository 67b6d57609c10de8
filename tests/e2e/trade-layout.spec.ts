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

  test('a 1366×768 laptop: the order form moves to the left when asked, stays there after a reload, and in Arabic stands at the start', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openTradeScreen(page, '/spot/BTCUSDT', { signedIn: false });
    const side = async () => {
      const form = (await page.locator('.trade__form').boundingBox())!;
      const chart = (await page.locator('.trade__chart').boundingBox())!;
      if (form.x + form.width <= chart.x) return 'left';
      if (form.x >= chart.x + chart.width) return 'right';
      return 'overlapping';
    };
    expect(await side()).toBe('right');

    await page.getByRole('radio', { name: 'Order form on the left', exact: true }).check();
    expect(await side()).toBe('left');
    expect(await page.evaluate(() => localStorage.getItem('global_layout'))).toBe('left');
    const cookie = (await context.cookies()).find((c) => c.name === 'layout');
    expect(cookie?.value).toBe('left');
    expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);

    await page.reload();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
    expect(await side()).toBe('left');
    // "left" is the layout's start side: the Arabic page mirrors, so its form stands at the right.
    await page.goto('/ar/spot/BTCUSDT');
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
    expect(await side()).toBe('right');

    // A phone has one column whichever side is kept, and nothing to pick.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/spot/BTCUSDT');
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
    await expect(page.getByTestId('form-side')).toHaveCount(0);
    const tabs = (await page.locator('.trade__mobile-tabs').boundingBox())!;
    const form = (await page.locator('.trade__form').boundingBox())!;
    expect(form.y).toBeGreaterThanOrEqual(tabs.y + tabs.height);
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
