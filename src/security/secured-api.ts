import { api, connectApi } from '../api/client';
import { localizedCodeText } from '../api/code-texts';
import { t } from '../i18n/i18n';
import { readCookie, storageOfType } from '../platform/storage';
import { markSignedOut } from '../session/auth-state';
import { LOGIN_TOKEN_COOKIE } from '../session/login-token';
import { showToast } from '../ui/toast/toast-state';
import { cryptoWorker } from '../workers';
import { createRequestSecurity } from './request-security';
import { currentRiskToken, renewRiskToken } from './risk-token';

/** The page's signing layer (signing contract): setup on first use, then every request passes the crypto worker. */
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
  // §7.7: the signing configuration is cached in session storage.
  storage: storageOfType('session'),
  debug: typeof location !== 'undefined' && new URLSearchParams(location.search).get('sign_debug') === '1',
});

// Every request of the page is signed and checked, and carries the risk token where §7.6 asks for it (a refused one is
// renewed once), from the moment anything imports the request layer through this module (the areas do; src/api sits
// below this room).
connectApi({ security: requestSecurity, riskToken: currentRiskToken, renewRiskToken });

/** The app's one request layer (spec §7.1), signed: components and services call `api.get` / `api.post`. */
export { api };
