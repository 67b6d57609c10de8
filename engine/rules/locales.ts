// Language rules of the spec (§3 language entries, §7.1 languageType, §8 localized texts) as plain data plus small
// pure functions; the route prefixes of §2.1 are in route-languages.ts, browser language matching in
// browser-language.ts.

/** The supported locales of spec §3, in the spec's order. */
export const SUPPORTED_LOCALES = [
  'en',
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
  'pt',
  'id',
  'th',
  'nl',
  'pl',
  'uk',
  'sv',
  'pt-PT',
  'es-ES',
  'uz',
  'ar',
] as const;

/** The locales that spec §3 lists only in the locale table, not among the supported ones. */
export const TABLE_ONLY_LOCALES = ['ko', 'bg', 'en-IN', 'en-PH', 'en-ZA'] as const;

/** Every locale the spec names (§3): the supported ones, then the table-only ones. */
export const ALL_LOCALES = [...SUPPORTED_LOCALES, ...TABLE_ONLY_LOCALES] as const;

/** One locale of spec §3. */
export type Locale = (typeof ALL_LOCALES)[number];

/** The ids of the message bundles that serve the locales' texts (spec §8 "about 24 locales"). */
export const MESSAGE_BUNDLES = [
  'en',
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
  'pt',
  'id',
  'th',
  'nl',
  'pl',
  'uk',
  'sv',
  'pt-PT',
  'es-ES',
  'uz',
  'ar',
  'ko',
  'bg',
] as const;

/** One message bundle id (spec §8): `<id>.json` in `src/i18n/messages/` and in each area's `messages/` hold its texts. */
export type MessageBundle = (typeof MESSAGE_BUNDLES)[number];

/**
 * Language type numbers of the app list (spec §3), sent as `languageType` (§7.1).
 * The request layer uses this list; see `languageTypeOf` for the fallbacks.
 */
export const APP_LANGUAGE_TYPES = {
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
} as const satisfies Partial<Record<Locale, number>>;

/**
 * Language type numbers of the spec's other list (§3): the app list plus ko,
 * en-PH, en-IN and en-ZA, with ids 0 to 24, so uz (25) and ar (39) are absent.
 */
export const EXTENDED_LANGUAGE_TYPES = {
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
  ko: 15,
  nl: 16,
  'en-PH': 17,
  'en-IN': 18,
  'en-ZA': 19,
  pl: 20,
  uk: 21,
  sv: 22,
  'es-ES': 23,
  'pt-PT': 24,
} as const satisfies Partial<Record<Locale, number>>;

const APP_TYPES: Readonly<Partial<Record<Locale, number>>> = APP_LANGUAGE_TYPES;
const EXTENDED_TYPES: Readonly<Partial<Record<Locale, number>>> = EXTENDED_LANGUAGE_TYPES;

/**
 * The `languageType` number the request layer sends for a locale (spec §3, §7.1).
 * The two lists never disagree on a locale they both hold, so the order only
 * matters for coverage: the app list first (it is the one that has uz and ar),
 * then the extended list (ko, en-PH, en-IN, en-ZA), then en's 0 — which is
 * what bg gets, because neither list gives it a number.
 */
export function languageTypeOf(locale: Locale): number {
  // hasOwn: a cast value such as '__proto__' must not read Object.prototype.
  if (Object.hasOwn(APP_TYPES, locale)) return APP_TYPES[locale]!;
  if (Object.hasOwn(EXTENDED_TYPES, locale)) return EXTENDED_TYPES[locale]!;
  return APP_LANGUAGE_TYPES.en;
}

/** One row of the locale table: spec §3 "Language entry" plus what the UI needs to render it. */
export interface LanguageEntry {
  readonly locale: Locale;
  /** Spec §3 key in `language_REGION` form, for example `en_US`. */
  readonly languageKey: string;
  /** The language's name in its own language, for the language picker. */
  readonly languageName: string;
  /** Spec §3 number sent as `languageType`; see `languageTypeOf`. */
  readonly languageType: number;
  readonly dir: 'ltr' | 'rtl';
  /** The BCP 47 tag handed to `Intl` for numbers and dates. */
  readonly intl: string;
  /** Which message bundle serves this locale's texts. */
  readonly bundle: MessageBundle;
  /** True for the spec's supported locales, false for the table-only ones. */
  readonly isSupported: boolean;
}

type EntryData = Omit<LanguageEntry, 'locale' | 'languageType' | 'dir' | 'isSupported'>;

