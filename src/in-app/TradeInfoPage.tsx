import { useLoaderDeps, useNavigate } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { countdownText } from '../trade/market/TickerBar';
import { FundingCalendarButton } from '../trade/market/FundingCalendarButton';
import { Skeleton } from '../ui/Skeleton';
import { StateView } from '../ui/StateView';
import { useEffect, useState } from 'react';
import { AppPageNav } from './AppPageNav';
import { type ContractInfoFailure, useContractInfo } from './use-contract-info';

/** hh:mm:ss to the next settlement, ticking each second. */
function Countdown({ target }: { target: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="info-countdown">{countdownText(target, now)}</span>;
}

function Term({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="app-terms__row">
      <dt>{label}</dt>
      <dd>
        <bdi dir="ltr">{value}</bdi>
      </dd>
    </div>
  );
}

function failureText(failure: ContractInfoFailure, t: ReturnType<typeof useT>, symbol: string): string {
  if (failure === 'not-found') return t('inApp.info.notFound', { symbol });
  if (failure === 'network') return t('error.network');
  if (failure === 'worker-timeout') return t('error.workerTimeout');
  if (failure === 'worker-failed') return t('error.workerFailed');
  return t('inApp.info.loadFailed');
}

/**
 * `/trade-info?symbol=` (spec §2.1, in-app): a perpetual's contract information for a 360 px webview: live mark,
 * index and funding with the countdown (and a calendar entry for it), the contract's terms, its funding history and
 * its margin tiers. Read through the market worker; the live figures refresh while the page is seen.
 */
export function TradeInfoPage() {
  const t = useT();
  const navigate = useNavigate();
  const { symbol } = useLoaderDeps({ from: '/trade-info' });
  const { frame, failure, retry } = useContractInfo(symbol);
  const shown = frame?.symbol === symbol ? frame : null;
  const pair = shown ? `${shown.base}/${shown.quote}` : symbol;

  let body: React.ReactNode;
  if (!shown && failure)
    body = (
      <StateView
        state={failure === 'not-found' ? 'empty' : navigator.onLine ? 'error' : 'offline'}
        message={failureText(failure, t, symbol)}
        onRetry={failure === 'not-found' ? undefined : retry}
      />
    );
  else if (!shown) body = <Skeleton className="app-info__skeleton" />;
  else
    body = (
      <>
        <section className="app-card" aria-labelledby="info-live" data-state={failure ? 'stale' : 'live'}>
          <h2 id="info-live" className="app-card__title">
            {t('inApp.info.live')}
            {failure && <span className="app-card__stale">{t('inApp.info.stale')}</span>}
          </h2>
          <dl className="app-terms">
            <Term label={t('trade.mark')} value={<span data-testid="info-mark">{shown.live.mark}</span>} />
            <Term label={t('trade.index')} value={<span data-testid="info-index">{shown.live.index}</span>} />
            <Term
              label={t('inApp.info.funding')}
              value={
                <span data-tone={shown.live.fundingSign > 0 ? 'up' : shown.live.fundingSign < 0 ? 'down' : undefined}>
                  {shown.live.fundingRate}
                </span>
              }
            />
            <Term label={t('inApp.info.next')} value={<Countdown target={shown.live.nextFundingTime} />} />
          </dl>
          <FundingCalendarButton
            pair={pair}
            time={shown.live.nextFundingTime}
            className="button button--secondary button--sm"
          />
        </section>

        <section className="app-card" aria-labelledby="info-terms">
          <h2 id="info-terms" className="app-card__title">
            {t('inApp.info.terms')}
          </h2>
          <dl className="app-terms">
            <Term label={t('inApp.info.settle')} value={shown.quote} />
            <Term label={t('inApp.info.tick')} value={shown.terms.tickSize} />
            <Term label={t('inApp.info.minSize', { coin: shown.base })} value={shown.terms.minTradeNum} />
            <Term label={t('inApp.info.maxLeverage')} value={shown.terms.maxLeverage} />
            <Term label={t('inApp.info.makerFee')} value={shown.terms.makerFee} />
            <Term label={t('inApp.info.takerFee')} value={shown.terms.takerFee} />
            <Term label={t('inApp.info.interval')} value={t('inApp.info.hours', { hours: shown.terms.fundingHours })} />
          </dl>
        </section>

        <section className="app-card" aria-labelledby="info-history">
          <h2 id="info-history" className="app-card__title">
            {t('inApp.info.history')}
          </h2>
          {shown.funding.length === 0 ? (
            <StateView state="empty" message={t('inApp.info.noHistory')} />
          ) : (
            <table className="app-table" data-testid="funding-history">
              <thead>
                <tr>
                  <th scope="col">{t('inApp.info.time')}</th>
                  <th scope="col">{t('inApp.info.rate')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.funding.map((row) => (
                  <tr key={row.time}>
                    <td>
                      <bdi dir="ltr">{row.timeText}</bdi>
                    </td>
                    <td data-tone={row.sign > 0 ? 'up' : row.sign < 0 ? 'down' : undefined}>
                      <bdi dir="ltr">{row.rate}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="app-card" aria-labelledby="info-tiers">
          <h2 id="info-tiers" className="app-card__title">
            {t('inApp.info.tiers')}
          </h2>
          <table className="app-table" data-testid="margin-tiers">
            <thead>
              <tr>
                <th scope="col">{t('inApp.info.tier')}</th>
                <th scope="col">{t('inApp.info.size', { coin: shown.base })}</th>
                <th scope="col">{t('inApp.info.leverage')}</th>
                <th scope="col">{t('inApp.info.mmr')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.tiers.map((tier) => (
                <tr key={tier.level}>
                  <td>{tier.level}</td>
                  <td>
                    <bdi dir="ltr">{tier.size}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{tier.maxLeverage}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{tier.mmr}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </>
    );

  return (
    <div className="app-page">
      <AppPageNav symbol={symbol} share={{ title: pair, text: t('inApp.shareText', { pair }) }} />
      <div className="app-info">
        <div className="app-info__head">
          <h1 className="app-info__title">{t('inApp.info.title', { pair })}</h1>
          {shown && shown.symbols.length > 1 && (
            <label className="app-info__pick">
              <span className="visually-hidden">{t('inApp.info.pick')}</span>
              <select
                value={symbol}
                onChange={(event) => void navigate({ to: '/trade-info', search: { symbol: event.target.value } })}
                data-testid="info-symbol"
              >
                {shown.symbols.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {body}
      </div>
    </div>
  );
}
