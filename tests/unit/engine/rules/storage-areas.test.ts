import { describe, expect, it } from 'vitest';
import {
  areaOfPath,
  cacheKeyOf,
  isCacheablePath,
  isCommonPath,
  LOCAL_CACHE_SIZE_LIMIT,
  STORAGE_AREAS,
  STORAGE_ERRORS,
  StorageError,
  storageTypeOf,
} from '../../../../engine/rules/storage-areas';

describe('the local cache rules', () => {
  it('has the spec’s eleven areas, its size limit and its storage errors word for word', () => {
    expect(STORAGE_AREAS).toHaveLength(11);
    expect(LOCAL_CACHE_SIZE_LIMIT).toBe(4980736);
    expect(new StorageError('unavailable').message).toBe('No available storage method found.');
    expect(new StorageError('invalidArguments').message).toBe('Invalid arguments');
    expect(STORAGE_ERRORS.quotaExceeded).toBe('quota exceeded');
  });

  it('puts a reply in the area of its path, futures under mix and the account’s own figures under separation', () => {
    expect(areaOfPath('/v1/trade/mix/positions')).toBe('mix');
    expect(areaOfPath('/v1/trade/spot/assets')).toBe('separation');
    expect(areaOfPath('/v1/user/overview/userinfo')).toBe('separation');
    expect(areaOfPath('/v1/copy/trader/list')).toBe('copy');
    expect(areaOfPath('/v1/earn/products')).toBe('earn');
    expect(areaOfPath('/v1/web3/tokens')).toBe('web3');
    expect(areaOfPath('/v1/something/else')).toBe('httpResponseCache');
    expect(areaOfPath('/api/v2/spot/trade/orders')).toBeNull();
  });

  it('keeps replies that are the same for everyone in common', () => {
    for (const path of ['/v1/public/time', '/v1/mix/config/gatewaySignConfig', '/v1/referral/config'])
      expect([isCommonPath(path), areaOfPath(path)], path).toEqual([true, 'common']);
    expect(isCommonPath('/v1/trade/spot/assets')).toBe(false);
  });

  it('keeps the public market reads (instruments, tickers) in common, and no other /api path', () => {
    for (const path of ['/api/v2/spot/market/tickers', '/api/v2/spot/public/symbols', '/api/v2/mix/market/contracts'])
      expect([isCacheablePath(path), areaOfPath(path)], path).toEqual([true, 'common']);
    expect(isCacheablePath('/api/v2/spot/trade/place-order')).toBe(false);
    expect(cacheKeyOf(new URL('https://x.test/api/v2/mix/market/tickers?productType=USDT-FUTURES'))).toBe(
      '/api/v2/mix/market/tickers?productType=USDT-FUTURES',
    );
  });

  it('never keeps the long poll, identifiers, sign-in and security steps or codes', () => {
    for (const path of [
      '/v1/trade/changes',
      '/v1/constantid/udid/c1',
      '/v1/user/login/verify-auth-login/options',
      '/v1/user/security/fido2/list',
      '/v1/user/public/third/getQrKeyStatus',
      '/v1/msg/verify-code/send',
    ])
      expect(isCacheablePath(path), path).toBe(false);
    expect(isCacheablePath('/v1/trade/mix/positions')).toBe(true);
    expect(isCacheablePath('/v2/ws/public')).toBe(false);
  });

  it('finds a request again whatever its _t and the order of its query', () => {
    const a = cacheKeyOf(new URL('https://x.test/v1/trade/mix/history-orders?symbol=BTCUSDT&languageType=0&_t=1'));
    const b = cacheKeyOf(new URL('https://x.test/v1/trade/mix/history-orders?_t=2&languageType=0&symbol=BTCUSDT'));
    expect(a).toBe('/v1/trade/mix/history-orders?languageType=0&symbol=BTCUSDT');
    expect(b).toBe(a);
    expect(cacheKeyOf(new URL('https://x.test/v1/public/time?_t=5'))).toBe('/v1/public/time');
    expect(cacheKeyOf(new URL('https://x.test/assets/x.js'))).toBeNull();
  });
});

describe('storageTypeOf', () => {
  it('knows local and session storage by name', () => {
    expect(storageTypeOf('local')).toBe('local');
    expect(storageTypeOf('session')).toBe('session');
  });

  it('answers null for a type it does not support, so the caller warns and falls back', () => {
    for (const name of ['cookie', 'Local', '', 'indexedDB', '__proto__']) expect(storageTypeOf(name), name).toBeNull();
  });
});
