import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { registerFresh } from './support';
import { openTradeScreen, plainDecimal, SLOW, tradeScreen, watchPageErrors } from './trading-support';

type Lang = 'en' | 'de' | 'ja' | 'ar';
const TEXTS = Object.fromEntries(
  (['en', 'de', 'ja', 'ar'] as const).map((lang) => [
    lang,
    JSON.parse(readFileSync(`src/trade/messages/${lang}.json`, 'utf8')) as Record<string, string>,
  ]),
) as Record<Lang, Record<string, string>>;
const PREFIX: Record<Lang, string> = { en: '', de: '/de', ja: '/ja', ar: '/ar' };

/** A message of the page's language with its simple `{name}` arguments filled in. */
function text(lang: Lang, key: string, args: Record<string, string> = {}): string {
  const message = TEXTS[lang][key] ?? TEXTS.en[key]!;
  return message.replace(/\{(\w+)\}/g, (_, name: string) => args[name] ?? `{${name}}`);
}

async function replyOf<T>(page: Page, path: string, click: () => Promise<void>): Promise<T> {
  const response = page.waitForResponse((r) => r.url().includes(path) && r.request().method() === 'POST');
  await click();
  const body = await (await response).json();
  expect(body.code, `${path}: ${body.msg}`).toBe('00000');
  return body.data as T;
}

/** Opens a position from the (English) order form at market. */
async function openAtMarket(page: Page, side: 'Long' | 'Short', size: string, isolated = false) {
  const screen = tradeScreen(page);
  if (isolated) {
    // The form saves the margin mode first; the radio follows the saved setting.
    await screen.radio('Isolated').click();
    await expect(screen.radio('Isolated')).toBeChecked(SLOW);
  }
  await screen.radio(side).check();
  await screen.radio('Market').check();
  await screen.amount.fill(size);
  await replyOf(page, '/v1/trade/mix/place-order', () =>
    screen.form.getByRole('button', { name: side === 'Long' ? 'Buy / Long' : 'Sell / Short' }).click(),
  );
}

/** A figure as the page's language writes it ("61.110,7" in de) as a number. */
function figure(lang: Lang, shown: string | null): number {
  const plain = lang === 'de' ? (shown ?? '').replace(/\./g, '').replace(',', '.') : (shown ?? '');
  return Number(plainDecimal(plain));
}

/** A decimal typed as a person of that language would (a decimal comma in de). */
const typed = (lang: Lang, value: string) => (lang === 'de' ? value.replace('.', ',') : value);

/** The account panels in the page's language. */
function accountOf(page: Page, lang: Lang) {
  const account = page.getByRole('region', { name: text(lang, 'trade.acct.title') });
  const panel = account.getByRole('tabpanel');
  return { account, panel, row: panel.locator('tr[data-position-id="BTCUSDT:long"]') };
}

