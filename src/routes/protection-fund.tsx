import { createFileRoute } from '@tanstack/react-router';
import { FundPage } from '../protection-fund/FundPage';
import { loadTexts } from '../i18n/i18n';

/** `/protection-fund` (and `/{lang}/protection-fund`, spec §2.1, simulation-capable): the protection fund (issue 23 §4). */
export const Route = createFileRoute('/protection-fund')({
  staticData: { title: 'title.protectionFund' },
  loader: () => loadTexts('protection-fund'),
  component: FundPage,
});
