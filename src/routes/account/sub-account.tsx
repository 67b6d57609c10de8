import { createFileRoute } from '@tanstack/react-router';
import { SubAccountsPage } from '../../account/sub-accounts/SubAccountsPage';
import { loadTexts } from '../../i18n/i18n';

/** `/account/sub-account` (and `/{lang}/account/sub-account`): the main account's sub-accounts (issue 21 §4). */
export const Route = createFileRoute('/account/sub-account')({
  staticData: { title: 'title.subAccounts' },
  loader: () => loadTexts('sub-accounts'),
  component: SubAccountsPage,
});