async function switchTo(page: Page, lang: Lang, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('global_theme', value), theme);
  await openTradeScreen(page, `${PREFIX[lang]}/futures/usdt/BTCUSDT`, { signedIn: false });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots-c/${name}.png` });
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800, cross: ['en', 'light'], isolated: ['ja', 'dark'] },
  { name: 'mobile', width: 375, height: 812, cross: ['de', 'dark'], isolated: ['ar', 'light'] },
] as const) {
  test.describe(`managing positions (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    // Registration is checked on a desktop header (the phone's keeps the name in its menu); then the phone's size.
    test.use({ viewport: { width: 1366, height: 800 } });
    test.describe.configure({ timeout: 120_000 });

    test(`cross: a liquidation price, TP/SL, a limit half close, a market close, then the history (${viewport.cross.join(' ')})`, async ({
      page,
      request,
    }) => {
      const [lang, theme] = viewport.cross;
      const errors = watchPageErrors(page);
      await registerFresh(page, request, 'pos-e2e-');
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openTradeScreen(page, '/futures/usdt/BTCUSDT');
      await openAtMarket(page, 'Long', '0.5000');
      await switchTo(page, lang, theme);
      const screen = accountOf(page, lang);
      const row = screen.row;
      await expect(row).toHaveCount(1, SLOW);
      await row.scrollIntoViewIfNeeded();
      // A cross long of 0.5 BTC on a 10,000 USDT wallet has a liquidation price: a number, not `--`.
      const liq = row.locator('[data-cell="liquidation"]');
      await expect(liq).toHaveText(/\d/, SLOW);
      const mark = figure(lang, await row.locator('[data-cell="mark"]').textContent());
      expect(mark).toBeGreaterThan(0);
      expect(figure(lang, await liq.textContent())).toBeLessThan(mark);

      const side = text(lang, 'trade.acct.long');
      await row.getByRole('button', { name: text(lang, 'trade.pos.tpslNamed', { side, symbol: 'BTCUSDT' }) }).click();
      const tpsl = page.getByRole('dialog', { name: text(lang, 'trade.pos.tpslTitle') });
      const tp = (Math.round(mark * 1.2 * 10) / 10).toFixed(1);
      const sl = (Math.round(mark * 0.9 * 10) / 10).toFixed(1);
      await tpsl.getByLabel(text(lang, 'trade.pos.takeProfit')).fill(typed(lang, tp));
      await tpsl.getByLabel(text(lang, 'trade.pos.stopLoss')).fill(typed(lang, sl));
      await shot(page, `tpsl-${viewport.name}-${lang}-${theme}`);
      await replyOf(page, '/v1/trade/mix/place-pos-tpsl', () =>
        tpsl.getByRole('button', { name: text(lang, 'trade.pos.save') }).click(),
      );
      await expect(tpsl).toHaveCount(0);
      // Shown grouped as the language groups figures ("96,000.0 / 72,000.0" in English): read back as numbers.
      await expect
        .poll(async () => {
          const shown = (await row.locator('[data-cell="tpsl"] bdi').textContent()) ?? '';
          // Until the refreshed position arrives the cell reads "-- / --": no number yet, so keep polling.
          return shown.split(' / ').map((part) => (/\d/.test(part) ? figure(lang, part) : null));
        }, SLOW)
        .toEqual([Number(tp), Number(sl)]);

      // Close half by limit, far above the market so it rests: it shows in the open orders.
      const closeName = text(lang, 'trade.acct.closeNamed', { side, symbol: 'BTCUSDT' });
      await row.getByRole('button', { name: closeName, exact: true }).click();
      const close = page.getByRole('dialog', { name: text(lang, 'trade.acct.closeTitle') });
      await close.getByRole('button', { name: text(lang, 'trade.form.limit') }).click();
      await close
        .getByLabel(text(lang, 'trade.form.price'), { exact: true })
        .fill(typed(lang, (mark * 1.04).toFixed(1)));
      const amount = close.getByLabel(`${text(lang, 'trade.form.amount')} (BTC)`);
      await amount.fill(typed(lang, '0.6'));
      await close.getByRole('button', { name: text(lang, 'trade.pos.closeLimitConfirm') }).click();
      // More than the position is refused in the dialog, with what was typed kept.
      await expect(close.getByText(text(lang, 'trade.pos.closeTooBig', { size: '0.5000', coin: 'BTC' }))).toBeVisible();
      await amount.fill(typed(lang, '0.25'));
      await shot(page, `close-limit-${viewport.name}-${lang}-${theme}`);
      const order = await replyOf<{ orderType: string; reduceOnly: string; status: string }>(
        page,
        '/v1/trade/mix/place-order',
        () => close.getByRole('button', { name: text(lang, 'trade.pos.closeLimitConfirm') }).click(),
      );
      expect(order).toMatchObject({ orderType: 'limit', reduceOnly: 'YES', status: 'live' });
      await screen.account.getByRole('tab', { name: new RegExp(`^${text(lang, 'trade.acct.openOrders')}`) }).click();
      await expect(screen.panel.locator('tbody tr')).toHaveCount(1, SLOW);

      await screen.account.getByRole('tab', { name: text(lang, 'trade.acct.positions') }).click();
      await row.getByRole('button', { name: closeName, exact: true }).click();
      await replyOf(page, '/v1/trade/mix/close-position', () =>
        close.getByRole('button', { name: text(lang, 'trade.acct.closeConfirm') }).click(),
      );
      await expect(row).toHaveCount(0, SLOW);

      await screen.account.getByRole('tab', { name: text(lang, 'trade.pos.history') }).click();
      const closed = screen.panel.locator('tr[data-position-id]');
      await expect(closed).toHaveCount(1, SLOW);
      await expect(closed.getByRole('rowheader')).toContainText('BTCUSDT');
      await expect(closed.locator('[data-cell="pnl"]')).toHaveText(/\d/);
      await expect(closed.locator('[data-cell="fees"]')).toHaveText(/[1-9]/);
      await shot(page, `history-${viewport.name}-${lang}-${theme}`);
      expect(errors).toEqual([]);
    });

    test(`isolated: margin in and out moves the liquidation price, then Close all (${viewport.isolated.join(' ')})`, async ({
      page,
      request,
    }) => {
      const [lang, theme] = viewport.isolated;
      const errors = watchPageErrors(page);
      await registerFresh(page, request, 'pos-e2e-');
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openTradeScreen(page, '/futures/usdt/BTCUSDT');
      await openAtMarket(page, 'Long', '0.1000', true);
      await switchTo(page, lang, theme);
      const screen = accountOf(page, lang);
      const row = screen.row;
      await expect(row).toHaveCount(1, SLOW);
      await row.scrollIntoViewIfNeeded();
      const liq = row.locator('[data-cell="liquidation"]');
      await expect(liq).toHaveText(/\d/, SLOW);
      const before = figure(lang, await liq.textContent());

      const side = text(lang, 'trade.acct.long');
      const marginButton = row.getByRole('button', {
        name: text(lang, 'trade.pos.marginNamed', { side, symbol: 'BTCUSDT' }),
      });
      await marginButton.click();
      const dialog = page.getByRole('dialog', { name: text(lang, 'trade.pos.marginTitle') });
      // 2,000 in, so that taking 100 out below stays within the initial margin whatever the market does meanwhile: the
      // limit counts the unrealised loss at the mark, and other tests' market orders on this book can open the
      // position well above the mark.
      await dialog.getByLabel(text(lang, 'trade.pos.amountUsdt')).fill('2000');
      // The maths worker previews the new liquidation price: further from the mark for a long.
      await expect(dialog.locator('[data-figure="liq-after"]')).toHaveText(/\d/, SLOW);
      const preview = figure(lang, await dialog.locator('[data-figure="liq-after"]').textContent());
      expect(preview).toBeLessThan(before);
      await shot(page, `margin-${viewport.name}-${lang}-${theme}`);
      await replyOf(page, '/v1/trade/mix/set-margin', () =>
        dialog.getByRole('button', { name: text(lang, 'trade.pos.save') }).click(),
      );
      // The row's price (from the gateway's new margin) is the one the dialog previewed.
      await expect.poll(async () => figure(lang, await liq.textContent()), SLOW).toBe(preview);

      // Taking out more than was added is refused with the localized reason; 100 is fine.
      await marginButton.click();
      await dialog.getByRole('button', { name: text(lang, 'trade.pos.reduce') }).click();
      const amount = dialog.getByLabel(text(lang, 'trade.pos.amountUsdt'));
      await amount.fill('100000');
      await dialog.getByRole('button', { name: text(lang, 'trade.pos.save') }).click();
      await expect(dialog.getByRole('alert')).toBeVisible(SLOW);
      await expect(amount).toHaveValue('100000');
      await amount.fill('100');
      await replyOf(page, '/v1/trade/mix/set-margin', () =>
        dialog.getByRole('button', { name: text(lang, 'trade.pos.save') }).click(),
      );
      await expect(dialog).toHaveCount(0);

      // A second position, on ETHUSDT, then Close all leaves none.
      await openTradeScreen(page, '/futures/usdt/ETHUSDT');
      await openAtMarket(page, 'Short', '0.10');
      await switchTo(page, lang, theme);
      await expect(screen.panel.locator('tr[data-position-id]')).toHaveCount(2, SLOW);
      await screen.panel.getByRole('button', { name: text(lang, 'trade.pos.closeAll') }).click();
      const confirm = page.getByRole('dialog', { name: text(lang, 'trade.pos.closeAllTitle') });
      await shot(page, `close-all-${viewport.name}-${lang}-${theme}`);
      const result = await replyOf<{ successList: unknown[]; failureList: unknown[] }>(
        page,
        '/v1/trade/mix/close-all-positions',
        () => confirm.getByRole('button', { name: text(lang, 'trade.pos.closeAllConfirm') }).click(),
      );
      expect(result.successList).toHaveLength(2);
      await expect(screen.panel.locator('tr[data-position-id]')).toHaveCount(0, SLOW);
      await screen.account.getByRole('tab', { name: text(lang, 'trade.pos.history') }).click();
      await expect(screen.panel.locator('tr[data-position-id]')).toHaveCount(2, SLOW);
      expect(errors).toEqual([]);
    });
  });
}
