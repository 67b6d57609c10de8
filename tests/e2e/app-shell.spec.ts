import { expect, type FrameLocator, type Page, test } from '@playwright/test';

/**
 * The dev app shell (`/dev/app-shell`, local mode, which the e2e gateway runs in on its loopback host): a person's
 * way to try the pages inside a simulated native app. These tests use it as that person would.
 */
const SLOW = { timeout: 20_000 };

interface Settings {
  platform: 'android' | 'ios';
  version: string;
  path: string;
  replies?: 'object' | 'base64';
}

async function openShell(page: Page): Promise<void> {
  await page.goto('/dev/app-shell');
  await expect(page.getByRole('heading', { name: 'App shell' })).toBeVisible();
}

/** Picks the app and the page in the shell's form and presses Load; returns the framed page. */
async function load(page: Page, settings: Settings): Promise<FrameLocator> {
  await page.getByLabel('Platform').selectOption(settings.platform);
  await page.getByLabel('App version').fill(settings.version);
  await page.getByLabel('Replies').selectOption(settings.replies ?? 'object');
  await page.getByLabel('Path', { exact: true }).fill(settings.path);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  return page.frameLocator('[data-testid=webview]');
}

/** The traffic log's entries: what the page sent (`page`), what the shell sent (`app`), the shell's notes. */
const entries = (page: Page, kind: 'page' | 'app' | 'note', method?: string) =>
  page.getByTestId('traffic-log').locator(`li[data-kind=${kind}]${method ? `[data-method=${method}]` : ''}`);

async function signInInFrame(page: Page, settings: Omit<Settings, 'path'>): Promise<void> {
  const frame = await load(page, { ...settings, path: '/login' });
  await frame.getByLabel('Email or phone number').fill('demo@example.com');
  await frame.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await frame.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect
    .poll(
      () =>
        page.locator('[data-testid=webview]').evaluate((f: HTMLIFrameElement) => f.contentWindow?.location.pathname),
      SLOW,
    )
    .not.toBe('/login');
}

