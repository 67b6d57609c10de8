import { createFileRoute } from '@tanstack/react-router';
import { AssetOverviewPage } from '../../asset/AssetOverviewPage';

/** `/asset` (exact, spec §2.1): the overview of every account. */
export const Route = createFileRoute('/asset/')({
  staticData: { title: 'title.assets' },
  component: AssetOverviewPage,
});
