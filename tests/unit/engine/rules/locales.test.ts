import { describe, expect, it } from 'vitest';
import {
  ALL_LOCALES,
  APP_LANGUAGE_TYPES,
  bundleOf,
  EXTENDED_LANGUAGE_TYPES,
  isLocale,
  isRtl,
  LOCALES,
  type Locale,
  languageTypeOf,
  localeEntryOf,
  MESSAGE_BUNDLES,
  SUPPORTED_LOCALES,
  TABLE_ONLY_LOCALES,
} from '../../../../engine/rules/locales';

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
