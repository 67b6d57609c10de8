import { describe, expect, it } from 'vitest';
import { parseSignConfig, type SignConfig } from '../../../../engine/crypto/sign-config';
import { isCoreUrl, isSensitivePath, loginFieldsFor, pathOnly, signModeFor } from '../../../../engine/crypto/url-rules';

function config(extra: Record<string, unknown>): SignConfig {
  const parsed = parseSignConfig({ clientOpen: false, ...extra });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.config;
}

const cfg = config({
  exactUrls: ['/v1/user/overview/userinfo'],
  prefixUrls: ['/v1/mix/'],
  signModes: {
    '/v1/mix/': '2',
    '/v1/mix/order/place': '3',
    '/v1/mix/order/placeBatch': 'path,time',
    '/v1/user/login': 'enc:loginName,pwd',
    '/v1/user/login/verify-login': 'enc:emailCode,mobileCode,googleCode',
    '/v1/mix/order/login': 'enc:pwd',
  },
});

describe('pathOnly', () => {
  it('drops the query and fragment', () => {
    expect(pathOnly('/v1/a?b=1#c')).toBe('/v1/a');
    expect(pathOnly('/v1/a#c')).toBe('/v1/a');
    expect(pathOnly('/v1/a')).toBe('/v1/a');
  });
});

describe('isCoreUrl', () => {
  it('matches exactUrls exactly and prefixUrls by prefix, ignoring the query', () => {
    expect(isCoreUrl(cfg, '/v1/user/overview/userinfo?_t=1')).toBe(true);
    expect(isCoreUrl(cfg, '/v1/user/overview/userinfo/more')).toBe(false);
    expect(isCoreUrl(cfg, '/v1/mix/order/place')).toBe(true);
    expect(isCoreUrl(cfg, '/v1/mixed')).toBe(false);
    expect(isCoreUrl(cfg, '/v1/spot/order')).toBe(false);
  });
});

describe('signModeFor', () => {
  it('takes the longest matching key', () => {
    expect(signModeFor(cfg, '/v1/mix/order/place').text).toBe('3');
    expect(signModeFor(cfg, '/v1/mix/order/placeBatch?x=1').text).toBe('path,time');
    expect(signModeFor(cfg, '/v1/mix/account').text).toBe('2');
  });

  it('falls back to "1" without a match', () => {
    expect(signModeFor(cfg, '/v1/spot/order').text).toBe('1');
  });

  it('skips enc: entries, so a login entry never weakens a signing entry', () => {
    expect(signModeFor(cfg, '/v1/mix/order/login').text).toBe('2');
  });
});

describe('loginFieldsFor / isSensitivePath', () => {
  it('finds the longest enc: entry', () => {
    expect(loginFieldsFor(cfg, '/v1/user/login')).toEqual(['loginName', 'pwd']);
    expect(loginFieldsFor(cfg, '/v1/user/login/verify-login')).toEqual(['emailCode', 'mobileCode', 'googleCode']);
    expect(loginFieldsFor(cfg, '/v1/mix/order/place')).toBeNull();
  });

  it('treats spec login and register paths as sensitive even without a config', () => {
    expect(isSensitivePath(null, '/v1/user/login')).toBe(true);
    expect(isSensitivePath(null, '/v1/user/register/email')).toBe(true);
    expect(isSensitivePath(null, '/v1/user/agency/login/verify-login')).toBe(true);
    expect(isSensitivePath(null, '/v1/mix/order/place')).toBe(false);
    expect(isSensitivePath(cfg, '/v1/mix/order/login')).toBe(true);
  });
});
