import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerFresh } from './support';
import { availableOf, openTradeScreen, plainDecimal, SLOW, units, watchPageErrors } from './trading-support';

type Lang = 'en' | 'de' | 'ar' | 'ja';
type Theme = 'light' | 'dark';

/** The trade area's texts of a language (en under it), read from the files the app ships, so labels match. */
function textsOf(lang: Lang): Record<string, string> {
  const read = (name: string) => JSON.parse(readFileSync(`src/trade/messages/${name}.json`, 'utf8'));
  return { ...read('en'), ...read(lang) };
}

/**
 * Registers a fresh account on a desktop-sized page (the shared helper waits for the signed-in name, which a phone
 * keeps in its closed header menu), then returns to the viewport under test.
 */
async function registerAt(page: Page, request: APIRequestContext) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 800 });
  await registerFresh(page, request, 'entry-e2e-');
  if (size) await page.setViewportSize(size);
}

/** Stores the theme before any app code runs, as a returning user's choice would be. */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => localStorage.setItem('global_theme', value), theme);
}

/** Waits for the reply of the trading call the click makes and returns its envelope. */
async function envelopeOf(page: Page, path: string, click: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await click();
  return (await (await response).json()) as { code: string; msg: string; data: Record<string, string> };
}

/** A screenshot of the form for a person to look at, when SHOTS_DIR names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir)
    await page.locator('form.trade-form').screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png` });
}

/** Opens a trading screen in any language and waits until the market is live and the form knows the balance. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
  await expect(page.getByTestId('ticker-last')).toHaveText(/\d/, SLOW);
  await expect(page.getByTestId('order-book')).toBeVisible(SLOW);
  const form = page.locator('form.trade-form');
  await expect(form.getByTestId('order-available')).toHaveText(/\d/, SLOW);
  return form;
}

/** The last price shown in the ticker, as a plain decimal (German writes 66.795,9). */
async function lastPriceOf(page: Page, lang: Lang = 'en'): Promise<string> {
  const text = (await page.getByTestId('ticker-last').textContent()) ?? '';
  return plainDecimal(lang === 'de' ? text.replace(/\./g, '').replace(',', '.') : text);
}

