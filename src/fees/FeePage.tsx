import { dataOf } from '../api/read-state';
import { SignInPrompt } from '../api/SignInPrompt';
import { Link } from '@tanstack/react-router';
import { useIntlTag, useT } from '../i18n/i18n';
import { formatRate } from './fee-format';
import { ScheduleSection } from './ScheduleSection';
import { useVipOverview, useVipSchedule } from './use-vip';
import './fees.css';

/** `/fee`: the fee schedule by VIP level for spot and futures; the signed-in account's level and rates highlighted. */
export function FeePage() {
  const t = useT();
  const intl = useIntlTag();
  const schedule = useVipSchedule();
  const { state: overview } = useVipOverview();
  const mine = dataOf(overview);
  return (
    <section className="fees" aria-labelledby="fees-title">
      <h1 id="fees-title">{t('fees.title')}</h1>
      <p className="fees__intro">{t('fees.intro')}</p>
      {mine !== null && (
        <div className="fees-summary" data-testid="fees-mine">
          <p className="fees-summary__level">{t('fees.yourLevelIs', { level: mine.level })}</p>
          <dl className="fees-summary__rates">
            <div>
              <dt>{t('fees.spotRates')}</dt>
              <dd>
                {t('fees.makerTaker', {
                  maker: formatRate(mine.rates.spot.maker, intl),
                  taker: formatRate(mine.rates.spot.taker, intl),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('fees.futuresRates')}</dt>
              <dd>
                {t('fees.makerTaker', {
                  maker: formatRate(mine.rates.futures.maker, intl),
                  taker: formatRate(mine.rates.futures.taker, intl),
                })}
              </dd>
            </div>
          </dl>
          <Link to="/vip/detail">{t('fees.seeProgress')}</Link>
        </div>
      )}
      {overview.status === 'signedOut' && <SignInPrompt message={t('fees.signInForRates')} testId="fees-signed-out" />}
      <ScheduleSection
        schedule={schedule.state}
        currentLevel={mine?.level ?? null}
        onRetry={() => void schedule.refresh()}
      />
      <p className="fees__note">{t('fees.howLevels', { days: 30 })}</p>
      <Link to="/vip/vipIntroduce">{t('fees.aboutVip')}</Link>
    </section>
  );
}
