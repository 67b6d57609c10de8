import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import { AppPageNav } from './AppPageNav';

/** `/trade-margin` (spec §2.1, in-app): the margin market's place, until margin trading exists; spot is one tap away. */
export function TradeMarginPage() {
  const t = useT();
  return (
    <div className="app-page">
      <AppPageNav />
      <section className="app-card app-margin" aria-labelledby="app-margin-title">
        <h1 id="app-margin-title" className="app-card__title">
          {t('inApp.margin.title')}
        </h1>
        <StateView state="empty" message={t('inApp.margin.soon')} />
        <Link to="/trade-spot" search={{}} className="button button--primary button--md">
          {t('inApp.margin.toSpot')}
        </Link>
      </section>
    </div>
  );
}
