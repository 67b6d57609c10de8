import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { LoginPage } from '../auth/LoginPage';

/** Only a same-origin path may be a redirect target after sign-in; anything else is dropped. */
function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  return /^\/(?![/\\])[\w\-./?=&%]*$/.test(value) ? value : undefined;
}

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
