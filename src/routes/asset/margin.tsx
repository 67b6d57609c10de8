import { createFileRoute } from '@tanstack/react-router';
import { MarginAssetsPage } from '../../asset/MarginAssetsPage';

/** `/asset/margin` (exact, spec §2.1): the margin account's place, empty until margin trading exists. */
export const Route = createFileRoute('/asset/margin')({
  staticData: { title: 'title.marginAssets' },
  component: MarginAssetsPage,
});
