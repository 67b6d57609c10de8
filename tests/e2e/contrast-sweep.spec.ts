import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerFresh, seriousA11yViolations } from './support';
import { SLOW, tradeLikeATrader } from './trading-support';

/** A route pattern of the app as a page to open: a pair or contract for a symbol, nothing for the rest. */
function pageOf(route: string): string | null {
  if (route === '/spot/$symbol') return '/spot/BTCUSDT';
  if (route === '/futures/usdt/$symbol') return '/futures/usdt/BTCUSDT';
  return route.includes('$') ? null : route;
}

/** Every page of the app (the build's route list). */
function everyPage(): string[] {
  const routes = JSON.parse(readFileSync(`${process.env.E2E_DIST_DIR ?? 'dist'}/routes.json`, 'utf8')) as string[];
  return [...new Set(routes.map(pageOf).filter((path): path is string => path !== null))];
}

test.describe('contrast and accessibility of every page', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on any page, signed in with orders and positions: ${theme}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(300_000);
      // axe injects its own script, which the page's strict CSP would rightly refuse.
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 800 } });
      await context.addInitScript((t) => localStorage.setItem('global_theme', t), theme);
      const page = await context.newPage();
      try {
        await registerFresh(page, request, `axe-${theme}-`);
        await tradeLikeATrader(page);
        const found: string[] = [];
        for (const path of everyPage()) {
          await page.goto(path);
          await expect(page.locator('#main')).toBeVisible(SLOW);
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, SLOW);
          for (const violation of await seriousA11yViolations(page)) found.push(`${path}: ${violation}`);
        }
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
