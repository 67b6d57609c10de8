import { createFileRoute } from '@tanstack/react-router';
import { SecurityKeysPage } from '../account/SecurityKeysPage';
import { loadSecurityPage } from '../account/security-page';

/** `/account/security` (and `/{lang}/account/security`): the signed-in user's security keys. */
export const Route = createFileRoute('/account/security')({
  loader: loadSecurityPage,
  component: SecurityKeysPage,
});
