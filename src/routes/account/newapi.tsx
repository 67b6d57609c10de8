import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '../../account/api-keys/ApiKeysPage';
import { loadTexts } from '../../i18n/i18n';

/** `/account/newapi` (and `/{lang}/account/newapi`): the signed-in account's API keys (issue 21 §3). */
export const Route = createFileRoute('/account/newapi')({
  staticData: { title: 'title.apiKeys' },
  // The keys are read by the page itself, so a failed read keeps the list it shows and offers a retry.
  loader: () => loadTexts('account'),
  component: ApiKeysPage,
});
