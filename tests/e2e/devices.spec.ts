import { type Browser, expect, type Page, test } from '@playwright/test';
import { confirmStepUp, registerFresh, seriousA11yViolations } from './support';

const PASSWORD = 'Fresh-pass-1';
/** The gateway holds the trading long poll up to 8 s (gateway/trading/paper-trading.ts LONG_POLL_MS). */
const LONG_POLL_MS = 8_000;

const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in' });
const signedInUser = (page: Page) => page.getByRole('banner').getByTestId('signed-in-user');
const randomByte = () => Math.floor(Math.random() * 250) + 2;

/** A second browser of the same person, coming from `address` (the e2e gateway trusts X-Forwarded-For). */
async function otherBrowser(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return page;
}

/** Signs in through the login screen; answers the envelope code of the password step. */
async function signIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const login = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1/user/login',
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return (await (await login).json()).code;
}

test.describe('devices page', () => {
  test('lists both browsers of one account, signs the other out behind a step-up within one long-poll cycle, and shows the failed sign-in in the history', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const { email } = await registerFresh(page, request, 'devices-');
    // The other browser comes from a documentation address the gateway's place table names (Singapore).
    const other = await otherBrowser(browser, `192.0.2.${randomByte()}`);
    try {
      expect(await signIn(other, email, 'Wrong-pass-9')).toBe('40101');
      expect(await signIn(other, email, PASSWORD)).toBe('00000');
      await expect(signedInUser(other)).toBeVisible();
      // The other browser trades: its account panels keep the long poll open.
      const polling = other.waitForResponse((response) => response.url().includes('/v1/trade/changes'), {
        timeout: 20_000,
      });
      await other.goto('/spot/BTCUSDT');
      await polling;

      await page.goto('/devices');
      await expect(page).toHaveTitle('Devices | Exchange');
      await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();
      const rows = page.getByTestId('device-row');
      await expect(rows).toHaveCount(2);
      const own = rows.filter({ hasText: 'This device' });
      await expect(own).toHaveCount(1);
      await expect(own).toContainText('Chrome');
      await expect(own).toContainText('Private network');
      const theOther = rows.filter({ hasNotText: 'This device' });
      await expect(theOther).toContainText('Singapore');
      // The current device offers no sign-out of its own (the header's Sign out is for that).
      await expect(own.getByRole('button')).toHaveCount(0);

      await theOther.getByRole('button', { name: /^Sign out / }).click();
      await confirmStepUp(page, request, email);
      await expect(page.getByText('The device was signed out.')).toBeVisible();
      const revokedAt = Date.now();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('This device');

      // The other browser learns it from its next long-poll answer: signed out, without a reload.
      await expect(signInLink(other)).toBeVisible({ timeout: LONG_POLL_MS + 3_000 });
      expect(Date.now() - revokedAt).toBeLessThan(LONG_POLL_MS + 3_000);
      await expect(signedInUser(other)).toHaveCount(0);
      // And this browser is still signed in.
      await expect(signedInUser(page)).toBeVisible();

      const history = page.getByTestId('login-history-row');
      await expect(history.filter({ hasText: 'Wrong password' })).toHaveCount(1);
      await expect(history.filter({ hasText: 'Wrong password' })).toContainText('Singapore');
      // Registration and the other browser's sign-in.
      await expect(history.filter({ hasText: 'Signed in' })).toHaveCount(2);
    } finally {
      await other.context().close();
    }
  });

  test('works at 375 px in Arabic, right to left, without a sideways scroll', async ({ page, request }) => {
    await registerFresh(page, request, 'devices-ar-');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/ar/devices');
    await expect(page.getByRole('heading', { name: 'الأجهزة', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('device-row')).toHaveCount(1);
    await expect(page.getByTestId('device-row')).toContainText('هذا الجهاز');
    await expect(page.getByTestId('login-history-row').first()).toContainText('تم تسجيل الدخول');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/devices');
    await expect(page.getByTestId('devices-signed-out')).toBeVisible();
    await expect(page.getByTestId('devices-signed-out').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
