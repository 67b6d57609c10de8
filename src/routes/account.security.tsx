import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { SecurityKeysPage } from '../account/SecurityKeysPage';
import { loadSecurityPage } from '../account/security-page';

/** `/account/security` (and `/{lang}/account/security`): the signed-in user's security keys. */
export const Route = createFileRoute('/account/security')({
  staticData: { title: 'title.security' },
  // The page's texts load beside its data and its code.
  loader: async () => (await Promise.all([loadSecurityPage(), loadTexts('account')]))[0],
  component: SecurityKeysPage,
});
