// The language route prefixes of spec §2.1 and the pure functions that read and write them on a path.
import type { Locale } from './locales';

/** The language route prefixes of spec §2.1, in the spec's order. */
export const ROUTE_LANGUAGES = [
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
] as const;

/** One language route prefix of spec §2.1. */
export type RouteLanguage = (typeof ROUTE_LANGUAGES)[number];

const ROUTE_LANGUAGE_SET: ReadonlySet<string> = new Set(ROUTE_LANGUAGES);

/** Whether a path segment is exactly one of the language route prefixes of spec §2.1. */
export function isRouteLanguage(segment: string): segment is RouteLanguage {
  return ROUTE_LANGUAGE_SET.has(segment);
}

// Route prefixes that are not themselves locales (spec §2.1 against §3).
const ROUTE_ALIASES: Readonly<Partial<Record<RouteLanguage, Locale>>> = {
  asia: 'en',
  'zh-TC': 'zh-TW',
  ph: 'en-PH',
};

/** The locale a language route prefix selects (spec §2.1): asia → en, zh-TC → zh-TW, ph → en-PH, others themselves. */
export function routeLanguageToLocale(language: RouteLanguage): Locale {
  return Object.hasOwn(ROUTE_ALIASES, language) ? ROUTE_ALIASES[language]! : (language as Locale);
}

/**
 * The route prefix that shows a locale (spec §2.1), or null when none does
 * (nl, sv, ko, en-IN, en-ZA): those pages keep an unprefixed path and the
 * locale lives in the preference cookie. Our reading; the spec is silent.
 */
export function localeToRouteLanguage(locale: Locale): RouteLanguage | null {
  if (locale === 'en-PH') return 'ph';
  return isRouteLanguage(locale) ? locale : null;
}

// A leading run of slashes or backslashes: browsers read `//host` and `/\host`
// as another origin, so a path we hand back always starts with exactly one '/'.
const LEADING_SLASHES = /^[/\\]+/;

/** Makes any path-ish string a same-origin absolute path: one leading '/', query and hash kept. */
function normalizePath(path: string): string {
  if (path === '') return '/';
  if (LEADING_SLASHES.test(path)) return path.replace(LEADING_SLASHES, '/');
  return `/${path}`;
}

/** Index where the first path segment of a normalized path ends ('/', '?', '#' or the end). */
function firstSegmentEnd(path: string): number {
  for (let i = 1; i < path.length; i += 1) {
    const c = path[i];
    if (c === '/' || c === '?' || c === '#') return i;
  }
  return path.length;
}

/**
 * Splits the language prefix off a path (spec §2.1): only the first segment,
 * exact and case-sensitive; `rest` always starts with a single '/' and keeps
 * the query and hash.
 */
export function splitLanguagePrefix(pathname: string): {
  language: RouteLanguage | null;
  rest: string;
} {
  const path = normalizePath(pathname);
  const end = firstSegmentEnd(path);
  const segment = path.slice(1, end);
  if (!isRouteLanguage(segment)) return { language: null, rest: path };
  return { language: segment, rest: normalizePath(path.slice(end)) };
}

/**
 * Puts a language prefix in front of a path (the reverse of
 * `splitLanguagePrefix`, spec §2.1); a prefix is added whenever a language is
 * given, even en, and an existing prefix on `path` is not replaced.
 */
export function withLanguagePrefix(language: RouteLanguage | null, path: string): string {
  const rest = normalizePath(path);
  if (language === null) return rest;
  // '/' alone, '/?q' and '/#h' attach to the prefix without a trailing slash.
  if (rest === '/' || rest[1] === '?' || rest[1] === '#') return `/${language}${rest.slice(1)}`;
  return `/${language}${rest}`;
}
