import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailboxCode } from './support';

/** Registers a new account by email in its own browser context and returns that signed-in page. */
async function registered(browser: Browser, request: Parameters<typeof mailboxCode>[0], email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Email code').fill(await mailboxCode(request, email, { scene: 'register' }));
  await page.getByLabel('Password', { exact: true }).fill('Old-pass-11');
  await page.getByLabel('Repeat password').fill('Old-pass-11');
  await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('forgotten password', () => {
  test('a mailed code and a new password replace the old one, and every session is signed out', async ({
    page,
    browser,
    request,
  }) => {
    const email = `forgot-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const elsewhere = await registered(browser, request, email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    // Nothing is sent for a name that is neither an email nor a phone number.
    await page.getByLabel('Email or phone number').fill('nobody');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Enter an email address or a phone number.')).toBeVisible();
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
    // Where the code went, masked, worded alike whether or not an account uses the address.
    const sentTo = page.getByRole('status').filter({ hasText: 'If an account uses' });
    await expect(sentTo).toContainText('f***@example.com');
    await expect(sentTo).toContainText('It is valid for 10 minutes.');
    await expect(sentTo).not.toContainText(email);
    // Sending the code checks only where it goes: the fields not filled in yet are not marked.
    await expect(page.getByText(/is required\.$/)).toHaveCount(0);
    // A wrong code keeps everything typed.
    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByLabel('New password', { exact: true }).fill('New-pass-22');
    await page.getByLabel('Repeat password').fill('New-pass-22');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /code/i }).first()).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('New-pass-22');
    await page.getByLabel('Code', { exact: true }).fill(await mailboxCode(request, email, { scene: 'reset' }));
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();

    // The other browser's session is over.
    await elsewhere.reload();
    await expect(elsewhere.getByTestId('sign-in-link')).toBeVisible();
    await elsewhere.context().close();
    // The old password is refused and the new one signs in.
    await signIn(page, email, 'Old-pass-11');
    await expect(page.getByText('Incorrect account or password.')).toBeVisible();
    await signIn(page, email, 'New-pass-22');
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
  });

  test('the page speaks the chosen language and fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/ja/forgot-password');
    await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
    await expect(page).toHaveTitle('パスワードの再設定 | 取引所');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.goto('/ar/login');
    await expect(page.getByRole('link', { name: 'هل نسيت كلمة المرور؟' })).toBeVisible();
  });
});
