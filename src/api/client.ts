import { languageTypeOf, localeEntryOf } from '../../engine/rules/locales';
import { i18nState, t } from '../i18n/i18n';
import { randomHex } from '../security/random-hex';
import { currentRiskToken } from '../security/risk-token';
import { settingsState, updateSetting } from '../settings/settings';
import { showToast } from '../ui/toast/toast-state';
import { createRequestClient, type RequestEnvironment } from './request';

/** The page's side of the request layer: settings, locale, toasts. */
export const browserRequestEnvironment: RequestEnvironment = {
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  isBeta: import.meta.env.VITE_BETA === 'true',
  headers() {
    const entry = localeEntryOf(i18nState.locale);
    return {
      terminalCode: settingsState.terminalCode,
      appTheme: settingsState.theme === 'dark' ? 'dark' : 'standard',
      devicelanguage: navigator.language,
      locale: entry.locale,
      language: entry.languageKey,
    };
  },
  languageType: () => languageTypeOf(i18nState.locale),
  now: () => Date.now(),
  randomHex,
  text: (key, params) => t(`error.${key}`, params),
  notify: (message) => showToast({ type: 'error', message }),
  onLoginExpired: () => updateSetting('login', false),
  riskToken: currentRiskToken,
};

/** The app's one request layer (spec §7.1); components call `api.get` / `api.post`, never `fetch`. */
export const api = createRequestClient(browserRequestEnvironment);
