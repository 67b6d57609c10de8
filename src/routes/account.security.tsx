import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RequestError } from '../api/request';
import { listSecurityKeys, type SecurityKeyList } from '../auth/security-key';
import { loadTexts } from '../i18n/i18n';
import { rootRoute } from './__root';

/** What the security page shows: the keys, a sign-in prompt, or a failure with its localized text. */
export type SecurityPageData =
  | { state: 'ready'; list: SecurityKeyList }
  | { state: 'signedOut' }
  | { state: 'failed'; message: string };

/** Reads the signed-in user's keys; "not signed in" (00005) and "login expired" are a state of the page, not an error. */
export async function loadSecurityPage(): Promise<SecurityPageData> {
  try {
    return { state: 'ready', list: await listSecurityKeys() };
  } catch (error) {
    if (error instanceof RequestError && (error.details.code === '00005' || error.kind === 'login-expired'))
      return { state: 'signedOut' };
    return { state: 'failed', message: error instanceof Error ? error.message : '' };
  }
}

/** `/account/security` (and `/{lang}/account/security`): the signed-in user's security keys. */
export const accountSecurityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account/security',
  loader: async () => (await Promise.all([loadSecurityPage(), loadTexts('account')]))[0],
  component: lazyRouteComponent(() => import('./-account/SecurityKeysPage'), 'SecurityKeysPage'),
});
