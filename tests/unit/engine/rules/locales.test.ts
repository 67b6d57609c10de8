import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_LOCALES,
  APP_LANGUAGE_TYPES,
  bundleOf,
  EXTENDED_LANGUAGE_TYPES,
  isLocale,
  isRouteLanguage,
  isRtl,
  LOCALES,
  type Locale,
  languageTypeOf,
  localeEntryOf,
  localeToRouteLanguage,
  MESSAGE_BUNDLES,
  matchBrowserLanguage,
  ROUTE_LANGUAGES,
  routeLanguageToLocale,
  SUPPORTED_LOCALES,
  splitLanguagePrefix,
  TABLE_ONLY_LOCALES,
  withLanguagePrefix,
} from '../../../../engine/rules/locales';

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

describe('LOCALES', () => {
  it('has one entry per locale the spec names, supported ones first', () => {
    expect(LOCALES.map((e) => e.locale)).toEqual([...SUPPORTED_LOCALES, ...TABLE_ONLY_LOCALES]);
    expect(SUPPORTED_LOCALES).toHaveLength(23);
    expect(TABLE_ONLY_LOCALES).toEqual(['ko', 'bg', 'en-IN', 'en-PH', 'en-ZA']);
    expect(new Set(LOCALES.map((e) => e.locale)).size).toBe(28);
  });

  it('marks the table-only locales as not supported', () => {
    for (const entry of LOCALES) {
      expect(entry.isSupported).toBe(!(TABLE_ONLY_LOCALES as readonly string[]).includes(entry.locale));
    }
  });

  it('gives each locale a distinct language_REGION key', () => {
    expect(localeEntryOf('en').languageKey).toBe('en_US');
    for (const entry of LOCALES) expect(entry.languageKey).toMatch(/^[a-z]{2}_(?:[A-Z]{2}|\d{3})$/);
    expect(new Set(LOCALES.map((e) => e.languageKey)).size).toBe(LOCALES.length);
  });

  it('names each language in its own language', () => {
    expect(localeEntryOf('ja').languageName).toBe('日本語');
    expect(localeEntryOf('ar').languageName).toBe('العربية');
    expect(localeEntryOf('zh-TW').languageName).toBe('繁體中文');
    expect(new Set(LOCALES.map((e) => e.languageName)).size).toBe(LOCALES.length);
  });

  it('hands Intl a tag it accepts, with the script for Chinese', () => {
    for (const entry of LOCALES) {
      expect(Intl.getCanonicalLocales(entry.intl)).toEqual([entry.intl]);
      expect(Intl.NumberFormat.supportedLocalesOf(entry.intl)).toHaveLength(1);
    }
    expect(localeEntryOf('zh-TW').intl).toBe('zh-Hant-TW');
    expect(localeEntryOf('zh-CN').intl).toBe('zh-Hans-CN');
  });

  it('formats Arabic prices with Latin digits', () => {
    expect(new Intl.NumberFormat(localeEntryOf('ar').intl).format(1234.5)).toMatch(/1.?234.5/);
  });

  it('serves English variants from the en bundle and every bundle from the list', () => {
    for (const locale of ['en', 'en-GB', 'en-IN', 'en-PH', 'en-ZA'] as const) expect(bundleOf(locale)).toBe('en');
    for (const entry of LOCALES) expect(MESSAGE_BUNDLES).toContain(entry.bundle);
    expect(new Set(LOCALES.map((e) => e.bundle))).toEqual(new Set(MESSAGE_BUNDLES));
  });

  it('writes only Arabic right to left', () => {
    expect(LOCALES.filter((e) => e.dir === 'rtl').map((e) => e.locale)).toEqual(['ar']);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(LOCALES)).toBe(true);
    expect(Object.isFrozen(LOCALES[0])).toBe(true);
  });
});

describe('localeEntryOf', () => {
  it('finds the row of a locale', () => {
    expect(localeEntryOf('pt-PT')).toMatchObject({ locale: 'pt-PT', languageType: 24, bundle: 'pt-PT' });
  });

  it('falls back to English for a value that is no locale', () => {
    expect(localeEntryOf('xx' as Locale).locale).toBe('en');
  });
});

describe('MESSAGE_BUNDLES', () => {
  it('has 24 distinct bundles, en among them', () => {
    expect(MESSAGE_BUNDLES).toHaveLength(24);
    expect(new Set(MESSAGE_BUNDLES).size).toBe(24);
    expect(MESSAGE_BUNDLES).toContain('en');
    expect(MESSAGE_BUNDLES).not.toContain('en-GB');
  });
});

describe('APP_LANGUAGE_TYPES and EXTENDED_LANGUAGE_TYPES', () => {
  it('keeps the app list of §3', () => {
    expect(APP_LANGUAGE_TYPES).toEqual({
      en: 0,
      'zh-CN': 1,
      ja: 2,
      'en-GB': 3,
      vi: 4,
      'zh-TW': 5,
      ru: 6,
      es: 7,
      tr: 8,
      it: 9,
      fr: 10,
      de: 11,
      pt: 12,
      id: 13,
      th: 14,
      nl: 16,
      pl: 20,
      uk: 21,
      sv: 22,
      'es-ES': 23,
      'pt-PT': 24,
      uz: 25,
      ar: 39,
    });
  });

  it('keeps the extended list with ids 0 to 24 and without uz and ar', () => {
    const ids = Object.values(EXTENDED_LANGUAGE_TYPES).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(EXTENDED_LANGUAGE_TYPES).toMatchObject({ ko: 15, 'en-PH': 17, 'en-IN': 18, 'en-ZA': 19 });
    expect('uz' in EXTENDED_LANGUAGE_TYPES).toBe(false);
    expect('ar' in EXTENDED_LANGUAGE_TYPES).toBe(false);
  });

  it('never gives one locale two numbers', () => {
    for (const [locale, id] of Object.entries(APP_LANGUAGE_TYPES)) {
      const other = (EXTENDED_LANGUAGE_TYPES as Record<string, number>)[locale];
      if (other !== undefined) expect(other).toBe(id);
    }
  });
});

