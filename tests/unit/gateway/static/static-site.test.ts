import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, requestTime, type TestApp, tempDir } from '../support';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>APP-SHELL</body></html>';
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row-${i}"`).join(',')}];\n`;

let dist: ReturnType<typeof tempDir>;
let t: TestApp;
beforeEach(() => {
  dist = tempDir('gateway-dist-');
  mkdirSync(join(dist.path, 'assets'));
  writeFileSync(join(dist.path, 'index.html'), INDEX);
  writeFileSync(join(dist.path, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dist.path, 'assets', 'app-abc123.js.map'), '{"version":3}');
  writeFileSync(join(dist.path, 'assets', 'style-1.css'), 'body{margin:0}');
  writeFileSync(join(dist.path, 'assets', 'font-1.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dist.path, 'manifest.webmanifest'), '{"name":"x"}');
  writeFileSync(join(dist.path, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist.path, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist.path, 'data.json'), '{}');
  t = makeTestApp({ distDir: dist.path });
});
afterEach(() => {
  t.close();
  dist.remove();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

describe('static files', () => {
  it('serves each file type with the right content type', async () => {
    const expected: Record<string, RegExp> = {
      '/assets/app-abc123.js': /^text\/javascript/,
      '/assets/app-abc123.js.map': /^application\/json/,
      '/assets/style-1.css': /^text\/css/,
      '/assets/font-1.woff2': /^font\/woff2$/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/icon.svg': /^image\/svg\+xml$/,
      '/logo.png': /^image\/png$/,
      '/data.json': /^application\/json/,
    };
    for (const [path, type] of Object.entries(expected)) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expect(requestTime(res)).toBeGreaterThan(0);
    }
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/', { accept: 'text/html' })).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends gzip or brotli to clients that accept it, and plain bytes to others', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(gzBytes.length).toBeLessThan(SCRIPT.length / 2);
    expect(gunzipSync(gzBytes).toString()).toBe(SCRIPT);

    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip;q=0' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/manifest.webmanifest');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/manifest.webmanifest', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('SPA fallback', () => {
  it('serves index.html for an HTML navigation to a client route', async () => {
    const res = await get('/ja/spot/BTCUSDT', { accept: 'text/html,application/xhtml+xml' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('APP-SHELL');
  });

  it('answers 404 with the app shell (its not-found page) for a navigation no client route matches', async () => {
    writeFileSync(join(dist.path, 'routes.json'), JSON.stringify(['/', '/login', '/spot/$symbol']));
    for (const path of ['/no-such-page', '/ja/no-such-page', '/spot', '/spot/BTCUSDT/more', '/xx/login']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('APP-SHELL');
    }
    for (const path of ['/', '/ja', '/login/', '/ar/spot/ETHUSDT', '/spot/BTCUSDT?interval=1m']) {
      const res = await get(path, { accept: 'text/html', 'if-none-match': 'x' });
      expect(res.status, path).toBe(200);
    }
  });

  it('serves every HTML navigation when the build has no readable route list', async () => {
    writeFileSync(join(dist.path, 'routes.json'), '{"not":"a list"}');
    expect((await get('/no-such-page', { accept: 'text/html' })).status).toBe(200);
  });

  it('answers 404, not the app shell, for a missing asset fetched by a script', async () => {
    const res = await get('/assets/missing.js', { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('APP-SHELL');
  });

  it('never falls back for API prefixes, even when HTML is accepted', async () => {
    for (const path of ['/v1/unknown', '/api/v2/unknown', '/v2/unknown', '/__faults']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('40404');
    }
  });

  it('does not serve files outside the dist directory', async () => {
    for (const path of ['/../support.ts', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('without a build', () => {
  it('explains on / that the client is not built yet', async () => {
    const bare = makeTestApp({ distDir: join(dist.path, 'absent') });
    try {
      const res = await bare.app.request('/', { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    } finally {
      bare.close();
    }
  });
});
