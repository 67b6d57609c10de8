import { createFileRoute } from '@tanstack/react-router';
import { OidcCallbackPage } from '../auth/third/oidc/OidcCallbackPage';
import type { OidcAnswer } from '../auth/third/oidc/oidc-flow';
import { loadTexts } from '../i18n/i18n';

/** The page Google and Apple send the person back to. */
function OidcCallbackRoute() {
  const { provider } = Route.useParams();
  return <OidcCallbackPage provider={provider} answer={Route.useSearch()} />;
}

/**
 * `/login/oauth/$provider` (and `/{lang}/login/oauth/$provider`): the OpenID sign-in's return address. Not nested in
 * `/login` (the trailing `_`): it is a page of its own that hands its result to the sign-in page.
 */
export const Route = createFileRoute('/login_/oauth/$provider')({
  staticData: { title: 'title.signIn' },
  // The provider's answer (RFC 6749 §4.1.2): text fields only, anything else dropped.
  validateSearch: (search: Record<string, unknown>): OidcAnswer => {
    const answer: OidcAnswer = {};
    for (const name of ['code', 'state', 'error'] as const) {
      const value = search[name];
      if (typeof value === 'string' && value.length <= 2048) answer[name] = value;
    }
    return answer;
  },
  loader: () => Promise.all([loadTexts('auth'), loadTexts('third')]),
  component: OidcCallbackRoute,
});
