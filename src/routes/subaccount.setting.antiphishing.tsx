import { createFileRoute } from '@tanstack/react-router';
import { SubAntiPhishingPage } from '../account/sub-accounts/SubAntiPhishingPage';
import { subSearch } from '../account/sub-accounts/sub-search';
import { loadTexts } from '../i18n/i18n';

/** `/subaccount/setting/antiphishing?userId=` (spec §2.1): a sub-account's anti-phishing code. */
export const Route = createFileRoute('/subaccount/setting/antiphishing')({
  staticData: { title: 'title.antiPhishing' },
  validateSearch: subSearch,
  loader: () => loadTexts('sub-accounts'),
  component: SubAntiPhishingRoute,
});

function SubAntiPhishingRoute() {
  const { userId } = Route.useSearch();
  return <SubAntiPhishingPage userId={userId ?? null} />;
}
