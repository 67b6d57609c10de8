import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmStepUp, mailboxCode, registerFresh, seriousA11yViolations, stepUpDialog, uniqueName } from './support';

const SLOW = { timeout: 20_000 };

/** True when nothing sticks out sideways (no horizontal scrolling). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/**
 * Answers a second step-up of the same account: the gateway sends one security code a minute to an address, so
 * "Send code" is tried again until the minute since the last one has passed, then the emailed code is entered.
 */
async function confirmNextStepUp(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const dialog = stepUpDialog(page);
  await expect(dialog).toBeVisible();
  await expect
    .poll(
      async () => {
        const sent = page.waitForResponse((response) => response.url().includes('/v1/msg/verify-code/send'));
        await dialog.getByRole('button', { name: 'Send code' }).click();
        return (await (await sent).json()).code;
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe('00000');
  await dialog.getByLabel('Email code').fill(await mailboxCode(request, email, { scene: 'security' }));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The card of one sub-account on `/account/sub-account`. */
function card(page: Page, name: string) {
  return page.getByTestId('sub-account').filter({ has: page.getByTestId('sub-name').getByText(name, { exact: true }) });
}

/** Creates a sub-account on the page, answering the step-up with the emailed code; returns its card. */
async function createOnPage(page: Page, request: APIRequestContext, email: string, name: string) {
  await page.getByLabel('Sub-account name').fill(name);
  await page.getByRole('button', { name: 'Create sub-account' }).click();
  await confirmStepUp(page, request, email);
  await expect(card(page, name)).toBeVisible(SLOW);
  return card(page, name);
}

test.describe('sub-account pages', () => {
  test('create, rename, fund with 10 USDT and see it, delete refused while funded, then freeze', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { email } = await registerFresh(page, request, 'subp-');
    await page.goto('/account/sub-account');
    await expect(page.getByRole('heading', { name: 'Sub-accounts', level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Sub-accounts | Exchange');
    await expect(page.getByText('No sub-accounts yet.')).toBeVisible();

    const first = uniqueName('desk');
    await createOnPage(page, request, email, first);
    await expect(card(page, first).locator('[data-figure="spot"] dd')).toHaveText('0.0000 USDT');

    // Rename: a bad name is refused in place and what was typed stays; a good one replaces the heading.
    const renamed = uniqueName('ops');
    await card(page, first).getByRole('button', { name: 'Rename' }).click();
    const nameField = page.getByLabel('New name');
    await nameField.fill('has space');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.subs__rename').getByText('1 to 20 letters, digits, _ or -.')).toBeVisible();
    await expect(nameField).toHaveValue('has space');
    await nameField.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    const sub = card(page, renamed);
    await expect(sub).toBeVisible();
    await expect(card(page, first)).toHaveCount(0);

    // Transfer 10 USDT to it: its spot balance shows its paper funds (given on first use) plus the 10.
    await sub.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: `Transfer with ${renamed}` });
    await dialog.getByLabel('Amount').fill('10');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/asset/sub-transfer');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    expect((await (await sent).json()).code).toBe('00000');
    await expect(page.getByText(`10 USDT moved to ${renamed}.`)).toBeVisible();
    await expect(sub.locator('[data-figure="spot"] dd')).toHaveText('10,010.0000 USDT', SLOW);

    // Delete while it holds funds: refused with what to do, and it stays in the list.
    await sub.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/user/sub/delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await (await refused).json()).code).toBe('40308');
    await expect(confirm.getByTestId('sub-delete-error')).toHaveText(
      'Empty the sub-account first: its balances, open orders and positions must all be zero.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(sub).toBeVisible();

    // Freeze, behind a fresh second factor: the card is marked and offers Unfreeze; switching to it is off.
    await sub.getByRole('button', { name: 'Freeze' }).click();
    await confirmNextStepUp(page, request, email);
    await expect(sub.getByTestId('sub-frozen')).toHaveText('Frozen');
    await expect(sub.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
    await expect(sub.getByRole('button', { name: 'Switch to it' })).toBeDisabled();
    await page.reload();
    await expect(card(page, renamed).getByTestId('sub-frozen')).toHaveText('Frozen', SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a sub-account's settings page makes it an API key with the permissions chosen", async ({ page, request }) => {
    test.setTimeout(150_000);
    const { email } = await registerFresh(page, request, 'subp-');
    await page.goto('/account/sub-account');
    const name = uniqueName('bot');
    const sub = await createOnPage(page, request, email, name);

    await sub.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: `Settings of ${name}`, level: 1 })).toBeVisible(SLOW);
    await expect(page).toHaveTitle('Sub-account settings | Exchange');
    await expect(page.getByTestId('sub-state')).toContainText('Active');
    await expect(page.getByTestId('sub-keys-empty')).toBeVisible();
    const form = page.locator('.api-keys__create form');
    await form.getByLabel('Label').fill('Desk bot');
    await form.getByRole('checkbox', { name: 'Futures trading' }).check();
    await form.getByLabel('Passphrase', { exact: true }).fill('DeskBot2026');
    await form.getByRole('button', { name: 'Create API key' }).click();
    await confirmNextStepUp(page, request, email);
    const secret = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(secret.getByTestId('created-api-key')).toHaveText(/^bg_[0-9a-f]{32}$/);
    await secret.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('sub-key-permissions')).toHaveText('Read · Futures trading');
    // The key is the sub-account's: the main account's own key list stays empty.
    await page.goto('/account/newapi');
    await expect(page.getByTestId('api-keys-empty')).toBeVisible(SLOW);
  });

  test('in Arabic on a 375 px phone the list and the settings read right to left and fit', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'subp-');
    await page.goto('/account/sub-account');
    const name = uniqueName('desk');
    const sub = await createOnPage(page, request, email, name);
    const subId = (await sub.getAttribute('data-sub-id')) ?? '';

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/ar/account/sub-account');
    await expect(page.getByRole('heading', { name: 'الحسابات الفرعية', level: 1 })).toBeVisible(SLOW);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(card(page, name).getByRole('button', { name: 'تحويل' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);

    await page.goto(`/ar/subaccount/setting?userId=${subId}`);
    await expect(page.getByRole('heading', { name: `إعدادات ${name}`, level: 1 })).toBeVisible(SLOW);
    await expect(page.getByRole('button', { name: 'تجميد' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);

    await page.goto(`/ar/subaccount/setting/antiphishing?userId=${subId}`);
    await expect(page.getByRole('heading', { name: `رمز مكافحة التصيد لـ ${name}`, level: 1 })).toBeVisible(SLOW);
    await expect(page.getByTestId('sub-ap-current')).toHaveText('لم يتم تعيين رمز.');
    expect(await fitsWidth(page)).toBe(true);
  });
});
