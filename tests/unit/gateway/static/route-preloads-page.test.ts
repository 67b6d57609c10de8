import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IN_APP_KEY } from '../../../../engine/rules/route-preloads';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { staticSite } from '../../../../gateway/static/static-site';
import { tempDir } from '../support';

// Over 512 bytes, so the page is sent compressed.
const FILLER = `<meta name="description" content="${'A cryptocurrency exchange. '.repeat(30)}">`;
const HEAD = `<script type="module" crossorigin src="/assets/index-1.js"></script>${FILLER}`;
const INDEX = `<!doctype html><html><head>${HEAD}</head><body>APP-SHELL</body></html>`;
const ROUTES = ['/', '/trade-spot', '/trade-asset', '/spot/$symbol', '/asset', '/asset/', '/asset/spot'];
const PRELOADS = {
  '/trade-spot': ['/assets/trade-spot-1.js', '/assets/trade-1.css'],
  '/spot/$symbol': ['/assets/spot-1.js', '/assets/trade-1.css'],
  '/asset': ['/assets/asset-1.js'],
  '/asset/spot': ['/assets/asset-spot-1.js'],
  [IN_APP_KEY]: ['/assets/bridge-1.js'],
};

const APP_AGENT =
  'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 ExchangeApp/2.21.0';
const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 12; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

let dist: ReturnType<typeof tempDir>;
let app: Hono<GatewayEnv>;

function write(name: string, text: string): void {
  writeFileSync(join(dist.path, name), text);
}

beforeEach(() => {
  dist = tempDir('gateway-preloads-');
  write('index.html', INDEX);
  write('routes.json', JSON.stringify(ROUTES));
  write('route-preloads.json', JSON.stringify(PRELOADS));
  app = new Hono<GatewayEnv>();
  app.get('*', staticSite(dist.path));
});
afterEach(() => dist.remove());

// The links are for pages inside the app (a phone's network); every case below asks as the app unless it says not.
const page = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { accept: 'text/html', 'user-agent': APP_AGENT, ...headers } });

/** The href of each preload link in the page's head, in order. */
function preloadsOf(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]*)">/g)].map((m) => m[1]!);
}

