import { createFileRoute } from '@tanstack/react-router';
import { FeePage } from '../fees/FeePage';
import { loadTexts } from '../i18n/i18n';

/** `/fee` (and `/{lang}/fee`, spec §2.1, simulation-capable): the fee schedule by VIP level (issue 21 §5). */
export const Route = createFileRoute('/fee')({
  staticData: { title: 'title.fee' },
  loader: () => loadTexts('fees'),
  component: FeePage,
});
