import { useMemo, useSyncExternalStore } from 'react';
import { proxy, ref, subscribe } from 'valtio';
import { LOCALES, type Locale } from '../../engine/rules/locales';
import { en, type MessageKey, type Messages } from './messages/en';
import { MESSAGE_LOADERS } from './messages/index';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/** The chosen locale and its message bundle (view state; the bundle itself is not proxied). */
export const i18nState = proxy({
  locale: 'en' as Locale,
  messages: ref(en as Messages),
});

/** Looks a key up in a bundle, falling back to English, and fills `{name}` placeholders. */
export function translate(messages: Messages, key: MessageKey, params?: TranslateParams): string {
  const text = messages[key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translates outside React (request layer, toasts raised from code). */
export const t: Translate = (key, params) => translate(i18nState.messages, key, params);

const subscribeMessages = (onChange: () => void) => subscribe(i18nState, onChange);
// The bundle is a `ref`: the same object until the locale changes, so it is its own snapshot.
const readMessages = () => i18nState.messages as Messages;

/**
 * Translates inside React, re-rendering when the locale changes. It reads the bundle straight from the store (no
 * snapshot proxy per call): every panel calls it on every render, and on a trading screen that is many times a second.
 */
export function useT(): Translate {
  const messages = useSyncExternalStore(subscribeMessages, readMessages, readMessages);
  return useMemo<Translate>(() => (key, params) => translate(messages, key, params), [messages]);
}

/** Loads the locale's bundle (its own chunk) and switches the page to it, including `lang` and `dir`. */
export async function setLocale(locale: Locale): Promise<void> {
  const entry = LOCALES.find((l) => l.locale === locale) ?? LOCALES.find((l) => l.locale === 'en');
  if (!entry) return;
  const load = MESSAGE_LOADERS[entry.bundle];
  const messages = entry.bundle === 'en' || !load ? en : await load();
  i18nState.messages = ref(messages);
  i18nState.locale = entry.locale;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = entry.intl;
    document.documentElement.dir = entry.dir;
  }
}
