import { expect, type Locator, type Page } from '@playwright/test';

/** Generous but bounded waits: the machine is small and shared, and the market moves at its own pace. */
export const SLOW = { timeout: 20_000 };

/** Collects uncaught page errors and console errors, so a test can assert a flow raised none. */
export function watchPageErrors(page: Page, options: { notFoundDocuments?: ReadonlySet<string> } = {}): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The gateway answers 404 (with the app's not-found page) for a path no route matches; Chromium logs that
    // document's status as an error, which is the answer the test asked for, not a fault of the page.
    const isExpected404 =
      /status of 404/.test(message.text()) && (options.notFoundDocuments?.has(message.location().url) ?? false);
    if (!isExpected404) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** A displayed English figure ("68,012.34", "-1.20", "≈ 34.00 USDT") as a plain decimal string ("68012.34"). */
export function plainDecimal(text: string | null): string {
  const match = (text ?? '')
    .replace(/,/g, '')
    .replace(/[−–]/g, '-')
    .match(/-?\d+(\.\d+)?/);
  if (!match) throw new Error(`no number in ${JSON.stringify(text)}`);
  return match[0];
}

/** A decimal string as an integer count of 10^-places (exact: money is compared without binary floats). */
export function units(decimal: string, places = 8): bigint {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = decimal.replace(/^-/, '').split('.');
  if (fraction.length > places) throw new Error(`${decimal} has more than ${places} places`);
  const value = BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
  return negative ? -value : value;
}

/** The trading screen's parts, found by role and label as a user would find them. */
export function tradeScreen(page: Page) {
  const form = page.getByRole('form', { name: 'Place order' });
  const account = page.getByRole('region', { name: 'Your orders and account' });
  return {
    form,
    account,
    connection: page.getByTestId('connection-state'),
    book: page.getByTestId('order-book'),
    last: page.getByTestId('ticker-last'),
    available: form.getByTestId('order-available'),
    price: form.getByLabel('Price', { exact: true }),
    amount: form.getByLabel('Amount', { exact: true }),
    radio: (name: string) => form.getByRole('radio', { name, exact: true }),
    tab: (name: RegExp) => account.getByRole('tab', { name }),
    panel: account.getByRole('tabpanel'),
    simulationBar: page.getByTestId('simulation-bar'),
  };
}

/** Opens a trading screen and waits until the market is live and the signed-in form knows the balance. */
export async function openTradeScreen(page: Page, path: string, { signedIn = true } = {}) {
  const screen = tradeScreen(page);
  await page.goto(path);
  await expect(screen.connection).toHaveAttribute('data-state', 'live', SLOW);
  await expect(screen.last).toHaveText(/\d/, SLOW);
  await expect(screen.book).toBeVisible(SLOW);
  if (signedIn) await expect(screen.available).toHaveText(/\d/, SLOW);
  return screen;
}

/** The available balance the form shows, as a plain decimal. */
export async function availableOf(available: Locator): Promise<string> {
  return plainDecimal(await available.locator('bdi').textContent());
}

/**
 * The displayed book's best ask and best bid (asks listed highest first, best nearest the spread) and the spread, read
 * in one go inside the page so the figures come from one painted frame.
 */
export async function bookTop(
  page: Page,
): Promise<{ bestAsk: number; bestBid: number; spread: number; asks: number; bids: number }> {
  const texts = await page.getByTestId('order-book').evaluate((book) => ({
    asks: Array.from(book.querySelectorAll('.book__side--asks .book__price'), (node) => node.textContent ?? ''),
    bids: Array.from(book.querySelectorAll('.book__side--bids .book__price'), (node) => node.textContent ?? ''),
    spread: book.querySelector('[data-testid="book-spread"]')?.textContent ?? '',
  }));
  const askPrices = texts.asks.map((text) => Number(plainDecimal(text)));
  const bidPrices = texts.bids.map((text) => Number(plainDecimal(text)));
  return {
    bestAsk: Math.min(...askPrices),
    bestBid: Math.max(...bidPrices),
    spread: Number(plainDecimal(texts.spread)),
    asks: askPrices.length,
    bids: bidPrices.length,
  };
}

/** Places what a trader has on the screens: a resting spot order, a futures position and a resting futures order. */
export async function tradeLikeATrader(page: Page): Promise<void> {
  const place = async (path: string, button: string) => {
    const reply = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
    await page.getByRole('form', { name: 'Place order' }).getByRole('button', { name: button }).click();
    const far = page.getByRole('dialog', { name: 'Price far from the market' });
    const confirm = far.getByRole('button', { name: 'Place order' });
    await Promise.race([reply, confirm.waitFor().then(() => confirm.click())]);
    const body = await (await reply).json();
    expect(body.code, `${path}: ${body.msg}`).toBe('00000');
  };
  const halfOfLast = async (screen: Awaited<ReturnType<typeof openTradeScreen>>, places: number) =>
    (Math.floor(Number(plainDecimal(await screen.last.textContent())) * 10 ** places * 0.5) / 10 ** places).toFixed(
      places,
    );

  const spot = await openTradeScreen(page, '/spot/BTCUSDT');
  await spot.radio('Limit').check();
  await spot.price.fill(await halfOfLast(spot, 2));
  await spot.amount.fill('0.001');
  await place('/v1/trade/spot/place-order', 'Buy BTC');

  const futures = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
  await futures.radio('Long').check();
  await futures.radio('Market').check();
  await futures.amount.fill('0.01');
  await place('/v1/trade/mix/place-order', 'Buy / Long');
  await futures.radio('Limit').check();
  await futures.price.fill(await halfOfLast(futures, 1));
  await futures.amount.fill('0.01');
  await place('/v1/trade/mix/place-order', 'Buy / Long');
}
