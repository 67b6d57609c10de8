import { createFileRoute, Outlet, useChildMatches } from '@tanstack/react-router';
import { SubSettingPage } from '../account/sub-accounts/SubSettingPage';
import { subSearch } from '../account/sub-accounts/sub-search';
import { loadTexts } from '../i18n/i18n';

/** `/subaccount/setting?userId=` (exact, spec §2.1): one sub-account's settings; its anti-phishing page is a child. */
export const Route = createFileRoute('/subaccount/setting')({
  staticData: { title: 'title.subAccountSetting' },
  validateSearch: subSearch,
  // The key form and the secret dialog are the API keys page's, whose texts are in the account namespace.
  loader: () => Promise.all([loadTexts('sub-accounts'), loadTexts('account')]),
  component: SubSettingRoute,
});

function SubSettingRoute() {
  const { userId } = Route.useSearch();
  // `/subaccount/setting/antiphishing` renders alone: this route is its parent only by path.
  const children = useChildMatches();
  return children.length > 0 ? <Outlet /> : <SubSettingPage userId={userId ?? null} />;
}
