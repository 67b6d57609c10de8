/** Local-storage keys of the global settings (spec §3 "Local storage"). */
export const SETTING_KEYS = {
  locale: 'global_locale',
  theme: 'global_theme',
  layout: 'global_layout',
  unit: 'global_unit',
  showAsset: 'global_show_asset',
  valuationUnit: 'global_valuation_unit',
  login: 'global_login',
  dir: 'global_dir',
  terminalCode: 'global_terminal_code',
} as const;

export type Theme = 'light' | 'dark';
export type Layout = 'left' | 'right';

/** The global settings as the app uses them. */
export interface GlobalSettings {
  locale: string;
  theme: Theme;
  layout: Layout;
  unit: string;
  showAsset: boolean;
  valuationUnit: number;
  login: boolean;
  dir: 'ltr' | 'rtl';
  terminalCode: string;
}

/**
 * The spec gives two default sets (§3) that disagree on unit, show-asset and theme; both stand:
 * - LOCAL_DEFAULTS are what this client shows on a first visit when local storage is empty;
 * - COOKIE_DEFAULTS are what the server assumes when a preference cookie is absent, so they are
 *   what the client reads when a cookie is missing and local storage is too.
 * Local storage wins over cookies; every change is written to both, so after the first change they agree.
 */
export const LOCAL_DEFAULTS: GlobalSettings = {
  locale: 'en',
  theme: 'dark',
  layout: 'right',
  unit: 'CNY',
  showAsset: false,
  valuationUnit: 1,
  login: false,
  dir: 'ltr',
  terminalCode: '',
};

/** Cookie names and defaults of the preference cookies, which live 365 days (spec §3). */
export const COOKIE_PREFERENCES = {
  language: { name: 'language', fallback: 'en' },
  unit: { name: 'unit', fallback: 'USD' },
  showAsset: { name: 'show_asset', fallback: 'true' },
  theme: { name: 'theme', fallback: 'black' },
  layout: { name: 'layout', fallback: 'right' },
  valuationUnit: { name: 'valuation_unit', fallback: '1' },
  login: { name: 'login', fallback: 'false' },
} as const;

export const COOKIE_MAX_AGE_DAYS = 365;

/** Cookie theme words (black/white) and the app's (dark/light) name the same two themes. */
export function themeFromCookie(value: string): Theme | null {
  if (value === 'black' || value === 'dark') return 'dark';
  if (value === 'white' || value === 'light') return 'light';
  return null;
}

/** The cookie word for a theme. */
export function themeToCookie(theme: Theme): string {
  return theme === 'dark' ? 'black' : 'white';
}

/** Reads one stored setting value, returning null when it is absent or malformed (bad storage loses nothing else). */
export function parseSetting<K extends keyof GlobalSettings>(key: K, raw: string | null): GlobalSettings[K] | null {
  if (raw === null) return null;
  const value = raw.trim();
  switch (key) {
    case 'theme':
      return themeFromCookie(value) as GlobalSettings[K] | null;
    case 'layout':
      return (value === 'left' || value === 'right' ? value : null) as GlobalSettings[K] | null;
    case 'dir':
      return (value === 'ltr' || value === 'rtl' ? value : null) as GlobalSettings[K] | null;
    case 'showAsset':
    case 'login':
      return (value === 'true' ? true : value === 'false' ? false : null) as GlobalSettings[K] | null;
    case 'valuationUnit': {
      const n = Number(value);
      return (Number.isInteger(n) && n >= 0 && n < 100 ? n : null) as GlobalSettings[K] | null;
    }
    case 'unit':
      return (/^[A-Z]{3}$/.test(value) ? value : null) as GlobalSettings[K] | null;
    case 'locale':
      return (/^[a-zA-Z]{2,5}(-[a-zA-Z]{2,4})?$/.test(value) ? value : null) as GlobalSettings[K] | null;
    case 'terminalCode':
      return (/^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : null) as GlobalSettings[K] | null;
    default:
      return null;
  }
}
