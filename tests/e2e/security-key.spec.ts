import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { confirmStepUp, mailboxCode, seriousA11yViolations, watchCspViolations } from './support';

const PASSWORD = 'Fresh-pass-1';

// WebAuthn needs a secure context whose host is a valid domain: http://localhost is one, http://127.0.0.1 is not
// (an IP address cannot be an RP id). The page runs on localhost; the mailbox is read on the configured address.
test.use({ baseURL: async ({ baseURL }, use) => use(baseURL?.replace('//127.0.0.1:', '//localhost:')) });

/** A CTAP2 USB key in Chromium's virtual authenticator environment (DevTools protocol). */
async function addVirtualKey(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return authenticatorId;
}

/** Registers a fresh account through the page (so each test has its own rate limits) and leaves it signed in. */
async function registerFreshAccount(page: Page, request: APIRequestContext, mailboxBase: string): Promise<string> {
  const email = `key-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  await page.getByLabel('Email code').fill(await mailboxCode(request, email, { base: mailboxBase }));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /agree to the trading terms/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  return email;
}

/** On /account/security: adds a key named `nickname` with the virtual authenticator, after the emailed step-up. */
async function addSecurityKey(
  page: Page,
  request: APIRequestContext,
  email: string,
  mailboxBase: string,
  nickname: string,
): Promise<void> {
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Security keys' })).toBeVisible();
  await expect(page.getByText('No security keys yet.')).toBeVisible();
  await page.getByLabel('Key name (optional)').fill(nickname);
  await page.getByRole('button', { name: 'Add security key' }).click();
  await confirmStepUp(page, request, email, mailboxBase);
  await expect(page.getByTestId('security-key').filter({ hasText: nickname })).toBeVisible();
}

async function signOutAndStartSignIn(page: Page, email: string, path = '/login'): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await page.goto(path);
  await page.locator('input[name="loginName"]').fill(email);
  await page.locator('input[name="pwd"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

test.describe('security key', () => {
  test('adding a key first asks for a fresh emailed code: closing adds nothing, a wrong code keeps what was typed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const mailboxBase = baseURL!.replace('//localhost:', '//127.0.0.1:');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await addVirtualKey(cdp);
    const email = await registerFreshAccount(page, request, mailboxBase);
    await page.goto('/account/security');
    await page.getByLabel('Key name (optional)').fill('Desk key');
    await page.getByRole('button', { name: 'Add security key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the new security key' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('This security key will be able to sign in to your account. Confirm it is you to add it.'),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('No security keys yet.')).toBeVisible();
    await expect(page.getByLabel('Key name (optional)')).toHaveValue('Desk key');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add security key' }).click();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = await mailboxCode(request, email, { scene: 'security', base: mailboxBase });
    await dialog.getByLabel('Email code').fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const codeField = dialog.locator('.field').filter({ has: page.getByLabel('Email code') });
    await expect(codeField.getByRole('alert')).toHaveText('The code is wrong or has expired.');
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('security-key').filter({ hasText: 'Desk key' })).toBeVisible();
  });

  test('a key added on /account/security is asked for at the next sign-in and signs in on a press', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const mailboxBase = baseURL!.replace('//localhost:', '//127.0.0.1:');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await addVirtualKey(cdp);
    const cspViolations = await watchCspViolations(page);
    const email = await registerFreshAccount(page, request, mailboxBase);
    await addSecurityKey(page, request, email, mailboxBase, 'E2E key');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const stepCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/user/login/verify-auth-login')) stepCalls.push(new URL(r.url()).pathname);
    });
    await signOutAndStartSignIn(page, email);
    await expect(page.getByRole('heading', { name: 'Use your security key' })).toBeVisible();
    await expect(page.getByText('Insert or touch your security key to finish signing in.')).toBeVisible();
    // The ceremony never starts by itself: nothing is asked of the gateway until the button is pressed.
    expect(stepCalls).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use security key' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
    expect(stepCalls).toEqual(['/v1/user/login/verify-auth-login/options', '/v1/user/login/verify-auth-login']);

    await page.goto('/account/security');
    await expect(page.getByTestId('security-key').filter({ hasText: 'E2E key' })).toContainText('Last used');
    expect(await cspViolations()).toEqual([]);
  });

  test('without the key the step fails in the page language and stays; with the key back it signs in', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const mailboxBase = baseURL!.replace('//localhost:', '//127.0.0.1:');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const authenticatorId = await addVirtualKey(cdp);
    const email = await registerFreshAccount(page, request, mailboxBase);
    await addSecurityKey(page, request, email, mailboxBase, 'Lost key');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    await signOutAndStartSignIn(page, email, '/de/login');
    await expect(page.getByRole('heading', { name: 'Sicherheitsschlüssel verwenden' })).toBeVisible();
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    // With no key present the browser waits out the ceremony's timeout (60 s from the gateway): shorten only that number
    // here, so the test need not wait a minute. The challenge and everything the gateway checks stay untouched.
    await page.route('**/v1/user/login/verify-auth-login/options', async (route) => {
      const response = await route.fetch();
      const reply = await response.json();
      await route.fulfill({
        status: response.status(),
        contentType: 'application/json',
        json: { ...reply, data: { ...reply.data, timeout: 2000 } },
      });
    });
    await page.getByRole('button', { name: 'Sicherheitsschlüssel verwenden' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Der Sicherheitsschlüssel hat nicht bestätigt. Bitte versuchen Sie es erneut.' }),
    ).toBeVisible();
    await page.unroute('**/v1/user/login/verify-auth-login/options');
    await expect(page.getByRole('heading', { name: 'Sicherheitsschlüssel verwenden' })).toBeVisible();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();

    // The same key comes back (its credential moved to a new virtual authenticator): a second press signs in.
    const restored = await addVirtualKey(cdp);
    await cdp.send('WebAuthn.addCredential', { authenticatorId: restored, credential: credentials[0]! });
    await page.getByRole('button', { name: 'Sicherheitsschlüssel verwenden' }).click();
    await expect(page.getByTestId('signed-in-user')).toBeVisible();
  });
});
