import Decimal from 'decimal.js';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh, watchCspViolations } from './support';
import { availableOf, openTradeScreen, plainDecimal, SLOW, units, watchPageErrors } from './trading-support';

/** Units of 10^-8 cut toward zero to `places` decimals, as the screens show a balance (engine/rules/coin-places.ts). */
function cutToPlaces(value: bigint, places = 4): bigint {
  const step = 10n ** BigInt(8 - places);
  return (value / step) * step;
}

/** English grouping of a plain decimal with the places it carries ("34006.5" → "34,006.5"). */
function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
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
  feeCoin: string;
}

test.describe('trading screens: orders and positions', () => {
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
    expect(before).toBe('10000.0000');

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
    // The cost is shown at USDT's 4 places, cut toward zero.
    expect(units(plainDecimal(await estimate.textContent()))).toBe(cutToPlaces(units(price, 2) * units(size, 6)));
    // Half the last price is far from the market: the form asks first, and sends only once confirmed.
    await screen.form.getByRole('button', { name: 'Buy BTC' }).click();
    const far = page.getByRole('dialog', { name: 'Price far from the market' });
    await expect(far).toContainText('below the last price');
    const order = await replyOf<OrderReply>(page, '/v1/trade/spot/place-order', () =>
      far.getByRole('button', { name: 'Place order' }).click(),
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
    await expect(row.getByRole('cell')).toHaveText(
      [
        /\d/,
        'Buy',
        'Limit',
        grouped(price),
        '--',
        '0.000000 / 0.001000',
        // Its value, price × size half-up to the quote's 2 places, from the maths worker.
        grouped(new Decimal(price).times(size).toFixed(2, Decimal.ROUND_HALF_UP)),
        'Open',
        'Cancel',
      ],
      SLOW,
    );

    // The order holds price × size (a buy's fee is paid in the BTC it receives).
    const held = units(price, 2) * units(size, 6);
    // The form shows USDT at its 4 places, cut toward zero.
    await expect
      .poll(async () => units(await availableOf(screen.available)), SLOW)
      .toBe(cutToPlaces(units(before) - held));

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

    // The cost of the fills leaves the available USDT; the taker fee is paid in the BTC bought.
    const spent = units(order.quoteVolume);
    expect(spent).toBeGreaterThan(0n);
    expect(order.feeCoin).toBe('BTC');
    expect(units(order.fee)).toBeGreaterThan(0n);
    await expect
      .poll(async () => units(await availableOf(screen.available)), SLOW)
      .toBe(cutToPlaces(units(before) - spent));

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
    // 0.001 BTC less its fee, shown to the 6 places of BTC (cut toward zero).
    const received = cutToPlaces(units('0.001') - units(order.fee), 6);
    const btcText = `0.${(received % 10n ** 8n).toString().padStart(8, '0').slice(0, 6)}`;
    await expect(btc.getByRole('cell')).toHaveText([btcText, '0.000000'], SLOW);
    const usdt = screen.panel.getByRole('row', { name: /^USDT/ });
    const expected = cutToPlaces(units(before) - spent);
    const whole = expected / 10n ** 8n;
    const fraction = (expected % 10n ** 8n).toString().padStart(8, '0').slice(0, 4);
    await expect(usdt.getByRole('cell')).toHaveText([grouped(`${whole}.${fraction}`), '0.0000']);

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
    await expect(screen.form.getByRole('button', { name: 'Leverage 10×' })).toBeVisible(SLOW);
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

    // Close is in view at the panel's end on a desktop screen, without scrolling the table sideways.
    const close = row.getByRole('button', { name: 'Close Long BTCUSDT', exact: true });
    const within = async () => {
      const [button, panel] = [await close.boundingBox(), await screen.panel.boundingBox()];
      const viewport = page.viewportSize()!;
      return (
        !!button &&
        !!panel &&
        button.x >= panel.x &&
        button.x + button.width <= Math.min(panel.x + panel.width, viewport.width) + 0.5
      );
    };
    expect(await within()).toBe(true);
    // On a phone the position is a card: no sideways scroll, Close across the card.
    await page.setViewportSize({ width: 375, height: 812 });
    await row.scrollIntoViewIfNeeded();
    await expect.poll(() => row.evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
    const scroller = row.locator('xpath=ancestor::*[contains(@class, "account-panels__scroll")]');
    expect(await scroller.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    expect(await within()).toBe(true);
    await expect(row.locator('[data-cell="upnl"]')).toHaveAttribute('data-label', 'Unrealized PnL');
    await page.setViewportSize({ width: 1366, height: 800 });

    await close.click();
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
});
