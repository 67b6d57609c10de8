import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDeepLink,
  DEEP_LINK_PATHS,
  type DeepLinkOptions,
  type DeepLinkPathRule,
  type DeepLinkValue,
  HOME_ASSET_TYPES,
  isDeepLinkAvailable,
  MAX_DEEP_LINK_LENGTH,
  parseDeepLink,
} from '../../../../engine/rules/deep-links';

const IN_APP_IOS: DeepLinkOptions = { inApp: true, platform: 'ios' };
const IN_APP_ANDROID: DeepLinkOptions = { inApp: true, platform: 'android' };
const ON_WEB: DeepLinkOptions = { inApp: false, platform: 'web' };

const ruleOf = (path: string): DeepLinkPathRule => DEEP_LINK_PATHS.find((rule) => rule.path === path)!;
const pathsWith = (platform: DeepLinkPathRule['platform']) =>
  DEEP_LINK_PATHS.filter((rule) => rule.platform === platform).map((rule) => rule.path);

describe('DEEP_LINK_PATHS (spec §2.2)', () => {
  it('lists each of the spec’s 98 paths once', () => {
    expect(DEEP_LINK_PATHS).toHaveLength(98);
    expect(new Set(DEEP_LINK_PATHS.map((rule) => rule.path)).size).toBe(98);
  });

  it('keeps the spec’s order, from security/login to main/H5Router', () => {
    expect(DEEP_LINK_PATHS[0]!.path).toBe('security/login');
    expect(DEEP_LINK_PATHS[1]!.path).toBe('security/regist');
    expect(DEEP_LINK_PATHS.at(-1)!.path).toBe('main/H5Router');
  });

  it('spells query keys exactly as the spec does', () => {
    const expected: Record<string, string[]> = {
      'security/regist': ['closeGuide', 'referralCode', 'inviteCode'],
      'home/home': [],
      'home/coin': [
        'symbol',
        'type',
        'spotLine',
        'positionType',
        'spotArea',
        'symbolId',
        'fromCoinName',
        'toCoinName',
        'from',
      ],
      'follow/trader/signal/apply': ['source'],
      'follow/trader_medal_wall': ['traderId', 'followType', 'traderName', 'headerImg', 'whiteListFlag'],
      'strategy/tradeMain': ['tab', 'isShareActivity', 'inviteCode', 'myStrategyTab', 'oneStrategyType', 'timeFilter'],
      'fiat/fiat_quick_buy_main': ['type', 'incomingSource', 'incomingTarget'],
      'earn/savings_info': ['coinName', 'productId', 'productLevel', 'secondBizLine'],
      'community/topic_detail': ['topic_id_key'],
      'kline/main': ['pagetype', 'symbolcode', 'subTab', 'shareKline'],
      'kline/signal': ['pagetype', 'symbolid'],
      'copy/signaler/cokepit/page': ['routeSource'],
      'user/profile/fanspage': ['userId'],
      mega_swap: [],
      'accounts/pnl': ['account_type', 'margin_type'],
      'main/safety_h5': ['safetyUrlKey'],
    };
    for (const [path, keys] of Object.entries(expected)) expect(ruleOf(path).keys, path).toEqual(keys);
  });

  it('marks the three Android-only and two not-on-Android paths, and no others', () => {
    expect(pathsWith('android-only')).toEqual([
      'strategy/apply/trader',
      'community/topic_detail',
      'community/user_rank_list',
    ]);
    expect(pathsWith('not-android')).toEqual(['kyc/manually_review', 'red_packet/guidance']);
  });

  it('has defaults only for coin/recharge and assets/financial, and extra keys only for main/H5Router', () => {
    const withDefaults = DEEP_LINK_PATHS.filter((rule) => Object.keys(rule.defaults).length > 0);
    expect(withDefaults.map((rule) => [rule.path, rule.defaults])).toEqual([
      ['coin/recharge', { coinName: 'USDT', coinId: '2' }],
      ['assets/financial', { type: '2' }],
    ]);
    expect(DEEP_LINK_PATHS.filter((rule) => rule.extraKeys).map((rule) => rule.path)).toEqual(['main/H5Router']);
  });

  it('gives home/asset the seven asset tabs', () => {
    expect(HOME_ASSET_TYPES).toEqual(['overview', 'spot', 'contract', 'p2p', 'financial', 'swap', 'reward']);
    expect(ruleOf('home/asset').values).toEqual({ type: HOME_ASSET_TYPES });
  });
});