describe('the app page with route preloads', () => {
  it("names exactly the route's files, just before </head>, and leaves the rest of the page as built", async () => {
    const res = await page('/trade-spot');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(preloadsOf(html)).toEqual(['/assets/trade-spot-1.js', '/assets/trade-1.css', '/assets/bridge-1.js']);
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/trade-spot-1.js">' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/trade-1.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/bridge-1.js"></head>',
    );
    expect(html.replace(/<link [^>]*>/g, '')).toBe(INDEX);
    expect(Number(res.headers.get('content-length'))).toBe(new TextEncoder().encode(html).length);
  });

  it("gives each route its own files: a $param route's, a layout's under it, a language-prefixed page's", async () => {
    expect(preloadsOf(await (await page('/spot/ETHUSDT')).text())).toEqual([
      '/assets/spot-1.js',
      '/assets/trade-1.css',
      '/assets/bridge-1.js',
    ]);
    expect(preloadsOf(await (await page('/asset/spot')).text())).toEqual([
      '/assets/asset-1.js',
      '/assets/asset-spot-1.js',
      '/assets/bridge-1.js',
    ]);
    expect(preloadsOf(await (await page('/ja/trade-spot?symbol=ETHUSDT')).text())).toEqual([
      '/assets/trade-spot-1.js',
      '/assets/trade-1.css',
      '/assets/bridge-1.js',
    ]);
  });

  it("names only the app's files for a route without files of its own", async () => {
    const res = await page('/trade-asset');
    expect(res.status).toBe(200);
    expect(preloadsOf(await res.text())).toEqual(['/assets/bridge-1.js']);
  });

  it("serves the page as built to a browser: the links are for the app's webview only", async () => {
    // On the web the markets page measured slower with them (its files come at once on a fast line anyway).
    for (const path of ['/trade-spot', '/spot/ETHUSDT', '/asset/spot', '/trade-asset']) {
      const onWeb = await page(path, { 'user-agent': BROWSER_AGENT });
      expect(await onWeb.text(), path).toBe(INDEX);
    }
    const noAgent = await app.request('/trade-spot', { headers: { accept: 'text/html' } });
    expect(await noAgent.text()).toBe(INDEX);
  });

  it('gives the page its own ETag, one per set of links, and answers 304 to it', async () => {
    const plain = (await page('/trade-spot', { 'user-agent': BROWSER_AGENT })).headers.get('etag')!;
    const trade = (await page('/trade-spot')).headers.get('etag')!;
    const appOnly = (await page('/trade-asset')).headers.get('etag')!;
    const spot = (await page('/spot/BTCUSDT')).headers.get('etag')!;
    expect(new Set([plain, trade, appOnly, spot]).size).toBe(4);
    expect((await page('/ja/trade-spot')).headers.get('etag')).toBe(trade);
    expect(trade).toMatch(/^W\/"[^"]+"$/);

    const again = await page('/trade-spot', { 'if-none-match': trade });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The plain page's tag does not stand for the page with links.
    const stale = await page('/trade-spot', { 'if-none-match': plain });
    expect(stale.status).toBe(200);
    expect(preloadsOf(await stale.text())).toHaveLength(3);
  });

  it("answers 404 with the page, with the app's links but no route's, for a path no route matches", async () => {
    const res = await page('/no-such-page');
    expect(res.status).toBe(404);
    expect(preloadsOf(await res.text())).toEqual(['/assets/bridge-1.js']);
    const onWeb = await page('/no-such-page', { 'user-agent': BROWSER_AGENT });
    expect(onWeb.status).toBe(404);
    expect(await onWeb.text()).toBe(INDEX);
  });

  it('sends the page with its links compressed to a client that accepts it', async () => {
    const br = await page('/trade-spot', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(INDEX.length);
    expect(preloadsOf(brotliDecompressSync(brBytes).toString())).toEqual([
      '/assets/trade-spot-1.js',
      '/assets/trade-1.css',
      '/assets/bridge-1.js',
    ]);

    const gz = await page('/trade-spot', { 'accept-encoding': 'gzip', 'user-agent': APP_AGENT });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(preloadsOf(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toContain('/assets/bridge-1.js');
  });

  it('leaves out a hostile file name from the table', async () => {
    write(
      'route-preloads.json',
      JSON.stringify({
        '/trade-spot': [
          '/assets/x.js"><script>alert(1)</script>',
          'javascript:alert(1)',
          '/assets/../x.js',
          '/assets/ok-1.js',
        ],
        [IN_APP_KEY]: ['https://evil.example/assets/b.js'],
      }),
    );
    const html = await (await page('/trade-spot', { 'user-agent': APP_AGENT })).text();
    expect(preloadsOf(html)).toEqual(['/assets/ok-1.js']);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
  });

  it('follows a new build: a changed index.html or table is read again', async () => {
    expect(preloadsOf(await (await page('/trade-spot')).text())).toHaveLength(3);
    const rebuilt = INDEX.replace('index-1.js', 'index-22.js');
    write('index.html', rebuilt);
    write('route-preloads.json', JSON.stringify({ '/trade-spot': ['/assets/trade-spot-22.js'] }));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist.path, 'index.html'), later, later);
    utimesSync(join(dist.path, 'route-preloads.json'), later, later);
    const html = await (await page('/trade-spot')).text();
    expect(html).toContain('index-22.js');
    expect(preloadsOf(html)).toEqual(['/assets/trade-spot-22.js']);
  });
});

describe('the app page without a usable preloads table', () => {
  it('serves index.html as built when route-preloads.json is missing', async () => {
    dist.remove();
    dist = tempDir('gateway-preloads-');
    write('index.html', INDEX);
    write('routes.json', JSON.stringify(ROUTES));
    app = new Hono<GatewayEnv>();
    app.get('*', staticSite(dist.path));
    const plainTag = (await page('/')).headers.get('etag');
    const res = await page('/trade-spot', { 'user-agent': APP_AGENT });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('etag')).toBe(plainTag);
  });

  it('serves index.html as built when route-preloads.json is corrupt', async () => {
    const corrupt = ['{not json', '["/assets/a.js"]', '{"/trade-spot":[1]}', 'null'];
    for (const [i, text] of corrupt.entries()) {
      write('route-preloads.json', text);
      // A new modification time each round, so the file cache reads each version.
      const later = new Date(Date.now() + (i + 1) * 10_000);
      utimesSync(join(dist.path, 'route-preloads.json'), later, later);
      const res = await page('/trade-spot', { 'user-agent': APP_AGENT });
      expect(res.status, text).toBe(200);
      expect(await res.text(), text).toBe(INDEX);
    }
  });

  it('serves a page without </head> as built', async () => {
    const bare = `<!doctype html><html><body>APP-SHELL${FILLER}</body></html>`;
    write('index.html', bare);
    const res = await page('/trade-spot', { 'user-agent': APP_AGENT });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(bare);
  });
});
