import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { ReservesPage } from '../reserves/ReservesPage';

/** `/proof-of-reserves` (and `/{lang}/proof-of-reserves`, spec §2.1, simulation-capable): reserves, root and proofs. */
export const Route = createFileRoute('/proof-of-reserves')({
  staticData: { title: 'title.proofOfReserves' },
  loader: () => loadTexts('reserves'),
  component: ReservesPage,
});
