import { expect, type Page, test } from '@playwright/test';
import { registerFresh, watchCspViolations } from './support';
import {
  availableOf,
  bookTop,
  openTradeScreen,
  plainDecimal,
  SLOW,
  tradeScreen,
  units,
  watchPageErrors,
} from './trading-support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

/** English grouping of a plain decimal with the places it carries ("34006.5" → "34,006.5"). */
function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

async function signInDemo(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible(SLOW);
}

/** Waits for the reply of a trading call the next click makes and returns its `data` (the call must succeed). */
async function replyOf<T>(page: Page, path: string, click: () => Promise<void>): Promise<T> {
  const response = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await click();
  const body = await (await response).json();
  expect(body.code, `${path}: ${body.msg}`).toBe('00000');
  return body.data as T;
}

interface OrderReply {
  orderId: string;
  status: string;
  price: string;
  size: string;
  quoteVolume: string;
  baseVolume: string;
  fee: string;
}

test.describe('trading screens', () => {
  // Each test registers its own account (its own paper balances), so the tests can run side by side.
  test.describe.configure({ timeout: 90_000 });

  test('a limit buy far below the market rests in open orders, and cancelling it moves it to the history', async ({
    page,
    request,
  }) => {
    const csp = await watchCspViolations(page);
    const errors = watchPageErrors(page);
    await registerFresh(page, request, 'trade-e2e-');
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    await expect(screen.simulationBar).toHaveAttribute('data-state', 'off');
    const before = await availableOf(screen.available);
    expect(before).toBe('10000.00000000');

    // Half the last price, on the tick (0.01): far below every bid, so it cannot fill.
    const last = plainDecimal(await screen.last.textContent());
    const price = (Math.floor(Number(last) * 50) / 100).toFixed(2);
    const size = '0.001';
    await expect(screen.radio('Buy')).toBeChecked();
    await screen.radio('Limit').check();
    await screen.price.fill(price);
    await screen.amount.fill(size);
    const estimate = screen.form.getByTestId('order-estimate');
    await expect(estimate).toHaveText(/^≈ [\d,.]+ USDT$/);
    expect(Number(plainDecimal(await estimate.textContent()))).toBeCloseTo(Number(price) * Number(size), 6);
    const order = await replyOf<OrderReply>(page, '/v1/trade/spot/place-order', () =>
      screen.form.getByRole('button', { name: 'Buy BTC' }).click(),
    );
    expect(order.status).toBe('live');
    await expect(page.getByText('Order placed.')).toBeVisible();
    // What was typed stays except the amount.
    await expect(screen.price).toHaveValue(price);
    await expect(screen.amount).toHaveValue('');

    await expect(screen.tab(/^Open orders/)).toHaveText('Open orders (1)', SLOW);
    await expect(screen.tab(/^Open orders/)).toHaveAttribute('aria-selected', 'true');
    const row = screen.panel.locator(`tr[data-order-id="${order.orderId}"]`);
    await expect(row).toBeVisible(SLOW);
    await expect(row.getByRole('cell')).toHaveText([
      /\d/,
      'Buy',
      'Limit',
      grouped(price),
      '--',
      '0.000000 / 0.001000',
      'Open',
      'Cancel',
    ]);

    // The order holds price × size plus the taker fee (0.1 %, rounded up to the 8 places of USDT).
    const value = units(price, 2) * units(size, 6);
    const held = value + (value + 999n) / 1000n;
    await expect.poll(async () => units(await availableOf(screen.available)), SLOW).toBe(units(before) - held);

    await row.getByRole('button', { name: `Cancel order ${order.orderId}` }).click();
    await expect(page.getByText('Order cancelled.')).toBeVisible();
    await expect(row).toHaveCount(0, SLOW);
    await expect(screen.panel.getByText('No open orders.')).toBeVisible();
    await expect(screen.tab(/^Open orders/)).toHaveText('Open orders');
    await expect.poll(() => availableOf(screen.available), SLOW).toBe(before);

    await screen.tab(/^Order history/).click();
    const historyRow = screen.panel.locator(`tr[data-order-id="${order.orderId}"]`);
    await expect(historyRow).toBeVisible(SLOW);
    await expect(historyRow.getByRole('cell')).toHaveText([
      /\d/,
      'Buy',
      'Limit',
      '--',
      '0.000000 / 0.001000',
      'Cancelled',
    ]);

    expect(await csp()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a market buy fills at once: the history shows it filled and the balances change by its cost', async ({
    page,
    request,
  }) => {
    const csp = await watchCspViolations(page);
    const errors = watchPageErrors(page);
    await registerFresh(page, request, 'trade-e2e-');
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    const before = await availableOf(screen.available);

    await screen.radio('Market').check();
    await expect(screen.price).toHaveCount(0);
    await expect(screen.form.getByText('Best market price')).toBeVisible();
    await screen.amount.fill('0.001');
    const order = await replyOf<OrderReply>(page, '/v1/trade/spot/place-order', () =>
      screen.form.getByRole('button', { name: 'Buy BTC' }).click(),
    );
    expect(order.status).toBe('filled');
    expect(order.baseVolume).toBe('0.001000');
    await expect(page.getByText('Order placed.')).toBeVisible();

    // The cost of the fills plus the taker fee leaves the available USDT.
    const spent = units(order.quoteVolume) + units(order.fee);
    expect(spent).toBeGreaterThan(0n);
    await expect.poll(async () => units(await availableOf(screen.available)), SLOW).toBe(units(before) - spent);

    await screen.tab(/^Order history/).click();
    const historyRow = screen.panel.locator(`tr[data-order-id="${order.orderId}"]`);
    await expect(historyRow).toBeVisible(SLOW);
    await expect(historyRow.getByRole('cell')).toHaveText([
      /\d/,
      'Buy',
      'Market',
      /^\d{2},\d{3}\.\d+$/,
      '0.001000 / 0.001000',
      'Filled',
    ]);
    await screen.tab(/^Open orders/).click();
    await expect(screen.panel.getByText('No open orders.')).toBeVisible(SLOW);

    await screen.tab(/^Assets/).click();
    const btc = screen.panel.getByRole('row', { name: /^BTC/ });
    await expect(btc.getByRole('cell')).toHaveText(['0.001000', '0.000000'], SLOW);
    const usdt = screen.panel.getByRole('row', { name: /^USDT/ });
    const expected = units(before) - spent;
    const whole = expected / 10n ** 8n;
    const fraction = (expected % 10n ** 8n).toString().padStart(8, '0');
    await expect(usdt.getByRole('cell')).toHaveText([grouped(`${whole}.${fraction}`), '0.00000000']);

    expect(await csp()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a futures long at market shows a live uPnL that follows the mark, and closes after a confirmation', async ({
    page,
    request,
  }) => {
    const csp = await watchCspViolations(page);
    const errors = watchPageErrors(page);
    await registerFresh(page, request, 'trade-e2e-');
    const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
    await expect(screen.form.getByLabel(/^Leverage/)).toHaveValue('10', SLOW);
    await expect(screen.tab(/^Positions/)).toHaveAttribute('aria-selected', 'true');
    await expect(screen.panel.getByText('No open positions.')).toBeVisible(SLOW);

    await screen.radio('Long').check();
    await screen.radio('Market').check();
    const size = '0.0500';
    await screen.amount.fill(size);
    await replyOf<OrderReply>(page, '/v1/trade/mix/place-order', () =>
      screen.form.getByRole('button', { name: 'Buy / Long' }).click(),
    );
    await expect(page.getByText('Order placed.')).toBeVisible();

    const row = screen.panel.locator('tr[data-position-id]');
    await expect(row).toHaveCount(1, SLOW);
    await expect(row.getByRole('rowheader')).toContainText('BTCUSDT Long');
    // The size carries its coin: the panel lists every symbol's positions.
    await expect(row.getByRole('cell').first()).toHaveText(`${size} BTC`);
    // Live figures are written only into rows on screen: look at the row, as a trader would.
    await row.scrollIntoViewIfNeeded();
    const upnl = row.locator('[data-cell="upnl"]');
    await expect(upnl).toHaveText(/\d/, SLOW);

    // uPnL tracks the mark: (mark − entry) × size, read from one painted row.
    const readRow = () =>
      row.evaluate((tr) => {
        const cells = Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '');
        return { size: cells[0].replace(/\s*BTC$/, ''), entry: cells[1], mark: cells[2], upnl: cells[3] };
      });
    const first = await readRow();
    const tracks = (figures: typeof first) => {
      const expected =
        (Number(plainDecimal(figures.mark)) - Number(plainDecimal(figures.entry))) * Number(plainDecimal(figures.size));
      return Math.abs(Number(plainDecimal(figures.upnl)) - expected);
    };
    // Entry and mark are shown rounded to the tick (0.1), so the product may be off by up to 0.1 × size, plus the cent.
    expect(tracks(first)).toBeLessThanOrEqual(0.1 * Number(size) + 0.011);

    // The mark moves on its own; the uPnL text changes with it, and keeps matching it.
    await expect.poll(async () => (await readRow()).upnl, { timeout: 30_000, intervals: [500] }).not.toBe(first.upnl);
    const second = await readRow();
    expect(tracks(second)).toBeLessThanOrEqual(0.1 * Number(size) + 0.011);

    await row.getByRole('button', { name: 'Close Long BTCUSDT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close position' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Close your Long BTCUSDT position of ${size} BTC at the market price?`);
    await replyOf(page, '/v1/trade/mix/close-position', () =>
      dialog.getByRole('button', { name: 'Close at market' }).click(),
    );
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Position closed.')).toBeVisible();
    await expect(row).toHaveCount(0, SLOW);
    await expect(screen.panel.getByText('No open positions.')).toBeVisible();

    await screen.tab(/^Order history/).click();
    await expect(screen.panel.locator('tbody tr')).toHaveCount(2, SLOW);
    await expect(screen.panel.locator('tbody tr').first()).toContainText('Close long');
    await expect(screen.panel.locator('tbody tr').nth(1)).toContainText('Open long');

    expect(await csp()).toEqual([]);
    expect(errors).toEqual([]);
  });

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
      expect(await availableOf(a.available)).toBe('10000.00000000');
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
      await expect(a.available).toHaveText('50,000.00000000 USDT', SLOW);

      // Tab B (the markets page cannot run in simulation) follows to the same page and shows the demo funds.
      await expect(tabB).toHaveURL(/\/spot\/BTCUSDT$/, SLOW);
      const b = tradeScreen(tabB);
      await expect(b.simulationBar).toHaveAttribute('data-state', 'on', SLOW);
      await expect(b.available).toHaveText('50,000.00000000 USDT', SLOW);

      // Leaving in tab A reloads tab B out of simulation, back on the real funds.
      await a.simulationBar.getByRole('button', { name: 'Leave simulation' }).click();
      await expect(a.simulationBar).toHaveAttribute('data-state', 'off', SLOW);
      await expect(a.available).toHaveText('10,000.00000000 USDT', SLOW);
      await expect(b.simulationBar).toHaveAttribute('data-state', 'off', SLOW);
      await expect(b.available).toHaveText('10,000.00000000 USDT', SLOW);
      await expect(tabB).toHaveURL(/\/spot\/BTCUSDT$/);

      expect(await cspA()).toEqual([]);
      expect(await cspB()).toEqual([]);
      expect(errorsA).toEqual([]);
      expect(errorsB).toEqual([]);
    } finally {
      await context.close();
    }
  });

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
