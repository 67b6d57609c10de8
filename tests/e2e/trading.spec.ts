import { expect, type Page, test } from '@playwright/test';
import { registerFresh, watchCspViolations } from './support';
import { availableOf, bookTop, openTradeScreen, SLOW, tradeScreen, watchPageErrors } from './trading-support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

async function signInDemo(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible(SLOW);
}

test.describe('trading screens: the live market and simulation mode', () => {
  // No test here changes balances another reads (a fresh account, the demo account only watched, or none), so the
  // tests can run side by side.
  test.describe.configure({ timeout: 90_000 });

  test('a stream outage shows the reconnecting state, then a live and consistent book again', async ({
    page,
    request,
  }) => {
    const csp = await watchCspViolations(page);
    const errors = watchPageErrors(page);
    await signInDemo(page);
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    const bookPanel = page.getByRole('region', { name: 'Order book' });
    const consistent = async () => {
      const top = await bookTop(page);
      expect(top.asks).toBeGreaterThan(0);
      expect(top.bids).toBeGreaterThan(0);
      expect(top.bestBid).toBeLessThan(top.bestAsk);
      expect(top.spread).toBeGreaterThanOrEqual(0);
      // At the tick grouping the spread is exactly best ask − best bid.
      expect(top.spread).toBeCloseTo(top.bestAsk - top.bestBid, 6);
    };
    await consistent();

    const outage = await request.post('/__faults/stream-outage', { data: { ms: 3000 } });
    expect(outage.ok()).toBe(true);

    await expect(screen.connection).toHaveAttribute('data-state', 'reconnecting', { timeout: 3_000 });
    await expect(screen.connection).toHaveText('Connection lost. Reconnecting…');
    // The book is never shown while it cannot be proven: a rebuilding state takes its place.
    await expect(screen.book).toHaveCount(0);
    await expect(bookPanel.getByText(/Connection lost\. Reconnecting…|Rebuilding the order book…/)).toBeVisible();

    await expect(screen.connection).toHaveAttribute('data-state', 'live', SLOW);
    await expect(screen.connection).toHaveText('');
    await expect(screen.book).toBeVisible(SLOW);
    await expect(screen.book).toHaveAttribute('data-status', 'live');
    // Consistent on several frames as the market moves on.
    for (let i = 0; i < 5; i++) {
      await consistent();
      await page.waitForTimeout(400);
    }

    expect(await csp()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a click on the painted book puts that row's price in the order form", async ({ page }) => {
    const errors = watchPageErrors(page);
    const screen = await openTradeScreen(page, '/spot/BTCUSDT', { signedIn: false });
    const paint = page.locator('[data-testid="order-book"] .book__paint');
    await expect(paint.locator('canvas')).toBeVisible();
    const box = (await paint.boundingBox())!;
    // The accessible table the figures below come from is up to a second old while the painted book is live and the
    // market moves several dollars a second, so a pick is checked to be near the market, not against one level.
    const pick = async (y: number) => {
      await screen.price.fill('1');
      await paint.click({ position: { x: box.width / 2, y } });
      await expect(screen.price).not.toHaveValue('1');
      return Number(await screen.price.inputValue());
    };
    // 14 ask rows of 17 px (the best lowest), the 26 px spread band, then the bids (the best highest).
    const bestBid = await pick(14 * 17 + 26 + 8);
    const bestAsk = await pick(13 * 17 + 8);
    const top = await bookTop(page);
    for (const price of [bestBid, bestAsk]) {
      expect(price).toBeGreaterThan(top.bestBid * 0.99);
      expect(price).toBeLessThan(top.bestAsk * 1.01);
    }
    const picked = bestAsk;
    // The spread band picks nothing: the field keeps the price.
    await paint.click({ position: { x: box.width / 2, y: 14 * 17 + 10 } });
    await page.waitForTimeout(300);
    expect(Number(await screen.price.inputValue())).toBe(picked);
    expect(errors).toEqual([]);
  });

  test('simulation mode follows the flag across two tabs of one browser, with demo funds apart from real ones', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext();
    try {
      const tabA = await context.newPage();
      const tabB = await context.newPage();
      const cspA = await watchCspViolations(tabA);
      const cspB = await watchCspViolations(tabB);
      const errorsA = watchPageErrors(tabA);
      const errorsB = watchPageErrors(tabB);
      await registerFresh(tabA, request);

      const a = await openTradeScreen(tabA, '/spot/BTCUSDT');
      expect(await availableOf(a.available)).toBe('10000.0000');
      await expect(a.simulationBar).toHaveAttribute('data-state', 'off');
      await tabB.goto('/');
      await expect(tabB.getByTestId('signed-in-user')).toBeVisible(SLOW);

      // Tab A enters simulation and lands on the default spot simulation page, now on the demo account.
      const landed = tabA.waitForEvent('load');
      await a.simulationBar.getByRole('button', { name: 'Try simulation trading' }).click();
      await landed;
      await expect(tabA).toHaveURL(/\/spot\/BTCUSDT$/);
      await expect(a.simulationBar).toHaveAttribute('data-state', 'on', SLOW);
      await expect(a.simulationBar).toContainText('Simulation trading: orders use demo funds, not your real balance.');
      await expect(a.available).toHaveText('50,000.0000 USDT', SLOW);
      // What simulation cannot open is not offered: no markets list or announcements in the header, a footer that
      // says why and links only to pages that open in simulation (the others would land here without a word).
      const footer = tabA.getByTestId('site-footer');
      await expect(footer.getByTestId('footer-simulation-note')).toContainText(
        'Leave simulation for the markets list',
        SLOW,
      );
      const header = tabA.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Markets', exact: true })).toHaveCount(0);
      await expect(header.getByTestId('unread-badge')).toHaveCount(0);
      const footerPaths = await footer
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(footerPaths).toContain('/asset');
      expect(footerPaths).not.toContain('/');
      expect(footerPaths).not.toContain('/announcements');

      // Tab B (the markets page cannot run in simulation) follows to the same page and shows the demo funds.
      await expect(tabB).toHaveURL(/\/spot\/BTCUSDT$/, SLOW);
      const b = tradeScreen(tabB);
      await expect(b.simulationBar).toHaveAttribute('data-state', 'on', SLOW);
      await expect(b.available).toHaveText('50,000.0000 USDT', SLOW);

      // Leaving in tab A reloads tab B out of simulation, back on the real funds.
      await a.simulationBar.getByRole('button', { name: 'Leave simulation' }).click();
      await expect(a.simulationBar).toHaveAttribute('data-state', 'off', SLOW);
      await expect(a.available).toHaveText('10,000.0000 USDT', SLOW);
      await expect(b.simulationBar).toHaveAttribute('data-state', 'off', SLOW);
      await expect(b.available).toHaveText('10,000.0000 USDT', SLOW);
      await expect(tabB).toHaveURL(/\/spot\/BTCUSDT$/);

      expect(await cspA()).toEqual([]);
      expect(await cspB()).toEqual([]);
      expect(errorsA).toEqual([]);
      expect(errorsB).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
