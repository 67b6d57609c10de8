import { languageTypeOf, localeEntryOf } from '../../engine/rules/locales';
import { i18nState, t } from '../i18n/i18n';
import { forwardThroughBridge } from '../bridge/app-bridge';
import { randomHex } from '../platform/random-hex';
import { readCookie } from '../platform/storage';
import { markSignedOut } from '../session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../session/login-token';
import { settingsState } from '../settings/settings';
import { showToast } from '../ui/toast/toast-state';
import { localizedCodeText } from './code-texts';
import type { RequestEnvironment, RequestSecurity } from './request';
import { createRequestClient } from './request-client';

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
  sessionMark: () => readCookie(LOGIN_TOKEN_COOKIE),
  codeText: localizedCodeText,
  // Inside the native app every `/v1` call goes through the app (contracts/bridge.md §5); on the web, fetch.
  forward: forwardThroughBridge,
};

/** The app's one request layer (spec §7.1); components call `api.get` / `api.post`, never `fetch`. */
const environment: RequestEnvironment = { ...browserRequestEnvironment };
export const api = createRequestClient(environment);

/** What the security room plugs into the request layer at start: the signing layer and the risk token (§7.6). */
export interface ApiConnections {
  security: RequestSecurity;
  riskToken(): string | null;
  /** Fetches a fresh risk token after the gateway refused `refused` (`40140`); null when none came. */
  renewRiskToken(refused: string | null): Promise<string | null>;
}

/**
 * Plugs signing and the risk token into the request layer ({@link connectPageSecurity} does it before the first
 * request): the request layer sits below the security room and never imports it.
 */
export function connectApi(connections: ApiConnections): void {
  environment.security = connections.security;
  environment.riskToken = connections.riskToken;
  environment.renewRiskToken = connections.renewRiskToken;
}
