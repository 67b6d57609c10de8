import { expect, type Page, test } from '@playwright/test';
import { confirmStepUp, registerFresh, seriousA11yViolations } from './support';

const SLOW = { timeout: 30_000 };
/** A TRC20 address (T + 33 base58 characters) that is nobody's. */
const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** Sends local mode's test deposit of `amount` USDT on TRC20 from the deposit page and waits until it is credited. */
async function depositUsdt(page: Page, amount: string): Promise<void> {
  await page.goto('/asset/deposit?coin=USDT&chain=TRC20');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, SLOW);
  await page.getByTestId('test-deposit-amount').fill(amount);
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/dev/deposit');
  await page.getByRole('button', { name: 'Send a test deposit' }).click();
  expect((await (await sent).json()).code).toBe('00000');
  const list = page.getByTestId('deposit-list');
  // Pending first, with its confirmations counting up (3 on TRC20, one every 2 s), then credited.
  await expect(list.locator('li[data-status="pending"]')).toContainText(/Confirming \d\/3/, SLOW);
  await expect(list.locator('li').first()).toHaveAttribute('data-status', 'credited', SLOW);
  await expect(list.locator('li').first()).toContainText(`${Number(amount).toFixed(4)} USDT`);
  await expect(list.locator('li').first()).toContainText('Credited');
}

test.describe('deposits and withdrawals', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a deposit shows its address with a QR code and memo rules, and is followed from pending to credited', async ({
    page,
    request,
  }) => {
    await registerFresh(page, request, 'e2e-deposit-');
    await page.goto('/asset/deposit');
    // USDT first, as the app's deposit page defaults to.
    await expect(page.getByTestId('funds-coin')).toHaveValue('USDT', SLOW);
    const address = await page.getByTestId('deposit-address').textContent();
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-value', address!);
    // The address is the account's own and stable: a reload shows the same one.
    await page.reload();
    await expect(page.getByTestId('deposit-address')).toHaveText(address!, SLOW);
    // A memo network shows the memo and warns about it.
    await page.getByTestId('funds-coin').selectOption('XRP');
    await expect(page.getByTestId('deposit-memo')).toHaveText(/^\d+$/, SLOW);
    await expect(page.getByRole('note')).toContainText('Send the memo with your deposit');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await depositUsdt(page, '150');
    await page.goto('/transac?kind=deposit');
    await expect(page.getByTestId('transac-table').locator('tbody tr')).toHaveCount(1, SLOW);
    await expect(page.getByTestId('transac-table')).toContainText('150.0000');
  });

  test('a withdrawal asks for a second factor, leaves the account with its fee, and its record goes to completed', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'e2e-withdraw-');
    // Save the address first, as a careful user would.
    await page.goto('/asset/address');
    await expect(page.getByTestId('funds-coin')).toHaveValue('USDT', SLOW);
    await page.getByTestId('book-address').fill('not-an-address');
    await page.getByTestId('address-label').fill('Cold wallet');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('This is not a valid')).toBeVisible();
    await page.getByTestId('book-address').fill(TRON_ADDRESS);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByTestId('address-book')).toContainText('Cold wallet', SLOW);

    await page.goto('/asset/withdraw?coin=USDT&chain=TRC20');
    await page.getByTestId('withdraw-saved').selectOption({ index: 1 });
    await expect(page.getByTestId('withdraw-address')).toHaveValue(TRON_ADDRESS);
    const amount = page.getByTestId('withdraw-amount');
    await amount.fill('999999');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText('The amount and the fee are more than your available balance.')).toBeVisible(SLOW);
    await expect(amount).toHaveValue('999999');

    await amount.fill('100');
    // The network fee (1 USDT on TRC20) is charged on top: 101 leaves the account, 100 arrives.
    await expect(page.getByText('The amount and the fee are more than your available balance.')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-total')).toHaveText('101.0000 USDT');
    await expect(page.getByTestId('withdraw-received')).toHaveText('100.0000 USDT');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/spot/withdraw');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // The first try is refused for want of a fresh second factor; the dialog asks for one, then the withdrawal goes.
    expect((await (await sent).json()).code).toBe('40112');
    const summary = page.getByRole('dialog', { name: 'Confirm the withdrawal' }).getByTestId('step-up-summary');
    await expect(summary).toContainText(TRON_ADDRESS);
    await expect(summary).toContainText('NetworkTron (TRC20)');
    await expect(summary).toContainText('Total deducted101.0000 USDT');
    await expect(summary).toContainText('Amount received100.0000 USDT');
    const retried = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/spot/withdraw');
    await confirmStepUp(page, request, email);
    expect((await (await retried).json()).code).toBe('00000');
    await expect(page.getByText('Withdrawal submitted.')).toBeVisible();
    const latest = page.getByTestId('withdrawal-list').locator('li').first();
    await expect(latest).toHaveAttribute('data-status', 'processing', SLOW);
    await expect(latest).toHaveAttribute('data-status', 'completed', SLOW);

    // The records show the amount and the fee leaving, as two changes.
    await page.goto('/transac');
    const table = page.getByTestId('transac-table');
    await expect(table.locator('tbody tr').filter({ hasText: 'Withdrawal fee' })).toHaveCount(1, SLOW);
    // "Withdrawal" and "Withdrawal fee": two rows name it.
    await expect(table.locator('tbody tr').filter({ hasText: 'Withdrawal' })).toHaveCount(2);
  });
});
