import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };
// "At once": well under what a refresh on the next page change would take, with room for a slow shared machine.
const AT_ONCE = { timeout: 2_000 };

/** Signs in on `page` and answers the code of the gateway's reply to the login request itself. */
async function signIn(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  const login = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1/user/login',
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const { code } = await (await login).json();
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  return code;
}

const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in' });
const signedInUser = (page: Page) => page.getByRole('banner').getByTestId('signed-in-user');

/** Marks the page's document, so a test can tell later that the page was never reloaded. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

function watchPageErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/**
 * Ends the session behind `context`'s cookie on the gateway while the context keeps the cookie: another browser
 * holding that cookie signs in, and the gateway replaces (ends) the session the sign-in request carried.
 */
async function endSessionElsewhere(browser: Browser, context: BrowserContext): Promise<void> {
  const sid = (await context.cookies()).find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('the signed-in context holds no sid cookie');
  const elsewhere = await browser.newContext();
  try {
    await elsewhere.addCookies([sid]);
    // The page may show the cookie's user before its own login is answered; only that answer ends the old session.
    expect(await signIn(await elsewhere.newPage())).toBe('00000');
  } finally {
    await elsewhere.close();
  }
}

test.describe('sign-in state across the tabs of one browser', () => {
  test('a login-expired reply in one tab shows every open tab signed out at once, without a reload', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const tabA = await context.newPage();
      const tabB = await context.newPage();
      const errorsA = watchPageErrors(tabA);
      const errorsB = watchPageErrors(tabB);
      await signIn(tabA);
      await tabB.goto('/');
      await expect(signedInUser(tabB)).toBeVisible();
      const sameA = await markDocument(tabA);
      const sameB = await markDocument(tabB);

      // The tabs' next /v1 request carries the ended session's cookie, so the gateway answers it 20906: a background
      // read of either tab may be first, or the account list tab A asks for here.
      const codes: string[] = [];
      context.on('response', (response) => {
        if (!new URL(response.url()).pathname.startsWith('/v1/')) return;
        void response
          .json()
          .then((body: { code?: string }) => codes.push(String(body.code)))
          .catch(() => undefined);
      });
      await endSessionElsewhere(browser, context);
      // (A background reply first signs both tabs out, and the switcher is gone before this click.)
      await tabA
        .getByTestId('account-switcher')
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await expect.poll(() => codes).toContain('20906');

      await expect(signInLink(tabA)).toBeVisible(AT_ONCE);
      await expect(signInLink(tabB)).toBeVisible(AT_ONCE);
      await expect(signedInUser(tabB)).toHaveCount(0);
      expect(await sameA()).toBe(true);
      expect(await sameB()).toBe(true);
      expect([...errorsA, ...errorsB]).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('signing in and signing out in one tab show in the other at once, without a reload', async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const tabA = await context.newPage();
      const tabB = await context.newPage();
      const errorsA = watchPageErrors(tabA);
      const errorsB = watchPageErrors(tabB);
      await tabB.goto('/');
      await expect(signInLink(tabB)).toBeVisible();
      const sameB = await markDocument(tabB);

      await signIn(tabA);
      // Tab B asks the gateway who is signed in (a signed request), so it gets more than the sign-out's two seconds.
      await expect(signedInUser(tabB)).toBeVisible({ timeout: 7_000 });

      await tabA.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await expect(signInLink(tabA)).toBeVisible();
      await expect(signInLink(tabB)).toBeVisible(AT_ONCE);
      expect(await sameB()).toBe(true);
      expect([...errorsA, ...errorsB]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
