import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_STYLE } from '../../../../gateway/http/first-paint-style';
import { firstPaintOf } from '../../../../gateway/static/first-paint';
import { makeTestApp, type TestApp, tempDir } from '../support';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"><div class="boot-shell"></div></div></body></html>';
const ROUTES = ['/', '/trade-spot', '/trade-swap', '/markets'];

let dist: ReturnType<typeof tempDir>;
let t: TestApp;
beforeEach(() => {
  dist = tempDir('gateway-first-paint-');
  writeFileSync(join(dist.path, 'index.html'), INDEX);
  writeFileSync(join(dist.path, 'routes.json'), JSON.stringify(ROUTES));
  t = makeTestApp({ distDir: dist.path });
});
afterEach(() => {
  t.close();
  dist.remove();
});

const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { accept: 'text/html', ...headers } });

/** The first paint's element as sent: its attributes and its rows' texts. */
function paintOf(html: string) {
  const element = /<div id="first-paint"[^>]*data-market="(\w+)" data-symbol="(\w+)">/.exec(html);
  const rows = [...html.matchAll(/<div class="first-paint__row">(.*?)<\/div>/g)].map((m) =>
    (m[1] ?? '').replace(/<[^>]+>/g, ''),
  );
  const last = /<span class="first-paint__last[^"]*">([^<]+)<\/span>/.exec(html)?.[1];
  return { market: element?.[1], symbol: element?.[2], rows, last };
}

describe('the in-app trading pages’ first paint', () => {
  it('writes the pair, its last price and ten levels a side of its book before the app’s mount point', async () => {
    const response = await page('/trade-spot?symbol=ethusdt');
    const html = await response.text();
    const paint = paintOf(html);
    expect(paint).toMatchObject({ market: 'spot', symbol: 'ETHUSDT' });
    expect(paint.rows).toHaveLength(20);
    // Price, amount and running total, grouped as the English page groups them.
    for (const row of paint.rows) expect(row).toMatch(/^[\d,]+\.\d+ [\d,]+\.\d+ [\d,]+\.\d+$/);
    const ticker = t.simulator.getTicker('SPOT', 'ETHUSDT');
    expect(paint.last?.replaceAll(',', '')).toBe(Number(ticker?.lastPr).toFixed(2));
    expect(html.indexOf('id="first-paint"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain(`<style>${FIRST_PAINT_STYLE}</style></head>`);
  });

  it('adds up the totals from the best level out, on both sides', async () => {
    const paint = paintOf(await (await page('/trade-spot')).text());
    const total = (row: string) => Number(row.split(' ')[2]?.replaceAll(',', ''));
    const asks = paint.rows.slice(0, 10);
    const bids = paint.rows.slice(10);
    // Asks are written best last (nearest the middle), so their totals fall downwards; bids' rise.
    for (let i = 1; i < 10; i += 1) {
      expect(total(asks[i - 1] ?? '')).toBeGreaterThan(total(asks[i] ?? ''));
      expect(total(bids[i] ?? '')).toBeGreaterThan(total(bids[i - 1] ?? ''));
    }
  });

  it('opens the default pair without a symbol or with a malformed one, and the perpetual on /trade-swap', async () => {
    expect(paintOf(await (await page('/trade-spot')).text()).symbol).toBe('BTCUSDT');
    expect(paintOf(await (await page('/trade-spot?symbol=%3Cscript%3E')).text()).symbol).toBe('BTCUSDT');
    expect(paintOf(await (await page('/ja/trade-swap?symbol=ETHUSDT')).text())).toMatchObject({
      market: 'futures',
      symbol: 'ETHUSDT',
    });
  });

  it('formats for the page’s language: its prefix, else its cookie, else the browser’s', async () => {
    const german = /^\d\.\d{3},\d{2}$/;
    expect(paintOf(await (await page('/de/trade-spot?symbol=ETHUSDT')).text()).last).toMatch(german);
    expect(paintOf(await (await page('/trade-spot?symbol=ETHUSDT', { cookie: 'language=de' })).text()).last).toMatch(
      german,
    );
    const browser = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    expect(paintOf(await (await page('/trade-spot?symbol=ETHUSDT', browser)).text()).last).toMatch(german);
    expect(paintOf(await (await page('/trade-spot?symbol=ETHUSDT')).text()).last).toMatch(/^\d,\d{3}\.\d{2}$/);
  });

  it('is never stored and never answered 304, while other pages revalidate as before', async () => {
    const first = await page('/trade-spot');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const etag = first.headers.get('etag') ?? '';
    t.simulator.step(Date.now() + 60_000);
    const again = await page('/trade-spot', { 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('id="first-paint"');
    const markets = await page('/markets');
    expect(markets.headers.get('cache-control')).toBe('no-cache');
    expect(await markets.text()).toBe(INDEX);
  });

  it('leaves every other page, an unknown pair and a page no route matches as built', async () => {
    for (const path of ['/', '/markets', '/spot/BTCUSDT', '/trade-spot?symbol=NOSUCHPAIR', '/trade-spot/extra']) {
      expect(await (await page(path)).text(), path).not.toContain('first-paint');
    }
  });

  it('is allowed by the page’s Content-Security-Policy by its hash, and by nothing wider', async () => {
    const response = await page('/trade-spot');
    const csp = response.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(FIRST_PAINT_STYLE).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('firstPaintOf', () => {
  const market = { getInstrument: () => undefined, getTicker: () => undefined, getBook: () => undefined };
  const request = (path: string) => ({
    url: new URL(`https://x.test${path}`),
    cookie: () => undefined,
    acceptLanguage: undefined,
  });
  it('writes nothing for a market it cannot read, nor for the assets of nobody signed in', () => {
    expect(firstPaintOf(request('/trade-spot'), { market, assets: () => null })).toBeNull();
    expect(firstPaintOf(request('/trade-asset'), { market, assets: () => null })).toBeNull();
  });
});
