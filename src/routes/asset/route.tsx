import { createFileRoute } from '@tanstack/react-router';
import { AssetArea } from '../../asset/AssetArea';
import { loadTexts } from '../../i18n/i18n';

/** `/asset…` (and `/{lang}/asset…`): the asset area; its texts load with its code. */
export const Route = createFileRoute('/asset')({
  loader: () => loadTexts('asset'),
  component: AssetArea,
});
