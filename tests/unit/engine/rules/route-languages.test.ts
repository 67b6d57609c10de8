import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_LOCALES, isLocale } from '../../../../engine/rules/locales';
import {
  isRouteLanguage,
  localeToRouteLanguage,
  ROUTE_LANGUAGES,
  routeLanguageToLocale,
  splitLanguagePrefix,
  withLanguagePrefix,
} from '../../../../engine/rules/route-languages';

describe('ROUTE_LANGUAGES', () => {
  it('lists the 25 prefixes of §2.1 in the spec order', () => {
    expect(ROUTE_LANGUAGES).toEqual([
      'bg',
      'en',
      'asia',
      'en-GB',
      'ja',
      'vi',
      'ru',
      'es',
      'tr',
      'it',
      'fr',
      'de',
      'zh-CN',
      'zh-TW',
      'zh-TC',
      'pt',
      'id',
      'th',
      'pl',
      'uk',
      'pt-PT',
      'es-ES',
      'uz',
      'ar',
      'ph',
    ]);
  });
});

describe('isRouteLanguage', () => {
  it('accepts only exact, case-sensitive prefixes', () => {
    expect(isRouteLanguage('zh-TC')).toBe(true);
    expect(isRouteLanguage('zh-tc')).toBe(false);
    expect(isRouteLanguage('nl')).toBe(false);
    expect(isRouteLanguage('')).toBe(false);
    expect(isRouteLanguage('constructor')).toBe(false);
  });
});

describe('splitLanguagePrefix', () => {
  it.each([
    ['/ja/spot/BTCUSDT', 'ja', '/spot/BTCUSDT'],
    ['/ja', 'ja', '/'],
    ['/ja/', 'ja', '/'],
    ['/zh-TC/futures/usdt/BTCUSDT', 'zh-TC', '/futures/usdt/BTCUSDT'],
    ['/en/fee', 'en', '/fee'],
    ['/ph', 'ph', '/'],
    ['/ja?x=1', 'ja', '/?x=1'],
    ['/ja/?x=1', 'ja', '/?x=1'],
    ['/ar#x', 'ar', '/#x'],
    ['/ar/asset#top', 'ar', '/asset#top'],
    ['/ja/spot?symbol=BTC#book', 'ja', '/spot?symbol=BTC#book'],
  ])('splits %s into %s and %s', (input, language, rest) => {
    expect(splitLanguagePrefix(input)).toEqual({ language, rest });
  });

  it.each(['/JA/x', '/jam/x', '/spot/ja', '/ja-JP/x', '/zh-cn/x', '/nl/x', '/%6Aa/x', '/日本語/spot', '/ja\u0301/x'])(
    'leaves %s unprefixed and unchanged',
    (input) => {
      expect(splitLanguagePrefix(input)).toEqual({ language: null, rest: input });
    },
  );

  it('turns empty and bare inputs into the root path', () => {
    expect(splitLanguagePrefix('')).toEqual({ language: null, rest: '/' });
    expect(splitLanguagePrefix('/')).toEqual({ language: null, rest: '/' });
    expect(splitLanguagePrefix('?x=1')).toEqual({ language: null, rest: '/?x=1' });
    expect(splitLanguagePrefix('#h')).toEqual({ language: null, rest: '/#h' });
  });

  it('never hands back a path another origin could be read from', () => {
    expect(splitLanguagePrefix('//evil.com')).toEqual({ language: null, rest: '/evil.com' });
    expect(splitLanguagePrefix('/\\evil.com')).toEqual({ language: null, rest: '/evil.com' });
    expect(splitLanguagePrefix('/ja//evil.com')).toEqual({ language: 'ja', rest: '/evil.com' });
    expect(splitLanguagePrefix('/ja/\\evil.com/x')).toEqual({ language: 'ja', rest: '/evil.com/x' });
    expect(splitLanguagePrefix('///ja/x')).toEqual({ language: 'ja', rest: '/x' });
  });

  it('adds the leading slash a relative path lacks', () => {
    expect(splitLanguagePrefix('ja/spot')).toEqual({ language: 'ja', rest: '/spot' });
    expect(splitLanguagePrefix('spot')).toEqual({ language: null, rest: '/spot' });
  });

  it('keeps unicode after the prefix intact', () => {
    expect(splitLanguagePrefix('/uz/coin/😀?q=ü')).toEqual({ language: 'uz', rest: '/coin/😀?q=ü' });
  });

  it('handles a very long path in linear time', () => {
    const long = `/ja/${'a/'.repeat(200_000)}`;
    const started = Date.now();
    const { language, rest } = splitLanguagePrefix(long);
    expect(language).toBe('ja');
    expect(rest.length).toBe(long.length - 3);
    expect(splitLanguagePrefix('/'.repeat(200_000)).rest).toBe('/');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('always returns a rest with exactly one leading slash', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        const { rest } = splitLanguagePrefix(input);
        expect(rest.startsWith('/')).toBe(true);
        expect(rest.startsWith('//')).toBe(false);
        expect(rest.startsWith('/\\')).toBe(false);
      }),
    );
  });
});

