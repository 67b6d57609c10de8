import { Link } from '@tanstack/react-router';
import { ReadStates } from '../api/ReadStates';
import { useIntlTag, useT } from '../i18n/i18n';
import { formatProgress, formatRate, formatUsdt, progressWidth } from './fee-format';
import { useVipOverview } from './use-vip';
import type { VipOverview } from './vip-api';
import './fees.css';

/** `/vip/detail`: the signed-in account's VIP level, 30-day volumes, progress to the next level and current rates. */
export function VipDetailPage() {
  const t = useT();
  const overview = useVipOverview();
  return (
    <section className="fees" aria-labelledby="vip-detail-title">
      <h1 id="vip-detail-title">{t('vip.detailTitle')}</h1>
      <ReadStates
        state={overview.state}
        onRetry={() => void overview.refresh()}
        texts={{ signIn: t('vip.signInFirst'), failed: t('vip.loadFailed') }}
        testIds={{ signedOut: 'vip-signed-out' }}
      >
        {(data) => <VipOverviewPanel overview={data} />}
      </ReadStates>
      <p className="fees__links">
        <Link to="/fee">{t('vip.schedule')}</Link>
        <Link to="/vip/vipIntroduce">{t('fees.aboutVip')}</Link>
      </p>
    </section>
  );
}

interface VipOverviewPanelProps {
  overview: VipOverview;
}

/** The level, volumes, progress bar and rates of an overview. */
function VipOverviewPanel({ overview }: VipOverviewPanelProps) {
  const t = useT();
  const intl = useIntlTag();
  const { next } = overview;
  return (
    <div className="vip-overview" data-testid="vip-overview">
      <p className="vip-overview__level" data-testid="vip-level">
        {t('fees.levelName', { level: overview.level })}
      </p>
      {overview.isDemo && <p className="fees__note">{t('vip.demo')}</p>}
      <dl className="vip-overview__figures">
        <div>
          <dt>{t('vip.spotVolume', { days: overview.windowDays })}</dt>
          <dd data-testid="vip-spot-volume">{`${formatUsdt(overview.volumes.spot, intl)} ${overview.quoteCoin}`}</dd>
        </div>
        <div>
          <dt>{t('vip.futuresVolume', { days: overview.windowDays })}</dt>
          <dd data-testid="vip-futures-volume">
            {`${formatUsdt(overview.volumes.futures, intl)} ${overview.quoteCoin}`}
          </dd>
        </div>
        <div>
          <dt>{t('fees.spotRates')}</dt>
          <dd>
            {t('fees.makerTaker', {
              maker: formatRate(overview.rates.spot.maker, intl),
              taker: formatRate(overview.rates.spot.taker, intl),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('fees.futuresRates')}</dt>
          <dd>
            {t('fees.makerTaker', {
              maker: formatRate(overview.rates.futures.maker, intl),
              taker: formatRate(overview.rates.futures.taker, intl),
            })}
          </dd>
        </div>
      </dl>
      {next === null ? (
        <p data-testid="vip-top">{t('vip.topLevel')}</p>
      ) : (
        <div className="vip-progress">
          <p id="vip-progress-label">
            {t('vip.toNext', { level: next.level, progress: formatProgress(next.progress, intl) })}
          </p>
          <div
            className="vip-progress__track"
            role="progressbar"
            aria-labelledby="vip-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(Math.min(Number(next.progress) || 0, 1) * 100)}
          >
            <div className="vip-progress__bar" style={{ inlineSize: progressWidth(next.progress) }} />
          </div>
          <p data-testid="vip-remaining">
            {t('vip.remaining', {
              spot: `${formatUsdt(next.spotRemaining, intl)} ${overview.quoteCoin}`,
              futures: `${formatUsdt(next.futuresRemaining, intl)} ${overview.quoteCoin}`,
            })}
          </p>
        </div>
      )}
    </div>
  );
}
