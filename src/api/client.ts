import { languageTypeOf, localeEntryOf } from '../../engine/rules/locales';
import { i18nState, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/i18n';
import { randomHex } from '../security/random-hex';
import { currentRiskToken } from '../security/risk-token';
import { markSignedOut } from '../auth/auth-state';
import { settingsState } from '../settings/settings';
import { showToast } from '../ui/toast/toast-state';
import { cryptoWorker } from '../workers';
import { createRequestSecurity } from '../security/request-security';
import { readCookie } from '../settings/storage';
import { LOGIN_TOKEN_COOKIE } from '../auth/login-token';
import { createRequestClient, type RequestEnvironment } from './request';

/** Gateway codes whose text the client shows in the user's language instead of the server's English. */
const CODE_TEXTS: Record<string, MessageKey> = {
  '00005': 'error.loginvalid',
  '00020': 'error.signMissing',
  '00021': 'error.signMode',
  '00022': 'error.signExpired',
  '00023': 'error.signInvalid',
  '40101': 'auth.errCredentials',
  '40102': 'auth.errCode',
  '40103': 'auth.errPending',
  '40104': 'auth.errAttempts',
  '40107': 'auth.errRegistered',
  '40301': 'sub.switchFailed',
  '40112': 'stepUp.required',
  '40140': 'error.riskToken',
  '40429': 'auth.errRateLimited',
};

function localizedCodeText(code: string): string | null {
  const key = Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code] : undefined;
  return key ? t(key) : null;
}

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
  // The header shows signed-out the moment a reply says the session ended, not at the next refresh.
  onLoginExpired: markSignedOut,
  riskToken: currentRiskToken,
  codeText: localizedCodeText,
};

/** The signing layer (signing contract): setup on first use, then every request passes through the crypto worker. */
export const requestSecurity = createRequestSecurity({
  crypto: cryptoWorker,
  rootCertPem: import.meta.env.VITE_SIGN_ROOT_CERT,
  fetchConfig: () => api.get('/mix/config/gatewaySignConfig', { unsigned: true, silent: true }),
  report: (body) => {
    void api
      .post('/buried/log/cspSecurity', {
        params: body as Record<string, never>,
        headers: { 'content-type': 'application/csp-report' },
        unsigned: true,
        silent: true,
      })
      .catch(() => undefined);
  },
  loginToken: () => readCookie(LOGIN_TOKEN_COOKIE),
  toast: (code, message) =>
    showToast({ type: 'error', message: localizedCodeText(code) ?? message ?? t('error.unknow') }),
  logout: markSignedOut,
  now: () => Date.now() + api.clock.offset,
  storage: {
    get: (key) => safeSession(() => sessionStorage.getItem(key)),
    set: (key, value) => safeSession(() => sessionStorage.setItem(key, value)),
    remove: (key) => safeSession(() => sessionStorage.removeItem(key)),
  },
  debug: typeof location !== 'undefined' && new URLSearchParams(location.search).get('sign_debug') === '1',
});

/** The app's one request layer (spec §7.1); components call `api.get` / `api.post`, never `fetch`. */
export const api = createRequestClient({ ...browserRequestEnvironment, security: requestSecurity });

function safeSession<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