describe('buildDeepLink (contract §6)', () => {
  it('writes the README examples', () => {
    expect(buildDeepLink('coin/recharge', {}, IN_APP_IOS)).toBe('app://exchange/coin/recharge?coinName=USDT&coinId=2');
    expect(buildDeepLink('main/H5Router', { lang: 'en', url: 'https://example.com/a?b=1' }, ON_WEB)).toBe(
      'exchangeapp://exchange/main/H5Router?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&lang=en',
    );
    expect(buildDeepLink('home/asset', { type: 'spot' }, IN_APP_ANDROID)).toBe('app://exchange/home/asset?type=spot');
  });

  it('uses app inside the app and the alternative scheme outside it', () => {
    expect(buildDeepLink('home/home', {}, IN_APP_ANDROID)).toBe('app://exchange/home/home');
    expect(buildDeepLink('home/home', {}, { inApp: false, platform: 'ios' })).toBe('exchangeapp://exchange/home/home');
    expect(buildDeepLink('home/home', {}, { ...ON_WEB, host: 'bx', altScheme: 'bxapp' })).toBe('bxapp://bx/home/home');
  });

  it('writes keys in the table’s order whatever order the caller gives', () => {
    expect(buildDeepLink('capital/transfer', { coinId: 2, to: 'spot', from: 'futures' }, IN_APP_IOS)).toBe(
      'app://exchange/capital/transfer?from=futures&to=spot&coinId=2',
    );
  });

  it('fills defaults only for absent keys', () => {
    expect(buildDeepLink('assets/financial', {}, IN_APP_IOS)).toBe('app://exchange/assets/financial?type=2');
    expect(buildDeepLink('assets/financial', { type: 3, coinId: 1 }, IN_APP_IOS)).toBe(
      'app://exchange/assets/financial?coinId=1&type=3',
    );
    expect(buildDeepLink('coin/recharge', { coinName: 'BTC' }, IN_APP_IOS)).toBe(
      'app://exchange/coin/recharge?coinName=BTC&coinId=2',
    );
  });

  it('writes numbers and booleans as text and percent-encodes every value', () => {
    expect(buildDeepLink('otc/trade', { isSpeed: true, isBuy: false }, IN_APP_IOS)).toBe(
      'app://exchange/otc/trade?isSpeed=true&isBuy=false',
    );
    expect(buildDeepLink('main/h5', { url: 'a b&c=d#e+f%' }, IN_APP_IOS)).toBe(
      'app://exchange/main/h5?url=a%20b%26c%3Dd%23e%2Bf%25',
    );
  });

  it('does not build Android-only paths on iOS nor not-on-Android paths on Android', () => {
    expect(buildDeepLink('community/topic_detail', { topic_id_key: '7' }, IN_APP_IOS)).toBeNull();
    expect(buildDeepLink('community/topic_detail', { topic_id_key: '7' }, IN_APP_ANDROID)).toBe(
      'app://exchange/community/topic_detail?topic_id_key=7',
    );
    expect(buildDeepLink('kyc/manually_review', {}, IN_APP_ANDROID)).toBeNull();
    expect(buildDeepLink('red_packet/guidance', {}, IN_APP_ANDROID)).toBeNull();
    expect(buildDeepLink('red_packet/guidance', {}, IN_APP_IOS)).toBe('app://exchange/red_packet/guidance');
  });

  it('builds every path on the web, where the device’s app is unknown', () => {
    for (const rule of DEEP_LINK_PATHS) expect(buildDeepLink(rule.path, {}, ON_WEB), rule.path).not.toBeNull();
  });

  it('refuses an unknown path, an unknown key, a value of another type or a home/asset type off its list', () => {
    expect(buildDeepLink('home/wallet', {}, ON_WEB)).toBeNull();
    expect(buildDeepLink('Home/home', {}, ON_WEB)).toBeNull();
    expect(buildDeepLink('home/coin', { symbolID: 'BTCUSDT' }, ON_WEB)).toBeNull();
    expect(buildDeepLink('main/h5', { url: 'x', lang: 'en' }, ON_WEB)).toBeNull();
    for (const bad of [null, undefined, {}, ['a'], Number.NaN, Number.POSITIVE_INFINITY, 1n]) {
      expect(buildDeepLink('main/h5', { url: bad as unknown as DeepLinkValue }, ON_WEB)).toBeNull();
    }
    expect(buildDeepLink('home/asset', { type: 'wallet' }, ON_WEB)).toBeNull();
    expect(buildDeepLink('home/asset', { type: 'Spot' }, ON_WEB)).toBeNull();
  });

  it('takes any extra non-empty keys on main/H5Router only, sorted after url', () => {
    expect(buildDeepLink('main/H5Router', { z: 1, url: 'u', a: 'é', 'k k': '' }, ON_WEB)).toBe(
      'exchangeapp://exchange/main/H5Router?url=u&a=%C3%A9&k%20k=&z=1',
    );
    expect(buildDeepLink('main/H5Router', { '': 'x' }, ON_WEB)).toBeNull();
  });

  it('refuses a lone surrogate, which no app could decode', () => {
    expect(buildDeepLink('main/h5', { url: '\ud800' }, ON_WEB)).toBeNull();
  });

  it('refuses a link longer than 4096 characters', () => {
    const head = 'app://exchange/main/h5?url=';
    const fits = 'a'.repeat(MAX_DEEP_LINK_LENGTH - head.length);
    expect(buildDeepLink('main/h5', { url: fits }, IN_APP_IOS)).toBe(head + fits);
    expect(buildDeepLink('main/h5', { url: `${fits}a` }, IN_APP_IOS)).toBeNull();
  });

  it('throws on build settings that cannot form a link', () => {
    expect(() => buildDeepLink('home/home', {}, { ...ON_WEB, altScheme: 'app' })).toThrow(RangeError);
    expect(() => buildDeepLink('home/home', {}, { ...ON_WEB, altScheme: 'java script' })).toThrow(RangeError);
    expect(() => buildDeepLink('home/home', {}, { ...ON_WEB, host: 'ex/change' })).toThrow(RangeError);
  });
});

