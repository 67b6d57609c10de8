import { expect, type Page, test } from '@playwright/test';
import { type BridgeMessage, openInApp } from './app-host';

const SLOW = { timeout: 20_000 };

/** Every `/v1` fetch the page itself makes (inside the app there must be none: the app carries them). */
function watchPageFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/') && ['fetch', 'xhr'].includes(request.resourceType())) seen.push(url.pathname);
  });
  return seen;
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, SLOW);
}

const requestsTo = (traffic: BridgeMessage[], path: string) =>
  traffic.filter((message) => message.method === 'request' && String(message.params.path).startsWith(path));

test.describe('inside the native app (host double)', () => {
  test('Android 2.15.0: sign-in and the asset figures go through the app, signed; the app titles each page', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '2.15.0' });
    const fetches = watchPageFetches(app.page);
    await signIn(app.page);
    await app.page.goto('/asset');
    await expect(app.page.getByTestId('asset-total')).toContainText('BTC', SLOW);

    expect(fetches).toEqual([]);
    const login = requestsTo(app.traffic, '/v1/user/login');
    expect(login.length).toBeGreaterThan(0);
    // The login body is encrypted by the signing layer before it reaches the app: no password in clear.
    expect(JSON.stringify(login[0].params)).not.toContain('Demo-pass-1');
    const [overview] = requestsTo(app.traffic, '/v1/asset/overview');
    expect(overview.params.method).toBe('GET');
    expect(overview.params.headers).toHaveProperty('device-sign');
    expect(app.traffic.filter((m) => m.method === 'setTitle').map((m) => m.params.title)).toContain(
      'Assets | Exchange',
    );
    // onWebVisible is 2.21.0: not sent at 2.15.0.
    expect(app.traffic.some((m) => m.method === 'onWebVisible')).toBe(false);
    // The app's title bar and navigation stand in for the web header.
    await expect(app.page.getByRole('banner')).toHaveCount(0);
    await app.close();
  });

  test('iOS 2.8.0 with base64 replies: the asset pages read their figures through the app, storage calls of 2.15.0 are never sent', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'ios', version: '2.8.0', replies: 'base64' });
    const fetches = watchPageFetches(app.page);
    await app.page.goto('/asset');
    await expect(app.page.getByText('Sign in to see your assets.')).toBeVisible(SLOW);
    await signIn(app.page);
    await app.page.goto('/asset/spot');
    await expect(app.page.getByTestId('spot-assets').locator('tr[data-coin="USDT"]')).toBeVisible(SLOW);
    expect(fetches).toEqual([]);
    expect(requestsTo(app.traffic, '/v1/asset/spot').length).toBeGreaterThan(0);
    // storageSet is 2.15.0: at 2.8.0 it is never sent.
    expect(app.traffic.some((m) => m.method === 'storageSet' || m.method === 'storageGet')).toBe(false);
    await app.close();
  });

  test('Android 1.2.50, below every method: nothing is sent and the page fetches as on the web', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '1.2.50' });
    const fetches = watchPageFetches(app.page);
    await signIn(app.page);
    await app.page.goto('/asset');
    await expect(app.page.getByTestId('asset-total')).toContainText('BTC', SLOW);
    expect(app.traffic).toEqual([]);
    expect(fetches).toContain('/v1/asset/overview');
    await app.close();
  });

  test("Android 2.21.0: the app's rate values the account, its theme and sign-out reach the page, its title bar follows the page's theme", async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.21.0',
      storage: { global_valuation_unit: '2' },
    });
    await signIn(app.page);
    await app.page.goto('/asset');
    await expect(app.page.getByTestId('asset-total')).toContainText('USDT', SLOW);
    // The display currency's rate is the app's (getUsdtRate, 2.21.0): the host double answers 0.92 per USDT.
    await expect.poll(() => app.traffic.some((m) => m.method === 'getUsdtRate')).toBe(true);
    const amount = async (testId: string) =>
      Number((await app.page.getByTestId(testId).innerText()).replace(/[^\d.]/g, ''));
    await expect
      .poll(async () => Math.abs((await amount('asset-total')) * 0.92 - (await amount('asset-total-fiat'))))
      .toBeLessThan(0.02);
    const sent = (method: string) => app.traffic.filter((m) => m.method === method).map((m) => m.params);
    // One subscription per page load (the sign-in page, then the asset page).
    expect(sent('onWebVisible')).toHaveLength(2);
    expect(sent('setTitleBarTheme')).toContainEqual({ theme: 'dark' });

    await app.emit(app.page, 'theme', Buffer.from(JSON.stringify({ theme: 'light' })).toString('base64'));
    await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => sent('setTitleBarTheme')).toContainEqual({ theme: 'light' });

    await app.emit(app.page, 'logout', {});
    await expect(app.page.getByText('Sign in to see your assets.')).toBeVisible(SLOW);
    await app.close();
  });

  test('Android 2.15.0: the settings the app kept win over the webview storage, and a changed setting goes to the app', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.15.0',
      storage: { global_theme: 'light', global_valuation_unit: '2' },
    });
    await signIn(app.page);
    await app.page.goto('/asset');
    await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'light', SLOW);
    // Valuation unit 2 is USDT.
    await expect(app.page.getByTestId('asset-total')).toContainText('USDT', SLOW);
    await app.page.getByTestId('hide-balances').click();
    await expect(app.page.getByTestId('asset-total')).toHaveText('****');
    await expect.poll(() => app.storage.get('global_show_asset')).toBe('false');
    await app.close();
  });

  test('Android 2.21.0: a covered webview stops the market stream; shown again, the prices move again', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' });
    await app.page.goto('/spot/BTCUSDT');
    const last = app.page.getByTestId('ticker-last');
    await expect(last).toHaveText(/\d/, SLOW);
    const first = await last.innerText();
    await expect.poll(() => last.innerText(), { timeout: 10_000 }).not.toBe(first);

    await app.emit(app.page, 'webVisible', { visible: false });
    await app.page.waitForTimeout(500);
    const frozen = await last.innerText();
    await app.page.waitForTimeout(3_000);
    expect(await last.innerText()).toBe(frozen);

    await app.emit(app.page, 'webVisible', { visible: true });
    await expect.poll(() => last.innerText(), { timeout: 10_000 }).not.toBe(frozen);
    await app.close();
  });
});
