import { expect, test } from '@playwright/test';
import { mailboxCode } from './support';

test.describe('registration', () => {
  test('registers by email with a mailed code, sends the referral codes, and signs in', async ({ page, request }) => {
    const email = `new-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/user/register/')) bodies.push(r.postData() ?? '');
    });
    await page.goto('/?vipCode=VIP7&channelCode=spring');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('referral_cache') ?? '')).toContain('VIP7');
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
    await page.getByLabel('Email code').fill(await mailboxCode(request, email));
    await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-1');
    await page.getByLabel('Repeat password').fill('Fresh-pass-1');
    await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await expect(page.getByTestId('register-next-steps').getByRole('link', { name: /^Deposit/ })).toHaveAttribute(
      'href',
      /\/asset\/deposit$/,
    );
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('"agreed":true');
    expect(bodies[0]).toContain('"registerVipNo":"VIP7"');
    expect(bodies[0]).toContain('"registerChannel":"spring"');
    expect(bodies[0]).toContain('bodyCiphertext');
    expect(bodies[0]).not.toContain('Fresh-pass-1');
  });

  test('shows field errors before sending and keeps the form when the code is wrong', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText(/Too short: use at least 8 characters\./)).toBeVisible();
    await expect(page.getByText('Agree to the trading terms to create your account.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('someone@example.com');
    await page.getByLabel('Email code').fill('123456');
    await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-1');
    await page.getByLabel('Repeat password').fill('Fresh-pass-1');
    await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /code/i }).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('someone@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Fresh-pass-1');
  });
});
