import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { RegisterPage } from '../auth/RegisterPage';

/** `/register` (and `/{lang}/register`): registration by email, phone, or both; referral codes may ride on the URL. */
export const Route = createFileRoute('/register')({
  staticData: { title: 'title.register' },
  loader: () => Promise.all([loadTexts('auth'), loadTexts('third')]),
  component: RegisterPage,
});
