import { dataOf } from '../api/read-state';
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { ScheduleSection } from './ScheduleSection';
import { useVipOverview, useVipSchedule } from './use-vip';
import './fees.css';

/** `/vip/vipIntroduce`: what VIP levels give, how a level is reached and when it updates, and the schedule. */
export function VipIntroducePage() {
  const t = useT();
  const schedule = useVipSchedule();
  const level = dataOf(useVipOverview().state)?.level ?? null;
  return (
    <section className="fees" aria-labelledby="vip-intro-title">
      <h1 id="vip-intro-title">{t('vip.introTitle')}</h1>
      <p className="fees__intro">{t('vip.introLead')}</p>
      <h2>{t('vip.benefitsTitle')}</h2>
      <ul className="fees__list">
        <li>{t('vip.benefitRates')}</li>
        <li>{t('vip.benefitBoth')}</li>
        <li>{t('vip.benefitFamily')}</li>
      </ul>
      <h2>{t('vip.reachTitle')}</h2>
      <ul className="fees__list">
        <li>{t('vip.reachVolume', { days: 30 })}</li>
        <li>{t('vip.reachHigher')}</li>
        <li>{t('vip.reachWhen')}</li>
        <li>{t('vip.reachDrop', { days: 30 })}</li>
      </ul>
      <h2>{t('vip.scheduleTitle')}</h2>
      <ScheduleSection schedule={schedule.state} currentLevel={level} onRetry={() => void schedule.refresh()} />
      <p className="fees__links">
        <Link to="/vip/detail">{t('fees.seeProgress')}</Link>
        <Link to="/fee">{t('vip.schedule')}</Link>
      </p>
    </section>
  );
}
