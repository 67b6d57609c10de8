import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh, seriousA11yViolations } from './support';
import { openTradeScreen } from './trading-support';

const SLOW = { timeout: 20_000 };
type Lang = 'en' | 'ja' | 'ar';
const TEXTS = Object.fromEntries(
  (['en', 'ja', 'ar'] as const).map((lang) => [
    lang,
    JSON.parse(readFileSync(`src/asset/messages/${lang}.json`, 'utf8')) as Record<string, string>,
  ]),
) as Record<Lang, Record<string, string>>;

/** Reads the overview's figures from the gateway as the page does (signed, through the page's own request layer). */
async function overviewOf(page: Page): Promise<{ totalUsdt: string; accounts: { account: string; usdt: string }[] }> {
  // Only a request the reloaded page sends: one the page before it still had in flight answers into a document that is
  // gone, and its body cannot be read.
  const reloadedAt = Date.now();
  const reply = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/v1/asset/overview' && r.request().timing().startTime >= reloadedAt,
  );
  await page.reload();
  const body = await (await reply).json();
  expect(body.code, body.msg).toBe('00000');
  return body.data;
}

/** A tab of the asset area's own navigation (the header has a "Spot" link too: to the trading screen). */
const assetTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Asset accounts' }).getByRole('link', { name, exact: true });

