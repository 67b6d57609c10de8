import { type BrowserContext, expect, type Page, test } from '@playwright/test';
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
  await submitSignIn(page);
  await expect(page).not.toHaveURL(/\/login/, SLOW);
}

/** Types the demo account into the sign-in page already open and submits it. */
async function submitSignIn(page: Page) {
  await page.getByLabel('Email or phone number').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const requestsTo = (traffic: BridgeMessage[], path: string) =>
  traffic.filter((message) => message.method === 'request' && String(message.params.path).startsWith(path));

/** The risk token the page keeps in its cookie, once it has one of 40 characters. */
async function heldRiskToken(context: BrowserContext): Promise<string> {
  let token = '';
  await expect
    .poll(async () => {
      token = (await context.cookies()).find((cookie) => cookie.name === 'risk_token')?.value ?? '';
      return token.length;
    }, SLOW)
    .toBe(40);
  return token;
}

/** The gateway's refusal of a §7.6 call whose risk token was issued to another address. */
const RISK_REFUSED = {
  status: 'error',
  code: '40140',
  msg: 'Risk check failed, please refresh the page and try again',
  data: null,
};

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

  test("Android 2.15.0: with no token from the app's getToken, the page asks the gateway for one through the app's request, never around it", async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.15.0',
      behaviours: { getToken: { code: '00000', msg: '' } },
    });
    const fetches = watchPageFetches(app.page);
    const scripts: string[] = [];
    app.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await app.page.goto('/login');
    const token = await heldRiskToken(app.context);
    expect(app.traffic.some((m) => m.method === 'getToken')).toBe(true);
    const [asked] = requestsTo(app.traffic, '/v1/constantid/udid/c1');
    expect(asked?.params.method).toBe('GET');
    expect(fetches).not.toContain('/v1/constantid/udid/c1');
    expect(scripts).not.toContain('/risk-sdk.js');
    // The token goes with the §7.6 calls, through the app too.
    await submitSignIn(app.page);
    await expect(app.page).not.toHaveURL(/\/login/, SLOW);
    expect(requestsTo(app.traffic, '/v1/user/login')[0]?.params.headers).toHaveProperty('risk-token', token);
    expect(fetches).toEqual([]);
    await app.close();
  });

  test('Android 2.15.0: a sign-in refused for its risk token (40140) gets one fresh token from the app and is sent once more', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.15.0',
      forwardedReplies: { '/v1/user/login': [RISK_REFUSED] },
    });
    await app.page.goto('/login');
    const first = await heldRiskToken(app.context);
    await submitSignIn(app.page);
    await expect(app.page).not.toHaveURL(/\/login/, SLOW);
    const logins = requestsTo(app.traffic, '/v1/user/login');
    expect(logins).toHaveLength(2);
    const [refused, resent] = logins.map((m) => (m.params.headers as Record<string, string>)['risk-token']);
    expect(refused).toBe(first);
    expect(resent).toMatch(/^[0-9a-f]{40}$/);
    expect(resent).not.toBe(first);
    expect(app.traffic.filter((m) => m.method === 'getToken')).toHaveLength(2);
    await app.close();
  });

  test('Android 2.15.0: refused twice, the sign-in shows the risk message once, keeps what was typed, and asks no more', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.15.0',
      forwardedReplies: { '/v1/user/login': [RISK_REFUSED, RISK_REFUSED] },
    });
    await app.page.goto('/login');
    await heldRiskToken(app.context);
    await submitSignIn(app.page);
    await expect(app.page.getByText('The security check of this page failed.')).toHaveCount(1, SLOW);
    await expect(app.page).toHaveURL(/\/login/);
    await expect(app.page.getByLabel('Email or phone number')).toHaveValue('demo@example.com');
    await expect(app.page.getByLabel('Password', { exact: true })).toHaveValue('Demo-pass-1');
    expect(requestsTo(app.traffic, '/v1/user/login')).toHaveLength(2);
    expect(app.traffic.filter((m) => m.method === 'getToken')).toHaveLength(2);
    await app.close();
  });
});
