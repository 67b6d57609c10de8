import { useMemo, useSyncExternalStore } from 'react';
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
import { type Locale, localeEntryOf, type MessageBundle } from '../../engine/rules/locales';
import { WITH_CORE } from './namespace-config';
import { type CompiledMessages, ENTRY_TEXTS, loadNamespace, type MessageKey, type Namespace } from './namespaces';

export type { MessageKey, Namespace } from './namespaces';
export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/** The chosen locale and the compiled texts of every namespace in use (view state; the texts are not proxied). */
export const i18nState = proxy({
  locale: 'en' as Locale,
  messages: ref(ENTRY_TEXTS),
});

const NO_PARAMS: TranslateParams = {};

/** Renders a key's message from a set of compiled texts, falling back to English, then to the key itself. */
export function translate(messages: CompiledMessages, key: MessageKey, params?: TranslateParams): string {
  const message = messages[key] ?? ENTRY_TEXTS[key];
  return message ? message(params ?? NO_PARAMS) : key;
}

/** Translates outside React (request layer, toasts raised from code). */
export const t: Translate = (key, params) => translate(i18nState.messages, key, params);

const subscribeMessages = (onChange: () => void) => subscribe(i18nState, onChange);
// The texts are a `ref`: the same object until the locale or the namespaces change, so it is its own snapshot.
const readMessages = () => i18nState.messages as CompiledMessages;

/**
 * Translates inside React, re-rendering when the locale changes. It reads the texts straight from the store (no
 * snapshot proxy per call): every panel calls it on every render, and on a trading screen that is many times a second.
 */
export function useT(): Translate {
  const messages = useSyncExternalStore(subscribeMessages, readMessages, readMessages);
  return useMemo<Translate>(() => (key, params) => translate(messages, key, params), [messages]);
}

/** The namespaces a language switch loads: core's companions, and every namespace a route has asked for. */
const inUse = new Set<Namespace>(WITH_CORE);
let shownBundle: MessageBundle = 'en';
let shownNamespaces: ReadonlySet<Namespace> = new Set(inUse);
/** The language switch in flight, if any; `switchId` tells the latest one. */
let switching: Promise<void> | null = null;
let switchId = 0;

/** Merges the texts of some namespaces in one bundle, over English. */
async function textsOf(bundle: MessageBundle, namespaces: readonly Namespace[]): Promise<CompiledMessages> {
  const parts = await Promise.all(namespaces.map((namespace) => loadNamespace(namespace, bundle)));
  return Object.assign({}, ENTRY_TEXTS, ...parts);
}

function covers(namespaces: readonly Namespace[], others: ReadonlySet<Namespace>): boolean {
  return [...others].every((namespace) => namespaces.includes(namespace));
}

/** Puts texts on screen. */
function show(bundle: MessageBundle, namespaces: readonly Namespace[], messages: CompiledMessages): void {
  shownBundle = bundle;
  shownNamespaces = new Set(namespaces);
  i18nState.messages = ref(messages);
}

/**
 * Loads an area's texts in the current language and keeps them loaded through language switches (spec §8).
 * A route awaits it in its loader, so the texts arrive with the route's code and the page never shows a bare key.
 * Texts already on screen return at once, without a promise: the router then settles the route synchronously.
 */
export function loadTexts(namespace: Namespace): Promise<void> | undefined {
  if (shownNamespaces.has(namespace) && !switching) return undefined;
  return loadMissingTexts(namespace);
}

async function loadMissingTexts(namespace: Namespace): Promise<void> {
  inUse.add(namespace);
  try {
    while (!shownNamespaces.has(namespace)) {
      // A switch in flight loads every namespace in use, this one included; wait for it to land.
      if (switching) {
        await switching.catch(() => undefined);
        continue;
      }
      const bundle = shownBundle;
      const namespaces = [...new Set([...shownNamespaces, ...inUse])];
      const messages = await textsOf(bundle, namespaces);
      // A load that finished late must not take away what another one has shown meanwhile.
      if (!switching && bundle === shownBundle && covers(namespaces, shownNamespaces))
        show(bundle, namespaces, messages);
    }
  } catch (error) {
    // Not shown: a later language switch must not fail on it. The route's next load tries again.
    if (!shownNamespaces.has(namespace)) inUse.delete(namespace);
    throw error;
  }
}

/**
 * Switches the page to a locale: loads core and every namespace in use in its bundle (each its own chunk), then
 * shows them all at once, with `lang` and `dir`, so no text flashes in the old language or as a key.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const entry = localeEntryOf(locale);
  const id = ++switchId;
  const run = (async () => {
    let namespaces: Namespace[];
    let messages: CompiledMessages;
    do {
      namespaces = [...inUse];
      messages = await textsOf(entry.bundle, namespaces);
      // A later choice won while this one loaded.
      if (id !== switchId) return;
      // A route asked for another namespace meanwhile: it switches too.
    } while (!covers(namespaces, inUse));
    show(entry.bundle, namespaces, messages);
    i18nState.locale = entry.locale;
    if (typeof document !== 'undefined') {
      document.documentElement.lang = entry.intl;
      document.documentElement.dir = entry.dir;
    }
  })();
  switching = run;
  try {
    await run;
  } finally {
    if (switching === run) switching = null;
  }
}

/** The page's number tag for Intl (Latin digits, the locale's grouping). */
export function useIntlTag(): string {
  const { locale } = useSnapshot(i18nState);
  return localeEntryOf(locale).intl;
}
