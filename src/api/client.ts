import { languageTypeOf, localeEntryOf } from '../../engine/rules/locales';
import { i18nState, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/i18n';
import { forwardThroughBridge } from '../bridge/app-bridge';
import { randomHex } from '../platform/random-hex';
import { readCookie } from '../platform/storage';
import { markSignedOut } from '../session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../session/login-token';
import { settingsState } from '../settings/settings';
import { showToast } from '../ui/toast/toast-state';
import { createRequestClient, type RequestEnvironment, type RequestSecurity } from './request';

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
  // Third-party sign-in (spec §7.4); its texts load with the sign-in, registration and settings pages.
  '40160': 'third.err.expired',
  '40161': 'third.err.identityTaken',
  '40162': 'third.err.providerTaken',
  '40163': 'third.err.emailNotVouched',
  '40164': 'third.err.nothingToVerify',
  '40165': 'third.err.emailNotVerified',
  '40166': 'third.err.notLinked',
  '40167': 'third.err.lastMethod',
};

/** The localized text of a gateway code the client translates, or null for a code it shows as the server sent it. */
export function localizedCodeText(code: string): string | null {
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
