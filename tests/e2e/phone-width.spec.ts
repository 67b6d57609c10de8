import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh } from './support';
import { SLOW, tradeLikeATrader } from './trading-support';

/** The widths of the phones people use, narrowest first. */
const PHONE_WIDTHS = [360, 375, 414] as const;

/** A route pattern of the app as a page to open: a pair or contract for a symbol, nothing for the rest. */
function pageOf(route: string): string | null {
  if (route === '/spot/$symbol') return '/spot/BTCUSDT';
  if (route === '/futures/usdt/$symbol') return '/futures/usdt/BTCUSDT';
  // An announcement's page needs an id, an OpenID return a provider's reply: neither is a page to land on.
  return route.includes('$') ? null : route;
}

/** Every page of the app (the build's route list), each in one of the three languages, in turn. */
function pagesToVisit(): string[] {
  const routes = JSON.parse(readFileSync(`${process.env.E2E_DIST_DIR ?? 'dist'}/routes.json`, 'utf8')) as string[];
  const pages = [...new Set(routes.map(pageOf).filter((path): path is string => path !== null))];
  const prefixes = ['', '/ja', '/ar'];
  return pages.map((path, index) => `${prefixes[index % prefixes.length]}${path === '/' ? '/' : path}`);
}

/** How far the page sticks out sideways at each phone width (0 when it fits), measured on one load. */
async function overflowAtPhoneWidths(page: Page): Promise<Record<number, number>> {
  const overflow: Record<number, number> = {};
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    // Two frames: the resize is laid out before the measure.
    overflow[width] = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)),
          ),
        ),
    );
  }
  return overflow;
}

test.describe('pages at phone widths', () => {
  test('no page scrolls sideways at 360, 375 or 414 px, signed in with open orders, a position and a long name', async ({
    page,
    request,
  }) => {
    // One load per page of the app (about forty), each measured at the three widths.
    test.setTimeout(240_000);
    await registerFresh(page, request, 'e2e-a-trader-with-a-rather-long-address-');
    await tradeLikeATrader(page);

    // The trading screens with the open order in view: its row is where the page once grew to ~650 px.
    for (const [path, openOrders] of [
      ['/ja/spot/BTCUSDT', '未約定注文 (1)'],
      ['/ar/futures/usdt/BTCUSDT', 'الأوامر المفتوحة (1)'],
    ]) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      const tab = page.getByRole('tab', { name: openOrders, exact: true });
      await expect(tab).toBeVisible(SLOW);
      await tab.click();
      await expect(page.locator('tr[data-order-id]').first()).toBeVisible(SLOW);
      expect(await overflowAtPhoneWidths(page), `${path} with an open order`).toEqual({ 360: 0, 375: 0, 414: 0 });
    }

    const wide: string[] = [];
    for (const path of pagesToVisit()) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible(SLOW);
      // Loaded: nothing is still being fetched for the first screen.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, SLOW);
      const overflow = await overflowAtPhoneWidths(page);
      for (const [width, px] of Object.entries(overflow)) if (px > 0) wide.push(`${path} at ${width} px: +${px} px`);
    }
    expect(wide).toEqual([]);
  });
});
