import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isApiPath } from '../../../../gateway/static/static-site';
import { makeTestApp, type TestApp, tempDir } from '../support';

let dist: ReturnType<typeof tempDir>;
let t: TestApp;
beforeEach(() => {
  dist = tempDir('gateway-dist-');
  writeFileSync(join(dist.path, 'index.html'), '<!doctype html><html><body>APP-SHELL</body></html>');
  writeFileSync(join(dist.path, 'routes.json'), JSON.stringify(['/', '/api', '/account/newapi']));
  t = makeTestApp({ distDir: dist.path });
});
afterEach(() => {
  t.close();
  dist.remove();
});

const html = { accept: 'text/html' };

describe('the /api page', () => {
  it('is served the app like any other page, with and without a language prefix', async () => {
    for (const path of ['/api', '/ja/api', '/zh-CN/api', '/api?from=menu']) {
      const res = await t.app.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('APP-SHELL');
    }
  });

  it('leaves the v2 API under /api/: a private path without a key gets the exchange error JSON', async () => {
    const res = await t.app.request('/api/v2/spot/account/assets', { headers: html });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: '40001',
      msg: 'ACCESS_KEY cannot be empty',
      requestTime: expect.any(Number),
      data: null,
    });
    const unknown = await t.app.request('/api/v2/spot/market/unknown', { headers: html });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('40404');
  });
});

describe('isApiPath', () => {
  it('takes /api itself for the page and everything under it for the API', () => {
    expect(isApiPath('/api')).toBe(false);
    expect(isApiPath('/ja/api')).toBe(false);
    for (const path of ['/api/', '/api/v2/spot/account/assets', '/v1', '/v1/user/apikey/list', '/v2/ws/public'])
      expect(isApiPath(path), path).toBe(true);
  });
});
