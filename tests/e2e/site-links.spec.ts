import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh } from './support';

const SLOW = { timeout: 20_000 };

/** The app's route patterns, from the build ("/spot/$symbol"). */
const ROUTES = JSON.parse(readFileSync(`${process.env.E2E_DIST_DIR ?? 'dist'}/routes.json`, 'utf8')) as string[];

/**
 * Routes that are not pages a visitor browses to, each with why: the app's own webview pages (its navigation reaches
 * them), a provider's return address, and a sub-account's settings (a link of the sub-account list, once there is one).
 */
const NOT_BROWSED: Readonly<Record<string, string>> = {
  '/trade-asset': 'the app webview',
  '/trade-asset-order': 'the app webview',
  '/trade-info': 'the app webview',
  '/trade-margin': 'the app webview',
  '/trade-spot': 'the app webview',
  '/trade-swap': 'the app webview',
  '/login/oauth/$provider': "an OpenID provider's return",
  '/subaccount/setting': 'a link of each sub-account',
  '/subaccount/setting/antiphishing': "a link of a sub-account's settings",
};

/** The route pattern a same-origin path belongs to (language prefix dropped), or null. */
function routeOf(pathname: string): string | null {
  const path = pathname.replace(/^\/(?:[a-z]{2}(?:-[A-Z]{2})?)(?=\/|$)/, '') || '/';
  const exact = ROUTES.find((route) => route === path);
  if (exact) return exact;
  return (
    ROUTES.find((route) => {
      if (!route.includes('$')) return false;
      const pattern = new RegExp(`^${route.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`);
      return pattern.test(path);
    }) ?? null
  );
}

/** Follows the links of the site from `/`, one page per route, and returns the routes it reached. */
async function crawl(page: Page, { signedIn }: { signedIn: boolean }): Promise<Set<string>> {
  const reached = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    await page.goto(path);
    await expect(page.locator('#main')).toBeVisible(SLOW);
    // The footer comes once the page has shown its figures: its links are then all there.
    await expect(page.getByTestId('site-footer')).toBeVisible(SLOW);
    // The header knows who is signed in (until then it offers Sign in to everyone).
    await expect(page.getByTestId(signedIn ? 'signed-in-user' : 'sign-in-link')).toBeVisible(SLOW);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue;
      const route = routeOf(url.pathname);
      if (!route || reached.has(route)) continue;
      reached.add(route);
      queue.push(`${url.pathname}${url.search}`);
    }
  }
  return reached;
}

/** The pages with a screen (the asset index `/asset/` is `/asset`) that a crawl did not reach, sorted. */
const missedBy = (reached: Set<string>) =>
  ROUTES.filter((route) => !(route in NOT_BROWSED) && route !== '/asset/' && !reached.has(route)).sort();

/** Pages only a signed-in account's own pages lead to (its deposit and withdraw buttons, its security settings). */
const ACCOUNT_ONLY = ['/asset/address', '/asset/deposit', '/asset/withdraw', '/modifyverification'];
/** Pages only a visitor is led to (a signed-in header offers no sign-in). */
const VISITOR_ONLY = ['/forgot-password', '/login', '/register'];

// Between them the two crawls reach every page that has a screen: what one leaves out, the other reaches.
test.describe('finding your way around', () => {
  test('signed out, links from / reach every page but those of an account', async ({ page }) => {
    test.setTimeout(180_000);
    const reached = await crawl(page, { signedIn: false });
    expect(missedBy(reached)).toEqual([...ACCOUNT_ONLY].sort());
  });

  test("signed in, links from / reach every page but the visitor's", async ({ page, request }) => {
    test.setTimeout(180_000);
    await registerFresh(page, request, 'e2e-links-');
    const reached = await crawl(page, { signedIn: true });
    expect(missedBy(reached)).toEqual([...VISITOR_ONLY].sort());
  });
});
