import { createFileRoute } from '@tanstack/react-router';
import { VipDetailPage } from '../fees/VipDetailPage';
import { loadTexts } from '../i18n/i18n';

/** `/vip/detail` (and `/{lang}/vip/detail`, spec §2.1, simulation-capable): the account's VIP level (issue 21 §5). */
export const Route = createFileRoute('/vip/detail')({
  staticData: { title: 'title.vipDetail' },
  loader: () => loadTexts('fees'),
  component: VipDetailPage,
});