describe('languageTypeOf', () => {
  it('uses the app list first', () => {
    expect(languageTypeOf('ar')).toBe(39);
    expect(languageTypeOf('uz')).toBe(25);
    expect(languageTypeOf('ja')).toBe(2);
  });

  it('falls back to the extended list for ko and the English variants', () => {
    expect(languageTypeOf('ko')).toBe(15);
    expect(languageTypeOf('en-PH')).toBe(17);
    expect(languageTypeOf('en-IN')).toBe(18);
    expect(languageTypeOf('en-ZA')).toBe(19);
  });

  it("gives bg, which neither list numbers, en's 0", () => {
    expect(languageTypeOf('bg')).toBe(0);
  });

  it("gives a value that is no locale en's 0", () => {
    expect(languageTypeOf('__proto__' as Locale)).toBe(0);
    expect(languageTypeOf('toString' as Locale)).toBe(0);
  });

  it('agrees with the table', () => {
    for (const entry of LOCALES) expect(entry.languageType).toBe(languageTypeOf(entry.locale));
  });
});

describe('isRtl', () => {
  it('is true for ar only', () => {
    expect(ALL_LOCALES.filter((locale) => isRtl(locale))).toEqual(['ar']);
  });
});

describe('isLocale', () => {
  it('accepts exact locales only', () => {
    expect(isLocale('zh-TW')).toBe(true);
    expect(isLocale('ko')).toBe(true);
    expect(isLocale('zh-tw')).toBe(false);
    expect(isLocale('asia')).toBe(false);
    expect(isLocale('')).toBe(false);
    expect(isLocale('__proto__')).toBe(false);
  });
});

describe('matchBrowserLanguage', () => {
  it.each([
    [['ja'], 'ja'],
    [['JA-jp'], 'ja'],
    [['zh-CN'], 'zh-CN'],
    [['zh-cn'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['zh-HK'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    [['zh-TW'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-Hant-SG'], 'zh-TW'],
    [['zh_HK'], 'zh-TW'],
    [['pt-BR'], 'pt'],
    [['pt_BR'], 'pt'],
    [['pt'], 'pt'],
    [['pt-AO'], 'pt'],
    [['pt-PT'], 'pt-PT'],
    [['pt-pt'], 'pt-PT'],
    [['es-ES'], 'es-ES'],
    [['es-MX'], 'es'],
    [['es-419'], 'es'],
    [['es'], 'es'],
    [['en-GB'], 'en-GB'],
    [['en-IN'], 'en-IN'],
    [['en-PH'], 'en-PH'],
    [['en-ZA'], 'en-ZA'],
    [['en-US'], 'en'],
    [['en-AU'], 'en'],
    [['nb'], 'en'],
    [['no', 'sv'], 'en'],
    [['nb-NO', 'de'], 'en'],
    [['de-AT'], 'de'],
    [['fr-CA'], 'fr'],
    [['ar-EG'], 'ar'],
    [['uk-UA'], 'uk'],
    [['uz-Latn-UZ'], 'uz'],
    [['ko-KR'], 'ko'],
    [['bg-BG'], 'bg'],
    [['in-ID'], 'id'],
    [['de_DE.UTF-8'], 'de'],
    [['fr-FR;q=0.9'], 'fr'],
  ] as const)('matches %j to %s', (languages, locale) => {
    expect(matchBrowserLanguage(languages)).toBe(locale);
  });

  it('lets the first language that matches win', () => {
    expect(matchBrowserLanguage(['he-IL', 'xx', 'fr-FR', 'de'])).toBe('fr');
    expect(matchBrowserLanguage(['de', 'fr'])).toBe('de');
  });

  it('falls back to en', () => {
    expect(matchBrowserLanguage([])).toBe('en');
    expect(matchBrowserLanguage(['he-IL', 'fa'])).toBe('en');
  });

  it('ignores hostile and malformed entries', () => {
    expect(matchBrowserLanguage(['', '*', '-', '_', ' ', '__proto__', 'constructor', 'ja'])).toBe('ja');
    expect(matchBrowserLanguage(['日本語', '😀', 'ja'])).toBe('ja');
    expect(matchBrowserLanguage([`ja-${'x'.repeat(1_000_000)}`, 'de'])).toBe('de');
    expect(matchBrowserLanguage([null, 42, 'vi'] as unknown as string[])).toBe('vi');
  });

  it('always yields a locale of the table', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (languages) => {
        expect(isLocale(matchBrowserLanguage(languages))).toBe(true);
      }),
    );
  });

  it('matches every locale by its own tag', () => {
    for (const locale of ALL_LOCALES) {
      expect(matchBrowserLanguage([locale])).toBe(locale);
      expect(matchBrowserLanguage([locale.toUpperCase()])).toBe(locale);
      expect(matchBrowserLanguage([locale.replace('-', '_')])).toBe(locale);
    }
  });
});