test.describe('the dev app shell', () => {
  test('Android 2.21.0: the framed page is inside the app, its calls and the replies are logged, the title bar and theme follow it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openShell(page);
    await signInInFrame(page, { platform: 'android', version: '2.21.0' });
    // Sign-in went through the app's request forwarding; the log names the headers, never their values.
    const login = entries(page, 'page', 'request').filter({ hasText: '/v1/user/login' }).first();
    await expect(login).toBeVisible();
    expect(await login.locator('pre').innerText()).not.toContain('Demo-pass-1');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    // The log is emptied (the signed-in page may go on sending: only what was there is known to be gone).
    await expect(entries(page, 'page', 'request').filter({ hasText: '/v1/user/login' })).toHaveCount(0);
    const frame = await load(page, { platform: 'android', version: '2.21.0', path: '/asset' });
    await expect(frame.getByTestId('asset-total')).toContainText('BTC', SLOW);

    await expect(entries(page, 'page', 'setTitle').first()).toBeVisible();
    const overview = entries(page, 'page', 'request').filter({ hasText: '/v1/asset/overview' }).first();
    await expect(overview).toBeVisible();
    const sent = await overview.locator('pre').innerText();
    expect(sent).toContain('"device-sign":"…"');
    await expect(entries(page, 'app', 'request').first()).toBeVisible();
    await expect(entries(page, 'page', 'setTitleBarTheme').first()).toBeVisible();

    // The app's title bar shows the page's title; the web header gives way to it.
    const frameTitle = () => frame.locator('html').evaluate(() => document.title);
    await expect.poll(frameTitle).toBe('Assets | Exchange');
    await expect(page.getByTestId('app-title')).toHaveText(await frameTitle());
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.locator('header.app-header')).toHaveCount(0);

    // The app's theme reaches the page, and the page tells the title bar.
    await page.getByRole('button', { name: 'theme: light' }).click();
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('app-title-bar')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'theme: dark' }).click();
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('app-title-bar')).toHaveAttribute('data-theme', 'dark');
    await expect(entries(page, 'app', 'theme').first()).toBeVisible();
  });

  test('iOS below and above 1.2.51, base64 replies: nothing is sent below it; above it setTitle but not the 2.8.0 setTitleBarTheme, and the figures arrive', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openShell(page);
    await signInInFrame(page, { platform: 'android', version: '2.21.0' });

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    let frame = await load(page, { platform: 'ios', version: '1.2.50', path: '/asset' });
    await expect(frame.getByTestId('asset-total')).toContainText('BTC', SLOW);
    await expect(entries(page, 'note').filter({ hasText: 'page loaded: /asset as ios 1.2.50' })).toHaveCount(1);
    // Below every method's version: the page fetches as on the web and tells the app nothing. (Counted from this
    // load's note on: the signed-in page before it may still have been sending when the log was cleared.)
    const sentSinceLoad = () =>
      page.getByTestId('traffic-log').evaluate((log, loaded) => {
        const items = [...log.children] as HTMLElement[];
        const at = items.findIndex((item) => item.dataset.kind === 'note' && item.textContent?.includes(loaded));
        return items.slice(0, at).filter((item) => item.dataset.kind === 'page').length;
      }, 'page loaded: /asset as ios 1.2.50');
    expect(await sentSinceLoad()).toBe(0);

    frame = await load(page, { platform: 'ios', version: '1.2.51', path: '/asset', replies: 'base64' });
    await expect(frame.getByTestId('asset-total')).toContainText('BTC', SLOW);
    await expect(entries(page, 'page', 'setTitle').first()).toBeVisible();
    await expect(entries(page, 'page', 'request').filter({ hasText: '/v1/asset/overview' }).first()).toBeVisible();
    await expect(page.getByTestId('app-title')).toHaveText('Assets | Exchange');
    await expect(entries(page, 'app', 'request').first()).toContainText('(base64)');
    expect(await entries(page, 'page', 'setTitleBarTheme').count()).toBe(0);
    await expect(frame.getByRole('banner')).toHaveCount(0);
  });

  test("the app's back button on the first page closes the webview, and it opens again", async ({ page }) => {
    await openShell(page);
    const frame = await load(page, { platform: 'android', version: '2.21.0', path: '/download' });
    await expect(entries(page, 'page', 'setTitle').first()).toBeVisible(SLOW);
    await expect(frame.locator('#root')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText('Webview closed', { exact: true })).toBeVisible();
    await expect(page.locator('[data-testid=webview]')).toHaveCount(0);
    await expect(page.getByTestId('app-title')).toHaveText('');

    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText('Webview closed', { exact: true })).toBeHidden();
    await expect(page.getByTestId('app-title')).not.toHaveText('', SLOW);
  });

  test('a behaviour override answers the method with an error code', async ({ page }) => {
    await openShell(page);
    await page.getByLabel('Method').selectOption('setTitle');
    await page.getByLabel('Behaviour').selectOption('error');
    await page.getByLabel('Error code').fill('40777');
    await page.getByRole('button', { name: 'Set behaviour' }).click();
    await expect(page.getByRole('list', { name: 'Overrides' })).toContainText('setTitle: error 40777');
    await load(page, { platform: 'android', version: '2.21.0', path: '/download' });
    await expect(entries(page, 'app', 'setTitle').first()).toContainText('"code":"40777"', SLOW);
  });

  test('with the service worker in control, a framed page still gets the host from the network', async ({
    browser,
  }) => {
    // A first worker precaches the whole build (about 470 files) before it controls the page.
    test.setTimeout(120_000);
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/asset');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 60_000 })
      .toBe('activated');
    await openShell(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await load(page, { platform: 'android', version: '2.21.0', path: '/download' });
    await expect(entries(page, 'note').filter({ hasText: 'page loaded: /download as android 2.21.0' })).toHaveCount(
      1,
      SLOW,
    );
    await expect(entries(page, 'page', 'setTitle').first()).toBeVisible();
    // `/` is the precached page, answered by the worker without the gateway (and with its headers): the shell says so.
    await load(page, { platform: 'android', version: '2.21.0', path: '/' });
    await expect(page.getByRole('status')).toContainText('The service worker answers / and /index.html', SLOW);
    await context.close();
  });
});
