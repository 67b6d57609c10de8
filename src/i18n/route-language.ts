import type { LocationRewrite } from '@tanstack/react-router';
import { type RouteLanguage, splitLanguagePrefix, withLanguagePrefix } from '../../engine/rules/route-languages';

/**
 * The language prefix of the current URL (spec §2.1). Routes are declared without it: the router's
 * rewrite strips it on the way in and puts the current one back on every link and navigation.
 */
let current: RouteLanguage | null = null;
const listeners = new Set<(language: RouteLanguage | null) => void>();

export function currentRouteLanguage(): RouteLanguage | null {
  return current;
}

/** Sets the prefix that links and navigations will carry from now on. */
export function setRouteLanguage(language: RouteLanguage | null): void {
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener(language);
}

/** Hears prefix changes that come from the URL (back and forward through languages). */
export function onRouteLanguageChange(listener: (language: RouteLanguage | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The router rewrite pair that hides the language prefix from route matching. */
export const languageRewrite: LocationRewrite = {
  input({ url }) {
    const { language, rest } = splitLanguagePrefix(url.pathname);
    setRouteLanguage(language);
    if (!language) return undefined;
    url.pathname = rest;
    return url;
  },
  output({ url }) {
    if (!current) return undefined;
    url.pathname = withLanguagePrefix(current, url.pathname);
    return url;
  },
};
