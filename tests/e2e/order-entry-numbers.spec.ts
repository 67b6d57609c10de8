import { expect, type Page, test } from '@playwright/test';
import { SLOW, watchPageErrors } from './trading-support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

/** Signs in as the demo trader (only to see the form's estimate: nothing is placed), then opens BTCUSDT spot. */
async function openSpot(page: Page, prefix: '' | '/de') {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // On a phone the signed-in name sits in the closed header menu: present, not shown.
  await expect(page.getByTestId('signed-in-user')).toBeAttached(SLOW);
  await page.goto(`${prefix}/spot/BTCUSDT`);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
  const form = page.locator('form.trade-form');
  await expect(form).toBeVisible(SLOW);
  await expect(form.getByTestId('order-available')).toHaveText(/\d/, SLOW);
  return form;
}

/** The caret of a field, as the browser holds it. */
const caretOf = (field: ReturnType<Page['getByLabel']>) =>
  field.evaluate((input) => (input as HTMLInputElement).selectionStart);

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(`typing numbers into the order form (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 60_000 });

    test('full-width digits and full stop read as 12.5, and a minus is refused with a hint', async ({ page }) => {
      const errors = watchPageErrors(page);
      const form = await openSpot(page, '');
      const price = form.getByLabel('Price', { exact: true });
      const amount = form.getByLabel('Amount', { exact: true });
      await price.click();
      await price.press('ControlOrMeta+a');
      await price.press('Delete');
      await page.keyboard.type('１２．５');
      await expect(price).toHaveValue('12.5');
      expect(await caretOf(price)).toBe(4);
      await amount.fill('0.3');
      // 12.5 × 0.3 = 3.75 USDT.
      await expect(form.getByTestId('order-estimate')).toHaveText('≈ 3.7500 USDT');

      await price.click();
      await price.evaluate((input) => (input as HTMLInputElement).setSelectionRange(1, 1));
      await page.keyboard.type('-');
      await expect(price).toHaveValue('12.5');
      expect(await caretOf(price)).toBe(1);
      const hint = form.getByText('Only positive numbers: a minus sign can’t be typed here.');
      await expect(hint).toBeVisible();
      const hintId = await hint.getAttribute('id');
      await expect(price).toHaveAttribute('aria-describedby', new RegExp(`(^| )${hintId}( |$)`));
      await expect(form.getByTestId('order-estimate')).toHaveText('≈ 3.7500 USDT');
      expect(errors).toEqual([]);
    });

    test('in de, 12,5 is 12.5 and the estimate is priced at it', async ({ page }) => {
      const errors = watchPageErrors(page);
      const form = await openSpot(page, '/de');
      const price = form.getByLabel('Preis', { exact: true });
      const amount = form.getByLabel('Menge', { exact: true });
      await price.click();
      await price.press('ControlOrMeta+a');
      await price.press('Delete');
      await page.keyboard.type('12,5');
      await expect(price).toHaveValue('12.5');
      expect(await caretOf(price)).toBe(4);
      await amount.click();
      await page.keyboard.type('0,3');
      await expect(amount).toHaveValue('0.3');
      // 12.5 × 0.3 = 3.75 USDT, written the German way.
      await expect(form.getByTestId('order-estimate')).toHaveText('≈ 3,7500 USDT');
      await price.click();
      await page.keyboard.type('-');
      await expect(price).toHaveValue('12.5');
      await expect(
        form.getByText('Nur positive Zahlen: Ein Minuszeichen kann hier nicht eingegeben werden.'),
      ).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
