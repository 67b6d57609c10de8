import { expect, type Locator, type Page, test } from '@playwright/test';
import { TITLE_PRICE_INTERVAL_MS, TITLE_PRICE_SLACK_MS } from '../../src/ui/page-title';
import { SLOW } from './trading-support';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };
const LANGUAGES = ['en', 'de', 'ar', 'ja', 'zh-CN'] as const;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 800 };

test.use({ viewport: DESKTOP });

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-user')).toBeVisible({ timeout: 20_000 });
}

/** Opens the markets page in a language and waits for the table and the header's tools. */
async function openMarkets(page: Page, lang: string): Promise<void> {
  await page.goto(`/${lang}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang.split('-')[0]}`));
  await expect(page.locator('tr[data-symbol="BTCUSDT"]')).toBeVisible();
  await expect(page.getByTestId('theme-select')).toBeAttached();
}

/** How many lines a piece of text takes: the distinct tops of its line boxes. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
    return new Set(tops).size;
  });
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: the page is wider than the screen`).toBeLessThanOrEqual(0);
}

async function expectNavOnOneLine(page: Page, what: string): Promise<void> {
  const links = page.locator('.app-header__nav a');
  // Markets, Spot, Futures, Assets.
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    expect(await linesOf(link), `${what}: "${await link.textContent()}" wraps`).toBe(1);
  }
}

/** The menu holds the nav links, language, theme and the account's items, inside the screen, on the button's side. */
async function expectPhoneMenu(page: Page, lang: string, isSignedIn: boolean, what: string): Promise<void> {
  const button = page.getByTestId('menu-button');
  const menu = page.getByTestId('header-menu');
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expectNavOnOneLine(page, what);
  await expect(menu.getByTestId('language-select')).toBeVisible();
  await expect(menu.getByTestId('theme-select')).toBeVisible();
  await expect(menu.getByTestId('currency-select')).toBeVisible();
  if (isSignedIn) {
    await expect(menu.getByTestId('signed-in-user')).toBeVisible();
    await expect(menu.getByTestId('security-link')).toBeVisible();
    // Sign out, the account's last item.
    await expect(menu.locator('.app-header__account > button').last()).toBeVisible();
  } else {
    await expect(menu.getByTestId('sign-in-link')).toBeVisible();
    // Sign up, a visitor's way to an account, is in the menu too, with a finger-sized target.
    const signUp = menu.getByTestId('sign-up-link');
    await expect(signUp).toBeVisible();
    await expect(signUp).toHaveAttribute('href', /\/register$/);
    expect((await signUp.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page, `${what}, menu open`);
  const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
  if (!buttonBox || !menuBox) throw new Error('menu or its button has no box');
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE.width);
  if (lang === 'ar') {
    // Right to left: the button is at the start (left) and the menu hangs from that side.
    expect(buttonBox.x + buttonBox.width).toBeLessThan(PHONE.width / 2);
    expect(menuBox.x).toBeLessThanOrEqual(buttonBox.x);
  } else {
    expect(buttonBox.x).toBeGreaterThan(PHONE.width / 2);
    expect(menuBox.x + menuBox.width).toBeGreaterThanOrEqual(buttonBox.x + buttonBox.width);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test.describe('the header on phones and in long languages', () => {
  for (const lang of LANGUAGES) {
    for (const isSignedIn of [true, false]) {
      test(`${lang}, ${isSignedIn ? 'signed in' : 'signed out'}: fits 375 and 1366 px in both themes, the menu works`, async ({
        page,
      }) => {
        test.setTimeout(90_000);
        if (isSignedIn) await signIn(page);
        else await page.goto('/');
        for (const theme of ['light', 'dark']) {
          await page.evaluate((value) => localStorage.setItem('global_theme', value), theme);
          for (const viewport of [PHONE, DESKTOP]) {
            const what = `${lang} ${theme} ${viewport.width} px`;
            await page.setViewportSize(viewport);
            await openMarkets(page, lang);
            await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
            await expectNoSidewaysScroll(page, what);
            if (viewport === PHONE) {
              await expect(page.locator('.app-header__nav')).toBeHidden();
              await expectPhoneMenu(page, lang, isSignedIn, what);
            } else {
              await expect(page.getByTestId('menu-button')).toBeHidden();
              await expectNavOnOneLine(page, what);
              const account = isSignedIn ? page.getByTestId('security-link') : page.getByTestId('sign-in-link');
              await expect(account).toBeVisible();
              // One row: the header is as tall as its controls, nothing wrapped below.
              expect((await page.locator('.app-header').boundingBox())?.height).toBeLessThan(60);
            }
          }
        }
        // A link in the menu navigates, and the menu folds away.
        await page.setViewportSize(PHONE);
        await openMarkets(page, lang);
        await page.getByTestId('menu-button').click();
        await page.locator('.app-header__nav a').nth(1).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/spot/BTCUSDT`));
        await expect(page.getByTestId('header-menu')).toBeHidden();
        await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');
        await expectNoSidewaysScroll(page, `${lang} spot page`);
      });
    }
  }

  test('signed in, the account menu lists the account’s pages; one followed navigates and folds the menu', async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1366, height: 800 });
    await openMarkets(page, 'en');
    const button = page.getByTestId('security-link');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('.account-menu__panel');
    for (const name of [
      'Account settings',
      'Transactions',
      'Spot orders',
      'Order history',
      'My VIP level',
      'Sub-accounts',
      'API keys',
      'Devices',
    ])
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible(SLOW);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await panel.getByRole('link', { name: 'Order history', exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(panel).toBeHidden();
    // The asset area leads to the records too.
    await page.goto('/asset');
    await page.getByRole('navigation', { name: 'Asset accounts' }).getByRole('link', { name: 'Records' }).click();
    await expect(page).toHaveURL(/\/transac$/);
  });

  test('just above the menu breakpoint (1200 px) the longest languages still fit on one row, signed in', async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1200, height: 800 });
    for (const lang of ['de', 'ru', 'fr']) {
      await openMarkets(page, lang);
      await expect(page.getByTestId('menu-button')).toBeHidden();
      await expect(page.getByTestId('security-link')).toBeVisible();
      await expectNoSidewaysScroll(page, `${lang} 1200 px`);
      await expectNavOnOneLine(page, `${lang} 1200 px`);
      expect((await page.locator('.app-header').boundingBox())?.height).toBeLessThan(60);
    }
  });

  test('the menu works from the keyboard: Enter opens, Tab enters it, Escape closes and focus returns', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openMarkets(page, 'en');
    const button = page.getByTestId('menu-button');
    await expect(button).toHaveAccessibleName('Menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('header-menu').getByRole('link', { name: 'Markets' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('header-menu')).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/spot\/BTCUSDT$/);
    await expect(page.getByTestId('header-menu')).toBeHidden();
  });

  test('a press outside the open menu closes it; Escape in a dialog opened from it closes only the dialog', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openMarkets(page, 'en');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('language-select').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('header-menu')).toBeVisible();
    // Below the menu, on the page.
    await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
    await expect(page.getByTestId('header-menu')).toBeHidden();
  });
});

const TITLES = {
  en: {
    markets: 'Markets | Exchange',
    spot: 'Spot',
    futures: 'USDT-M Futures',
    login: 'Sign in | Exchange',
    notFound: 'Page not found | Exchange',
  },
  ja: {
    markets: 'マーケット | 取引所',
    spot: '現物',
    futures: 'USDT-M先物',
    login: 'ログイン | 取引所',
    notFound: 'ページが見つかりません | 取引所',
  },
};

test.describe('the browser tab title', () => {
  for (const [lang, titles] of Object.entries(TITLES)) {
    test(`names the page, and the pair with its last price, in ${lang}`, async ({ page }) => {
      const prefix = lang === 'en' ? '' : `/${lang}`;
      await page.goto(`${prefix}/`);
      await expect(page).toHaveTitle(titles.markets);
      for (const [path, name] of [
        ['/spot/BTCUSDT', titles.spot],
        ['/futures/usdt/BTCUSDT', titles.futures],
      ]) {
        await page.goto(`${prefix}${path}`);
        // The last price as the page formats it in its locale: "BTCUSDT 67,158.09 | Spot".
        await expect(page).toHaveTitle(new RegExp(`^BTCUSDT \\d{1,3}(,\\d{3})*(\\.\\d+)? \\| ${name}$`));
        const last = (await page.getByTestId('ticker-last').textContent()) ?? '';
        expect(last).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
      }
      await page.goto(`${prefix}/login`);
      await expect(page).toHaveTitle(titles.login);
      await page.goto(`${prefix}/no/such/page`);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page).toHaveTitle(titles.notFound);
    });
  }

  test('the price in the title changes about once a second at most and follows the language', async ({ page }) => {
    await page.goto('/spot/BTCUSDT');
    await expect(page).toHaveTitle(/^BTCUSDT [\d,.]+ \| Spot$/);
    const changes = await page.evaluate(async () => {
      const times: number[] = [];
      // Only a change of the title's text counts: other nodes come and go in the head (preloaded chunks).
      let last = document.title;
      const observer = new MutationObserver(() => {
        if (document.title === last) return;
        last = document.title;
        times.push(performance.now());
      });
      observer.observe(document.head, { subtree: true, childList: true, characterData: true });
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      observer.disconnect();
      return times;
    });
    for (let i = 1; i < changes.length; i++)
      expect(changes[i] - changes[i - 1], 'two title changes within a second').toBeGreaterThanOrEqual(
        TITLE_PRICE_INTERVAL_MS - TITLE_PRICE_SLACK_MS - 10,
      );
    await page.getByTestId('language-select').click();
    await page.locator('[data-locale="de"]').click();
    await expect(page).toHaveURL(/\/de\/spot\/BTCUSDT/);
    // German groups thousands with a dot and writes decimals after a comma.
    await expect(page).toHaveTitle(/^BTCUSDT \d{1,3}(\.\d{3})*(,\d+)? \| Spot$/);
  });
});
