import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_LOCALES, isLocale } from '../../../../engine/rules/locales';
import { matchBrowserLanguage } from '../../../../engine/rules/browser-language';

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
