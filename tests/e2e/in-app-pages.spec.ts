import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AppHostOptions, type BridgeMessage, openInApp } from './app-host';
import { registerFresh } from './support';
import { plainDecimal, SLOW, tradeScreen, watchPageErrors } from './trading-support';

/** Opens the app double and signs in through its webview (every request then goes through the app). */
async function signedInApp(browser: Browser, baseURL: string, options: AppHostOptions, email = 'demo@example.com') {
  const app = await openInApp(browser, baseURL, options);
  await app.page.goto('/login');
  await app.page.getByLabel('Email or phone number').fill(email);
  await app.page
    .getByLabel('Password', { exact: true })
    .fill(email === 'demo@example.com' ? 'Demo-pass-1' : 'Fresh-pass-1');
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(app.page).not.toHaveURL(/\/login/, SLOW);
  return app;
}

const sent = (traffic: BridgeMessage[], method: string) => traffic.filter((message) => message.method === method);
const titles = (traffic: BridgeMessage[]) => sent(traffic, 'setTitle').map((message) => message.params.title);

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/**
 * The calls a visit of `/trade-info` makes (load, referral config, calendar, share) and each one's minimum app version
 * (contracts/bridge.md §3): at every version gate, one version below it and the gate itself, on both platforms.
 */
const GATED_CALLS: Record<string, string> = {
  request: '1.2.51',
  setTitle: '1.2.51',
  getToken: '1.2.51',
  share: '2.8.0',
  setTitleBarTheme: '2.8.0',
  storageGet: '2.15.0',
  onWebVisible: '2.21.0',
  addCalendarEvent: '2.37.0',
};
const GATES: [below: string, at: string][] = [
  ['1.2.50', '1.2.51'],
  ['2.7.9', '2.8.0'],
  ['2.14.9', '2.15.0'],
  ['2.20.9', '2.21.0'],
  ['2.36.9', '2.37.0'],
];
const versionParts = (version: string) => version.split('.').map(Number);
const atLeast = (version: string, minimum: string) => {
  const [a, b] = [versionParts(version), versionParts(minimum)];
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

test.describe('every call at both sides of its version gate, on Android and iOS', () => {
  for (const platform of ['android', 'ios'] as const)
    for (const version of GATES.flat())
      test(`${platform} ${version}`, async ({ browser, baseURL }) => {
        const app = await openInApp(browser, baseURL ?? '', { platform, version });
        await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
        // A referral code in the landing URL makes the page read the referral config: `request` from 1.2.51.
        await app.page.goto('/trade-info?symbol=BTCUSDT&vipCode=gate42');
        await expect(app.page.getByTestId('info-mark')).toHaveText(/\d/, SLOW);
        await app.page.getByTestId('funding-calendar').click();
        await app.page.getByTestId('app-share').click();
        // The risk token is asked for after the page is shown; then everything this visit calls has been called.
        const expected = Object.keys(GATED_CALLS).filter((method) => atLeast(version, GATED_CALLS[method]));
        await expect
          .poll(() => [...new Set(app.traffic.map((m) => m.method))].filter((m) => m in GATED_CALLS).sort(), SLOW)
          .toEqual(expected.sort());
        await app.close();
      });
});

test.describe('bridge timeouts and errors reach the user in words (spec §8)', () => {
  test('a call the app never answers times out after 3 s (00004); failures show their texts or the app’s message', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', {
      platform: 'android',
      version: '2.37.0',
      behaviours: {
        share: 'silent',
        addCalendarEvent: 'unknown-method',
        openBrowser: 'no-code',
      },
    });
    await app.page.goto('/trade-info?symbol=BTCUSDT');
    await expect(app.page.getByTestId('info-mark')).toHaveText(/\d/, SLOW);
    const started = Date.now();
    await app.page.getByTestId('app-share').click();
    await expect(app.page.getByText('The app did not answer in time. Please try again.')).toBeVisible(SLOW);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    await app.page.getByTestId('funding-calendar').click();
    await expect(
      app.page.getByText('The funding time could not be added to your calendar. App Jsbridge Request Action Error'),
    ).toBeVisible(SLOW);
    await app.page.goto('/download');
    await app.page.getByTestId('download-update').click();
    await expect(app.page.getByText('App Network Error')).toBeVisible(SLOW);
    await app.close();

    const refusing = await openInApp(browser, baseURL ?? '', {
      platform: 'ios',
      version: '2.8.0',
      behaviours: { share: { code: '40001', msg: 'Sharing is switched off in this app.' } },
    });
    await refusing.page.goto('/trade-info?symbol=BTCUSDT');
    await refusing.page.getByTestId('app-share').click();
    await expect(refusing.page.getByText('Sharing is switched off in this app.')).toBeVisible(SLOW);
    await refusing.close();
  });

  test('a forwarded request the app never answers fails after 10 s (110100) with its text; a refusal shows the app’s message', async ({
    browser,
    baseURL,
  }) => {
    const behaviours: AppHostOptions['behaviours'] = {};
    const app = await signedInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0', behaviours });
    await app.page.goto('/trade-asset');
    await expect(app.page.getByTestId('asset-total')).toContainText('BTC', SLOW);
    // From now on the app takes requests and never answers them.
    behaviours.request = 'silent';
    const started = Date.now();
    await app.page.getByRole('link', { name: 'Orders' }).click();
    await expect(app.page.getByText('The app did not complete the request in time. Please try again.')).toBeVisible({
      timeout: 25_000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9900);
    // An unsuccessful reply shows the app's own message.
    behaviours.request = { code: '40001', msg: 'The app is offline.' };
    await app.page.getByRole('button', { name: 'Retry' }).click();
    await expect(app.page.getByText('The app is offline.')).toBeVisible(SLOW);
    // And a working app again: the orders show.
    delete behaviours.request;
    await app.page.getByRole('button', { name: 'Retry' }).click();
    await expect(app.page.getByText('No open orders.').or(app.page.getByTestId('app-orders-spot'))).toBeVisible(SLOW);
    await app.close();
  });
});

