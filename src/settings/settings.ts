import { tellApp } from '../bridge/app-bridge';
import { proxy } from 'valtio';
import {
  COOKIE_MAX_AGE_DAYS,
  COOKIE_PREFERENCES,
  type GlobalSettings,
  LOCAL_DEFAULTS,
  parseSetting,
  SETTING_KEYS,
  type Theme,
  themeToCookie,
} from '../../engine/rules/settings';
import { randomHex } from '../platform/random-hex';
import { readCookie, safeStorage, writeCookie } from '../platform/storage';

/** The global settings (spec §3), loaded once at start; view state only. */
export const settingsState = proxy<GlobalSettings>({ ...LOCAL_DEFAULTS });

/**
 * Which settings the user (or a cookie the server set) decided, as opposed to a default: the display currency and
 * the show-asset flag read their default from the locale and the cookie set when nobody chose (asset-display.ts).
 */
export const chosenSettings = proxy<Partial<Record<keyof GlobalSettings, true>>>({});

const COOKIE_OF: Partial<Record<keyof GlobalSettings, keyof typeof COOKIE_PREFERENCES>> = {
  locale: 'language',
  theme: 'theme',
  layout: 'layout',
  unit: 'unit',
  showAsset: 'showAsset',
  valuationUnit: 'valuationUnit',
  login: 'login',
};

/** Loads each setting from local storage, else its cookie, else the local default (see engine/rules/settings.ts). */
export function loadSettings(): GlobalSettings {
  const loaded = { ...LOCAL_DEFAULTS } as Record<keyof GlobalSettings, unknown>;
  for (const key of Object.keys(SETTING_KEYS) as (keyof GlobalSettings)[]) {
    const cookie = COOKIE_OF[key];
    const value =
      parseSetting(key, safeStorage.get(SETTING_KEYS[key])) ??
      (cookie ? parseSetting(key, readCookie(COOKIE_PREFERENCES[cookie].name)) : null);
    if (value !== null) {
      loaded[key] = value;
      chosenSettings[key] = true;
    }
  }
  const settings = loaded as unknown as GlobalSettings;
  if (!settings.terminalCode) {
    settings.terminalCode = randomHex(16);
    safeStorage.set(SETTING_KEYS.terminalCode, settings.terminalCode);
  }
  Object.assign(settingsState, settings);
  return settings;
}

/** Changes one setting and writes it to local storage and, where one exists, its 365-day cookie. */
export function updateSetting<K extends keyof GlobalSettings>(key: K, value: GlobalSettings[K]): void {
  // Assigning an equal value would still wake every component that reads the settings.
  if (settingsState[key] !== value) settingsState[key] = value;
  if (!chosenSettings[key]) chosenSettings[key] = true;
  const text = String(value);
  safeStorage.set(SETTING_KEYS[key], text);
  // Inside the app (from 2.15.0) the app keeps the settings too: a webview's own storage may be cleared with it.
  tellApp('storageSet', { key: SETTING_KEYS[key], value: text });
  const cookie = COOKIE_OF[key];
  if (cookie) {
    writeCookie(
      COOKIE_PREFERENCES[cookie].name,
      key === 'theme' ? themeToCookie(value as Theme) : text,
      COOKIE_MAX_AGE_DAYS,
    );
  }
}

/**
 * Takes a setting the app kept (storageGet, contracts/bridge.md §3) into this page when it is valid and differs:
 * into the state and local storage, not back to the app. The theme is applied at once.
 */
export function adoptSettingFromApp(key: keyof GlobalSettings, text: unknown): void {
  const value = parseSetting(key, typeof text === 'string' ? text : null);
  if (value === null || value === settingsState[key]) return;
  (settingsState as Record<keyof GlobalSettings, unknown>)[key] = value;
  chosenSettings[key] = true;
  safeStorage.set(SETTING_KEYS[key], String(value));
  if (key === 'theme') applyTheme(value as Theme);
}

/**
 * Hears another tab of this origin change one setting (the `storage` event on its key): takes the new value into this
 * tab's settings without writing it back, then tells `listener`. Returns the function that stops listening.
 */
export function watchSettingElsewhere<K extends keyof GlobalSettings>(
  key: K,
  listener: (value: GlobalSettings[K]) => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // A cleared storage (key null) says nothing of what the other tab decided; this tab keeps what it knows.
    if (event.key !== SETTING_KEYS[key]) return;
    const value = parseSetting(key, event.newValue);
    if (value === null) return;
    if (settingsState[key] !== value) settingsState[key] = value;
    if (!chosenSettings[key]) chosenSettings[key] = true;
    listener(value);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Puts a theme on the page (its colours and the browser's own controls). */
function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}

/** Switches the theme at once (the boot script applied the stored one before first paint). */
export function setTheme(theme: Theme): void {
  updateSetting('theme', theme);
  applyTheme(theme);
  // Inside the app its title bar follows the page's theme (2.8.0; outside the app nothing is sent).
  tellApp('setTitleBarTheme', { theme });
}
