import { createFileRoute } from '@tanstack/react-router';
import { FuturesAssetsPage } from '../../asset/FuturesAssetsPage';

/** `/asset/futures` (exact, spec §2.1): the USDT-M futures account. */
export const Route = createFileRoute('/asset/futures')({
  staticData: { title: 'title.futuresAssets' },
  component: FuturesAssetsPage,
});
