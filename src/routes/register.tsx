import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { RegisterPage } from '../auth/RegisterPage';
import { registerSearch } from '../auth/register-search';

/**
 * `/register` (and `/{lang}/register`): registration by email, phone, or both. A sign-up link's referral code
 * (`?referralCode=`, `?inviteCode=` or `?clacCode=`) fills the form's referral field; other referral codes on the
 * URL are captured for the registration as the landing page does.
 */
export const Route = createFileRoute('/register')({
  staticData: { title: 'title.register' },
  validateSearch: registerSearch,
  loader: () => Promise.all([loadTexts('auth'), loadTexts('third')]),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { referralCode } = Route.useSearch();
  return <RegisterPage linkedReferralCode={referralCode} />;
}
