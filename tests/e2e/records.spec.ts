import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh, seriousA11yViolations } from './support';
import { openTradeScreen, plainDecimal } from './trading-support';

const SLOW = { timeout: 20_000 };

/** Moves `amount` USDT from spot to futures through the asset pages, as a user would. */
async function transferToFutures(page: Page, amount: string): Promise<void> {
  await page.goto('/asset');
  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await dialog.getByLabel('Amount').fill(amount);
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/transfer');
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  expect((await (await sent).json()).code).toBe('00000');
  await expect(dialog).toHaveCount(0);
}

test.describe('records', () => {
  test('the transactions list shows every balance change, filters by type, coin and date, and exports CSV', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-records-');
    await transferToFutures(page, '250');
    await page.goto('/transac');
    const table = page.getByTestId('transac-table');
    // The paper grant (spot and futures) and the transfer's two sides.
    await expect(table.locator('tbody tr')).toHaveCount(4, SLOW);
    await expect(table.locator('tbody tr').first()).toContainText('Transfer');
    // The page's one date-and-time format for en-US (the CSV keeps `YYYY-MM-DD HH:mm`).
    await expect(table.locator('tbody tr').first()).toContainText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}\s[AP]M/);
    await expect(page.getByText('Page 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.getByLabel('Type').selectOption({ label: 'Transfer' });
    await expect(page).toHaveURL(/kind=transfer/);
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const amounts = await table.locator('tbody tr td.records__out, tbody tr td.records__in').allTextContents();
    expect(amounts.sort()).toEqual(['-250.0000', '250.0000']);

    // The filters live in the address bar: a reload shows the same rows.
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(2, SLOW);

    await page.getByTestId('records-coin').fill('BTC');
    await expect(page.getByText('No records match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(4);

    await page.getByTestId('records-from').fill('2030-01-02');
    await page.getByTestId('records-to').fill('2030-01-01');
    await expect(page.getByRole('alert')).toHaveText('The start date is after the end date.');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(4);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Type,Account,Coin,Amount,Details');
    expect(lines).toHaveLength(5);
    expect(
      lines
        .filter((line) => line.includes(',Transfer,'))
        .map((line) => line.split(',')[4])
        .sort(),
    ).toEqual(['-250.00000000', '250.00000000']);
    await expect(page.getByText('4 rows exported.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a hand-edited address keeps only the filters that make sense', async ({ page, request }) => {
    await registerFresh(page, request, 'e2e-records-url-');
    await page.goto('/transac?kind=steal&coin=%3Cscript%3E&from=2026-02-30&to=2026-11-01');
    await expect(page.getByTestId('transac-table').or(page.getByText('No records match these filters.'))).toBeVisible(
      SLOW,
    );
    await expect(page.getByLabel('Type')).toHaveValue('');
    await expect(page.getByTestId('records-coin')).toHaveValue('');
    await expect(page.getByTestId('records-from')).toHaveValue('');
    await expect(page.getByTestId('records-to')).toHaveValue('2026-11-01');
  });
});

test.describe('spot orders', () => {
  test('an order that filled nothing shows "--" as its average price; the filter names statuses; the tabs stand apart', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-records-orders-');
    const screen = await openTradeScreen(page, '/spot/BTCUSDT');
    await screen.radio('Limit').check();
    // Half the last price: far below every bid, so it rests unfilled.
    const last = Number(plainDecimal(await screen.last.textContent()));
    await screen.price.fill((Math.floor(last * 50) / 100).toFixed(2));
    await screen.amount.fill('0.001');
    await screen.form.getByRole('button', { name: 'Buy BTC' }).click();
    const placed = page.waitForResponse((r) => r.url().includes('/v1/trade/spot/place-order'));
    await page
      .getByRole('dialog', { name: 'Price far from the market' })
      .getByRole('button', { name: 'Place order' })
      .click();
    expect((await (await placed).json()).code).toBe('00000');

    await page.goto('/record/exchange');
    const row = page.getByTestId('orders-table').locator('tbody tr').first();
    await expect(row).toContainText('BTCUSDT', SLOW);
    const averageAt = await page
      .getByTestId('orders-table')
      .locator('thead th')
      .evaluateAll((heads) => heads.findIndex((head) => head.textContent === 'Average price'));
    expect(averageAt).toBeGreaterThan(0);
    await expect(row.locator(':scope > *').nth(averageAt)).toHaveText('--');
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(page.getByLabel('Type')).toHaveCount(0);
    const [orders, fills] = await Promise.all(
      ['Orders', 'Fills'].map((name) => page.getByRole('link', { name, exact: true }).boundingBox()),
    );
    expect(fills!.x - (orders!.x + orders!.width)).toBeGreaterThanOrEqual(8);
    // One view is current at a time: the orders link (no view) is not current on the fills view.
    const current = page.locator('.records__views [aria-current="page"]');
    await expect(current).toHaveText(['Orders']);
    await page.getByRole('link', { name: 'Fills', exact: true }).click();
    await expect(page).toHaveURL(/view=fills/);
    await expect(current).toHaveText(['Fills']);
  });
});