describe('parseDeepLink (contract §6)', () => {
  it('reads a link inside and outside the app, filling defaults', () => {
    expect(parseDeepLink('app://exchange/coin/recharge')).toEqual({
      scheme: 'app',
      host: 'exchange',
      path: 'coin/recharge',
      query: { coinName: 'USDT', coinId: '2' },
      inApp: true,
    });
    expect(parseDeepLink('exchangeapp://exchange/home/asset?type=p2p')).toEqual({
      scheme: 'exchangeapp',
      host: 'exchange',
      path: 'home/asset',
      query: { type: 'p2p' },
      inApp: false,
    });
  });

  it('reads the configured host and alternative scheme only', () => {
    const options = { host: 'bx', altScheme: 'bxapp' };
    expect(parseDeepLink('bxapp://bx/home/home', options)?.path).toBe('home/home');
    expect(parseDeepLink('app://bx/home/home', options)?.inApp).toBe(true);
    expect(parseDeepLink('exchangeapp://bx/home/home', options)).toBeNull();
    expect(parseDeepLink('app://exchange/home/home', options)).toBeNull();
  });

  it('accepts unencoded RFC 3986 query characters other than & = + in a value', () => {
    expect(parseDeepLink('app://exchange/main/h5?url=https://example.com/a?b')?.query).toEqual({
      url: 'https://example.com/a?b',
    });
  });

  it('gives the query in link order with extra H5Router keys as plain own data', () => {
    const parsed = parseDeepLink('app://exchange/main/H5Router?z=1&__proto__=x&url=u')!;
    expect(Object.keys(parsed.query)).toEqual(['url', '__proto__', 'z']);
    expect(Object.hasOwn(parsed.query, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed.query)).toBe(Object.prototype);
  });

  it('refuses hostile and malformed links', () => {
    const hostile = [
      'javascript:alert(1)',
      'javascript://exchange/main/h5?url=x',
      'http://exchange/main/h5',
      'APP://exchange/main/h5',
      'app:/exchange/main/h5',
      'app://evil.example/main/h5?url=x',
      'app://exchange.evil/main/h5',
      'app://exchange',
      'app://exchange/',
      'app://exchange/../main/h5',
      'app://exchange//main/h5',
      'app://exchange/main/h5/',
      'app://exchange/main%2Fh5',
      'app://exchange/main/H5',
      'app://exchange/main/h5?url=a&url=b',
      'app://exchange/coin/recharge?coinName=BTC&%63oinName=ETH',
      'app://exchange/main/h5?url=%E0%A4%A',
      'app://exchange/main/h5?url=%E0%A4',
      'app://exchange/main/h5?url=%ZZ',
      'app://exchange/main/h5?url=a#top',
      'app://exchange/main/h5#top',
      `app://exchange/main/h5?url=${'a'.repeat(5000)}`,
      'app://exchange/main/h5?url=a\nb',
      'app://exchange/main/h5\n',
      'app://exchange/main/h5?url=a b',
      'app://exchange/main/h5?url=a\tb',
      'app://exchange/main/h5?url=a\u0000',
      'app://exchange/main/h5?url=é',
      ' app://exchange/home/home',
      'app://exchange/main/h5?',
      'app://exchange/main/h5?url=a&',
      'app://exchange/main/h5?&url=a',
      'app://exchange/main/h5?url',
      'app://exchange/main/h5?=a',
      'app://exchange/main/h5?url=a=b',
      'app://exchange/main/h5?url=a+b',
      'app://exchange/main/h5?lang=en',
      'app://exchange/main/H5Router?url=a&=x',
      'app://exchange/home/asset?type=wallet',
      'app://exchange/home/asset?type=',
      '',
    ];
    for (const link of hostile) expect(parseDeepLink(link), JSON.stringify(link)).toBeNull();
    expect(parseDeepLink(42 as unknown as string)).toBeNull();
  });

  it('reads a link of exactly 4096 characters and refuses one more', () => {
    const head = 'app://exchange/main/h5?url=';
    expect(parseDeepLink(head + 'a'.repeat(MAX_DEEP_LINK_LENGTH - head.length))).not.toBeNull();
    expect(parseDeepLink(head + 'a'.repeat(MAX_DEEP_LINK_LENGTH - head.length + 1))).toBeNull();
  });
});

