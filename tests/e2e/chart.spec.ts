import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openTradeScreen, SLOW, watchPageErrors } from './trading-support';

type Lang = 'en' | 'de' | 'ar' | 'ja';
type Theme = 'light' | 'dark';

const SHOTS = '/tmp/shots-b';
mkdirSync(SHOTS, { recursive: true });

/** A text of the trading screen in a language, as the page shows it. */
function text(lang: Lang, key: string): string {
  const own = JSON.parse(readFileSync(`src/trade/messages/${lang}.json`, 'utf8')) as Record<string, string>;
  return own[key]!;
}

/** The chart panel's parts, found as a user finds them. */
function chartOf(page: Page) {
  const panel = page.locator('section.chart-panel');
  return {
    panel,
    canvas: panel.locator('.candle-chart__canvas'),
    interval: (label: string) => panel.getByRole('button', { name: label, exact: true }),
    figure: (name: string) => panel.locator(`.chart-legend [data-figure="${name}"]`),
  };
}

/** Opens a spot screen (or waits for the one just reloaded, without a path); on a phone, the chart's tab. */
async function openChart(page: Page, path: string | null, lang: Lang, isMobile: boolean) {
  if (path) await openTradeScreen(page, path, { signedIn: false });
  else await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'live', SLOW);
  if (isMobile) await page.getByRole('tab', { name: text(lang, 'trade.chart') }).click();
  const chart = chartOf(page);
  await expect(chart.canvas).toHaveAttribute('data-status', 'ready', SLOW);
  return chart;
}

