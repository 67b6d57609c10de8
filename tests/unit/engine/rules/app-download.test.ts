import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_LINKS, deepLinkTargetOf, storeLinkOr } from '../../../../engine/rules/app-download';
import { buildDeepLink } from '../../../../engine/rules/deep-links';

const linkOf = (from: string) => {
  const target = deepLinkTargetOf(from);
  return buildDeepLink(target.path, target.query, { inApp: false, platform: 'web' });
};

describe('the /download deep link of the page one came from', () => {
  it('opens the same place in the app, whatever the language prefix', () => {
    expect(linkOf('/asset')).toBe('exchangeapp://exchange/home/asset?type=overview');
    expect(linkOf('/ja/asset/spot')).toBe('exchangeapp://exchange/home/asset?type=spot');
    expect(linkOf('/asset/futures')).toBe('exchangeapp://exchange/home/asset?type=contract');
    expect(linkOf('/ar/asset/deposit?coin=BTC')).toBe('exchangeapp://exchange/coin/recharge?coinName=USDT&coinId=2');
    expect(linkOf('/asset/withdraw')).toBe('exchangeapp://exchange/coin/withdraw');
    expect(linkOf('/asset/address')).toBe('exchangeapp://exchange/settings/address');
    expect(linkOf('/spot/ETHUSDT')).toBe('exchangeapp://exchange/home/coin?symbol=ETHUSDT');
    expect(linkOf('/de/futures/usdt/BTCUSDT')).toBe('exchangeapp://exchange/home/contract?symbolId=BTCUSDT');
    expect(linkOf('/account/newapi')).toBe('exchangeapp://exchange/user/apikey');
    expect(linkOf('/')).toBe('exchangeapp://exchange/home/home');
  });

  it('sends anything unknown or hostile to the app home', () => {
    for (const from of [
      '/nowhere',
      '//evil.example/asset',
      'https://evil.example/asset',
      '/spot/btc usdt',
      '/spot/<script>',
      '/futures/usdt/BTCUSDT/extra',
      `/${'a'.repeat(300)}`,
      '',
    ]) {
      expect(deepLinkTargetOf(from), from).toEqual({ path: 'home/home', query: {} });
    }
  });
});

describe('store links', () => {
  it('takes a build setting only when it is an https URL', () => {
    expect(storeLinkOr('https://apps.apple.com/app/id123', 'x')).toBe('https://apps.apple.com/app/id123');
    for (const bad of [undefined, '', 'http://apps.apple.com/', 'javascript:alert(1)', 'https://a b/', 42]) {
      expect(storeLinkOr(bad, DEFAULT_STORE_LINKS.appStore)).toBe(DEFAULT_STORE_LINKS.appStore);
    }
  });
});
