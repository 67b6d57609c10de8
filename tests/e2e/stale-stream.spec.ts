import { expect, type Page, test } from '@playwright/test';
import type { FeedCounters } from '../../engine/market/trade-frame';
import { bookTop, openTradeScreen, SLOW, watchPageErrors } from './trading-support';

/** How long the gateway keeps its sockets open and silent. */
const SILENCE_MS = 8000;
/** The promise to a trader: stale data is flagged, and the market is back, each within this long. */
const WITHIN_MS = 5000;

declare global {
  interface Window {
    __paintLatency?: number[];
    __feedCounters?: FeedCounters | null;
  }
}

/** The feed's counters the page keeps for tests once opted in (`window.__paintLatency`, as the bench does). */
async function counters(page: Page): Promise<FeedCounters> {
  const read = await page.evaluate(() => (window.__feedCounters ? { ...window.__feedCounters } : null));
  if (!read) throw new Error('the page keeps no feed counters');
  return read;
}

test.describe('a silent market stream', () => {
  // The silence holds every socket of the gateway: these tests must not overlap each other.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  for (const device of [
    { name: 'desktop', width: 1366, height: 800, mobile: false },
    { name: 'mobile', width: 375, height: 812, mobile: true },
  ]) {
    test(`on ${device.name}: is flagged within 5 s (banner, greyed book, tape and ticker), and live again within 5 s of the stream resuming`, async ({
      page,
      request,
    }) => {
      const errors = watchPageErrors(page);
      await page.setViewportSize({ width: device.width, height: device.height });
      await page.addInitScript('window.__paintLatency = [];');
      const screen = await openTradeScreen(page, '/futures/usdt/BTCUSDT', { signedIn: false });
      const bookPanel = page.getByTestId('book-panel');
      const tapePanel = page.getByTestId('tape-panel');
      const ticker = page.getByTestId('ticker');
      await expect(bookPanel).toHaveAttribute('data-state', 'live');
      await expect(ticker).toHaveAttribute('data-state', 'live');
      await expect.poll(async () => (await counters(page)).bookUpdates, SLOW).toBeGreaterThan(0);
      const before = await counters(page);

      const silencedAt = Date.now();
      const silence = await request.post('/__faults/stream-silence', { data: { ms: SILENCE_MS } });
      expect(silence.ok()).toBe(true);
      const resumesAt = silencedAt + SILENCE_MS;

      // Within 5 s of the silence: the banner says the data stopped (or that the connection is being re-made) …
      await expect(screen.connection).toHaveAttribute('data-state', /^(stale|reconnecting)$/, { timeout: WITHIN_MS });
      const flaggedAfter = Date.now() - silencedAt;
      test.info().annotations.push({ type: 'flagged after (ms)', description: String(flaggedAfter) });
      expect(flaggedAfter).toBeLessThanOrEqual(WITHIN_MS + 500);
      await expect(screen.connection).toHaveText(
        /Market data has stopped arriving. Prices shown may be out of date. Checking the connection…|Connection lost. Reconnecting…/,
      );
      // … the book and the ticker are greyed and marked, and nothing is left looking live.
      await expect(bookPanel).toHaveAttribute('data-state', 'stale');
      await expect(ticker).toHaveAttribute('data-state', 'stale');
      await expect(bookPanel.getByText('Not live')).toBeVisible();
      if (device.mobile) await page.getByRole('tab', { name: 'Market trades' }).click();
      await expect(tapePanel).toHaveAttribute('data-state', 'stale');
      await expect(tapePanel.getByText('Not live')).toBeVisible();
      // The tape's canvas, painted by the market worker, is drawn greyed with its panel (after its 0.2 s fade).
      const tapeOpacity = () =>
        page.getByTestId('trades-tape').evaluate((body) => Number(getComputedStyle(body).opacity));
      await expect.poll(tapeOpacity, { timeout: 2000 }).toBeLessThan(0.6);
      const tapeLook = await page.getByTestId('trades-tape').evaluate((body) => {
        const style = getComputedStyle(body);
        return {
          opacity: Number(style.opacity),
          filter: style.filter,
          canvases: body.querySelectorAll('canvas').length,
        };
      });
      expect(tapeLook.canvases).toBe(1);
      expect(tapeLook.opacity).toBeLessThan(0.6);
      expect(tapeLook.filter).toContain('grayscale(1)');
      expect(Date.now()).toBeLessThan(resumesAt);
      // While the gateway is silent the screen never claims to be live.
      while (Date.now() < resumesAt - 300) {
        await expect(screen.connection).not.toHaveAttribute('data-state', 'live', { timeout: 100 });
        await expect(tapePanel).toHaveAttribute('data-state', 'stale', { timeout: 100 });
        await page.waitForTimeout(250);
      }
      if (device.mobile) await page.getByRole('tab', { name: 'Order book' }).click();

      // Within 5 s of the stream resuming: live again, on a fresh snapshot whose checksums all held.
      await page.waitForTimeout(Math.max(0, resumesAt - Date.now()));
      await expect(screen.connection).toHaveAttribute('data-state', 'live', { timeout: WITHIN_MS });
      const liveAfter = Date.now() - resumesAt;
      test.info().annotations.push({ type: 'live again after (ms)', description: String(liveAfter) });
      expect(liveAfter).toBeLessThanOrEqual(WITHIN_MS + 500);
      await expect(screen.connection).toHaveText('');
      await expect(bookPanel).toHaveAttribute('data-state', 'live');
      await expect(ticker).toHaveAttribute('data-state', 'live');
      await expect(screen.book).toBeVisible();
      await expect(screen.book).toHaveAttribute('data-status', 'live');
      await expect(bookPanel.getByText('Not live')).toHaveCount(0);
      const top = await bookTop(page);
      expect(top.bids).toBeGreaterThan(0);
      expect(top.asks).toBeGreaterThan(0);
      expect(top.bestBid).toBeLessThan(top.bestAsk);
      // The book moves again, proven update by update.
      await expect
        .poll(async () => (await counters(page)).bookUpdates, { timeout: WITHIN_MS })
        .toBeGreaterThan((await counters(page)).bookUpdates);
      const after = await counters(page);
      expect(after.checksumMismatches - before.checksumMismatches).toBe(0);
      expect(after.resyncs).toBeGreaterThan(before.resyncs);
      expect(errors).toEqual([]);
    });
  }
});
