import { describe, expect, it } from 'vitest';
import {
  IN_APP_KEY,
  preloadsFor,
  preloadTags,
  type RoutePreloads,
  readRoutePreloads,
  routePathOfFile,
} from '../../../../engine/rules/route-preloads';

const TABLE: RoutePreloads = {
  '/': ['/assets/home-1.js'],
  '/asset': ['/assets/asset-layout-1.js', '/assets/asset-1.css'],
  '/asset/': ['/assets/asset-overview-1.js'],
  '/asset/spot': ['/assets/asset-spot-1.js', '/assets/shared-1.js'],
  '/trade-spot': ['/assets/trade-spot-1.js', '/assets/shared-1.js', '/assets/trade-1.css'],
  '/spot/$symbol': ['/assets/spot-1.js', '/assets/shared-1.js'],
  '/futures/usdt/$symbol': ['/assets/futures-1.js'],
  [IN_APP_KEY]: ['/assets/bridge-1.js', '/assets/shared-1.js'],
};

describe('routePathOfFile', () => {
  it('turns route file names, flat or in folders, into the route paths the router gives them', () => {
    const cases: Record<string, string> = {
      'trade-spot': '/trade-spot',
      'asset.index': '/asset/',
      index: '/',
      'spot.$symbol': '/spot/$symbol',
      'futures.usdt.$symbol': '/futures/usdt/$symbol',
      asset: '/asset',
      'account.security': '/account/security',
      'asset/route': '/asset',
      'asset/index': '/asset/',
      'asset/spot': '/asset/spot',
      'announcements_.$id': '/announcements/$id',
      'login_.oauth.$provider': '/login/oauth/$provider',
    };
    for (const [stem, path] of Object.entries(cases)) expect(routePathOfFile(stem), stem).toBe(path);
  });

  it('gives no path for the root layout or an empty name', () => {
    expect(routePathOfFile('__root')).toBeNull();
    expect(routePathOfFile('')).toBeNull();
  });
});

describe('preloadsFor', () => {
  it("gives an exact route's files", () => {
    expect(preloadsFor('/trade-spot', TABLE, false)).toEqual([
      '/assets/trade-spot-1.js',
      '/assets/shared-1.js',
      '/assets/trade-1.css',
    ]);
  });

  it("adds a layout route's files to the pages under it, but an index route's only to its own page", () => {
    expect(preloadsFor('/asset/spot', TABLE, false)).toEqual([
      '/assets/asset-layout-1.js',
      '/assets/asset-1.css',
      '/assets/asset-spot-1.js',
      '/assets/shared-1.js',
    ]);
    const overview = ['/assets/asset-layout-1.js', '/assets/asset-1.css', '/assets/asset-overview-1.js'];
    expect(preloadsFor('/asset', TABLE, false)).toEqual(overview);
    expect(preloadsFor('/asset/', TABLE, false)).toEqual(overview);
  });

  it("gives the home page's files to / only", () => {
    expect(preloadsFor('/', TABLE, false)).toEqual(['/assets/home-1.js']);
    expect(preloadsFor('/trade-spot', TABLE, false)).not.toContain('/assets/home-1.js');
    expect(preloadsFor('/nowhere', TABLE, false)).toEqual([]);
  });

  it('lets a $param segment stand for any one segment, and not for none or two', () => {
    expect(preloadsFor('/spot/ETHUSDT', TABLE, false)).toEqual(['/assets/spot-1.js', '/assets/shared-1.js']);
    expect(preloadsFor('/futures/usdt/BTCUSDT', TABLE, false)).toEqual(['/assets/futures-1.js']);
    expect(preloadsFor('/spot', TABLE, false)).toEqual([]);
    expect(preloadsFor('/futures/coin/BTCUSD', TABLE, false)).toEqual([]);
  });

  it('reads the page behind a language prefix, and not behind an unknown one', () => {
    expect(preloadsFor('/ja/trade-spot', TABLE, false)).toEqual(preloadsFor('/trade-spot', TABLE, false));
    expect(preloadsFor('/zh-CN/spot/BTCUSDT', TABLE, false)).toEqual(['/assets/spot-1.js', '/assets/shared-1.js']);
    expect(preloadsFor('/ja', TABLE, false)).toEqual(['/assets/home-1.js']);
    expect(preloadsFor('/xx/trade-spot', TABLE, false)).toEqual([]);
  });

  it('ignores the query string and the hash', () => {
    expect(preloadsFor('/trade-spot?symbol=ETHUSDT', TABLE, false)).toEqual(preloadsFor('/trade-spot', TABLE, false));
    expect(preloadsFor('/?from=app#top', TABLE, false)).toEqual(['/assets/home-1.js']);
  });

  it("appends the app's files, each file once, only inside the app", () => {
    const files = preloadsFor('/trade-spot', TABLE, true);
    expect(files).toEqual([
      '/assets/trade-spot-1.js',
      '/assets/shared-1.js',
      '/assets/trade-1.css',
      '/assets/bridge-1.js',
    ]);
    expect(new Set(files).size).toBe(files.length);
    expect(preloadsFor('/trade-spot', TABLE, false)).not.toContain('/assets/bridge-1.js');
    expect(preloadsFor('/nowhere', TABLE, true)).toEqual(['/assets/bridge-1.js', '/assets/shared-1.js']);
  });

  it('never treats the app key as a route', () => {
    expect(preloadsFor(`/${IN_APP_KEY}`, TABLE, false)).toEqual([]);
  });

  it('gives nothing for an unknown path or an empty table', () => {
    expect(preloadsFor('/no-such-page', TABLE, false)).toEqual([]);
    expect(preloadsFor('/trade-spot', {}, true)).toEqual([]);
  });
});

describe('preloadTags', () => {
  it('names scripts as module preloads and style sheets as style preloads, in CORS mode and low priority', () => {
    expect(preloadTags(['/assets/a-1.js', '/assets/b-2.css'])).toBe(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/a-1.js">' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/b-2.css">',
    );
  });

  it('gives nothing for no files', () => {
    expect(preloadTags([])).toBe('');
  });

  it('drops every entry that is not a plain built file', () => {
    const hostile = [
      '/assets/x.js"><script>alert(1)</script>',
      "/assets/x.js' onload='alert(1)",
      'javascript:alert(1)',
      '/other/a.js',
      '/assets/../x.js',
      '/assets/sub/a.js',
      'https://evil.example/assets/a.js',
      '//evil.example/assets/a.js',
      '/assets/a.js?x=1',
      '/assets/a.html',
      '/assets/a.js\n',
      '',
    ];
    expect(preloadTags(hostile)).toBe('');
    expect(preloadTags([...hostile, '/assets/ok-1.js'])).toBe(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/ok-1.js">',
    );
  });
});

describe('readRoutePreloads', () => {
  it('reads a table of routes to file lists', () => {
    const text = JSON.stringify({ '/': ['/assets/a.js'], '/spot/$symbol': [], [IN_APP_KEY]: ['/assets/b.js'] });
    expect(readRoutePreloads(text)).toEqual({
      '/': ['/assets/a.js'],
      '/spot/$symbol': [],
      [IN_APP_KEY]: ['/assets/b.js'],
    });
    expect(readRoutePreloads('{}')).toEqual({});
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'nope',
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      '[["/assets/a.js"]]',
      '{"/":"/assets/a.js"}',
      '{"/":[1]}',
      '{"/":[null]}',
      '{"/":null}',
      '{"/":["/assets/a.js",{}]}',
    ])
      expect(readRoutePreloads(text), text).toBeNull();
  });
});