/** `fraction` (0.95 …) of a price, cut to `places` decimals: a limit price that rests near the market. */
function below(price: string, fraction: number, places: number): string {
  return (Math.floor(Number(price) * fraction * 10 ** places) / 10 ** places).toFixed(places);
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(`order entry (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 90_000 });

    test('en, light: 50 % of a spot buy costs at most half the USDT available; Max then place is accepted', async ({
      page,
      request,
    }) => {
      const errors = watchPageErrors(page);
      await useTheme(page, 'light');
      await registerAt(page, request);
      const screen = await openTradeScreen(page, '/spot/BTCUSDT');
      const form = screen.form;
      const available = await availableOf(screen.available);
      await expect(screen.price).toHaveValue(/\d/);
      const slider = form.getByRole('slider', { name: 'Share of the most you can use' });

      await form.getByRole('button', { name: '50%', exact: true }).click();
      await expect(slider).toHaveAttribute('aria-valuetext', '50%');
      await expect(screen.amount).toHaveValue(/^\d+\.\d{6}$/);
      const price = await screen.price.inputValue();
      const half = await screen.amount.inputValue();
      expect(Number(half)).toBeGreaterThan(0);
      // The cost stays within half of the USDT available (exact, in 10^-8 units); the fee is paid in the BTC bought.
      const cost = units(price, 2) * units(half, 6);
      expect(cost <= units(available) / 2n).toBe(true);
      await expect(form.getByTestId('order-fee')).toHaveText(/^≈ 0\.\d{8} BTC$/);
      await expect(form.getByTestId('order-estimate')).toContainText('USDT');
      await shot(page, 'order-entry-en-light-50');

      // Arrow keys move the slider 1 % and the amount with it; typing moves the slider back.
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuetext', '51%');
      expect(Number(await screen.amount.inputValue())).toBeGreaterThan(Number(half));
      await screen.amount.fill(half);
      await expect(slider).toHaveAttribute('aria-valuetext', '50%');

      await form.getByRole('button', { name: 'Max', exact: true }).click();
      await expect(slider).toHaveAttribute('aria-valuetext', '100%');
      const max = await screen.amount.inputValue();
      expect(Number(max)).toBeGreaterThan(Number(half));
      const reply = await envelopeOf(page, '/v1/trade/spot/place-order', () =>
        form.getByRole('button', { name: 'Buy BTC' }).click(),
      );
      expect(reply.code, reply.msg).toBe('00000');
      expect(reply.data.size).toBe(max);
      await expect(page.getByText('Order placed.')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('ja, dark: an amount typed in USDT sends the BTC size the form shows', async ({ page, request }) => {
      const errors = watchPageErrors(page);
      const ja = textsOf('ja');
      await useTheme(page, 'dark');
      await registerAt(page, request);
      const form = await openScreen(page, '/ja/spot/BTCUSDT');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      // A limit price 5 % under the market rests in the open orders.
      await form.locator('input[name="price"]').fill(below(await lastPriceOf(page), 0.95, 2));
      await form.getByRole('combobox', { name: ja['trade.form.amountUnit'] }).selectOption('quote');
      const amount = form.locator('input[name="size"]');
      await amount.fill('100');
      const sent = form.getByText(/^[\d.,]+ BTC を送信$/);
      await expect(sent).toBeVisible();
      const shown = plainDecimal(await sent.textContent());
      expect(Number(shown)).toBeGreaterThan(0);
      await shot(page, 'order-entry-ja-dark-quote');

      const openOrders = page.waitForResponse(
        (r) => r.url().includes('/v1/trade/spot/open-orders') && r.request().method() === 'GET',
      );
      const reply = await envelopeOf(page, '/v1/trade/spot/place-order', () =>
        form.getByRole('button', { name: ja['trade.form.buyCoin'].replace('{coin}', 'BTC') }).click(),
      );
      expect(reply.code, reply.msg).toBe('00000');
      expect(reply.data.size).toBe(shown);
      // The open order the account then lists has that size too.
      const listed = (await (await openOrders).json()).data as { orderId: string; size: string }[];
      expect(listed.find((order) => order.orderId === reply.data.orderId)?.size).toBe(shown);
      await expect(page.getByText(ja['trade.form.placed'])).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('de, dark: futures show available margin and max long / short, and the fee changes from maker to taker', async ({
      page,
      request,
    }) => {
      const errors = watchPageErrors(page);
      const de = textsOf('de');
      await useTheme(page, 'dark');
      await registerAt(page, request);
      const form = await openScreen(page, '/de/futures/usdt/BTCUSDT');
      await expect(form.getByTestId('leverage-open')).toHaveAttribute('data-leverage', '10', SLOW);
      await expect(form.getByText(de['trade.form.availableMargin'])).toBeVisible();
      await expect(form.getByTestId('order-max-long')).toHaveText(/\d.* BTC/);
      await expect(form.getByTestId('order-max-short')).toHaveText(/\d.* BTC/);

      await form.locator('input[name="price"]').fill(below(await lastPriceOf(page, 'de'), 0.97, 1).replace('.', ','));
      const amount = form.locator('input[name="size"]');
      await amount.fill('0,01');
      await expect(amount).toHaveValue('0.01');
      const fee = form.getByTestId('order-fee');
      await expect(fee).toHaveAttribute('data-liquidity', 'maker');
      await expect(form.getByText('Gesch. Gebühr (Maker 0,02 %)')).toBeVisible();
      await expect(fee).toHaveText(/≈ \d+,\d{4} USDT/);
      const makerFee = await fee.textContent();
      // The price is near the market: 0.01 BTC at 97 % of it is worth well over 100 USDT.
      expect(Number(await form.locator('input[name="price"]').inputValue())).toBeGreaterThan(10_000);
      await shot(page, 'order-entry-de-dark-futures');

      await form.getByRole('radio', { name: de['trade.form.market'], exact: true }).check();
      await expect(fee).toHaveAttribute('data-liquidity', 'taker');
      await expect(form.getByText('Gesch. Gebühr (Taker 0,06 %)')).toBeVisible();
      await expect(fee).not.toHaveText(makerFee ?? '');
      // Taker 0.06 % of about 0.01 BTC × the last price is three times the maker fee, give or take the price gap.
      expect(Number(plainDecimal((await fee.textContent())?.replace(',', '.') ?? ''))).toBeGreaterThan(
        Number(plainDecimal(makerFee?.replace(',', '.') ?? '')),
      );
      expect(errors).toEqual([]);
    });

    test('ar, light: “Close your positions…” goes away once the position is closed', async ({ page, request }) => {
      const errors = watchPageErrors(page);
      const ar = textsOf('ar');
      await useTheme(page, 'light');
      await registerAt(page, request);
      const form = await openScreen(page, '/ar/futures/usdt/BTCUSDT');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(form.getByTestId('leverage-open')).toHaveAttribute('data-leverage', '10', SLOW);
      await form.getByRole('radio', { name: ar['trade.form.long'], exact: true }).check();
      await form.getByRole('radio', { name: ar['trade.form.market'], exact: true }).check();
      await form.locator('input[name="size"]').fill('0.01');
      const placed = await envelopeOf(page, '/v1/trade/mix/place-order', () =>
        form.getByRole('button', { name: ar['trade.form.buyLong'] }).click(),
      );
      expect(placed.code, placed.msg).toBe('00000');
      const row = page.locator('[data-position-id]');
      await expect(row).toHaveCount(1, SLOW);

      const refused = await envelopeOf(page, '/v1/trade/mix/set-margin-mode', () =>
        form.locator('label.trade-segmented__option', { hasText: ar['trade.form.isolated'] }).click(),
      );
      expect(refused.code).toBe('43009');
      const failure = form.getByTestId('settings-failure');
      await expect(failure).toHaveText(ar['trade.form.code43009']);
      await shot(page, 'order-entry-ar-light-43009');
      // It stands while the position is open, across the account's own refreshes.
      await page.waitForTimeout(1500);
      await expect(failure).toBeVisible();

      await row.locator('td.account-table__action').getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      const closed = await envelopeOf(page, '/v1/trade/mix/close-position', () =>
        dialog.getByRole('button', { name: ar['trade.acct.closeConfirm'] }).click(),
      );
      expect(closed.code, closed.msg).toBe('00000');
      await expect(row).toHaveCount(0, SLOW);
      await expect(failure).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}
