// Matching a browser's preferred languages to a locale of spec §3 ("matched by pattern").
import { ALL_LOCALES, type Locale } from './locales';

// Browser tags longer than this are not language tags; skip them unread.
const MAX_TAG_LENGTH = 64;

const LOCALE_BY_LOWER: ReadonlyMap<string, Locale> = new Map(
  ALL_LOCALES.map((locale) => [locale.toLowerCase(), locale]),
);

/** The locale one browser language tag matches under the §3 pattern rules, or null. */
function matchOne(tag: string): Locale | null {
  if (tag.length === 0 || tag.length > MAX_TAG_LENGTH) return null;
  // Accept `pt_BR`, `pt-BR;q=0.8`, POSIX `de_DE.UTF-8` and `de_DE@euro`.
  const cleaned = tag.trim().split(/[;.@]/, 1)[0]!.replace(/_/g, '-').toLowerCase();
  const exact = LOCALE_BY_LOWER.get(cleaned);
  if (exact) return exact;

  const [language = '', ...subtags] = cleaned.split('-');
  const script = subtags.find((s) => /^[a-z]{4}$/.test(s));
  const region = subtags.find((s) => /^(?:[a-z]{2}|\d{3})$/.test(s));
  switch (language) {
    case 'zh':
      if (script === 'hant') return 'zh-TW';
      if (script === 'hans') return 'zh-CN';
      return region === 'hk' || region === 'mo' || region === 'tw' ? 'zh-TW' : 'zh-CN';
    case 'pt':
      return region === 'pt' ? 'pt-PT' : 'pt';
    case 'es':
      return region === 'es' ? 'es-ES' : 'es';
    case 'en':
      if (region === 'gb') return 'en-GB';
      if (region === 'in') return 'en-IN';
      if (region === 'ph') return 'en-PH';
      if (region === 'za') return 'en-ZA';
      return 'en';
    // Norwegian is not offered; its readers get English rather than the next
    // browser language (nn included with nb and no: same language).
    case 'nb':
    case 'no':
    case 'nn':
      return 'en';
    // Legacy ISO code for Indonesian, still reported by older Android webviews.
    case 'in':
      return 'id';
    default:
      return LOCALE_BY_LOWER.get(language) ?? null;
  }
}

/**
 * The locale for a browser's preferred languages (spec §3 "matched by
 * pattern"): the first language that matches a locale wins, else en.
 */
export function matchBrowserLanguage(languages: readonly string[]): Locale {
  for (const tag of languages) {
    if (typeof tag !== 'string') continue;
    const locale = matchOne(tag);
    if (locale) return locale;
  }
  return 'en';
}
