import { describe, expect, it } from 'vitest';
import {
  type CurrencyCode,
  currencySymbolOf,
  DISPLAY_CURRENCIES,
  defaultCurrencyOf,
  isCurrencyCode,
} from '../../../../engine/rules/currencies';
import { ALL_LOCALES, type Locale } from '../../../../engine/rules/locales';

describe('DISPLAY_CURRENCIES', () => {
  it('lists the 13 currencies of §3 in the spec order with their symbols', () => {
    expect(DISPLAY_CURRENCIES.map((c) => [c.code, c.symbol])).toEqual([
      ['USD', '$'],
      ['KRW', '₩'],
      ['JPY', '¥'],
      ['VND', '₫'],
      ['RUB', '₽'],
      ['EUR', '€'],
      ['TRY', '₺'],
      ['CNY', '¥'],
      ['TWD', 'NT$'],
      ['IDR', 'Rp'],
      ['PHP', '₱'],
      ['HKD', 'HK$'],
      ['THB', '฿'],
    ]);
  });

  it('uses codes Intl knows as currencies', () => {
    for (const { code } of DISPLAY_CURRENCIES) {
      expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: code })).not.toThrow();
    }
  });
});

describe('isCurrencyCode', () => {
  it('accepts the display codes exactly', () => {
    expect(isCurrencyCode('TWD')).toBe(true);
    expect(isCurrencyCode('twd')).toBe(false);
    expect(isCurrencyCode('GBP')).toBe(false);
    expect(isCurrencyCode('')).toBe(false);
    expect(isCurrencyCode('__proto__')).toBe(false);
  });
});

describe('currencySymbolOf', () => {
  it('returns the symbol of each code', () => {
    expect(currencySymbolOf('USD')).toBe('$');
    expect(currencySymbolOf('TWD')).toBe('NT$');
    expect(currencySymbolOf('CNY')).toBe('¥');
    expect(currencySymbolOf('THB')).toBe('฿');
  });
});

describe('defaultCurrencyOf', () => {
  it.each([
    ['zh-CN', 'CNY'],
    ['en', 'USD'],
    ['ko', 'KRW'],
    ['ja', 'JPY'],
    ['vi', 'VND'],
    ['ru', 'RUB'],
    ['tr', 'TRY'],
    ['zh-TW', 'TWD'],
    ['id', 'IDR'],
    ['en-PH', 'PHP'],
    ['th', 'THB'],
  ] as const)('gives %s its country currency %s', (locale, code) => {
    expect(defaultCurrencyOf(locale)).toBe(code);
  });

  it.each(['de', 'fr', 'it', 'nl', 'es-ES', 'pt-PT', 'bg'] as const)('gives euro-area %s EUR', (locale) => {
    expect(defaultCurrencyOf(locale)).toBe('EUR');
  });

  it.each(['pl', 'sv', 'uk', 'en-GB', 'en-IN', 'en-ZA', 'pt', 'es', 'uz', 'ar'] as const)(
    'gives %s, whose currency is not offered, USD',
    (locale) => {
      expect(defaultCurrencyOf(locale)).toBe('USD');
    },
  );

  it('covers every locale with a display currency', () => {
    const codes = new Set<string>(DISPLAY_CURRENCIES.map((c) => c.code));
    for (const locale of ALL_LOCALES) expect(codes.has(defaultCurrencyOf(locale))).toBe(true);
  });

  it('falls back to USD for a value that is no locale', () => {
    expect(defaultCurrencyOf('xx' as Locale)).toBe<CurrencyCode>('USD');
    expect(defaultCurrencyOf('__proto__' as Locale)).toBe<CurrencyCode>('USD');
  });
});
