import type { Locale } from './locales';

/** One display currency of spec §3: its ISO 4217 code and the symbol shown before amounts. */
export interface DisplayCurrency {
  readonly code: string;
  readonly symbol: string;
}

/** The 13 display currencies of spec §3, in the spec's order, each with its symbol. */
export const DISPLAY_CURRENCIES = [
  { code: 'USD', symbol: '$' },
  { code: 'KRW', symbol: '₩' },
  { code: 'JPY', symbol: '¥' },
  { code: 'VND', symbol: '₫' },
  { code: 'RUB', symbol: '₽' },
  { code: 'EUR', symbol: '€' },
  { code: 'TRY', symbol: '₺' },
  // CNY and JPY share '¥'; the code tells them apart where both could appear.
  { code: 'CNY', symbol: '¥' },
  { code: 'TWD', symbol: 'NT$' },
  { code: 'IDR', symbol: 'Rp' },
  { code: 'PHP', symbol: '₱' },
  { code: 'HKD', symbol: 'HK$' },
  { code: 'THB', symbol: '฿' },
] as const satisfies readonly DisplayCurrency[];

/** The code of one display currency of spec §3. */
export type CurrencyCode = (typeof DISPLAY_CURRENCIES)[number]['code'];

const CURRENCY_CODES: ReadonlySet<string> = new Set(DISPLAY_CURRENCIES.map((c) => c.code));

/** Whether a string is exactly one of the display currency codes of spec §3 (for cookie values). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return CURRENCY_CODES.has(value);
}

/** The symbol shown for a display currency (spec §3). */
export function currencySymbolOf(code: CurrencyCode): string {
  return DISPLAY_CURRENCIES.find((c) => c.code === code)!.symbol;
}

// The spec shows only part of its locale-to-currency map (zh-CN → CNY, en →
// USD, ko → KRW, "many European locales" → EUR); the rest is ours. Rule: a
// locale gets the currency of its main country when that currency is one of
// the 13 display currencies, otherwise USD. So de, fr, it, nl, es-ES, pt-PT
// and bg (euro since 1 January 2026) get EUR, while pl (PLN), sv (SEK), uk
// (UAH), en-GB (GBP), en-IN (INR), en-ZA (ZAR), pt (Brazil, BRL), es (Latin
// America), uz (UZS) and ar (the Gulf currencies) get USD. HKD is never a
// default: Hong Kong browsers land on zh-TW, whose main country uses TWD.
const DEFAULT_CURRENCY: Readonly<Record<Locale, CurrencyCode>> = {
  en: 'USD',
  'en-GB': 'USD',
  ja: 'JPY',
  vi: 'VND',
  ru: 'RUB',
  es: 'USD',
  tr: 'TRY',
  it: 'EUR',
  fr: 'EUR',
  de: 'EUR',
  'zh-CN': 'CNY',
  'zh-TW': 'TWD',
  pt: 'USD',
  id: 'IDR',
  th: 'THB',
  nl: 'EUR',
  pl: 'USD',
  uk: 'USD',
  sv: 'USD',
  'pt-PT': 'EUR',
  'es-ES': 'EUR',
  uz: 'USD',
  ar: 'USD',
  ko: 'KRW',
  bg: 'EUR',
  'en-IN': 'USD',
  'en-PH': 'PHP',
  'en-ZA': 'USD',
};

/** The display currency a locale starts with before the user picks one (spec §3 locale-to-currency map). */
export function defaultCurrencyOf(locale: Locale): CurrencyCode {
  // hasOwn: a cast value such as '__proto__' must not read Object.prototype.
  return Object.hasOwn(DEFAULT_CURRENCY, locale) ? DEFAULT_CURRENCY[locale] : 'USD';
}