test.describe('asset pages', () => {
  test('a signed-out visitor is asked to sign in and comes back to the assets', async ({ page }) => {
    await page.goto('/asset/spot');
    const prompt = page.getByText('Sign in to see your assets.');
    await expect(prompt).toBeVisible(SLOW);
    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fasset%2Fspot/);
  });

  test('the overview totals every account in the valuation unit and the display currency', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-asset-');
    await page.goto('/asset');
    const total = page.getByTestId('asset-total');
    await expect(total).toHaveText(/^\d[\d,]*\.\d{8} BTC$/, SLOW);
    const data = await overviewOf(page);
    // A fresh account holds its paper grant: 10,000 USDT in spot and 10,000 USDT in futures.
    expect(data.totalUsdt).toBe('20000.0000');
    expect(data.accounts.map((a) => a.account)).toEqual([
      'spot',
      'futures',
      'margin',
      'p2p',
      'financial',
      'swap',
      'reward',
    ]);

    // The accounts list the products that are open here; the others hold nothing and are left out.
    await expect(page.locator('.asset-accounts__row')).toHaveCount(3);
    await expect(page.locator('.asset-accounts__row[data-account="p2p"]')).toHaveCount(0);

    await page.getByTestId('valuation-unit').selectOption('USDT');
    await expect(total).toHaveText('20,000.00 USDT');
    await expect(page.getByTestId('asset-total-fiat')).toHaveText('≈ $20,000.00');
    await page.getByTestId('currency-select').selectOption('JPY');
    // Fixed paper rate: 150 JPY per USDT, whole yen.
    await expect(page.getByTestId('asset-total-fiat')).toHaveText('≈ ¥3,000,000');
    await expect(page.getByTestId('valuation-chart')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Both choices are settings: they survive a reload, and the unit is also the cookie the server reads.
    await page.reload();
    await expect(total).toHaveText('20,000.00 USDT', SLOW);
    await expect(page.getByTestId('asset-total-fiat')).toHaveText('≈ ¥3,000,000');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'unit')?.value).toBe('JPY');
  });

  test('in simulation mode the overview shows the demo balances with no deposit or withdraw', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-asset-sim-');
    await page.goto('/asset');
    await expect(page.getByTestId('asset-withdraw')).toBeVisible(SLOW);
    await expect(page.getByTestId('asset-deposit')).toBeVisible();
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    const landed = page.waitForEvent('load');
    await screen.simulationBar.getByRole('button', { name: 'Try simulation trading' }).click();
    await landed;
    await expect(screen.simulationBar).toHaveAttribute('data-state', 'on', SLOW);
    await page.goto('/asset');
    await expect(page).toHaveURL(/\/asset$/);
    // The demo account's figures: its 50,000 USDT grant in spot and in futures.
    expect((await overviewOf(page)).totalUsdt).toBe('100000.0000');
    await expect(page.getByTestId('asset-total')).toBeVisible(SLOW);
    await expect(page.getByTestId('asset-withdraw')).toHaveCount(0);
    await expect(page.getByTestId('asset-deposit')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Transfer' })).toBeVisible();
  });

  test('hidden balances show as **** on the asset pages and on the trading screen, and stay hidden after a reload', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-hide-');
    // A futures position first, whose margin and uPnL are money too.
    const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
    await screen.radio('Long').check();
    await screen.radio('Market').check();
    await screen.amount.fill('0.0100');
    const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/trade/mix/place-order');
    await screen.form.getByRole('button', { name: 'Buy / Long' }).click();
    expect((await (await placed).json()).code).toBe('00000');
    const position = page.locator('tr[data-position-id="BTCUSDT:long"]');
    await expect(position.locator('[data-cell="upnl"] bdi')).toBeVisible(SLOW);

    await page.goto('/asset');
    await expect(page.getByTestId('asset-total')).toContainText('BTC', SLOW);
    await page.getByTestId('hide-balances').click();
    await expect(page.getByTestId('asset-total')).toHaveText('****');
    await expect(page.getByTestId('asset-total-fiat')).toHaveText('****');
    await expect(page.locator('.asset-accounts__value').first()).toContainText('****');

    await assetTab(page, 'Spot').click();
    await expect(page.getByTestId('spot-assets').locator('tr[data-coin="USDT"]')).toContainText('****', SLOW);

    await page.goto('/spot/BTCUSDT');
    await expect(page.getByTestId('order-available')).toHaveText(/^\*\*\*\* USDT$/, SLOW);
    // The position's money cells show **** (the live figure beneath is out of sight); its size and prices stay.
    await page.goto('/futures/usdt/BTCUSDT');
    await expect(position).toBeVisible(SLOW);
    await expect(position.locator('[data-cell="upnl"] bdi')).toBeHidden();
    await expect(position.locator('[data-cell="mark"] bdi')).toBeVisible();
    expect(
      await position.locator('[data-cell="upnl"]').evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"****"');

    await page.goto('/asset');
    await expect(page.getByTestId('asset-total')).toHaveText('****', SLOW);
    await page.getByTestId('hide-balances').click();
    await expect(page.getByTestId('asset-total')).toContainText('BTC');
  });

  test('the futures account equity and uPnL move with the marks, worked out by the maths worker', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-live-');
    const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT');
    await screen.radio('Long').check();
    await screen.radio('Market').check();
    await screen.amount.fill('0.0500');
    const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/trade/mix/place-order');
    await screen.form.getByRole('button', { name: 'Buy / Long' }).click();
    expect((await (await placed).json()).code).toBe('00000');

    let reads = 0;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/v1/asset/futures') reads += 1;
    });
    await page.goto('/asset/futures');
    const figures = page.getByTestId('futures-assets');
    const upnl = figures.locator('[data-figure="unrealizedPL"][data-live="true"] bdi');
    await expect(upnl).toBeVisible(SLOW);
    const number = async (field: string) =>
      Number((await figures.locator(`[data-figure="${field}"] bdi`).innerText()).replaceAll(',', ''));
    // Equity is the wallet plus the live uPnL, to the 4 places shown: the three read in one task, so no frame of the
    // live figures falls between them.
    const [wallet, equity, first] = await figures.evaluate((element) =>
      ['wallet', 'equity', 'unrealizedPL'].map((field) =>
        Number((element.querySelector(`[data-figure="${field}"] bdi`)?.textContent ?? '').replaceAll(',', '').trim()),
      ),
    );
    expect(Math.abs(wallet! + first! - equity!)).toBeLessThan(0.00015);
    // The marks move the figure between the page's own reads of the account: the worker, not the gateway, moved it.
    const readsBefore = reads;
    await expect.poll(() => number('unrealizedPL'), { timeout: 10_000 }).not.toBe(first);
    expect(reads).toBe(readsBefore);
  });

  test('a transfer moves USDT from spot to futures; too much is refused with the typed amount kept', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-transfer-');
    await page.goto('/asset/futures');
    const wallet = page.getByTestId('futures-assets').locator('[data-figure="wallet"] dd');
    await expect(wallet).toHaveText('10,000.0000 USDT', SLOW);

    await page.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
    await expect(dialog.getByTestId('transfer-from')).toHaveValue('futures');
    await dialog.getByRole('button', { name: 'Swap From and To' }).click();
    await expect(dialog.getByTestId('transfer-from')).toHaveValue('spot');
    await expect(dialog.getByText('Transferable: 10,000.0000 USDT')).toBeVisible(SLOW);

    const amount = dialog.getByLabel('Amount');
    await amount.fill('10000.5');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(dialog.getByText('That is more than you can transfer.')).toBeVisible();
    await expect(amount).toHaveValue('10000.5');

    await amount.fill('1234.5');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/transfer');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    expect((await (await sent).json()).code).toBe('00000');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('1,234.5 USDT moved to your USDT-M futures account.')).toBeVisible();
    await expect(wallet).toHaveText('11,234.5000 USDT', SLOW);

    await assetTab(page, 'Spot').click();
    await expect(page.getByTestId('spot-assets').locator('tr[data-coin="USDT"] td').first()).toHaveText(
      '8,765.5000',
      SLOW,
    );
    await page.getByLabel('Search coin').fill('ZZZ');
    await expect(page.getByText('No coin matches your search.')).toBeVisible();
  });

  for (const lang of ['ja', 'ar'] as const) {
    test(`in ${lang} the overview speaks the language and values in its currency until one is picked`, async ({
      page,
      request,
    }) => {
      await registerFresh(page, request, `e2e-asset-${lang}-`);
      await page.goto(`/${lang}/asset`);
      await expect(page.getByRole('heading', { level: 1, name: TEXTS[lang]['asset.title'] })).toBeVisible(SLOW);
      await expect(page.getByTestId('asset-total')).toContainText('BTC', SLOW);
      // ja defaults to yen; ar to US dollars (the Gulf currencies are not among the 13).
      await expect(page.getByTestId('asset-total-fiat')).toContainText(lang === 'ja' ? '¥3,000,000' : '$20,000.00');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      expect(await seriousA11yViolations(page)).toEqual([]);
      // On a phone nothing is wider than the screen, the chart's sentence of dates and figures included.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByTestId('valuation-chart')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  }
});