async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => localStorage.setItem('global_theme', value), theme);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800, isMobile: false, theme: 'dark' as Theme },
  { name: 'mobile', width: 375, height: 812, isMobile: true, theme: 'light' as Theme },
]) {
  test.describe(`the chart (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 90_000 });

    test(`en ${viewport.theme}: 1W on BTCUSDT shows week candles; EMA on outlives a reload; ETHUSDT keeps its own interval`, async ({
      page,
    }) => {
      const errors = watchPageErrors(page);
      await useTheme(page, viewport.theme);
      let chart = await openChart(page, '/spot/BTCUSDT', 'en', viewport.isMobile);
      // A symbol never charted: 15 minutes.
      await expect(chart.interval('15m')).toHaveAttribute('aria-pressed', 'true');
      // Every interval from 1m to 1W is there, and on a phone they fit or scroll inside the panel.
      for (const label of ['1m', '5m', '15m', '1H', '4H', '1D', '1W'])
        await expect(chart.interval(label)).toBeAttached();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await chart.interval('1W').scrollIntoViewIfNeeded();
      await chart.interval('1W').click();
      await expect(chart.interval('1W')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/interval=candle1W/);
      // About 100 days of history: some 14 week candles, and the legend reads the newest.
      await expect
        .poll(async () => Number(await chart.canvas.getAttribute('data-bars')), SLOW)
        .toBeGreaterThanOrEqual(12);
      await expect.poll(async () => Number(await chart.canvas.getAttribute('data-bars'))).toBeLessThanOrEqual(16);
      await expect(chart.figure('close')).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
      await expect(chart.figure('volume')).toHaveText(/\d/);
      await expect(chart.figure('ema20')).toHaveCount(0);

      // The indicators menu, by keyboard: Tab to a box, Space ticks it, Escape closes and gives focus back.
      const menuButton = chart.panel.getByRole('button', { name: 'Indicators' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const ema = chart.panel.getByRole('checkbox', { name: 'Exponential moving average (EMA 20)' });
      await expect(chart.panel.getByRole('checkbox', { name: 'Volume' })).toBeChecked();
      await expect(ema).not.toBeChecked();
      await ema.focus();
      await page.keyboard.press('Space');
      await expect(ema).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(menuButton).toBeFocused();
      // The EMA is in the legend (a dash: 14 weeks are fewer than its 20 candles; on 1D it has a value, below).
      await expect(chart.panel.locator('.chart-legend')).toContainText('EMA(20)');
      await expect(chart.figure('ema20')).toHaveText('–');
      await shoot(page, `chart-en-${viewport.theme}-${viewport.width}`);

      // A reload keeps the week and the EMA.
      await page.reload();
      chart = await openChart(page, null, 'en', viewport.isMobile);
      await expect(chart.interval('1W')).toHaveAttribute('aria-pressed', 'true');
      await expect(chart.panel.locator('.chart-legend')).toContainText('EMA(20)');
      await menuButton.click();
      await expect(ema).toBeChecked();
      await menuButton.click();
      // On 1D the same symbol's EMA has enough candles for a value.
      await chart.interval('1D').click();
      await expect(chart.figure('ema20')).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/, SLOW);
      await chart.interval('1W').click();

      // Another symbol has its own interval: the default, then 1H, while BTCUSDT keeps 1W.
      chart = await openChart(page, '/spot/ETHUSDT', 'en', viewport.isMobile);
      await expect(chart.interval('15m')).toHaveAttribute('aria-pressed', 'true');
      await expect(chart.figure('ema20')).toHaveCount(0);
      await chart.interval('1H').click();
      await expect(chart.interval('1H')).toHaveAttribute('aria-pressed', 'true');
      chart = await openChart(page, '/spot/BTCUSDT', 'en', viewport.isMobile);
      await expect(chart.interval('1W')).toHaveAttribute('aria-pressed', 'true');
      await expect(chart.panel.locator('.chart-legend')).toContainText('EMA(20)');
      await expect.poll(async () => Number(await chart.canvas.getAttribute('data-bars')), SLOW).toBeGreaterThan(0);
      chart = await openChart(page, '/spot/ETHUSDT', 'en', viewport.isMobile);
      await expect(chart.interval('1H')).toHaveAttribute('aria-pressed', 'true');
      expect(errors).toEqual([]);
    });

    for (const [lang, theme, decimal] of [
      ['de', 'light', ','],
      ['ar', 'dark', '.'],
      ['ja', viewport.theme === 'dark' ? 'light' : 'dark', '.'],
    ] as const) {
      test(`${lang} ${theme}: hovering a candle shows its OHLC and change in the legend; volume is drawn`, async ({
        page,
      }) => {
        const errors = watchPageErrors(page);
        await useTheme(page, theme);
        const chart = await openChart(page, `/${lang}/spot/BTCUSDT?interval=candle1D`, lang, viewport.isMobile);
        await expect(chart.interval('1D')).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(async () => Number(await chart.canvas.getAttribute('data-bars')), SLOW).toBeGreaterThan(60);
        // The newest candle first, in the page's language: Latin digits, the locale's decimal mark.
        const number = decimal === ',' ? /^\d{1,3}(\.\d{3})*,\d+$/ : /^\d{1,3}(,\d{3})*\.\d+$/;
        await expect(chart.figure('open')).toHaveText(number);
        await expect(chart.figure('change')).toHaveText(/%/);
        await expect(chart.figure('volume')).toHaveText(/\d/);
        await expect(chart.panel.locator('.chart-legend')).toContainText(text(lang, 'chart.volume'));
        // MA(7) and MA(25) are on by default and have values on 1D; the EMA is off.
        await expect(chart.figure('ma7')).toHaveText(number);
        await expect(chart.figure('ma25')).toHaveText(number);
        await expect(chart.figure('ema20')).toHaveCount(0);
        const newest = await chart.figure('open').textContent();

        // Two candles under the pointer, far apart: each shows its own open, high, low and close.
        const box = (await chart.canvas.boundingBox())!;
        const seen = new Set<string>();
        for (const at of [0.25, 0.45]) {
          await page.mouse.move(box.x + box.width * at, box.y + box.height * 0.4);
          await expect(chart.figure('open')).not.toHaveText(newest ?? '');
          const figures = await Promise.all(['open', 'high', 'low', 'close'].map((f) => chart.figure(f).textContent()));
          for (const figure of figures) expect(figure).toMatch(number);
          seen.add(figures.join(' '));
        }
        expect(seen.size).toBe(2);
        await shoot(page, `chart-${lang}-${theme}-${viewport.width}-hover`);

        // Off the chart, the legend goes back to the newest candle.
        await page.mouse.move(box.x + box.width / 2, box.y - 40);
        await expect(chart.figure('open')).toHaveText(newest ?? '', SLOW);

        // The other theme, for the eye.
        const other = theme === 'dark' ? 'light' : 'dark';
        await page.evaluate((value) => localStorage.setItem('global_theme', value), other);
        await useTheme(page, other);
        await page.reload();
        await openChart(page, null, lang, viewport.isMobile);
        await expect(page.locator('html')).toHaveAttribute('data-theme', other);
        await shoot(page, `chart-${lang}-${other}-${viewport.width}`);
        expect(errors).toEqual([]);
      });
    }
  });
}
