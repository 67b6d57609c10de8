import { describe, expect, it } from 'vitest';
import { matchesRoutePath, readRouteList } from '../../../../engine/rules/route-paths';

const ROUTES = ['/', '/login', '/account/security', '/spot/$symbol', '/futures/usdt/$symbol'];

describe('matchesRoutePath', () => {
  it('matches static routes and the home page, with or without a language prefix', () => {
    for (const path of ['/', '/login', '/account/security', '/ja', '/ja/', '/zh-CN/login', '/ar/account/security']) {
      expect(matchesRoutePath(path, ROUTES), path).toBe(true);
    }
  });

  it('lets a $param segment match any one segment, and ignores a trailing slash or a query', () => {
    expect(matchesRoutePath('/spot/BTCUSDT', ROUTES)).toBe(true);
    expect(matchesRoutePath('/ja/futures/usdt/ETHUSDT/', ROUTES)).toBe(true);
    expect(matchesRoutePath('/spot/anything?interval=1m', ROUTES)).toBe(true);
  });

  it('refuses unknown paths, missing or extra segments, and a prefix that is not a route language', () => {
    for (const path of [
      '/no-such-page',
      '/spot',
      '/spot/BTCUSDT/extra',
      '/futures/coin/BTCUSD',
      '/xx/login',
      '/JA/login',
    ]) {
      expect(matchesRoutePath(path, ROUTES), path).toBe(false);
    }
  });
});

describe('readRouteList', () => {
  it('reads an array of paths', () => {
    expect(readRouteList('["/","/spot/$symbol"]')).toEqual(['/', '/spot/$symbol']);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'nope', '{}', '[]', '[1]', '["login"]']) expect(readRouteList(text), text).toBeNull();
  });
});