// languageKey, intl and languageName are ours: the spec gives only `en_US` as
// an example. Decisions: `es` is Latin-American Spanish (es_419), since es-ES
// has its own locale; `pt` is Brazilian (pt_BR) for the same reason; uz is
// written in Latin script; ar asks Intl for Latin digits so prices read the
// same as what the numeric input accepts (ASCII digits only, spec §5).
const ENTRY_DATA: Readonly<Record<Locale, EntryData>> = {
  en: { languageKey: 'en_US', languageName: 'English', intl: 'en-US', bundle: 'en' },
  'en-GB': { languageKey: 'en_GB', languageName: 'English (UK)', intl: 'en-GB', bundle: 'en' },
  ja: { languageKey: 'ja_JP', languageName: '日本語', intl: 'ja-JP', bundle: 'ja' },
  vi: { languageKey: 'vi_VN', languageName: 'Tiếng Việt', intl: 'vi-VN', bundle: 'vi' },
  ru: { languageKey: 'ru_RU', languageName: 'Русский', intl: 'ru-RU', bundle: 'ru' },
  es: {
    languageKey: 'es_419',
    languageName: 'Español (Latinoamérica)',
    intl: 'es-419',
    bundle: 'es',
  },
  tr: { languageKey: 'tr_TR', languageName: 'Türkçe', intl: 'tr-TR', bundle: 'tr' },
  it: { languageKey: 'it_IT', languageName: 'Italiano', intl: 'it-IT', bundle: 'it' },
  fr: { languageKey: 'fr_FR', languageName: 'Français', intl: 'fr-FR', bundle: 'fr' },
  de: { languageKey: 'de_DE', languageName: 'Deutsch', intl: 'de-DE', bundle: 'de' },
  'zh-CN': { languageKey: 'zh_CN', languageName: '简体中文', intl: 'zh-Hans-CN', bundle: 'zh-CN' },
  'zh-TW': { languageKey: 'zh_TW', languageName: '繁體中文', intl: 'zh-Hant-TW', bundle: 'zh-TW' },
  pt: {
    languageKey: 'pt_BR',
    languageName: 'Português (Brasil)',
    intl: 'pt-BR',
    bundle: 'pt',
  },
  id: { languageKey: 'id_ID', languageName: 'Bahasa Indonesia', intl: 'id-ID', bundle: 'id' },
  th: { languageKey: 'th_TH', languageName: 'ไทย', intl: 'th-TH', bundle: 'th' },
  nl: { languageKey: 'nl_NL', languageName: 'Nederlands', intl: 'nl-NL', bundle: 'nl' },
  pl: { languageKey: 'pl_PL', languageName: 'Polski', intl: 'pl-PL', bundle: 'pl' },
  uk: { languageKey: 'uk_UA', languageName: 'Українська', intl: 'uk-UA', bundle: 'uk' },
  sv: { languageKey: 'sv_SE', languageName: 'Svenska', intl: 'sv-SE', bundle: 'sv' },
  'pt-PT': {
    languageKey: 'pt_PT',
    languageName: 'Português (Portugal)',
    intl: 'pt-PT',
    bundle: 'pt-PT',
  },
  'es-ES': {
    languageKey: 'es_ES',
    languageName: 'Español (España)',
    intl: 'es-ES',
    bundle: 'es-ES',
  },
  uz: { languageKey: 'uz_UZ', languageName: 'Oʻzbekcha', intl: 'uz-Latn-UZ', bundle: 'uz' },
  ar: { languageKey: 'ar_SA', languageName: 'العربية', intl: 'ar-u-nu-latn', bundle: 'ar' },
  ko: { languageKey: 'ko_KR', languageName: '한국어', intl: 'ko-KR', bundle: 'ko' },
  bg: { languageKey: 'bg_BG', languageName: 'Български', intl: 'bg-BG', bundle: 'bg' },
  'en-IN': { languageKey: 'en_IN', languageName: 'English (India)', intl: 'en-IN', bundle: 'en' },
  'en-PH': {
    languageKey: 'en_PH',
    languageName: 'English (Philippines)',
    intl: 'en-PH',
    bundle: 'en',
  },
  'en-ZA': {
    languageKey: 'en_ZA',
    languageName: 'English (South Africa)',
    intl: 'en-ZA',
    bundle: 'en',
  },
};

const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** Whether a locale is written right to left (spec §3: only ar). */
export function isRtl(locale: Locale): boolean {
  return RTL_LOCALES.has(locale);
}

/** The locale table of spec §3, one entry per locale: supported locales first in the spec's order, then the table-only ones. */
export const LOCALES: readonly LanguageEntry[] = Object.freeze(
  ALL_LOCALES.map(
    (locale): LanguageEntry =>
      Object.freeze({
        locale,
        ...ENTRY_DATA[locale],
        languageType: languageTypeOf(locale),
        dir: isRtl(locale) ? 'rtl' : 'ltr',
        isSupported: (SUPPORTED_LOCALES as readonly string[]).includes(locale),
      }),
  ),
);

const ENTRY_BY_LOCALE: ReadonlyMap<Locale, LanguageEntry> = new Map(LOCALES.map((entry) => [entry.locale, entry]));

/** The locale table row of one locale (spec §3 "Language entry"); en's row for a value that is no locale. */
export function localeEntryOf(locale: Locale): LanguageEntry {
  // A value cast from a cookie may not be a locale at run time; English is the spec's fallback.
  return ENTRY_BY_LOCALE.get(locale) ?? ENTRY_BY_LOCALE.get('en')!;
}

const LOCALE_SET: ReadonlySet<string> = new Set(ALL_LOCALES);

/** Whether a string is exactly one of the spec's locales (§3), for values read from cookies or storage. */
export function isLocale(value: string): value is Locale {
  return LOCALE_SET.has(value);
}

/** The message bundle that serves a locale's texts (spec §8); English variants share `en`. */
export function bundleOf(locale: Locale): MessageBundle {
  return localeEntryOf(locale).bundle;
}