test.describe('the in-app pages (spec §2.1) inside the app double', () => {
  test('/trade-spot: compact trading at 360 px on the trading workers; the pair switcher stays on in-app pages', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' });
    const errors = watchPageErrors(app.page);
    const screen = tradeScreen(app.page);
    await app.page.goto('/trade-spot');
    await expect(screen.connection).toHaveAttribute('data-state', 'live', SLOW);
    await expect(screen.last).toHaveText(/\d/, SLOW);
    // The book is the first tab of the compact column, painted by the market worker.
    await expect(screen.book).toBeVisible();
    await expect(app.page.locator('.trade--app')).toHaveAttribute('data-symbol', 'BTCUSDT');
    expect(await pageWidth(app.page)).toBeLessThanOrEqual(360);
    expect(titles(app.traffic)).toContain('BTCUSDT | Spot');

    await app.page.getByTestId('pair-switcher-opener').click();
    const eth = app.page.locator('.pair-switcher__row[data-symbol="ETHUSDT"][data-kind="spot"] a');
    await expect(eth).toHaveAttribute('href', '/trade-spot?symbol=ETHUSDT', SLOW);
    await eth.click();
    await expect(app.page).toHaveURL(/\/trade-spot\?symbol=ETHUSDT$/);
    await expect(app.page.locator('.trade--app')).toHaveAttribute('data-symbol', 'ETHUSDT', SLOW);

    // The in-app navigation keeps the market: futures of the same coin pair.
    await app.page.getByRole('navigation', { name: 'Trading pages' }).getByRole('link', { name: 'Futures' }).click();
    await expect(app.page).toHaveURL(/\/trade-swap\?symbol=ETHUSDT$/);
    await expect(app.page.locator('.trade--app')).toHaveAttribute('data-market', 'futures', SLOW);
    // A symbol that is no market says so; a malformed one opens the default pair.
    await app.page.goto('/trade-swap?symbol=NOPEUSDT');
    await expect(app.page.getByText('NOPEUSDT')).toBeVisible(SLOW);
    await app.page.goto('/trade-spot?symbol=%3Cscript%3E');
    await expect(app.page.locator('.trade--app')).toHaveAttribute('data-symbol', 'BTCUSDT', SLOW);
    expect(errors).toEqual([]);
    await app.close();
  });

  test('/trade-spot opens on the gateway’s first paint of its market, which the live screen then replaces', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' });
    const firstPaint = app.page.locator('#first-paint');
    // Before any of the app's code runs: the pair, its price and the book's rows, and the app's render not painted.
    await app.page.route('**/assets/*.js', (route) => route.abort());
    await app.page.goto('/trade-spot?symbol=ETHUSDT');
    await expect(firstPaint).toContainText('ETH/USDT');
    await expect(firstPaint.locator('.first-paint__last')).toHaveText(/^\d,\d{3}\.\d{2}$/);
    await expect(firstPaint.locator('.first-paint__row')).toHaveCount(20);
    await expect(app.page.locator('#root')).toHaveCSS('visibility', 'hidden');
    const shownPrice = Number((await firstPaint.locator('.first-paint__last').innerText()).replaceAll(',', ''));

    // With its code the live screen takes over: the first paint goes, the page underneath shows the same market.
    await app.page.unroute('**/assets/*.js');
    const errors = watchPageErrors(app.page);
    const screen = tradeScreen(app.page);
    await app.page.goto('/trade-spot?symbol=ETHUSDT');
    await expect(screen.last).toHaveText(/\d/, SLOW);
    await expect(firstPaint).toHaveCount(0, SLOW);
    await expect(app.page.locator('#root')).toHaveCSS('visibility', 'visible');
    const livePrice = Number(plainDecimal(await screen.last.innerText()));
    expect(Math.abs(livePrice - shownPrice) / shownPrice).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await app.close();
  });

  test('/trade-asset opens on the gateway’s first paint of the user’s own totals, masked when they hide balances', async ({
    browser,
    baseURL,
  }) => {
    const app = await signedInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' });
    const firstPaint = app.page.locator('#first-paint');
    // Leave the running app first: a lazy chunk of its own refused would make it reload itself while the test navigates.
    await app.page.goto('about:blank');
    await app.page.route('**/assets/*.js', (route) => route.abort());
    await app.page.goto('/trade-asset');
    await expect(firstPaint.locator('.first-paint__total')).toHaveText(/^0\.\d{8} BTC$/);
    await expect(firstPaint.locator('.first-paint__figures')).toContainText('BTC');
    const shown = await firstPaint.locator('.first-paint__total').innerText();

    // Hidden balances stay hidden from the first paint on.
    await app.context.addCookies([{ name: 'show_asset', value: 'false', url: baseURL ?? '' }]);
    await app.page.goto('/trade-asset');
    await expect(firstPaint.locator('.first-paint__total')).toHaveText('****');
    await expect(firstPaint).not.toContainText('BTC');
    await app.context.addCookies([{ name: 'show_asset', value: 'true', url: baseURL ?? '' }]);

    // Signed out, there is no first paint of anybody's figures.
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`${baseURL}/trade-asset`);
    expect(await visitor.locator('#first-paint').count()).toBe(0);
    await anonymous.close();

    // With its code the page takes over with the same figures.
    await app.page.unroute('**/assets/*.js');
    const errors = watchPageErrors(app.page);
    await app.page.goto('/trade-asset');
    await expect(app.page.getByTestId('asset-total')).toHaveText(/BTC/, SLOW);
    await expect(firstPaint).toHaveCount(0, SLOW);
    const live = Number(plainDecimal(await app.page.getByTestId('asset-total').innerText()));
    expect(Math.abs(live - Number(plainDecimal(shown))) / live).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await app.close();
  });

  test('/trade-info: live mark, index and funding, the terms, the funding history and the margin tiers', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'ios', version: '2.37.0' });
    await app.page.goto('/trade-info?symbol=BTCUSDT');
    await expect(app.page.getByRole('heading', { name: 'BTC/USDT perpetual' })).toBeVisible(SLOW);
    await expect(app.page.getByTestId('info-mark')).toHaveText(/^[\d,]+\.\d$/);
    await expect(app.page.getByTestId('info-countdown')).toHaveText(/^0[0-7]:[0-5]\d:[0-5]\d$/);
    // 30 settlements, 8 hours apart, newest first; the five tiers of the maths contract's table.
    await expect(app.page.getByTestId('funding-history').locator('tbody tr')).toHaveCount(30);
    const tiers = app.page.getByTestId('margin-tiers').locator('tbody tr');
    await expect(tiers).toHaveCount(5);
    await expect(tiers.first().getByRole('cell')).toHaveText(['1', '0 – 150', '125×', '0.4%']);
    expect(await pageWidth(app.page)).toBeLessThanOrEqual(360);

    await app.page.getByTestId('info-symbol').selectOption('ETHUSDT');
    await expect(app.page).toHaveURL(/symbol=ETHUSDT/);
    await expect(app.page.getByRole('heading', { name: 'ETH/USDT perpetual' })).toBeVisible(SLOW);
    await expect(tiers).toHaveCount(4);
    expect(titles(app.traffic)).toContain('ETHUSDT | Contract information');

    // 2.37.0 adds the next settlement to the calendar through the app, with the time the page counts down to.
    await app.page.getByTestId('funding-calendar').click();
    await expect(app.page.getByText('The funding time is in your calendar.')).toBeVisible();
    const [calendar] = sent(app.traffic, 'addCalendarEvent');
    expect(calendar.params.title).toBe('ETH/USDT funding settlement');
    expect(Number(calendar.params.start) % (8 * 3_600_000)).toBe(0);
    expect(Number(calendar.params.end) - Number(calendar.params.start)).toBe(15 * 60_000);
    expect(String(calendar.params.url)).toContain('/trade-info?symbol=ETHUSDT');

    await app.page.goto('/trade-info?symbol=NOPEUSDT');
    await expect(app.page.getByText('NOPEUSDT is not a perpetual contract here.')).toBeVisible(SLOW);
    await app.close();
  });

  test('below 2.37.0 the calendar entry is an iCalendar file, as on the web; below 2.8.0 share copies the link', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '2.36.9' });
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.page.goto('/trade-info?symbol=BTCUSDT');
    await expect(app.page.getByTestId('funding-calendar')).toBeVisible(SLOW);
    const download = app.page.waitForEvent('download');
    await app.page.getByTestId('funding-calendar').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('funding.ics');
    const ics = readFileSync(await file.path(), 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('SUMMARY:BTC/USDT funding settlement\r\n');
    expect(ics).toMatch(/DTSTART:\d{8}T(00|08|16)0000Z\r\n/);
    expect(sent(app.traffic, 'addCalendarEvent')).toHaveLength(0);

    // 2.36.9 has share (2.8.0): the app's sheet gets the page.
    await app.page.getByTestId('app-share').click();
    await expect.poll(() => sent(app.traffic, 'share').length).toBe(1);
    const [share] = sent(app.traffic, 'share');
    expect(share.params).toMatchObject({ type: 'native', title: 'BTC/USDT', text: 'BTC/USDT on the exchange' });
    expect(String(share.params.url)).toContain('/trade-info?symbol=BTCUSDT');
    await app.close();

    const old = await openInApp(browser, baseURL ?? '', { platform: 'ios', version: '2.7.9' });
    await old.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await old.page.goto('/trade-info?symbol=BTCUSDT');
    await old.page.getByTestId('app-share').click();
    await expect(old.page.getByText('Link copied.')).toBeVisible(SLOW);
    expect(await old.page.evaluate(() => navigator.clipboard.readText())).toContain('/trade-info?symbol=BTCUSDT');
    expect(sent(old.traffic, 'share')).toHaveLength(0);
    await old.close();
  });

  test('back: at the webview’s first page the app closes it (popBack); after a step inside, the history goes back', async ({
    browser,
    baseURL,
  }) => {
    const app = await openInApp(browser, baseURL ?? '', { platform: 'ios', version: '1.2.51' });
    await app.page.goto('/trade-margin');
    await expect(app.page.getByRole('heading', { name: 'Margin trading' })).toBeVisible(SLOW);
    await app.page.getByRole('link', { name: 'Trade spot' }).click();
    await expect(app.page).toHaveURL(/\/trade-spot$/);
    await app.page.getByTestId('app-back').click();
    await expect(app.page).toHaveURL(/\/trade-margin$/);
    expect(sent(app.traffic, 'popBack')).toHaveLength(0);
    await app.page.getByTestId('app-back').click();
    await expect.poll(() => sent(app.traffic, 'popBack').length).toBe(1);
    await expect(app.page).toHaveURL(/\/trade-margin$/);
    await app.close();

    // Below 1.2.51 nothing is sent: the first page's back goes to the markets page, as on the web.
    const old = await openInApp(browser, baseURL ?? '', { platform: 'android', version: '1.2.50' });
    await old.page.goto('/trade-margin');
    await old.page.getByTestId('app-back').click();
    await expect(old.page).toHaveURL(/\/$/);
    expect(old.traffic).toEqual([]);
    await old.close();
  });

  test('/trade-asset: deposit and withdraw open the app’s screens, records open in a webview of their own (deep links)', async ({
    browser,
    baseURL,
  }) => {
    const app = await signedInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' });
    await app.page.goto('/trade-asset');
    await expect(app.page.getByTestId('asset-total')).toContainText('BTC', SLOW);
    await expect(app.page.getByTestId('asset-deposit')).toHaveAttribute(
      'href',
      'app://exchange/coin/recharge?coinName=USDT&coinId=2',
    );
    await expect(app.page.getByTestId('asset-withdraw')).toHaveAttribute('href', 'app://exchange/coin/withdraw');
    const records = await app.page.getByTestId('app-records').getAttribute('href');
    expect(records).toBe(`app://exchange/main/h5?url=${encodeURIComponent(new URL('/record/exchange', baseURL).href)}`);
    expect(await pageWidth(app.page)).toBeLessThanOrEqual(360);
    await app.close();
  });

  test('/trade-asset-order: the open orders of every symbol as cards, cancelled through the app', async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    const { email } = await registerFresh(page, request, 'app-orders-');
    // A resting spot bid, placed on the web: half the last price cannot fill.
    await page.goto('/spot/ETHUSDT');
    const screen = tradeScreen(page);
    await expect(screen.last).toHaveText(/\d/, SLOW);
    await expect(screen.available).toHaveText(/\d/, SLOW);
    const last = plainDecimal(await screen.last.textContent());
    await screen.radio('Limit').check();
    await screen.price.fill((Math.floor(Number(last) * 50) / 100).toFixed(2));
    await screen.amount.fill('0.01');
    await screen.form.getByRole('button', { name: 'Buy ETH' }).click();
    await page
      .getByRole('dialog', { name: 'Price far from the market' })
      .getByRole('button', { name: 'Place order' })
      .click();
    await expect(page.getByText('Order placed.')).toBeVisible(SLOW);

    const app = await signedInApp(browser, baseURL ?? '', { platform: 'android', version: '2.21.0' }, email);
    await app.page.goto('/trade-asset-order');
    const cards = app.page.getByTestId('app-orders-spot').locator('li');
    await expect(cards).toHaveCount(1, SLOW);
    await expect(cards.first()).toContainText('ETHUSDT');
    await expect(cards.first()).toContainText('Buy');
    await cards.first().getByRole('button', { name: 'Cancel the ETHUSDT order' }).click();
    await expect(app.page.getByText('Order cancelled.')).toBeVisible(SLOW);
    await expect(app.page.getByText('No open orders.')).toBeVisible(SLOW);
    const cancels = app.traffic.filter(
      (m) => m.method === 'request' && String(m.params.path).startsWith('/v1/trade/spot/cancel-order'),
    );
    expect(cancels).toHaveLength(1);
    await app.page.getByRole('tab', { name: 'Futures' }).click();
    await expect(app.page.getByText('No open orders.')).toBeVisible(SLOW);
    await app.close();
  });

  test('/download inside the app: the store page opens in the phone’s browser (openBrowser), per platform', async ({
    browser,
    baseURL,
  }) => {
    for (const [platform, store] of [
      ['android', 'https://play.google.com/store/apps'],
      ['ios', 'https://www.apple.com/app-store/'],
    ] as const) {
      const app = await openInApp(browser, baseURL ?? '', { platform, version: '1.2.51' });
      await app.page.goto('/download');
      await app.page.getByTestId('download-update').click();
      await expect.poll(() => sent(app.traffic, 'openBrowser').length).toBe(1);
      expect(sent(app.traffic, 'openBrowser')[0].params.url).toBe(store);
      await app.close();
    }
  });

  test('outside the app the same pages keep their web behaviour: web links, no bridge, signed-out orders page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/trade-asset-order');
    await expect(page.getByText('Sign in to see and cancel your open orders.')).toBeVisible(SLOW);
    await expect(page.getByTestId('app-records')).toHaveAttribute('href', '/record/exchange');
    await page.goto('/trade-swap?symbol=BTCUSDT');
    await expect(page.getByTestId('ticker-last')).toHaveText(/\d/, SLOW);
    // The funding countdown's calendar button downloads an iCalendar file on the web.
    const download = page.waitForEvent('download');
    await page.getByTestId('funding-calendar').click();
    expect((await download).suggestedFilename()).toBe('funding.ics');
    await page.goto('/trade-margin');
    await expect(page.getByRole('heading', { name: 'Margin trading' })).toBeVisible(SLOW);
  });
});
