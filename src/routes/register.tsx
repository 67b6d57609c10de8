import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { rootRoute } from './__root';

/** `/register` (and `/{lang}/register`): registration by email, phone, or both; referral codes may ride on the URL. */
export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  loader: () => loadTexts('auth'),
  component: lazyRouteComponent(() => import('./-auth/RegisterPage'), 'RegisterPage'),
});
