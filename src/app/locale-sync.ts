import { isLocale, type Locale, localeEntryOf } from '../../engine/rules/locales';
import { localeToRouteLanguage, routeLanguageToLocale, splitLanguagePrefix } from '../../engine/rules/route-languages';
import { matchBrowserLanguage } from '../../engine/rules/browser-language';
import { COOKIE_PREFERENCES, SETTING_KEYS } from '../../engine/rules/settings';
import { i18nState, setLocale } from '../i18n/i18n';
import { onRouteLanguageChange, setRouteLanguage } from '../i18n/route-language';
import { updateSetting } from '../settings/settings';
import { readCookie, safeStorage } from '../platform/storage';

/** The first locale (spec §2.1, §3): the URL's language prefix, else the stored choice, else the browser's languages. */
export function initialLocale(pathname: string): Locale {
  const { language } = splitLanguagePrefix(pathname);
  if (language) return routeLanguageToLocale(language);
  const stored = safeStorage.get(SETTING_KEYS.locale) ?? readCookie(COOKIE_PREFERENCES.language.name);
  if (stored && isLocale(stored)) return stored;
  return matchBrowserLanguage(navigator.languages ?? [navigator.language]);
}

/** Applies a locale the user chose: texts, `lang`/`dir`, stored settings and the URL prefix from now on. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  updateSetting('locale', locale);
  updateSetting('dir', localeEntryOf(locale).dir);
  setRouteLanguage(localeToRouteLanguage(locale));
}

/** Follows the URL when back/forward crosses a language prefix. */
export function followRouteLanguage(): () => void {
  return onRouteLanguageChange((language) => {
    if (!language) return;
    const locale = routeLanguageToLocale(language);
    if (locale !== i18nState.locale) void setLocale(locale);
  });
}
