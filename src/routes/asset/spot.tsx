import { createFileRoute } from '@tanstack/react-router';
import { SpotAssetsPage } from '../../asset/SpotAssetsPage';

/** `/asset/spot` (exact, spec §2.1): the spot account, coin by coin. */
export const Route = createFileRoute('/asset/spot')({
  staticData: { title: 'title.spotAssets' },
  component: SpotAssetsPage,
});
