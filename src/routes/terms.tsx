import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../terms/TermsPage';
import { loadTexts } from '../i18n/i18n';

/** `/terms` (and `/{lang}/terms`): the terms of use every sign-up agrees to; its texts come with its own chunk. */
export const Route = createFileRoute('/terms')({
  staticData: { title: 'terms.pageTitle' },
  loader: () => loadTexts('terms'),
  component: TermsPage,
});