describe('withLanguagePrefix', () => {
  it.each([
    ['ja', '/spot/BTCUSDT', '/ja/spot/BTCUSDT'],
    ['ja', '/', '/ja'],
    ['ja', '', '/ja'],
    ['en', '/fee', '/en/fee'],
    ['ar', '/?x=1', '/ar?x=1'],
    ['ar', '/#x', '/ar#x'],
    ['ja', 'spot', '/ja/spot'],
    ['ja', '//evil.com', '/ja/evil.com'],
    [null, '/spot', '/spot'],
    [null, '', '/'],
    [null, '//evil.com', '/evil.com'],
  ] as const)('puts %s in front of %s as %s', (language, path, expected) => {
    expect(withLanguagePrefix(language, path)).toBe(expected);
  });

  it('does not replace a prefix the path already has', () => {
    expect(withLanguagePrefix('ja', '/en/x')).toBe('/ja/en/x');
  });

  it('reverses splitLanguagePrefix for every prefix', () => {
    for (const language of ROUTE_LANGUAGES) {
      const path = `/${language}/futures/usdt/BTCUSDT?tab=1#book`;
      const split = splitLanguagePrefix(path);
      expect(split.language).toBe(language);
      expect(withLanguagePrefix(split.language, split.rest)).toBe(path);
    }
  });

  it('round-trips any path through split and join', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...ROUTE_LANGUAGES), fc.webPath(), (language, path) => {
        const joined = withLanguagePrefix(language, path);
        expect(joined).not.toMatch(/^\/\//);
        const split = splitLanguagePrefix(joined);
        if (language !== null) expect(split.language).toBe(language);
        expect(withLanguagePrefix(split.language, split.rest)).toBe(joined);
      }),
    );
  });
});

describe('routeLanguageToLocale', () => {
  it('maps the three aliases and bg', () => {
    expect(routeLanguageToLocale('asia')).toBe('en');
    expect(routeLanguageToLocale('zh-TC')).toBe('zh-TW');
    expect(routeLanguageToLocale('ph')).toBe('en-PH');
    expect(routeLanguageToLocale('bg')).toBe('bg');
  });

  it('maps every other prefix to the locale of the same name', () => {
    for (const language of ROUTE_LANGUAGES) {
      if (language === 'asia' || language === 'zh-TC' || language === 'ph') continue;
      expect(routeLanguageToLocale(language)).toBe(language);
    }
  });

  it('always yields a locale of the table', () => {
    for (const language of ROUTE_LANGUAGES) expect(isLocale(routeLanguageToLocale(language))).toBe(true);
  });
});

describe('localeToRouteLanguage', () => {
  it('finds the prefix that shows a locale', () => {
    expect(localeToRouteLanguage('ja')).toBe('ja');
    expect(localeToRouteLanguage('en-PH')).toBe('ph');
    expect(localeToRouteLanguage('zh-TW')).toBe('zh-TW');
  });

  it('gives null for locales without a prefix', () => {
    for (const locale of ['nl', 'sv', 'ko', 'en-IN', 'en-ZA'] as const) {
      expect(localeToRouteLanguage(locale)).toBeNull();
    }
  });

  it('is undone by routeLanguageToLocale', () => {
    for (const locale of ALL_LOCALES) {
      const language = localeToRouteLanguage(locale);
      if (language !== null) expect(routeLanguageToLocale(language)).toBe(locale);
    }
  });
});
