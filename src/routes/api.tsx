import { createFileRoute } from '@tanstack/react-router';
import { ApiPage } from '../account/api-keys/ApiPage';
import { loadTexts } from '../i18n/i18n';

/** `/api` (and `/{lang}/api`): a public page on the v2 API, its addresses and how requests are signed. */
export const Route = createFileRoute('/api')({
  staticData: { title: 'title.api' },
  loader: () => loadTexts('account'),
  component: ApiPage,
});
