import { createFileRoute } from '@tanstack/react-router';
import { VipIntroducePage } from '../fees/VipIntroducePage';
import { loadTexts } from '../i18n/i18n';

/** `/vip/vipIntroduce` (and `/{lang}/vip/vipIntroduce`, spec §2.1, simulation-capable): the VIP programme (issue 21 §5). */
export const Route = createFileRoute('/vip/vipIntroduce')({
  staticData: { title: 'title.vipIntroduce' },
  loader: () => loadTexts('fees'),
  component: VipIntroducePage,
});
