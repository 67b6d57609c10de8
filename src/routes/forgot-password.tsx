import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { loadTexts } from '../i18n/i18n';

/** `/forgot-password` (and `/{lang}/forgot-password`): a code to the account's email or phone, then a new password. */
export const Route = createFileRoute('/forgot-password')({
  loader: () => loadTexts('auth'),
  staticData: { title: 'title.resetPassword' },
  component: ForgotPasswordPage,
});
