import { createFileRoute } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { AppOrdersPage } from '../in-app/AppOrdersPage';

/** `/trade-asset-order` (spec §2.1, in-app): open orders of every market, with cancel. */
export const Route = createFileRoute('/trade-asset-order')({
  staticData: { title: 'title.openOrders' },
  loader: () => Promise.all([loadTexts('trade'), loadTexts('app')]),
  component: AppOrdersPage,
});
