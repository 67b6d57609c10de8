import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey } from 'viem/accounts';
import { installTestWallet, type TestWallet } from '../support/eip1193-provider';
import { confirmStepUp, mailboxCode, registerFresh, uniqueName } from './support';

const TEST_WALLET = {
  uuid: '0d9e3c1a-2b4f-4a6d-8e1f-3c5b7a9d0e2f',
  name: 'Flow Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  rdns: 'test.flow-wallet',
};

/** A fresh key per test: the gateway knows nothing of it yet. */
async function freshWallet(page: Page): Promise<TestWallet> {
  return installTestWallet(page, { privateKey: generatePrivateKey(), announce: [TEST_WALLET] });
}

/** On the sign-in page: Connect wallet, then this wallet (signs the gateway's message). */
async function signInWithWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: TEST_WALLET.name }).click();
}

const labelOf = (wallet: TestWallet) =>
  `${wallet.address.toLowerCase().slice(0, 6)}…${wallet.address.slice(-4).toLowerCase()}`;

test.describe('third-party sign-in, whole flow (wallet)', () => {
  test('a new wallet creates an account with a proved email, signs in again directly, and is unlinked in the settings', async ({
    page,
    request,
  }) => {
    const wallet = await freshWallet(page);
    const email = `${uniqueName('wallet-')}@example.com`;
    const thirdBodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/user/public/third/wallet/sign')) thirdBodies.push(r.postData() ?? '');
    });
    await page.goto('/login');
    await signInWithWallet(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Continue with \u2068${labelOf(wallet)}\u2069`);
    await page.getByRole('radio', { name: 'Create a new account' }).check();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Email code').fill(await mailboxCode(request, email, { scene: 'register' }));
    // No account is made without the terms consent: the form says so and keeps the code typed.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Agree to the trading terms to create your account.')).toBeVisible();
    await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
    // The signature and the serial travelled only inside the login envelope.
    const signBody = thirdBodies[0] ?? '';
    expect(signBody).toContain('bodyCiphertext');
    expect(signBody).not.toMatch(/"signature"\s*:/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    await page.goto('/login');
    await signInWithWallet(page);
    await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('radio', { name: 'Create a new account' })).toHaveCount(0);

    await page.goto('/account/setting');
    const linked = page.getByTestId('settings-linked-methods');
    await expect(linked).toContainText(labelOf(wallet));
    await linked.getByRole('button', { name: 'Unlink wallet' }).click();
    await confirmStepUp(page, request, email);
    await expect(linked).toContainText('No sign-in method is linked.');
  });

  test('a new wallet links to an existing account by its password, and the form keeps what was typed on a wrong one', async ({
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'wlink-');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    const wallet = await freshWallet(page);
    await page.goto('/login');
    await signInWithWallet(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Continue with \u2068${labelOf(wallet)}\u2069`);
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .first(),
    ).toBeVisible();
    await expect(page.getByLabel('Email or phone number')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
    await page.goto('/account/setting');
    await expect(page.getByTestId('settings-linked-methods')).toContainText(labelOf(wallet));
  });
});