describe('isDeepLinkAvailable', () => {
  it('hides Android-only paths on iOS and not-on-Android paths on Android, and shows everything on the web', () => {
    expect(isDeepLinkAvailable('community/user_rank_list', 'ios')).toBe(false);
    expect(isDeepLinkAvailable('community/user_rank_list', 'android')).toBe(true);
    expect(isDeepLinkAvailable('kyc/manually_review', 'android')).toBe(false);
    expect(isDeepLinkAvailable('kyc/manually_review', 'ios')).toBe(true);
    expect(isDeepLinkAvailable('home/home', 'ios')).toBe(true);
    for (const rule of DEEP_LINK_PATHS) expect(isDeepLinkAvailable(rule.path, 'web')).toBe(true);
  });

  it('agrees with the builder on every path and platform', () => {
    for (const rule of DEEP_LINK_PATHS) {
      for (const platform of ['android', 'ios', 'web'] as const) {
        const built = buildDeepLink(rule.path, {}, { inApp: true, platform });
        expect(built !== null, `${rule.path} on ${platform}`).toBe(isDeepLinkAvailable(rule.path, platform));
      }
    }
  });

  it('says no for an unknown path', () => {
    expect(isDeepLinkAvailable('home/wallet', 'web')).toBe(false);
  });
});

describe('buildDeepLink and parseDeepLink together', () => {
  // Characters that break naive query handling, mixed with any Unicode code point (up to 12 encoded bytes each).
  const character = fc.oneof(
    fc.constantFrom(' ', '&', '=', '%', '#', '?', '/', '+', '😀', '👩‍👩‍👧', 'é', '中', '%41', '\n', '\u0000'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  const text = fc.string({ unit: character, maxLength: 16 });
  const value: fc.Arbitrary<DeepLinkValue> = fc.oneof(
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
  );
  const valueFor = (rule: DeepLinkPathRule, key: string): fc.Arbitrary<DeepLinkValue> => {
    const allowed = rule.values[key];
    return allowed === undefined ? value : fc.constantFrom(...allowed);
  };
  const extraKey = fc.string({ unit: character, minLength: 1, maxLength: 8 }).filter((key) => key !== '__proto__');
  const linkCase = fc.constantFrom(...DEEP_LINK_PATHS).chain((rule: DeepLinkPathRule) =>
    fc.record({
      rule: fc.constant(rule),
      query: fc.record(Object.fromEntries(rule.keys.map((key) => [key, valueFor(rule, key)])), {
        requiredKeys: [],
      }),
      extras: rule.extraKeys ? fc.dictionary(extraKey, value, { maxKeys: 5 }) : fc.constant({}),
      inApp: fc.boolean(),
    }),
  );

  it('reads back every path’s link as its query with defaults, under both schemes', () => {
    fc.assert(
      fc.property(linkCase, ({ rule, query, extras, inApp }) => {
        const given = { ...extras, ...query } as Record<string, DeepLinkValue>;
        const link = buildDeepLink(rule.path, given, { inApp, platform: 'web' });
        expect(link).not.toBeNull();
        const expected = {
          ...rule.defaults,
          ...Object.fromEntries(Object.entries(given).map(([key, v]) => [key, String(v)])),
        };
        expect(parseDeepLink(link!)).toEqual({
          scheme: inApp ? 'app' : 'exchangeapp',
          host: 'exchange',
          path: rule.path,
          query: expected,
          inApp,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('covers every path in the round trip', () => {
    for (const rule of DEEP_LINK_PATHS) {
      const query = Object.fromEntries(rule.keys.map((key) => [key, rule.values[key]?.[0] ?? `${key} & = % # 😀`]));
      const link = buildDeepLink(rule.path, query, ON_WEB)!;
      expect(parseDeepLink(link)?.query, rule.path).toEqual({ ...rule.defaults, ...query });
    }
  });
});
