import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '../../account/settings/AccountSettingsPage';
import { loadTexts } from '../../i18n/i18n';

/** `/account/setting` (and `/{lang}/account/setting`): the account's settings (issue 21 §1). */
export const Route = createFileRoute('/account/setting')({
  staticData: { title: 'title.accountSetting' },
  // The settings are read by the page itself, so a failed read shows its state with a retry; the sign-in history
  // section's texts are the devices page's.
  loader: () => Promise.all([loadTexts('account'), loadTexts('devices'), loadTexts('third')]),
  component: AccountSettingsPage,
});
