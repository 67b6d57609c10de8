import { createFileRoute } from '@tanstack/react-router';
import { ModifyVerificationPage } from '../account/settings/ModifyVerificationPage';
import { loadTexts } from '../i18n/i18n';

/** `/modifyverification` (and `/{lang}/modifyverification`): which second factors a sign-in asks for. */
export const Route = createFileRoute('/modifyverification')({
  staticData: { title: 'title.modifyVerification' },
  loader: () => loadTexts('account'),
  component: ModifyVerificationPage,
});
