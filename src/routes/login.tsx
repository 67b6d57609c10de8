import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { LoginPage } from '../auth/LoginPage';
import { safeRedirect } from '../api/login-link';

/** `/login` (and `/{lang}/login`): sign-in. */
export const Route = createFileRoute('/login')({
  staticData: { title: 'title.signIn' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  loader: () => Promise.all([loadTexts('auth'), loadTexts('third')]),
  component: LoginPage,
});
